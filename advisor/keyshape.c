/* KP104-KP106, KP108: the key's shape and size (too many key columns,
 * unbounded or wide key columns, numbers stored as strings) and too many
 * column families; and the fold of the key columns no statement binds
 * into one part, which brings a salt or re-key past the target's key parts
 * within them (kpa_key_fold: hotspot.c, keysearch.c). */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* used[c] for every column of s within the table's ncols */
static void mark_cols(const colset *s, int ncols, bool *used)
{
	for (int k = 0; k < s->n; k++)
		if (s->cols[k] >= 0 && s->cols[k] < ncols)
			used[s->cols[k]] = true;
}

/* Marks in used each column of t a read of the workload buys with its key:
 * one its WHERE binds by =, IN or a range (a view's conditions too), one
 * its ORDER BY names, and the tenant of a multi-tenant table that any read
 * has (its connection binds it); and every key column of an UPDATE or
 * DELETE that binds the whole key by = (it addresses one row: the key's
 * columns, such as the ones that keep a user's rows of one millisecond
 * apart, are what it names). An insert buys nothing: it writes whatever
 * key it is given. */
static void read_cols(kp_advisor *adv, const kp_table *t, bool *used)
{
	const kp_list *qs = kpa_queries_of(adv, t);
	bool reads = false;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		bool upd = q->stmt->kind == KP_S_UPDATE || q->stmt->kind == KP_S_DELETE;
		if ((q->stmt->kind != KP_S_SELECT && !upd) || q->base != t || !q->plan.names)
			continue;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		if (q->plan.table && q->plan.table != t)
			kpa_view_cols(t, q->plan.table, NULL, &eq);
		/* an UPDATE or DELETE that addresses one row by its whole key
		 * (E84's mark-read UPDATE of mention): the application knows
		 * every key column of the row, so each buys that write */
		if (upd) {
			bool whole = t->pk.n > 0;
			for (int k = 0; k < t->pk.n && whole; k++) {
				bool bound = false;
				for (int e = 0; e < eq.n && !bound; e++)
					bound = eq.cols[e] == t->pk.parts[k].col;
				whole = bound || t->pk.parts[k].col < 0;
			}
			for (int k = 0; whole && k < t->pk.n; k++)
				if (t->pk.parts[k].col >= 0 && t->pk.parts[k].col < t->ncols)
					used[t->pk.parts[k].col] = true;
			continue;
		}
		reads = true;
		mark_cols(&eq, t->ncols, used);
		mark_cols(&range, t->ncols, used);
		const kp_list *order = kpa_order_of(q->stmt);
		for (uint32_t k = 0; k < order->n; k++) {
			int c = kpa_colref(q->plan.names, ((const kp_order_item *)order->items[k])->expr);
			if (c >= 0 && c < t->ncols)
				used[c] = true;
		}
	}
	int tc = kpa_tenant_col(adv, t);
	if (reads && tc >= 0)
		used[tc] = true;
}

/* What one value says of a string column: 1 digits only (a number, or a
 * date's digits with - : . or space between them, such as '2015122410'
 * or '2015-12-24'), -1 anything else ('UA123', '12A', a leading zero a
 * number would drop: '0042'), 0 nothing (a parameter, an expression). */
static int digits_value(const char *v, size_t n)
{
	size_t digits = 0;
	for (size_t i = 0; i < n; i++) {
		char c = v[i];
		if (c >= '0' && c <= '9')
			digits++;
		else if (!(i > 0 && (c == '-' || c == ':' || c == '.' || c == ' ') && v[i - 1] >= '0' && v[i - 1] <= '9'))
			return -1;
	}
	if (!digits || digits > 18 || (v[0] == '0' && n > 1) || !(v[n - 1] >= '0' && v[n - 1] <= '9'))
		return -1;
	return 1;
}

/* The same of a constant of the workload's SQL: a quoted string, or a
 * number written where the string goes. */
