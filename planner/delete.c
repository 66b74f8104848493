/* A DELETE on a store that deletes one row by its whole primary key
 * (LindormTable: "the filter condition must specify all primary key columns
 * to delete a row. Otherwise, an error occurs"; batch deletion, from
 * 2.8.2.26, is off unless Lindorm's support turns it on). Any other DELETE
 * is refused, whatever path would read its rows: a key prefix, a range, a
 * secondary index, a full scan. The plan says so (rejected), and one error
 * says why, in the store's words, in explain, lint and check alike. */
#include "planner/planInt.h"

bool kp_delete_refused(const kp_plan *p, const kp_stmt *s, const kp_plan_opts *opts)
{
	return opts->delete_by_key && s->kind == KP_S_DELETE && p->access != KP_ACCESS_NONE &&
	       (p->access != KP_ACCESS_GET || p->index);
}

void kp_delete_report(const kp_plan *p, const kp_stmt *s, const kp_plan_opts *opts, kp_source *src, kp_arena *a,
                      kp_diags *d)
{
	const kp_table *t = p->table;
	const kp_expr *w = s->u.update.where;
	uint32_t off = w ? w->off : s->off, len = w ? w->len : s->len;
	kp_buf key = {0};
	for (int i = 0; i < t->pk.n; i++) {
		if (i)
			kp_buf_puts(&key, ", ");
		kp_key_part_name(&key, t, &t->pk.parts[i]);
	}
	const char *how = !w ? "has no WHERE clause"
	                  : p->index ? "reads its rows through an index"
	                  : p->access == KP_ACCESS_FULL ? "binds no key column"
	                  : "binds only part of the key";
	kp_diag *g = kp_diag_add(d, a, KP_R_FULL_SCAN, KP_SEV_ERROR, src, off, len,
	                         "DELETE refused: it %s, and the store deletes one row by its whole primary key, "
	                         "every column of (%s) bound by = (%s)", how, key.data, opts->delete_by_key);
	if (g && p->index && p->index->src)
		kp_diag_note(g, a, p->index->src, p->index->off, "index %s declared here", p->index->name);
	if (g && t->src)
		kp_diag_note(g, a, t->src, t->pk_off ? t->pk_off : t->off, "primary key of %s declared here", t->name);
	if (g)
		kp_diag_help(g, a, "bind every column of the key of %s with =, one row per DELETE (read the keys with a "
		             "SELECT first), or write the rows with a TTL or a deletion mark the reads skip", t->name);
	kp_buf_free(&key);
}
