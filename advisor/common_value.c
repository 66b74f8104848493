/* The common value of a few-valued column, by the workload's writes: the
 * literal that more than half of the weight of the writes setting the
 * column sets (E88 in tests/advisor/designs14.md: every enrolment is
 * created with status 0, 5000 weighted, and 500 weighted changes set it to
 * a parameter, so 0 is the common value, and a read of the active
 * enrolments binds it). The cost takes a key range that binds a column to
 * its common value to keep, at the bracket's upper end, up to every row of
 * the range before it (cost.c, few_share_at; docs/advice.md, "The common
 * value of a few-valued column"). */
#include "advisor/judgeInt.h"

#include <string.h>

/* The value expression s writes into column c of t, or NULL when it
 * writes none (a write that leaves c unset sets nothing) or writes several
 * (a VALUES list of many rows counts for its first). *set: s sets c. */
static const kp_expr *value_written(const kp_table *t, const kp_stmt *s, int c, bool *set)
{
	*set = false;
	if (s->kind == KP_S_INSERT || s->kind == KP_S_UPSERT || s->kind == KP_S_REPLACE) {
		/* INSERT ... SELECT: a value keyplan does not see */
		const kp_expr *e = kpj_inserted_value(t, s, c);
		*set = e != NULL;
		return e;
	}
	if (s->kind == KP_S_UPDATE) {
		for (uint32_t k = 0; k < s->u.update.sets.n; k++) {
			const kp_assign *as = s->u.update.sets.items[k];
			if (kp_table_column(t, as->col.s, as->col.len) == c) {
				*set = true;
				return as->value;
			}
		}
	}
	return NULL;
}

/* Why column c of jt's table, whose values and shares no annotation
 * states, has few values, or NULL: its name or type (columns.c: a
 * status, a flag, a BOOLEAN), or the workload's writes, each setting it
 * to a literal, at most KP_FEW_VALUES of them (E118's tickets queued
 * 'SEARCHING' and matched 'COMPLETED'). */
static const char *few_evidence(const jtable *jt, int c, kp_arena *a)
{
	const kp_table *t = jt->t;
	if ((jt->distinct && jt->distinct[c] >= 1) || (jt->counts.dist && jt->counts.dist[c]) ||
	    (jt->counts.held_share && jt->counts.held_share[c] > 0))
		return NULL;
	const char *why = kpa_enum_reason(&t->cols[c]);
	if (why)
		return why;
	kp_value lits[KP_FEW_VALUES];
	int nlit = 0;
	const kp_wquery *first = NULL;
	for (int i = 0; i < jt->ns; i++) {
		const kp_stmt *st = jt->s[i].q->stmt;
		if (!kpa_is_write(st))
			continue;
		bool set;
		const kp_expr *e = value_written(t, st, c, &set);
		if (!set)
			continue;
		kp_value v;
		if (!e || !kp_value_of(&v, e) || v.kind == KP_V_PARAM || v.kind == KP_V_NULL || v.kind == KP_V_HASH)
			return NULL;
		int k = 0;
		for (bool ok = true; k < nlit; k++, ok = true)
			if (kp_value_cmp(&v, &lits[k], &ok) == 0 && ok)
				break;
		if (k == nlit) {
			if (nlit == KP_FEW_VALUES)
				return NULL;
			lits[nlit++] = v;
		}
		if (!first)
			first = jt->s[i].q;
	}
	if (!first)
		return NULL;
	uint32_t line, col;
	kp_source_linecol(first->src, first->off, &line, &col);
	return kp_arena_printf(a, "every write setting it sets one of %d literal%s (%s:%u)", nlit, nlit > 1 ? "s" : "",
	                       first->src->path, line);
}

void kpj_common_values(jtable *jt, kp_arena *a)
{
	const kp_table *t = jt->t;
	const kp_value **common = NULL;
	const char **few = NULL;
	struct lit {
		kp_value v;
		double w;
	} lits[2 * KP_FEW_VALUES];
	for (int c = 0; c < t->ncols; c++) {
		const char *why = t->cols[c].dropped ? NULL : few_evidence(jt, c, a);
		if (why) {
			if (!few)
				few = kp_arena_alloc(a, sizeof(*few) * (size_t)(t->ncols + 1));
			few[c] = why;
		}
		/* only a column of few values whose spread no annotation states */
		if (!jt->distinct || jt->distinct[c] < 1 || jt->distinct[c] > KP_FEW_VALUES ||
		    (jt->counts.dist && jt->counts.dist[c]))
			continue;
		/* the weight of each literal written (its distinct values, at
		 * most twice the column's count: one past them counts against
		 * every literal, as a parameter or an expression does), one pass */
		double all_w = 0;
		int nlit = 0, cap = 2 * KP_FEW_VALUES;
		for (int i = 0; i < jt->ns; i++) {
			const jshape *sh = &jt->s[i];
			if (!kpa_is_write(sh->q->stmt))   /* the table's own shapes */
				continue;
			bool set;
			const kp_expr *e = value_written(t, sh->q->stmt, c, &set);
			if (!set)
				continue;
			all_w += sh->weight;
			kp_value v;
			if (!e || !kp_value_of(&v, e) || v.kind == KP_V_PARAM || v.kind == KP_V_NULL || v.kind == KP_V_HASH)
				continue;
			int k = 0;
			for (bool ok = true; k < nlit; k++, ok = true)
				if (kp_value_cmp(&v, &lits[k].v, &ok) == 0 && ok)
					break;
			if (k == nlit && nlit < cap)
				lits[nlit++] = (struct lit){v, 0};
			if (k < nlit)
				lits[k].w += sh->weight;
		}
		kp_value best = {0};
		double best_w = 0;
		bool have = false;
		for (int k = 0; k < nlit; k++)
			if (lits[k].w > best_w) {
				best = lits[k].v;
				best_w = lits[k].w;
				have = true;
			}
		if (!have || best_w * 2 <= all_w)
			continue;
		if (!common) {
			common = kp_arena_alloc(a, sizeof(*common) * (size_t)(t->ncols + 1));
			memset(common, 0, sizeof(*common) * (size_t)(t->ncols + 1));
		}
		kp_value *keep = kp_arena_alloc(a, sizeof(*keep));
		*keep = best;
		common[c] = keep;
	}
	jt->counts.common = common;
	jt->counts.few_default = few;
}
