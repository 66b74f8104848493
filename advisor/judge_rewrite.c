/* Which writes change a column on a row that exists, for the judge: a key
 * never takes such a column (a key column changes only by a delete and a
 * new write: the write would leave the old row and write a second one,
 * E103), and a partial UPSERT that changes it moves the index rows keyed by
 * it (E75); and a key change or index table whose CREATE TABLE declares
 * more key parts than the target takes, which the store refuses (E116).
 * Apart from judge.c, whose driver chooses; kpj_inserted_value
 * is judge_plan.c's, the one reading of the value a write gives a column. */
#include "advisor/judgeInt.h"

#include <string.h>

static bool writes_col(const kp_table *t, const kp_stmt *st, int col)
{
	return kpj_inserted_value(t, st, col) != NULL;
}

/* A constant an insert writes: a state (completed_derived = false). */
static bool constant(const kp_expr *e)
{
	return e && (e->kind == KP_X_INT || e->kind == KP_X_FLOAT || e->kind == KP_X_STRING || e->kind == KP_X_BOOL ||
	             e->kind == KP_X_NULL);
}

/* Do two writes of one row give a column values that differ: arithmetic,
 * two constants apart, or a constant in one and not in the other (a
 * state the row is created in, set later by a parameter: E103's
 * completed_derived, false, then ? by the repayment)? Two parameters may
 * write the same value back (E62's account_id, written again by each
 * execution report), as kpj_update_moves reads them. */
static bool differ(const kp_expr *a, const kp_expr *b)
{
	if (!a || !b)
		return false;
	if (a->kind == KP_X_ARITH || b->kind == KP_X_ARITH)
		return true;
	if (constant(a) != constant(b))
		return true;
	return constant(a) && !kp_expr_equal(a, b);
}

/* Does shape i of jt set column col on a row that exists: an UPDATE that
 * SETs it; an UPSERT that sets it and writes a row that
 * exists (kpj_upsert_repeats), or a part of a row another write of the
 * table writes too (it sets col and leaves out a column another insert or
 * upsert of the table, no generator's row, sets: E103's repayment,
 * UPSERT (loan_id, installment, ..., completed_derived, ...) of the
 * installment the disbursement wrote). In these stores a key column is
 * immutable: such a write under a key holding col writes a second row
 * and leaves the first (HBase's reference guide: a row key changes only by
 * a delete and a new put). */
bool kpj_sets_existing(const jtable *jt, int i, int col)
{
	const kp_table *t = jt->t;
	const jshape *s = &jt->s[i];
	const kp_stmt *st = s->q->stmt;
	if (col < 0 || col >= t->ncols || t->cols[col].key_pos >= 0 || s->on != t)
		return false;
	if (st->kind == KP_S_UPDATE) {
		for (uint32_t k = 0; k < st->u.update.sets.n; k++) {
			const kp_assign *as = st->u.update.sets.items[k];
			if (kp_table_column(t, as->col.s, as->col.len) == col)
				return true;
		}
		return false;
	}
	if ((st->kind != KP_S_UPSERT && st->kind != KP_S_INSERT) || s->ins_rows <= 0 ||
	    !writes_col(t, st, col) || kpj_upsert_fresh(jt, i))
		return false;
	/* a whole row written again over itself, its value of col new
	 * each time (arithmetic, a clock, a growing column) */
	const kp_expr *v = kpj_inserted_value(t, st, col);
	bool part = st->kind == KP_S_UPSERT && kpj_upsert_repeats(jt, i) &&
	            (v->kind == KP_X_ARITH || v->kind == KP_X_FUNC || (jt->conc && jt->conc[col].kind == KPA_CONC_MONO));
	for (int j = 0; j < jt->ns && !part && st->u.insert.cols.n; j++) {
		const jshape *o = &jt->s[j];
		const kp_stmt *ot = o->q->stmt;
		if (j == i || o->on != t || o->ins_rows <= 0 || (ot->kind != KP_S_UPSERT && ot->kind != KP_S_INSERT) ||
		    kpj_upsert_fresh(jt, j) || !writes_col(t, ot, col))
			continue;
		if (!differ(kpj_inserted_value(t, st, col), kpj_inserted_value(t, ot, col)))
			continue;
		for (int c = 0; c < t->ncols && !part; c++)
			part = (writes_col(t, ot, c) && !writes_col(t, st, c)) || (writes_col(t, st, c) && !writes_col(t, ot, c));
	}
	return part;
}

