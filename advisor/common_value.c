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

void kpj_common_values(jtable *jt, kp_arena *a)
{
	const kp_table *t = jt->t;
	const kp_value **common = NULL;
	struct lit {
		kp_value v;
		double w;
	} lits[2 * KP_FEW_VALUES];
	for (int c = 0; c < t->ncols; c++) {
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
}
