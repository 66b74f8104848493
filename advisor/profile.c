/* What the advisor knows of a table's values, for the region simulation
 * (tools/simulate/, docs/simulate.md): per column how its values arrive
 * (uniform, monotonic, latest, zipfian, a fixed set), per table its rows,
 * row size and pre-split. The annotations win (annotations.c); then the
 * evidence the hotspot rules read: the workload's generators and literals
 * (evidence.c), names and types (columns.c). */
#include "advisor/advisorInt.h"

#include <string.h>

void kp_advisor_column_model(kp_advisor *adv, const kp_table *t, int ci, kp_column_model *m)
{
	memset(m, 0, sizeof *m);
	m->theta = KP_ZIPF_THETA;
	const kp_column *c = &t->cols[ci];
	const kpa_notes *n = kpa_notes_of(adv, t);
	double distinct = n && n->distinct[ci] >= 1 ? n->distinct[ci] : 0;
	m->distinct = distinct;
	m->range = n && n->range[ci] > 0 ? n->range[ci] : 0;
	int d = n ? n->dist[ci] : 0;
	if (d) {
		static const char *const words[] = {"", "uniform", "monotonic", "zipfian", "fixed"};
		m->dist = d == KPA_DIST_UNIFORM ? KP_VD_UNIFORM
		          : d == KPA_DIST_MONOTONIC ? (n->latest[ci] ? KP_VD_LATEST : KP_VD_MONOTONIC)
		          : d == KPA_DIST_SKEWED ? KP_VD_ZIPFIAN : KP_VD_FIXED;
		if (d == KPA_DIST_SKEWED)
			m->theta = n->dist_arg[ci];
		m->why = kp_arena_printf(adv->a, "%s as annotated (-- distribution: %s %s)",
		                         n->latest[ci] ? "latest" : words[d], c->name, n->latest[ci] ? "latest" : words[d]);
		return;
	}
	const char *r = kpa_monotonic_reason(c);
	if (!r && !distinct && !kpa_enum_reason(c) && !kpa_prefix_reason(c))
		r = kpa_monotonic_evidence(adv, t, ci);
	if (r && !(distinct && distinct <= KP_FEW_VALUES)) {
		m->dist = KP_VD_MONOTONIC;
		m->why = kp_arena_printf(adv->a, "monotonic: %s", r);
		return;
	}
	if (distinct) {
		m->dist = KP_VD_FIXED;
		m->why = kp_arena_printf(adv->a, "%.15g values alike, as annotated (-- distinct: %s %.15g)", distinct,
		                         c->name, distinct);
		return;
	}
	if ((r = kpa_enum_reason(c))) {
		m->dist = KP_VD_FIXED;
		m->distinct = c->tclass == KP_T_BOOL ? 2 : KP_ENUM_VALUES;
		m->why = kp_arena_printf(adv->a, "%.15g values alike: %s%s", m->distinct, r,
		                         c->tclass == KP_T_BOOL ? "" : " (how many assumed)");
		return;
	}
	m->dist = KP_VD_UNIFORM;
	m->assumed = true;
	m->why = (r = kpa_prefix_reason(c))
	         ? kp_arena_printf(adv->a, "uniform over many values (assumed; %s is not modelled)", r)
	         : "uniform over many values (assumed)";
}

/* Bytes a row takes when no annotation says: each column at its declared
 * width (a variable-width one at half its declared length, 32 bytes
 * without one), plus 20 bytes of cell overhead per column (HBase's
 * KeyValue: lengths, timestamp, type). */
static double estimate_row_bytes(const kp_table *t)
{
	double b = 0;
	for (int i = 0; i < t->ncols; i++) {
		const kp_column *c = &t->cols[i];
		if (c->dropped)
			continue;
		int w = kpa_fixed_width(c);
		b += (w >= 0 ? w : c->length > 0 ? (double)c->length / 2 : 32) + 20;
	}
	return b > 0 ? b : 100;
}

void kp_advisor_table_model(kp_advisor *adv, const kp_table *t, kp_table_model *m)
{
	memset(m, 0, sizeof *m);
	const kpa_notes *n = kpa_notes_of(adv, t);
	m->rows = n && n->rows >= 0 ? n->rows : KP_DEFAULT_ROWS;
	m->rows_default = !n || n->rows < 0;
	m->row_bytes = n && n->row_bytes >= 1 ? n->row_bytes : estimate_row_bytes(t);
	m->row_bytes_default = !n || n->row_bytes < 1;
	m->writes = n ? n->writes : -1;
	if (n && n->regions >= 1) {
		m->regions = (int)n->regions;
		m->regions_why = kp_arena_printf(adv->a, "pre-split into %d regions as annotated (-- regions: %d)",
		                                 m->regions, m->regions);
	} else if (t->salt_buckets > 0) {
		/* Phoenix pre-splits a salted table on its salt bytes */
		m->regions = t->salt_buckets;
		m->regions_why = kp_arena_printf(adv->a, "pre-split into %d regions by SALT_BUCKETS = %d (Phoenix "
		                                 "splits a salted table on its salt bytes)", t->salt_buckets,
		                                 t->salt_buckets);
	} else {
		m->regions = 1;
		m->regions_why = "one region at the start (no pre-split)";
	}
}