static int digits_sql(const char *sql)
{
	if (!sql)
		return 0;
	size_t n = strlen(sql);
	if (n >= 2 && sql[0] == '\'' && sql[n - 1] == '\'')
		return memchr(sql + 1, '\'', n - 2) ? -1 : digits_value(sql + 1, n - 2);
	return digits_value(sql, n);
}

/* The values a WHERE compares column ci with (=, IN, ranges): folded into
 * *seen (1 all digits so far, -1 one is not), the first in *first. */
static void where_values(const kp_names *nm, const kp_expr *e, int ci, int *seen, const kp_expr **first)
{
	if (!e || *seen < 0)
		return;
	const kp_expr *v[2] = {NULL, NULL};
	int nv = 0;
	if (e->kind == KP_X_AND || e->kind == KP_X_OR) {
		for (uint32_t i = 0; i < e->n; i++)
			where_values(nm, e->list[i], ci, seen, first);
		return;
	}
	if (e->kind == KP_X_NOT) {
		where_values(nm, e->a, ci, seen, first);
		return;
	}
	if (e->kind == KP_X_CMP && e->a && e->b) {
		if (kpa_colref(nm, e->a) == ci)
			v[nv++] = e->b;
		else if (kpa_colref(nm, e->b) == ci)
			v[nv++] = e->a;
	} else if (e->kind == KP_X_BETWEEN && kpa_colref(nm, e->a) == ci) {
		v[nv++] = e->b;
		v[nv++] = e->c;
	} else if (e->kind == KP_X_IN && kpa_colref(nm, e->a) == ci) {
		for (uint32_t i = 0; i < e->n; i++)
			where_values(nm, &(kp_expr){.kind = KP_X_CMP, .a = e->a, .b = e->list[i]}, ci, seen, first);
		return;
	}
	for (int i = 0; i < nv; i++) {
		const kp_expr *x = v[i];
		int d = x->kind == KP_X_STRING ? digits_value(x->str, x->slen)
		        : x->kind == KP_X_INT  ? 1
		                               : 0;
		if (!d)
			continue;
		if (!*first || d < 0)
			*first = x;
		*seen = d < 0 ? -1 : 1;
		if (d < 0)
			return;
	}
}

/* What the workload's values say of string column ci of t (KP106's
 * evidence; its name is a hint only, never enough): 1 when every value it
 * writes or compares the column with is digits, worded in *ev with the
 * first and where it is; -1 when one is not (*ev names it); 0 when the
 * workload gives it no value. */
static int numeric_values(kp_advisor *adv, const kp_table *t, int ci, const char **ev)
{
	const kp_column *c = &t->cols[ci];
	int seen = 0;
	*ev = NULL;
	/* the inserts: each value in the column's place */
	kpa_ins_walk iw = {0};
	while (seen >= 0 && kpa_ins_next(adv, &iw)) {
		if (kpa_insert_table(adv, iw.qi) != t)
			continue;
		const kp_insert *in = &iw.q->stmt->u.insert;
		int at = in->cols.n ? -1 : ci;
		for (uint32_t k = 0; k < in->cols.n && at < 0; k++) {
			const kp_name *nm = in->cols.items[k];
			if (kp_table_column(t, nm->s, nm->len) == ci)
				at = (int)k;
		}
		for (uint32_t r = 0; at >= 0 && r < iw.v.nrows && seen >= 0; r++) {
			const kp_ins_row *row = &iw.v.rows[r];
			if ((uint32_t)at >= row->n)
				continue;
			const kp_ins_value *v = &row->v[at];
			int d = v->kind == KP_IV_INT ? 1 : v->kind == KP_IV_CONST ? digits_sql(v->sql) : 0;
			if (!d)
				continue;
			if (!*ev || d < 0)
				*ev = kp_arena_printf(adv->a, "%s %s by the insert at %s:%u", d < 0 ? "written as" : "written as",
				                      v->sql ? v->sql : "a number", iw.q->src->path, iw.line);
			seen = d;
		}
	}
	kpa_ins_done(&iw);
	/* the statements that compare it with a constant */
	const kp_list *qs = kpa_queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n && seen >= 0; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->base != t || !q->plan.names)
			continue;
		const kp_expr *first = NULL;
		int before = seen;
		where_values(q->plan.names, kpa_where_of(q->stmt), ci, &seen, &first);
		if (first && (!*ev || seen < 0 || before == 0)) {
			uint32_t line, col;
			kp_source_linecol(q->src, q->off, &line, &col);
			kp_buf b = {0};
			kp_expr_to_sql(&b, first);
			if (!*ev || seen < 0)
				*ev = kp_arena_printf(adv->a, "compared with %s at %s:%u", b.data ? b.data : "a constant",
				                      q->src->path, line);
			kp_buf_free(&b);
		}
	}
	(void)c;
	return seen;
}

