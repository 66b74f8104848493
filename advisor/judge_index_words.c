/* The table's own indexes in words under the judge's recommendation
 * (docs/advice.md): kept, widened or dropped, and an index recommended
 * with a key change named with the key the store appends after it. */
#include "advisor/judgeInt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *kpj_index_words(kp_advisor *adv, const jtable *jt, const kp_list *cands, const sres *res,
                            kp_table_review *r)
{
	const kp_table *t = jt->t;
	kp_buf b = {0};
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		if (!(ix->kv || ix->search) || ix->inherited)
			continue;
		const kp_advice *fate = NULL, *drop = NULL;
		for (uint32_t k = 0; k < cands->n; k++)   /* with what each comes with (a key change's rebuilt index) */
			for (const kp_advice *x = cands->items[k]; x; x = x->with) {
				if (x->replaces != ix)
					continue;
				if (x->recommended)
					fate = x;
				if (!x->index && !(x->read_drop && !x->recommended))
					drop = x;
			}
		kp_buf_printf(&b, "%s%s ", b.len ? "; " : "", ix->name);
		kp_index_fate *f = kp_arena_alloc(adv->a, sizeof(*f));
		f->index = ix;
		kp_list_push(adv->a, &r->fates, f);
		if (fate) {
			f->fate = !fate->index ? "dropped" : !strcmp(fate->kind, "rebuild_index") ? "rebuilt" : "widened";
			f->by = fate;
			kp_buf_printf(&b, "%s (#%d)", f->fate, fate->rank);
			continue;
		}
		double w = 0;
		for (int k = 0; k < jt->ns; k++)
			if (jt->s[k].ins_rows <= 0 && res[k].ix && res[k].ix->name && ix->name &&
			    !strcmp(res[k].ix->name, ix->name))
				w += jt->s[k].weight;
		f->fate = "kept";
		f->by = drop;
		f->read = w;
		if (w > 0)
			kp_buf_printf(&b, "kept (read through: weight %.15g)", w);
		else if (drop)
			kp_buf_printf(&b, "kept, read by no statement of the workload and kept by every write (dropping "
			              "it: #%d)", drop->rank);
		else
			kp_buf_printf(&b, "kept, read by no statement of the workload");
	}
	if (!b.len)
		return NULL;
	const char *words = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return words;
}

/* s with every occurrence of from replaced by to. */
static const char *replace_all(kp_advisor *adv, const char *s, const char *from, const char *to)
{
	if (!s || !*from || !strstr(s, from))
		return s;
	kp_buf b = {0};
	size_t n = strlen(from);
	for (const char *p = s, *q; *p; p = q + n) {
		q = strstr(p, from);
		if (!q) {
			kp_buf_puts(&b, p);
			break;
		}
		kp_buf_printf(&b, "%.*s%s", (int)(q - p), p, to);
		if (!q[n])
			break;
	}
	const char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* The names of the key columns a key change's DDL creates, in key order,
 * into names (at most max), from its PRIMARY KEY (...): a bucket or hash
 * merged into the first column (campaign_id_key, E59) or a lead column
 * added (bucket, id_hash) has no column in t. 0 when the DDL names a part
 * by an expression (Lindorm's hash32(c), which its index rows do not
 * append as a column) or has no key. */
static int ddl_key_names(kp_advisor *adv, const char *ddl, const char **names, int max)
{
	const char *p = NULL;
	for (const char *q = ddl; q && (q = strstr(q, "PRIMARY KEY (")); q++)
		p = q + strlen("PRIMARY KEY (");
	if (!p)
		return 0;
	int n = 0;
	while (*p && *p != ')' && n < max) {
		size_t len = strcspn(p, ",()");
		if (p[len] == '(')
			return 0;   /* an expression part */
		size_t w = strcspn(p, " ,)");
		if (w == 0 || w > len)
			return 0;
		names[n++] = kp_arena_printf(adv->a, "%.*s", (int)w, p);
		p += len;
		if (*p == ',')
			p += strspn(p + 1, " ") + 1;
	}
	return *p == ')' ? n : 0;
}

void kpj_rekey_indexes(kp_advisor *adv, const kp_table *t, kp_table_review *r)
{
	const kp_advice *kx = NULL;
	for (uint32_t i = 0; i < r->recommended.n; i++) {
		const kp_advice *x = r->recommended.items[i];
		if (x->newkey && !x->index)
			kx = x;
	}
	if (!kx)
		return;
	const kp_key *nk = kx->newkey;
	/* the key the table will really have, by its columns' names: the
	 * judged key's columns, or where a hash or bucket makes a column the
	 * table does not have, the names its DDL gives them (E59: the index
	 * appends campaign_id_key, not campaign_id) */
	enum { MAXK = 64 };
	const char *names[MAXK];
	int nn = 0;
	bool plain = nk->n <= MAXK;
	for (int i = 0; plain && i < nk->n; i++)
		plain = nk->parts[i].col >= 0 && !nk->parts[i].expr;
	if (plain) {
		for (int i = 0; i < nk->n; i++)
			names[nn++] = t->cols[nk->parts[i].col].name;
	} else if (!kpa_target(adv->target)->sql_index && kx->ddl) {
		nn = ddl_key_names(adv, kx->ddl, names, MAXK);
	}
	if (!nn)
		return;
	for (uint32_t i = 0; i < r->recommended.n; i++) {
		kp_advice *x = r->recommended.items[i];
		const kp_index *ix = x->index;
		if (!ix || !ix->kv || ix->all_columns || !x->key || x->newkey || strcmp(x->kind, "secondary_index"))
			continue;
		/* the index's own columns, then the table's key columns it does
		 * not hold, as the store appends them */
		bool cols = true;
		for (int j = 0; j < ix->nuser && j < ix->key.n; j++)
			cols &= ix->key.parts[j].col >= 0;
		if (!cols)
			continue;   /* a functional index: its words stay */
		kp_buf b = {0};
		for (int j = 0; j < ix->nuser && j < ix->key.n; j++)
			kp_buf_printf(&b, "[%s%s]", t->cols[ix->key.parts[j].col].name, ix->key.parts[j].desc ? " DESC" : "");
		for (int m = 0; m < nn; m++) {
			bool in = false;
			for (int j = 0; j < ix->nuser && j < ix->key.n; j++)
				in |= !strcmp(t->cols[ix->key.parts[j].col].name, names[m]);
			if (!in)
				kp_buf_printf(&b, "[%s]", names[m]);
		}
		const char *now = kpa_bufdup(adv->a, &b);
		kp_buf_free(&b);
		if (!strcmp(now, x->key))
			continue;
		/* the words only: key stays the index as judged, the key the
		 * KP120 finding names and the advice it promises is found by
		 * (test_fixpoint); what the store appends follows the table */
		x->key_after = now;   /* the review's key line, as the message says (E101) */
		x->message = replace_all(adv, x->message, x->key, now);
		if (!strstr(x->message, now))
			x->message = kp_arena_printf(adv->a, "%s; after the key change its key is %s", x->message, now);
	}
}
