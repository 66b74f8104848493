/* The columns and values of an INSERT (UPSERT, REPLACE) checked against
 * the table it writes, on every target: a listed column the table lacks
 * is KP009 at the column, as in a SELECT; a row whose values do not match
 * the columns is KP011 at the row. Phoenix's own words on the second are
 * write.c's (ERROR 1020), so it is left to it there. */
#include "planner/planInt.h"

#include <string.h>

/* Is the listed column n followed by a type (Phoenix's dynamic column,
 * UPSERT INTO t (a, b VARCHAR)) rather than by ',' or ')'? */
static bool typed(const kp_source *src, const kp_name *n)
{
	size_t i = n->off + n->srclen;
	while (i < src->len && strchr(" \t\r\n\f\v", src->text[i]) && src->text[i])
		i++;
	return i < src->len && src->text[i] != ',' && src->text[i] != ')';
}

void kp_check_insert(const kp_table *t, const kp_insert *in, const kp_plan_opts *opts, kp_source *src,
                     kp_arena *a, kp_diags *d)
{
	int errors = 0;
	for (uint32_t i = 0; i < in->cols.n; i++) {
		const kp_name *n = in->cols.items[i];
		if (kp_table_column(t, n->s, n->len) >= 0 || (opts->phoenix && typed(src, n)))
			continue;
		kp_diag *g = kp_diag_add(d, a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, src, n->off, n->srclen,
		                         "unknown column '%.*s' in table %s", (int)n->len, n->s, t->name);
		const char *near = g ? kp_table_nearest_column(t, n->s, n->len) : NULL;
		if (near)
			kp_diag_help(g, a, "did you mean '%s'?", near);
		errors++;
	}
	if (errors || opts->phoenix)
		return;
	int want = (int)in->cols.n;
	if (!want)
		for (int i = 0; i < t->ncols; i++)
			want += !t->cols[i].dropped;
	for (uint32_t r = 0; r < in->rows.n; r++) {
		const kp_list *row = in->rows.items[r];
		if ((int)row->n == want || row->n == 0)
			continue;
		const kp_expr *first = row->items[0], *last = row->items[row->n - 1];
		/* MySQL: ERROR 1136 (21S01) "Column count doesn't match value count
		 * at row N"; PostgreSQL: "INSERT has more expressions than target
		 * columns" */
		kp_diag_add(d, a, KP_R_SYNTAX, KP_SEV_ERROR, src, first->off, last->off + last->len - first->off,
		            "%u value%s for the %d column%s %s%s (MySQL ERROR 1136: \"Column count doesn't match "
		            "value count at row %u\")", row->n, row->n == 1 ? "" : "s", want, want == 1 ? "" : "s",
		            in->cols.n ? "listed" : "of ", in->cols.n ? "" : t->name, r + 1);
		return;
	}
}