bool kpj_partial_moves(const jtable *jt, int i, int col)
{
	const kp_table *t = jt->t;
	const kp_stmt *st = jt->s[i].q->stmt;
	if (st->kind != KP_S_UPSERT || !st->u.insert.cols.n || (int)st->u.insert.cols.n >= t->ncols ||
	    !kpj_sets_existing(jt, i, col))
		return false;
	const kp_expr *v = kpj_inserted_value(t, st, col);
	/* the create: the write of the row that names the most columns
	 * (E56's quote, E69's 'scheduled' beside 'running'), or as many as
	 * one that gives a parameter where it gives a constant (E75's
	 * 'QUEUED'): it writes the row, it moves none. Two writes alike (as
	 * many columns, both constants or both not) cannot be told apart:
	 * both move, the dearer reading */
	int n = (int)st->u.insert.cols.n;
	for (int j = 0; j < jt->ns; j++) {
		const jshape *o = &jt->s[j];
		const kp_stmt *ot = o->q->stmt;
		if (j == i || o->on != t || o->ins_rows <= 0 || (ot->kind != KP_S_UPSERT && ot->kind != KP_S_INSERT) ||
		    kpj_upsert_fresh(jt, j) || !writes_col(t, ot, col) || !differ(v, kpj_inserted_value(t, ot, col)))
			continue;
		int on = ot->u.insert.cols.n ? (int)ot->u.insert.cols.n : t->ncols;
		if (on > n || (on == n && (constant(kpj_inserted_value(t, ot, col)) || !constant(v))))
			return true;
	}
	return false;
}

/* The heaviest shape of jt that sets column col on a row that exists
 * (kpj_sets_existing), the one the words name, or -1. A write that changes
 * col (an UPDATE, or a partial UPSERT beside the create:
 * kpj_partial_moves) is named before the create itself, which
 * kpj_sets_existing counts too when the two give col values that differ
 * (E104: the staging create's 'PENDING' at w.sql:27, the outcome's ? at
 * :30, as many columns each: :30 is the one that changes row_state). */
static int rewrites_col(const jtable *jt, int col)
{
	int best = -1, best_change = -1;
	for (int i = 0; i < jt->ns; i++) {
		if (!kpj_sets_existing(jt, i, col))
			continue;
		if (best < 0 || jt->s[i].weight > jt->s[best].weight)
			best = i;
		bool changes = jt->s[i].q->stmt->kind == KP_S_UPDATE || kpj_partial_moves(jt, i, col);
		if (changes && (best_change < 0 || jt->s[i].weight > jt->s[best_change].weight))
			best_change = i;
	}
	return best_change >= 0 ? best_change : best;
}

/* When candidate x (and what comes with it) keys the table, or an index
 * table the application writes, by a column a write of the workload sets
 * on a row that exists (rewrites_col), why it is not taken, in words; NULL
 * otherwise. A secondary index differs: the store moves its row, and that
 * move is costed (kpj_update_moves). */
const char *kpj_key_rewrite_words(kp_advisor *adv, const jtable *jt, const kp_advice *x)
{
	for (const kp_advice *y = x; y; y = y->with) {
		const kp_key *k = y->newkey && !y->index ? y->newkey
		                  : y->index && !strcmp(y->kind, "index_table") ? &y->index->key : NULL;
		for (int p = 0; k && p < k->n; p++) {
			int col = k->parts[p].col;
			int i = rewrites_col(jt, col);
			if (i < 0)
				continue;
			const kp_wquery *q = jt->s[i].q;
			uint32_t line, lc;
			kp_source_linecol(q->src, q->off, &line, &lc);
			return kp_arena_printf(adv->a,
			                       "not recommended: %s:%u sets %s on a row that exists, and a key "
			                       "column changes only by a delete and a new write: with %s in %s key, "
			                       "that write would leave the old row in place and write a second one",
			                       q->src->path, line, jt->t->cols[col].name, jt->t->cols[col].name,
			                       y->index ? "the index table's" : "the table's");
		}
	}
	return NULL;
}

/* The parts of the PRIMARY KEY a CREATE TABLE declares (commas at depth
 * 0 inside its parentheses: md5(a, b) is one part), or 0 without one. */
static int ddl_key_parts(const char *ddl)
{
	const char *k = ddl ? strstr(ddl, "PRIMARY KEY (") : NULL;
	if (!k)
		return 0;
	int depth = 0, n = 1;
	for (const char *c = k + strlen("PRIMARY KEY ("); *c; c++) {
		if (*c == '(')
			depth++;
		else if (*c == ')' && depth-- == 0)
			return n;
		else if (*c == ',' && depth == 0)
			n++;
	}
	return 0;
}

const char *kpj_key_limit_words(kp_advisor *adv, const jtable *jt, const kp_advice *x)
{
	const target_info *ti = kpa_target(adv->target);
	if (!ti->max_key_parts)
		return NULL;
	for (const kp_advice *y = x; y; y = y->with) {
		if (!y->ddl || strncmp(y->ddl, "CREATE TABLE", 12))
			continue;
		int n = ddl_key_parts(y->ddl);
		if (n <= ti->max_key_parts)
			continue;
		return kp_arena_printf(adv->a,
		                       "not recommended: %s key has %d parts and %s allows at most %d (KP110): "
		                       "the store refuses its DDL; fold key columns no read binds into one first "
		                       "(as fewer_key_columns does)",
		                       y->index ? "the index table's" : (y->newkey ? "the new" : "its"), n, ti->name,
		                       ti->max_key_parts);
	}
	(void)jt;
	return NULL;
}
