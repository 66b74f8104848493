/* KP104-KP106, KP108: the key's shape and size (too many key columns,
 * unbounded or wide key columns, numbers stored as strings) and too many
 * column families. */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Marks in used each column of t a read of the workload buys with its key:
 * one its WHERE binds by =, IN or a range (a view's conditions too), one
 * its ORDER BY names, and the tenant of a multi-tenant table that any read
 * has (its connection binds it). Writes address whole keys: they buy
 * nothing. */
static void read_cols(kp_advisor *adv, const kp_table *t, bool *used)
{
	const kp_list *qs = kpa_queries_of(adv, t);
	bool reads = false;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->stmt->kind != KP_S_SELECT || q->base != t || !q->plan.names)
			continue;
		reads = true;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		if (q->plan.table && q->plan.table != t)
			kpa_view_cols(t, q->plan.table, NULL, &eq);
		for (int k = 0; k < eq.n; k++)
			if (eq.cols[k] >= 0 && eq.cols[k] < t->ncols)
				used[eq.cols[k]] = true;
		for (int k = 0; k < range.n; k++)
			if (range.cols[k] >= 0 && range.cols[k] < t->ncols)
				used[range.cols[k]] = true;
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
	kp_buf spare = {0}, kept = {0};
	if (used) {
		read_cols(adv, t, used);
		for (int i = 0; i < t->pk.n; i++) {
			int ci = t->pk.parts[i].col;
			if (ci < 0)
				continue;
			kp_buf *b = used[ci] ? &kept : &spare;
			kp_buf_printf(b, "%s%s", b->len ? ", " : "", t->cols[ci].name);
			unbought += !used[ci];
		}
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
		                          kpa_key_notation(adv, t, &t->pk), NULL);
		kp_diag_help(g, adv->a, "%s", x->message);
	}
	kp_buf_free(&spare);
	kp_buf_free(&kept);
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
			if (kpa_numeric_string(c)) {
				kp_buf_clear(&m);
				kp_buf_printf(&m, "key column '%s' of %s is a string that holds numbers or dates "
				              "(such as '2015122410'); a BIGINT is shorter and fixed-width", c->name, t->name);
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
		kp_buf_printf(&m, "the key of %s is %d bytes wide; HBase advises keys of 16 bytes or less "
		              "(every cell stores its key)", t->name, fixed);
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
