/* The branch conditions of a dynamic statement's variants, in words. */
#include "host/host.h"

#include <string.h>

/* ----------------------------------------------------------- variants */

/* The condition a choice point's pick stands for, in the arena. */
static const char *pick_text(const kp_host_choice *c, unsigned pick, kp_arena *a)
{
	if (pick >= 1 && pick <= c->nwhen)
		return kp_arena_printf(a, "`%s`", c->tests[pick - 1]);
	if (!c->is_choose) {
		/* not X: the usual null tests negated, others with not() */
		const char *t = c->tests[0];
		size_t n = strlen(t);
		const char *ops[2][2] = {{"!= null", "== null"}, {"== null", "!= null"}};
		for (int k = 0; k < 2; k++) {
			size_t on = strlen(ops[k][0]);
			if (n > on && !strcmp(t + n - on, ops[k][0]) && !strstr(t, " and ") && !strstr(t, " or ") &&
			    !strstr(t, "&&") && !strstr(t, "||"))
				return kp_arena_printf(a, "`%.*s%s`", (int)(n - on), t, ops[k][1]);
		}
		return kp_arena_printf(a, "not `%s`", t);
	}
	kp_buf b = {0};
	kp_buf_puts(&b, c->has_otherwise ? "<otherwise> (none of " : "no <when> (none of ");
	for (unsigned i = 0; i < c->nwhen; i++)
		kp_buf_printf(&b, "%s`%s`", i ? ", " : "", c->tests[i]);
	kp_buf_puts(&b, ")");
	char *s = kp_arena_strndup(a, b.data, b.len);
	kp_buf_free(&b);
	return s;
}

static void describe_variant(kp_buf *b, const kp_host_stmt *st, const kp_host_variant *v, const bool *use,
                             kp_arena *a)
{
	bool first = true;
	const char **said = kp_arena_alloc(a, (st->nchoices ? st->nchoices : 1) * sizeof *said);
	unsigned nsaid = 0;
	for (unsigned c = 0; c < st->nchoices; c++) {
		if (v->pick[c] == 0xff || (use && !use[c]))
			continue;
		const char *t = pick_text(&st->choices[c], v->pick[c], a);
		bool again = false;   /* the same condition said twice */
		for (unsigned k = 0; k < nsaid && !again; k++)
			again = !strcmp(said[k], t);
		if (again)
			continue;
		said[nsaid++] = t;
		kp_buf_printf(b, "%s%s", first ? "" : " and ", t);
		first = false;
	}
	if (first)
		kp_buf_puts(b, "no branch taken");
}

const char *kp_host_describe(const kp_host_stmt *st, const bool *in, kp_arena *a)
{
	unsigned nin = 0, firstv = st->nv;
	for (unsigned i = 0; i < st->nv; i++)
		if (in[i]) {
			if (firstv == st->nv)
				firstv = i;
			nin++;
		}
	if (nin == st->nv || nin == 0 || st->nchoices == 0)
		return NULL;
	/* the picks every variant in shares */
	bool *common = kp_arena_alloc(a, st->nchoices);
	const kp_host_variant *v0 = &st->v[firstv];
	unsigned ncommon = 0;
	for (unsigned c = 0; c < st->nchoices; c++) {
		common[c] = v0->pick[c] != 0xff;
		for (unsigned i = 0; i < st->nv && common[c]; i++)
			if (in[i] && st->v[i].pick[c] != v0->pick[c])
				common[c] = false;
		ncommon += common[c];
	}
	/* exactly the variants that meet them? */
	bool exact = ncommon > 0;
	for (unsigned i = 0; i < st->nv && exact; i++) {
		if (in[i])
			continue;
		bool meets = true;
		for (unsigned c = 0; c < st->nchoices && meets; c++)
			if (common[c] && st->v[i].pick[c] != v0->pick[c])
				meets = false;
		if (meets)
			exact = false;
	}
	kp_buf b = {0};
	kp_buf_puts(&b, "when ");
	if (exact) {
		describe_variant(&b, st, v0, common, a);
	} else {
		describe_variant(&b, st, v0, NULL, a);
		if (nin > 1)
			kp_buf_printf(&b, " (and %u other variant%s)", nin - 1, nin > 2 ? "s" : "");
	}
	char *s = kp_arena_strndup(a, b.data, b.len);
	kp_buf_free(&b);
	return s;
}