void kpa_check_shape(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	kp_buf m = {0};
	int ncols = 0;
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col >= 0)
			ncols++;
	/* more than 3 key columns, of which those no read binds or orders by
	 * could be one: said only when that makes the key shorter (two or more
	 * such columns). A 4-column key every column of which a read binds, or
	 * whose one column no read binds tells its rows apart, is the design's
	 * (E57's and E59's in tests/advisor/designs9.md) */
	bool *used = ncols > 3 ? calloc((size_t)t->ncols + 1, sizeof *used) : NULL;
	if (ncols > 3 && !used)
		abort();
	int unbought = 0;
	kp_buf spare = {0}, kept = {0}, key = {0};
	if (used) {
		read_cols(adv, t, used);
		/* the key after: the columns no read binds made one part where
		 * the first of them stands, "[a + b]" as a spliced part is
		 * written (E113's alternative showed the table's own key) */
		kp_buf joined = {0};
		bool hashed = false;
		for (int i = 0; i < t->pk.n; i++) {
			int ci = t->pk.parts[i].col;
			if (ci < 0) {
				hashed = true;
				continue;
			}
			kp_buf *b = used[ci] ? &kept : &spare;
			kp_buf_printf(b, "%s%s", b->len ? ", " : "", t->cols[ci].name);
			if (!used[ci])
				kp_buf_printf(&joined, "%s%s", joined.len ? " + " : "", t->cols[ci].name);
			unbought += !used[ci];
		}
		for (int i = 0, first = 1; i < t->pk.n && !hashed; i++) {
			int ci = t->pk.parts[i].col;
			if (used[ci])
				kp_buf_printf(&key, "[%s%s]", t->cols[ci].name, t->pk.parts[i].desc ? " DESC" : "");
			else if (first) {
				kp_buf_printf(&key, "[%s]", joined.data);
				first = 0;
			}
		}
		kp_buf_free(&joined);
		free(used);
	}
	if (ncols > 3 && unbought >= 2) {
		kp_buf_printf(&m, "the key of %s has %d columns, %d of which (%s) no read of the workload binds or "
		              "orders by; fewer key columns (1 to 3) mean faster writes and less storage", t->name, ncols,
		              unbought, spare.data);
		kp_diag *g = kpa_finding(adv, KP_R_MANY_KEY_COLUMNS, t, t->pk_off ? t->pk_off : t->off, 0, m.data);
		kp_advice *x = kpa_advise(adv, KP_R_MANY_KEY_COLUMNS, "fewer_key_columns", t,
		                          kp_arena_printf(adv->a, "fewer_key_columns: keep the columns queries bind%s%s%s; "
		                                          "concatenate the others (%s) into one (zero-padded, with a "
		                                          "separator below every value character) or move them out of "
		                                          "the key", kept.len ? " (" : "", kept.len ? kept.data : "",
		                                          kept.len ? ")" : "", spare.data),
		                          key.len ? kpa_bufdup(adv->a, &key) : kpa_key_notation(adv, t, &t->pk), NULL);
		kp_diag_help(g, adv->a, "%s", x->message);
	}
	kp_buf_free(&spare);
	kp_buf_free(&kept);
	kp_buf_free(&key);
	int fixed = 0;
	bool all_fixed = true;
	for (int i = 0; i < t->pk.n; i++) {
		int ci = t->pk.parts[i].col;
		if (ci < 0)
			continue;
		const kp_column *c = &t->cols[ci];
		int w = kpa_fixed_width(c);
		if (w < 0)
			all_fixed = false;
		else
			fixed += w;
		if (c->tclass == KP_T_STRING || c->tclass == KP_T_BINARY) {
			/* CHAR and BINARY without a length hold one byte */
			/* a column that may hold 2 KB on its own leaves the key no room
			 * under the 2 KB bound (and VARCHAR counts characters) */
			if ((c->length < 0 && w < 0) || c->length >= 2048) {
				kp_buf_clear(&m);
				if (c->length < 0)
					kp_buf_printf(&m, "key column '%s' of %s has no length bound; keep key values "
					              "short (well under 2 KB)", c->name, t->name);
				else
					kp_buf_printf(&m, "key column '%s' of %s may hold %lld bytes; keep key values "
					              "under 2 KB", c->name, t->name, (long long)c->length);
				kp_diag *g = kpa_finding(adv, KP_R_LONG_KEY, t, c->off, kpa_name_len(c), m.data);
				kp_advice *x = kpa_advise(adv, KP_R_LONG_KEY, "shorten_key", t,
				                          kp_arena_printf(adv->a, "shorten_key: declare %s %s(n) with the "
				                                          "smallest n that fits, or a code instead of a name",
				                                          c->name, c->type_name),
				                          kpa_key_notation(adv, t, &t->pk), NULL);
				kpa_advice_col(adv, x, c->name);
				kp_diag_help(g, adv->a, "%s", x->message);
			}
			/* the name is a hint; the values the workload writes and
			 * compares are the evidence (E72: 'UA123' in a flight_no,
			 * '12A' in a seat_no, which a BIGINT would refuse) */
			const char *ev = NULL;
			if (kpa_numeric_string(c) && numeric_values(adv, t, ci, &ev) > 0) {
				kp_buf_clear(&m);
				kp_buf_printf(&m, "key column '%s' of %s is a string that holds numbers or dates: every value "
				              "the workload gives it is digits (%s); a BIGINT is shorter and fixed-width",
				              c->name, t->name, ev);
				kp_diag *g = kpa_finding(adv, KP_R_NUMERIC_STRING, t, c->off, kpa_name_len(c), m.data);
				kp_buf ddl = {0};
				kp_table tt = *t;
				kp_column *cols = kp_arena_alloc(adv->a, sizeof(kp_column) * (size_t)t->ncols);
				memcpy(cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
				cols[ci].type_name = "BIGINT";
				cols[ci].length = -1;
				cols[ci].scale = -1;
				tt.cols = cols;
				kp_table_ddl(&ddl, &tt, NULL, NULL, adv->target);
				kp_advice *x = kpa_advise(adv, KP_R_NUMERIC_STRING, "numeric_key", t,
				                          kp_arena_printf(adv->a, "numeric_key: store %s as BIGINT "
				                                          "('2015122410' => 2015122410)", c->name),
				                          kpa_key_notation(adv, t, &t->pk), kpa_bufdup(adv->a, &ddl));
				kpa_advice_col(adv, x, c->name);
				/* the workload on the retyped column: a read comparing it with
				 * a string no longer binds the key, and is named */
				cols[ci].tclass = KP_T_INT;
				verdict v;
				kpa_judge(adv, t, NULL, kpa_hypo_table(adv->a, &tt, &t->pk, t->indexes, t->nindexes), false,
				          scratch, &v);
				if (v.worse.n)
					x->message = kp_arena_printf(adv->a, "%s; the statements it makes worse compare %s with "
					                             "a string: write the value as a number there", x->message,
					                             c->name);
				kpa_verdict_apply(adv, x, &v, 1);
				kp_diag_help(g, adv->a, "%s", x->message);
				kp_buf_free(&ddl);
			}
		}
	}
	if (all_fixed && fixed > 24) {
		kp_buf_clear(&m);
		kp_buf_printf(&m, "the key of %s is %d bytes wide; %s", t->name, fixed,
		              kpa_target(adv->target)->long_key_why);
		kp_diag *g = kpa_finding(adv, KP_R_LONG_KEY, t, t->pk_off ? t->pk_off : t->off, 0, m.data);
		/* a CHAR of a 128-bit id's text (a ULID's 26 base-32 characters, an
		 * MD5's 32 hex digits, a UUID's 36 with dashes) is 16 bytes raw, in
		 * the same order (designs6.md E37, designs5.md E31) */
		kp_buf ids = {0};
		int nids = 0;
		for (int i = 0; i < t->pk.n; i++) {
			int ci = t->pk.parts[i].col;
			const kp_column *c = ci >= 0 ? &t->cols[ci] : NULL;
			if (c && c->tclass == KP_T_STRING && c->type_name && !strcasecmp(c->type_name, "char") &&
			    (c->length == 26 || c->length == 32 || c->length == 36))
				kp_buf_printf(&ids, "%s%s", nids++ ? ", " : "", c->name);
		}
		const char *how = nids ? kp_arena_printf(adv->a, "shorten_key: store %s as %s 16 raw bytes, BINARY(16): a "
		                                         "CHAR(26) ULID, a CHAR(32) of hex or a CHAR(36) UUID encodes 128 "
		                                         "bits, and the bytes keep its order; or use narrower integer types "
		                                         "or fewer key columns", ids.data, nids > 1 ? "their" : "its")
		                       : "shorten_key: use narrower integer types or fewer key columns";
		kp_buf_free(&ids);
		kp_advice *x = kpa_advise(adv, KP_R_LONG_KEY, "shorten_key", t, how, kpa_key_notation(adv, t, &t->pk), NULL);
		kp_diag_help(g, adv->a, "%s", x->message);
	}
	if (t->nfamilies > 2) {
		kp_buf_clear(&m);
		kp_buf_printf(&m, "%s has %d column families; keep as few as possible (1 or 2), with data "
		              "read together in one family", t->name, t->nfamilies);
		kp_diag *g = kpa_finding(adv, KP_R_MANY_FAMILIES, t, t->off, t->name_len, m.data);
		kp_advice *x = kpa_advise(adv, KP_R_MANY_FAMILIES, "fewer_column_families", t,
		                          "fewer_column_families: merge families that are read together",
		                          kpa_key_notation(adv, t, &t->pk), NULL);
		kp_diag_help(g, adv->a, "%s", x->message);
	}
	kp_buf_free(&m);
}

