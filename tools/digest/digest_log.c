/* One log into a digest (digest.h): records read in their format, every
 * statement in them parsed with the session's parser, grouped by shape
 * and, with a schema, planned, so that the values bound to key columns are
 * counted. Each statement's memory is the session's scratch arena, reset
 * after every record. */
#include "tools/digest/digest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/quote.h"
#include "grammar/fingerprint.h"
#include "planner/explain.h"
#include "planner/plan.h"
#include "planner/value.h"

static char *dup_n(const char *s, size_t n)
{
	char *p = malloc(n + 1);
	if (!p)
		abort();
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

static void note_skip(kp_digest *dg, kp_dinput *in, const char *path, uint64_t line, kp_skip why, const char *detail)
{
	dg->skipped[why]++;
	in->skipped++;
	if (dg->nskips < KP_DIGEST_SKIPS) {
		kp_dskipped *k = &dg->skips[dg->nskips++];
		k->path = dup_n(path, strlen(path));
		k->line = line;
		k->why = why;
		k->detail = dup_n(detail, strlen(detail));
	}
}

/* The 0-based position of bind parameter v among the statement's
 * parameters, when the log gives them by position: ?N and $N by their
 * number, an anonymous ? by how many come before it. */
static int param_index(const kp_value *v, const kp_source *src, const kp_stmt *st)
{
	const char *t = v->s;
	/* ?1, $1, and Phoenix's :1 */
	if (v->n >= 2 && (t[0] == '?' || t[0] == '$' || t[0] == ':') && t[1] >= '0' && t[1] <= '9')
		return atoi(t + 1) - 1;
	if (v->n != 1 || t[0] != '?')
		return -1;
	int k = 0;
	char q = 0;
	for (uint32_t i = st->off; i < v->off && i < src->len; i++) {
		char c = src->text[i];
		if (q) {
			if (c == q)
				q = 0;
		} else if (c == '\'' || c == '"' || c == '`') {
			q = c;
		} else if (c == '-' && src->text[i + 1] == '-') {
			while (i < v->off && src->text[i] != '\n')
				i++;
		} else if (c == '?') {
			k++;
		}
	}
	return k;
}

/* v as the text counted in a hot-value sketch: a literal as SQL, a bind
 * parameter as the value the log bound it to. False when it has none. */
static bool value_text(const kp_value *v, const kp_logrec *rec, const kp_source *src, const kp_stmt *st, kp_buf *out)
{
	kp_buf_clear(out);
	if (v->kind == KP_V_HASH)
		return false;
	if (v->kind != KP_V_PARAM) {
		kp_value_sql(out, v);
		return true;
	}
	if (v->n > 1 && v->s[0] == ':' && !(v->s[1] >= '0' && v->s[1] <= '9')) {
		for (size_t i = 0; i < rec->nparams; i++) {
			const char *nm = rec->params[i].name;
			if (!nm)
				continue;
			if (*nm == ':')
				nm++;
			if (strlen(nm) == v->n - 1 && !memcmp(nm, v->s + 1, v->n - 1)) {
				kp_buf_put(out, rec->params[i].value, rec->params[i].len);
				return true;
			}
		}
		return false;
	}
	int i = param_index(v, src, st);
	if (i < 0 || (size_t)i >= rec->nparams)
		return false;
	kp_buf_put(out, rec->params[i].value, rec->params[i].len);
	return true;
}

static void keep_plan(kp_dshape *s, const kp_plan *pl)
{
	s->planned = true;
	s->access = dup_n(kp_access_name(pl->access), strlen(kp_access_name(pl->access)));
	s->rejected = pl->rejected;
	if (pl->table)
		s->table = dup_n(pl->table->name, strlen(pl->table->name));
	if (pl->index)
		s->index = dup_n(pl->index->name, strlen(pl->index->name));
	if (pl->filter.n) {
		kp_buf f = {0};
		kp_filter_sql(&f, pl);
		s->filter = dup_n(f.data ? f.data : "", f.len);
		kp_buf_free(&f);
	}
	if (pl->order != KP_ORDER_NONE)
		s->order = dup_n(kp_order_name(pl->order), strlen(kp_order_name(pl->order)));
	s->ranges = pl->nranges;
}

static bool differ(const char *kept, const char *name)
{
	return !kept != !name || (kept && strcmp(kept, name));
}

/* Does pl give another path than the one kept for its shape? */
static bool plans_differ(const kp_dshape *s, const kp_plan *pl)
{
	return strcmp(s->access, kp_access_name(pl->access)) || s->rejected != pl->rejected ||
	       differ(s->table, pl->table ? pl->table->name : NULL) || differ(s->index, pl->index ? pl->index->name : NULL);
}

/* Counts the values the statement binds to each key column. A column bound
 * to the same value in neighbouring ranges (a = 1 AND b IN (...)) counts once. */
static void count_hot(kp_digest *dg, kp_dshape *s, const kp_plan *pl, const kp_logrec *rec, const kp_source *src,
                      const kp_stmt *st, kp_buf *tmp, kp_buf *prev)
{
	if (!pl->key || !pl->table)
		return;
	for (int part = 0; part < pl->key->n; part++) {
		int col = pl->key->parts[part].col;
		if (col < 0)
			continue;
		kp_dhot *h = NULL;
		kp_buf_clear(prev);
		bool have_prev = false;
		for (int r = 0; r < pl->nranges; r++) {
			const kp_range *rg = &pl->ranges[r];
			if (part >= rg->neq)
				continue;
			if (!value_text(&rg->eq[part], rec, src, st, tmp))
				continue;
			if (have_prev && prev->len == tmp->len && !memcmp(prev->data, tmp->data, tmp->len))
				continue;
			if (!h)
				h = kp_dshape_hot(s, pl->table->cols[col].name, dg->k);
			kp_topk_add(&h->tk, tmp->data, tmp->len);
			kp_buf_clear(prev);
			kp_buf_put(prev, tmp->data, tmp->len);
			have_prev = true;
		}
	}
}

static void stat_add(kp_dstat *st, bool has, uint64_t v)
{
	if (!has)
		return;
	st->n++;
	st->sum += v;
	if (v > st->max)
		st->max = v;
}

static uint64_t lines_before(const char *s, size_t off)
{
	uint64_t n = 0;
	for (const char *p = s; (p = memchr(p, '\n', (size_t)(s + off - p))); p++)
		n++;
	return n;
}

typedef struct run {
	kp_digest *dg;
	kp_pipe *p;
	bool plan;
	kp_dinput *in;
	const char *path;
	double weight;
	kp_buf tmp, prev;
	kp_diags d;
} run;

static void one_record(run *R, const kp_logrec *rec)
{
	kp_pipe *p = R->p;
	kp_digest *dg = R->dg;
	kp_source src;
	memset(&src, 0, sizeof src);
	src.path = (char *)R->path;
	src.text = (char *)rec->sql;
	src.len = rec->len;
	size_t pos = 0;
	kp_stmt *st;
	bool first = true, any = false;
	R->in->records++;
	memset(&R->d, 0, sizeof R->d);
	while (kp_parse_next(p->parser, &st, &src, &pos, &p->scratch, &R->d)) {
		any = true;
		if (!st) {
			const kp_diag *e = R->d.tail;
			uint32_t off = e && e->src == &src ? e->off : kp_parser_last_start(p->parser);
			char *msg = kp_arena_printf(&p->scratch, "does not parse: %s",
			                            e && e->message ? e->message : "syntax error");
			note_skip(dg, R->in, R->path, rec->line + lines_before(rec->sql, off), KP_SKIP_NOT_SQL, msg);
			first = false;
			continue;
		}
		/* the project's one shape function (grammar/fingerprint.h) */
		kp_dshape *s = kp_digest_shape(dg, kp_stmt_fingerprint(st, &dg->fp));
		s->count++;
		s->estimated += R->weight;
		dg->statements++;
		dg->estimated += R->weight;
		R->in->statements++;
		if (rec->has_ts) {
			if (!s->has_ts || rec->ts_us < s->first_us)
				s->first_us = rec->ts_us;
			if (!s->has_ts || rec->ts_us > s->last_us)
				s->last_us = rec->ts_us;
			s->has_ts = true;
		}
		/* the first example whole (check --workload plans it); the others
		 * only when short, so that a shape costs little memory beyond its
		 * first statement */
		if (s->nex == 0 || (s->nex < KP_DIGEST_EXAMPLES && st->len <= KP_DIGEST_EXAMPLE_MAX)) {
			kp_dexample *ex = &s->ex[s->nex++];
			ex->sql = dup_n(src.text + st->off, st->len);
			ex->path = dup_n(R->path, strlen(R->path));
			ex->line = rec->line + lines_before(rec->sql, st->off);
		}
		if (first) {    /* the log's figures are the record's, given to its first statement */
			stat_add(&s->time_us, rec->has_time, rec->time_us);
			stat_add(&s->rows_scanned, rec->has_rows_scanned, rec->rows_scanned);
			stat_add(&s->rows_sent, rec->has_rows_sent, rec->rows_sent);
			first = false;
		}
		if (R->plan && (st->kind == KP_S_SELECT || st->kind == KP_S_UPDATE || st->kind == KP_S_DELETE)) {
			kp_plan pl;
			kp_diags pd = {0};
			kp_plan_stmt(&pl, p->cat, st, p->opts, &src, &p->scratch, &pd);
			if (!s->planned && pl.access != KP_ACCESS_NONE)
				keep_plan(s, &pl);
			else if (s->planned && !s->varies && plans_differ(s, &pl))
				s->varies = true;
			count_hot(dg, s, &pl, rec, &src, st, &R->tmp, &R->prev);
		}
	}
	if (!any)
		note_skip(dg, R->in, R->path, rec->line, KP_SKIP_NO_STATEMENT, "a record with no statement (only comments or ';')");
	if (src.lines)
		free(src.lines);
	kp_buf_free(&src.path_json);
	kp_arena_reset(&p->scratch);
}

int kp_digest_add_log(kp_digest *dg, kp_pipe *p, bool plan, const kp_digest_log *log, char **err)
{
	kp_logread r;
	if (kp_logread_open(&r, log->path) < 0) {
		const char *why = strerror(errno);
		size_t n = strlen(log->path) + strlen(why) + 3;
		*err = malloc(n);
		if (!*err)
			abort();
		snprintf(*err, n, "%s: %s", log->path, why);
		return -1;
	}
	kp_logfmt fmt = log->format == KP_LOG_AUTO ? kp_logfmt_detect(&r) : log->format;
	if (fmt == KP_LOG_DIGEST) {
		/* a digest given as a log: merged */
		kp_buf text = {0};
		const char *line;
		size_t len;
		int rc;
		while ((rc = kp_logread_line(&r, &line, &len))) {
			if (rc == 2) {
				kp_buf_free(&text);
				kp_logread_close(&r);
				*err = dup_n("a line of the digest is too long", 32);
				return -1;
			}
			kp_buf_put(&text, line, len);
			kp_buf_putc(&text, '\n');
		}
		bool bad = r.error;
		kp_logread_close(&r);
		if (bad) {
			kp_buf_free(&text);
			*err = dup_n("read error", 10);
			return -1;
		}
		int rc2 = kp_digest_read(dg, log->path, text.data ? text.data : "", text.len, err);
		kp_buf_free(&text);
		return rc2;
	}
	kp_dinput *ni = realloc(dg->inputs, (dg->ninputs + 1) * sizeof *ni);
	if (!ni)
		abort();
	dg->inputs = ni;
	kp_dinput *in = &dg->inputs[dg->ninputs++];
	memset(in, 0, sizeof *in);
	in->path = dup_n(log->path, strlen(log->path));
	in->format = dup_n(kp_logfmt_name(fmt), strlen(kp_logfmt_name(fmt)));
	in->sample_rate = log->sample_rate > 0 ? log->sample_rate : 1;
	if (plan)
		dg->schema = true;

	run R = {.dg = dg, .p = p, .plan = plan, .in = in, .path = log->path, .weight = 1 / in->sample_rate};
	kp_logfmt_reader fr;
	kp_logfmt_begin(&fr, &r, fmt);
	kp_logrec rec;
	kp_logskipped sk;
	int rc;
	while ((rc = kp_logfmt_next(&fr, &rec, &sk))) {
		if (rc == 2)
			note_skip(dg, in, log->path, sk.line, sk.why, sk.detail);
		else
			one_record(&R, &rec);
	}
	kp_logfmt_end(&fr);
	kp_buf_free(&R.tmp);
	kp_buf_free(&R.prev);
	int ret = 0;
	if (r.error) {
		/* what was read is kept; the error is said where the file ends */
		note_skip(dg, in, log->path, r.lineno + 1, KP_SKIP_DAMAGED, r.error_msg ? r.error_msg : "read error");
	}
	kp_logread_close(&r);
	return ret;
}