/* Marks in used each column of t a statement of the workload binds by =,
 * IN or a range (an UPDATE or DELETE too, whatever of the key it binds):
 * a column folded into another part could no longer be bound alone. */
static void bound_cols(kp_advisor *adv, const kp_table *t, bool *used)
{
	const kp_list *qs = kpa_queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->base != t || !q->plan.names)
			continue;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		if (q->plan.table && q->plan.table != t)
			kpa_view_cols(t, q->plan.table, NULL, &eq);
		mark_cols(&eq, t->ncols, used);
		mark_cols(&range, t->ncols, used);
	}
}

bool kpa_key_fold(kp_advisor *adv, const kp_table *t, const kp_key *k, int keep_from, int keep_col, int limit,
                  const char *avoid, kpa_fold *f)
{
	memset(f, 0, sizeof(*f));
	f->first = -1;
	if (!limit || k->n <= limit)
		return false;
	bool *used = calloc((size_t)t->ncols + 1, sizeof *used);
	if (!used)
		abort();
	read_cols(adv, t, used);
	bound_cols(adv, t, used);
	kp_buf cols = {0}, part = {0};
	for (int i = keep_from; i < k->n; i++) {
		int ci = k->parts[i].col;
		if (ci < 0 || ci >= t->ncols || ci >= KP_REORDER_MAX || ci == keep_col || used[ci] || k->parts[i].desc)
			continue;
		const kp_column *c = &t->cols[ci];
		long long w = c->tclass == KP_T_INT || c->tclass == KP_T_TIME ? 20
		              : (c->tclass == KP_T_STRING || c->tclass == KP_T_BINARY) && c->length > 0 ? c->length
		                                                                                        : -1;
		if (w < 0)
			continue;   /* no bounded width: it stays a part of its own */
		f->col[ci] = true;
		f->len += w + 1;   /* and a separator */
		if (f->first < 0)
			f->first = ci;
		f->nfold++;
		kp_buf_printf(&cols, "%s%s", cols.len ? ", " : "", c->name);
		kp_buf_printf(&part, "%s%s", part.len ? " + " : "[", c->name);
	}
	free(used);
	kp_buf_putc(&part, ']');
	/* a name t lacks in any case, nor the one the caller adds beside it
	 * (the spliced lead's): <table>_key, else <table>_key2, ... (KP013) */
	const char *base = kp_arena_printf(adv->a, "%s_key", t->name), *name = kpa_free_column_name(adv, t, base);
	for (int n = 2; avoid && !strcasecmp(avoid, name); n++)
		name = kpa_free_column_name(adv, t, kp_arena_printf(adv->a, "%s%d", base, n));
	bool ok = f->nfold >= 2 && k->n - (f->nfold - 1) <= limit && f->len <= 1024;
	if (ok) {
		f->name = name;
		f->cols = kpa_bufdup(adv->a, &cols);
		f->part = kpa_bufdup(adv->a, &part);
	}
	kp_buf_free(&cols);
	kp_buf_free(&part);
	return ok;
}

kp_key kpa_fold_key(kp_advisor *adv, const kpa_fold *f, const kp_key *k, const kp_table *t, bool ddl)
{
	kp_key r;
	r.n = 0;
	r.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)(k->n ? k->n : 1));
	for (int i = 0; i < k->n; i++) {
		int ci = k->parts[i].col;
		bool folded = ci >= 0 && ci < KP_REORDER_MAX && f->col[ci];
		if (folded && ci != f->first)
			continue;
		r.parts[r.n] = k->parts[i];
		if (folded && ddl)
			r.parts[r.n].col = t->ncols;
		r.n++;
	}
	return r;
}

kp_table *kpa_fold_table(kp_advisor *adv, const kp_table *t, const kpa_fold *f)
{
	kp_table *tc = kp_arena_alloc(adv->a, sizeof(*tc));
	*tc = *t;
	tc->cols = kp_arena_alloc(adv->a, sizeof(kp_column) * (size_t)(t->ncols + 1));
	memcpy(tc->cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	kp_column *nc = &tc->cols[t->ncols];
	memset(nc, 0, sizeof(*nc));
	nc->name = (char *)f->name;
	nc->name_len = (uint32_t)strlen(f->name);
	nc->type_name = "VARCHAR";
	nc->tclass = KP_T_STRING;
	nc->length = f->len;
	nc->scale = -1;
	nc->key_pos = -1;
	tc->ncols = t->ncols + 1;
	return tc;
}

char *kpa_fold_notation(kp_advisor *adv, const kp_table *t, const kpa_fold *f, const kp_key *k, const char *lead,
                        int skip_from)
{
	kp_buf b = {0};
	kp_buf_puts(&b, lead);
	for (int i = skip_from; i < k->n; i++) {
		int ci = k->parts[i].col;
		if (ci >= 0 && ci < KP_REORDER_MAX && f->col[ci]) {
			if (ci == f->first)
				kp_buf_puts(&b, f->part);
			continue;
		}
		kp_buf_putc(&b, '[');
		kp_key_part_name(&b, t, &k->parts[i]);
		if (k->parts[i].desc)
			kp_buf_puts(&b, " DESC");
		kp_buf_putc(&b, ']');
	}
	char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}
