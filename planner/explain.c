#include "planner/explain.h"

#include <string.h>

#include "base/quote.h"

static const char *part_name(kp_buf *tmp, const kp_plan *p, int i)
{
	kp_buf_clear(tmp);
	kp_key_part_name(tmp, p->table, &p->key->parts[i]);
	return tmp->data;
}

/* "COL [lo, hi)" */
static void text_bounds(kp_buf *out, const kp_bound *lo, const kp_bound *hi)
{
	kp_buf_putc(out, lo->set && lo->incl ? '[' : '(');
	if (lo->set)
		kp_value_sql(out, lo);
	else
		kp_buf_puts(out, "-inf");
	kp_buf_puts(out, ", ");
	if (hi->set)
		kp_value_sql(out, hi);
	else
		kp_buf_puts(out, "+inf");
	kp_buf_putc(out, hi->set && hi->incl ? ']' : ')');
}

static void text_range(kp_buf *out, const kp_plan *p, const kp_range *r)
{
	kp_buf tmp = {0};
	if (r->neq) {
		kp_buf_puts(out, p->access == KP_ACCESS_GET ? "(" : "prefix (");
		for (int i = 0; i < r->neq; i++) {
			if (i)
				kp_buf_puts(out, ", ");
			if (p->key->parts[i].col >= 0 || p->key->parts[i].expr)
				kp_buf_printf(out, "%s=", part_name(&tmp, p, i));
			kp_value_sql(out, &r->eq[i]);
		}
		kp_buf_putc(out, ')');
	}
	if (r->has_range) {
		kp_buf_printf(out, "%srange %s ", r->neq ? " " : "", part_name(&tmp, p, r->neq));
		text_bounds(out, &r->lo, &r->hi);
	}
	if (r->nthen) {
		kp_buf_puts(out, " then (");
		for (int i = 0; i < r->nthen; i++) {
			if (i)
				kp_buf_puts(out, ", ");
			kp_buf_printf(out, "%s=", part_name(&tmp, p, r->neq + 1 + i));
			kp_value_sql(out, &r->then[i]);
		}
		kp_buf_putc(out, ')');
		if (r->then_range) {
			kp_buf_printf(out, " range %s ", part_name(&tmp, p, r->neq + 1 + r->nthen));
			text_bounds(out, &r->then_lo, &r->then_hi);
		}
	}
	kp_buf_free(&tmp);
}

/* Can key part i hold NULL? Index columns and indexed expressions can;
 * primary-key columns not, unless nullable (Phoenix). */
static bool part_nullable(const kp_plan *p, int i)
{
	const kp_key_part *kp = &p->key->parts[i];
	if (kp->col < 0)
		return kp->expr != NULL;
	const kp_column *c = &p->table->cols[kp->col];
	return c->nullable || (c->key_pos < 0 && !c->not_null);
}

static void json_bound(kp_buf *out, const kp_bound *b)
{
	if (b->set)
		kp_value_json(out, b);
	else
		kp_buf_puts(out, "null");
}

void kp_filter_sql(kp_buf *out, const kp_plan *p)
{
	if (p->filter_sql)
		kp_buf_puts(out, p->filter_sql);
	else
		kp_conj_to_sql(out, (kp_expr *const *)p->filter.items, p->filter.n);
}

static void text_filter(kp_buf *out, const kp_plan *p)
{
	if (!p->filter.n)
		return;
	kp_buf_puts(out, " filter ");
	kp_filter_sql(out, p);
}

/* A key part's name as a JSON string: a column's name straight from the
 * catalog (this runs for every key part of every plan), a hash part built. */
static void part_json(kp_buf *out, kp_buf *tmp, const kp_table *t, const kp_key_part *kp)
{
	if (kp->col >= 0) {
		kp_buf_json_str(out, t->cols[kp->col].name, t->cols[kp->col].name_len);
		return;
	}
	kp_buf_clear(tmp);
	kp_key_part_name(tmp, t, kp);
	kp_buf_json_str(out, tmp->data, tmp->len);
}

/* {"column": ..., "lower": ..., ...}: the range on key part i */
static void json_range(kp_buf *out, kp_buf *tmp, const kp_plan *p, int i, const kp_bound *lo, const kp_bound *hi)
{
	kp_buf_puts(out, "{\"column\": ");
	part_json(out, tmp, p->table, &p->key->parts[i]);
	kp_buf_puts(out, ", \"lower\": ");
	json_bound(out, lo);
	kp_buf_puts(out, lo->set && lo->incl ? ", \"lower_inclusive\": true, \"upper\": "
	                                    : ", \"lower_inclusive\": false, \"upper\": ");
	json_bound(out, hi);
	kp_buf_puts(out, hi->set && hi->incl ? ", \"upper_inclusive\": true" : ", \"upper_inclusive\": false");
	/* on a column that can be NULL: are its NULL rows (stored first)
	 * read? A NULL lower bound is written null, like none */
	if (part_nullable(p, i))
		kp_buf_puts(out, lo->set ? ", \"nulls\": false" : ", \"nulls\": true");
	kp_buf_putc(out, '}');
}

void kp_ranges_json(kp_buf *out, const kp_plan *p)
{
	kp_buf tmp = {0};
	kp_buf_putc(out, '[');
	for (int i = 0; i < p->nranges; i++) {
		const kp_range *r = &p->ranges[i];
		kp_buf_puts(out, i ? ", {\"eq\": [" : "{\"eq\": [");
		for (int j = 0; j < r->neq; j++) {
			if (j)
				kp_buf_puts(out, ", ");
			kp_value_json(out, &r->eq[j]);
		}
		kp_buf_puts(out, "], \"range\": ");
		if (r->has_range) {
			json_range(out, &tmp, p, r->neq, &r->lo, &r->hi);
		} else {
			kp_buf_puts(out, "null");
		}
		if (r->nthen) {
			kp_buf_puts(out, ", \"then\": [");
			for (int j = 0; j < r->nthen; j++) {
				if (j)
					kp_buf_puts(out, ", ");
				kp_value_json(out, &r->then[j]);
			}
			kp_buf_putc(out, ']');
			if (r->then_range) {
				kp_buf_puts(out, ", \"then_range\": ");
				json_range(out, &tmp, p, r->neq + 1 + r->nthen, &r->then_lo, &r->then_hi);
			}
		}
		kp_buf_putc(out, '}');
	}
	kp_buf_putc(out, ']');
	kp_buf_free(&tmp);
}

/* Where the store's optimizer chooses by cost, the candidates it chooses
 * among: keyplan's path is one of them, not a prediction. */
static void text_choice(kp_buf *out, const kp_plan *p)
{
	if (p->choice != KP_CHOICE_COST)
		return;
	kp_buf_puts(out, "; chosen by Tablestore's cost-based optimizer among:");
	for (int i = 0; i < p->ncands; i++) {
		const kp_candidate *c = &p->cands[i];
		static const char *cls[] = {"", "GET", "SCAN", "FILTERED SCAN", "SEARCH", "FULL SCAN"};
		if (c->index)
			kp_buf_printf(out, "%s %s via %sindex %s", i ? "," : "", cls[c->access],
			              c->access == KP_ACCESS_SEARCH ? "search " : "", c->index->name);
		else
			kp_buf_printf(out, "%s %s of the table", i ? "," : "", cls[c->access]);
	}
}

void kp_explain_text(kp_buf *out, const kp_plan *p, const kp_stmt *s)
{
	if (!s) {
		kp_buf_puts(out, "ERROR: statement not planned (see diagnostics)");
		return;
	}
	switch (s->kind) {
	case KP_S_CREATE_TABLE:
		kp_buf_printf(out, "CREATE TABLE %.*s", (int)s->u.create_table.name.len, s->u.create_table.name.s);
		return;
	case KP_S_CREATE_INDEX:
		if (s->u.create_index.name.s)
			kp_buf_printf(out, "CREATE INDEX %.*s ON %.*s", (int)s->u.create_index.name.len,
			              s->u.create_index.name.s, (int)s->u.create_index.table.len,
			              s->u.create_index.table.s);
		else
			kp_buf_printf(out, "CREATE INDEX ON %.*s", (int)s->u.create_index.table.len,
			              s->u.create_index.table.s);
		return;
	case KP_S_DROP:
		kp_buf_printf(out, "DROP %s %.*s", s->u.drop.is_index ? "INDEX" : s->u.drop.is_view ? "VIEW" :
		              s->u.drop.is_mapping ? "MAPPING TABLE" : "TABLE",
		              (int)s->u.drop.name.len, s->u.drop.name.s);
		for (uint32_t i = 0; i < s->u.drop.more.n; i++) {
			const kp_name *n = s->u.drop.more.items[i];
			kp_buf_printf(out, ", %.*s", (int)n->len, n->s);
		}
		return;
	case KP_S_CREATE_VIEW: {
		const kp_create_table *v = &s->u.create_table;
		kp_buf_printf(out, "CREATE VIEW %.*s", (int)v->name.len, v->name.s);
		if (v->base.s)
			kp_buf_printf(out, " ON %.*s", (int)v->base.len, v->base.s);
		if (v->view_unsupported)
			kp_buf_printf(out, ": queries against it are not planned (%s)", v->view_unsupported);
		return;
	}
	case KP_S_ALTER_TABLE: {
		static const char *acts[] = {"", "ADD", "DROP COLUMN", "SET"};
		kp_buf_printf(out, "ALTER %s %.*s %s", s->u.alter.is_view ? "VIEW" : "TABLE",
		              (int)s->u.alter.table.len, s->u.alter.table.s, acts[s->u.alter.action]);
		return;
	}
	case KP_S_ALTER_INDEX: {
		const kp_alter_index *ai = &s->u.alter_index;
		kp_buf_printf(out, "ALTER INDEX %.*s", (int)ai->index.len, ai->index.s);
		if (ai->table.s)
			kp_buf_printf(out, " ON %.*s", (int)ai->table.len, ai->table.s);
		if (ai->verb.s)
			kp_buf_printf(out, " %s", ai->state == KP_IX_ACTIVE ? "(used by queries)" :
			              ai->state == KP_IX_DISABLED ? "(disabled: not used)" : "(unusable: not used)");
		else
			kp_buf_puts(out, ai->add.n ? " ADD COLUMNS" : " SET");
		return;
	}
	case KP_S_SKIPPED:
		kp_buf_puts(out, s->u.skipped.what);
		if (s->u.skipped.name.s)
			kp_buf_printf(out, " %.*s", (int)s->u.skipped.name.len, s->u.skipped.name.s);
		kp_buf_puts(out, ": skipped (recognised; keyplan neither models nor plans it)");
		return;
	case KP_S_INSERT: case KP_S_UPSERT: case KP_S_REPLACE: {
		static const char *verbs[] = {[KP_S_INSERT] = "INSERT", [KP_S_UPSERT] = "UPSERT",
		                              [KP_S_REPLACE] = "REPLACE"};
		kp_buf_printf(out, "%s %.*s: no plan (writes carry no access path)", verbs[s->kind],
		              (int)s->u.insert.table.len, s->u.insert.table.s);
		if (p && p->tenant)
			kp_buf_printf(out, "; tenant %s's connection sets its tenant column", p->tenant);
		return;
	}
	default:
		break;
	}
	if (!p || !p->table || p->access == KP_ACCESS_NONE) {
		if (s->kind == KP_S_SELECT && !s->u.select.table.s)
			kp_buf_puts(out, "SELECT: no table, no plan");
		else
			kp_buf_puts(out, "ERROR: statement not planned (see diagnostics)");
		return;
	}
	const char *t = p->table->name;
	kp_buf via = {0};
	if (p->rejected && p->access != KP_ACCESS_FULL)
		kp_buf_puts(out, "REJECTED ");   /* refused though a key range serves it (Lindorm) */
	if (p->index)
		kp_buf_printf(&via, " via index %s%s", p->index->name, p->covering ? "" : " (+ table lookup)");
	else
		kp_buf_puts(&via, "");
	switch (p->access) {
	case KP_ACCESS_GET:
		if (p->nranges == 0) {
			kp_buf_printf(out, "GET %s%s no keys: the condition is never true", t, via.data);
			break;
		}
		if (p->nranges == 1)
			kp_buf_printf(out, "GET %s%s key ", t, via.data);
		else
			kp_buf_printf(out, "GET %s%s %d keys ", t, via.data, p->nranges);
		for (int i = 0; i < p->nranges; i++) {
			if (i)
				kp_buf_puts(out, ", ");
			text_range(out, p, &p->ranges[i]);
		}
		text_filter(out, p);
		break;
	case KP_ACCESS_SCAN:
	case KP_ACCESS_FILTERED:
		kp_buf_printf(out, "%s %s%s ", p->access == KP_ACCESS_SCAN ? "SCAN" : "FILTERED SCAN", t, via.data);
		if (p->nranges > 1)
			kp_buf_printf(out, "%d ranges: ", p->nranges);
		for (int i = 0; i < p->nranges; i++) {
			if (i)
				kp_buf_puts(out, "; ");
			text_range(out, p, &p->ranges[i]);
		}
		text_filter(out, p);
		break;
	case KP_ACCESS_SEARCH: {
		kp_buf_printf(out, "SEARCH %s via search index %s%s: the search engine serves every condition (",
		              t, p->index->name, p->covering ? "" : " (+ table lookup)");
		kp_buf tmp = {0};
		for (int i = 0; i < p->index->nuser; i++) {
			if (i)
				kp_buf_puts(out, ", ");
			kp_buf_puts(out, part_name(&tmp, p, i));
		}
		kp_buf_free(&tmp);
		kp_buf_putc(out, ')');
		break;
	}
	case KP_ACCESS_FULL: {
		kp_buf lead = {0};
		if (p->key->n)   /* else a heap table: no key (generic) */
			kp_key_part_name(&lead, p->table, &p->key->parts[0]);
		if (p->rejected && p->index)
			kp_buf_printf(out, "REJECTED %s: full scan of index %s, no condition on its leading column %s",
			              t, p->index->name, lead.data);
		else if (p->rejected)
			kp_buf_printf(out, "REJECTED %s: full table scan, no condition on leading key column %s",
			              t, lead.data);
		else
			kp_buf_printf(out, "FULL SCAN %s%s", t, via.data);
		kp_buf_free(&lead);
		text_filter(out, p);
		break;
	}
	default:
		break;
	}
	if (p->order != KP_ORDER_NONE)
		kp_buf_printf(out, " order %s", kp_order_name(p->order));
	kp_buf_free(&via);
	text_choice(out, p);
}

static void json_path(kp_buf *out, kp_source *src)
{
	const kp_buf *p = kp_source_path_json(src);
	kp_buf_put(out, p->data, p->len);
}

void kp_explain_json(kp_buf *out, const kp_plan *p, const kp_stmt *s, kp_source *src,
                     uint32_t off, const kp_diags *d)
{
	uint32_t line, col;
	kp_source_linecol(src, off, &line, &col);
	kp_buf_puts(out, "{\"file\": ");
	json_path(out, src);
	kp_buf_puts(out, ", \"line\": ");
	kp_buf_int(out, line);
	kp_buf_puts(out, ", \"column\": ");
	kp_buf_int(out, col);
	kp_buf_puts(out, ", \"statement\": ");
	if (s) {
		kp_buf_putc(out, '"');
		kp_buf_puts(out, kp_stmt_kind_name(s->kind));
		kp_buf_putc(out, '"');
	} else
		kp_buf_puts(out, "null");
	bool planned = p && p->table && p->access != KP_ACCESS_NONE;
	kp_buf_puts(out, ", \"table\": ");
	if (p && p->table)
		kp_buf_json_str(out, p->table->name, p->table->name_len);
	else
		kp_buf_puts(out, "null");
	kp_buf_puts(out, ", \"path\": ");
	if (!planned) {
		kp_buf_puts(out, "null");
	} else if (p->index) {
		kp_buf_puts(out, p->access == KP_ACCESS_SEARCH ? "{\"type\": \"search\", \"name\": "
		                                                : "{\"type\": \"index\", \"name\": ");
		kp_buf_json_str(out, p->index->name, strlen(p->index->name));
		kp_buf_printf(out, ", \"covering\": %s}", p->covering ? "true" : "false");
	} else {
		kp_buf_puts(out, "{\"type\": \"primary\"}");
	}
	kp_buf_puts(out, ", \"access\": ");
	if (planned) {
		kp_buf_putc(out, '"');
		kp_buf_puts(out, kp_access_name(p->access));
		kp_buf_putc(out, '"');
	} else {
		kp_buf_puts(out, "null");
	}
	kp_buf_puts(out, planned && p->rejected ? ", \"rejected\": true" : ", \"rejected\": false");
	kp_buf_puts(out, ", \"key\": ");
	kp_buf tmp = {0};
	if (planned) {
		kp_buf_putc(out, '[');
		for (int i = 0; i < p->key->n; i++) {
			if (i)
				kp_buf_puts(out, ", ");
			part_json(out, &tmp, p->table, &p->key->parts[i]);
		}
		kp_buf_puts(out, "], \"key_order\": [");
		for (int i = 0; i < p->key->n; i++) {
			if (i)
				kp_buf_puts(out, ", ");
			kp_buf_puts(out, p->key->parts[i].desc ? "\"desc\"" : "\"asc\"");
		}
		kp_buf_putc(out, ']');
	} else {
		kp_buf_puts(out, "null, \"key_order\": null");
	}
	kp_buf_puts(out, ", \"ranges\": ");
	if (planned && p->access != KP_ACCESS_SEARCH)
		kp_ranges_json(out, p);
	else
		kp_buf_puts(out, "null");
	kp_buf_puts(out, ", \"filter\": ");
	if (planned && p->filter.n) {
		kp_buf_clear(&tmp);
		kp_filter_sql(&tmp, p);
		kp_buf_json_str(out, tmp.data, tmp.len);
	} else {
		kp_buf_puts(out, "null");
	}
	kp_buf_puts(out, ", \"order\": ");
	if (planned && p->order != KP_ORDER_NONE) {
		kp_buf_putc(out, '"');
		kp_buf_puts(out, kp_order_name(p->order));
		kp_buf_putc(out, '"');
	}
	else
		kp_buf_puts(out, "null");
	if (planned && p->choice != KP_CHOICE_NONE) {
		/* only where the store's own rules chose among several paths */
		kp_buf_printf(out, ", \"choice\": {\"by\": \"%s\", \"candidates\": [", kp_choice_name(p->choice));
		for (int i = 0; i < p->ncands; i++) {
			const kp_candidate *c = &p->cands[i];
			kp_buf_puts(out, i ? ", {\"path\": " : "{\"path\": ");
			if (c->index) {
				kp_buf_puts(out, c->access == KP_ACCESS_SEARCH ? "{\"type\": \"search\", \"name\": "
				                                                : "{\"type\": \"index\", \"name\": ");
				kp_buf_json_str(out, c->index->name, strlen(c->index->name));
				kp_buf_printf(out, ", \"covering\": %s}", c->covering ? "true" : "false");
			} else {
				kp_buf_puts(out, "{\"type\": \"primary\"}");
			}
			kp_buf_printf(out, ", \"access\": \"%s\", \"bound\": %d}", kp_access_name(c->access), c->bound);
		}
		kp_buf_puts(out, "]}");
	}
	kp_buf_puts(out, ", \"diagnostics\": [");
	for (const kp_diag *g = d ? d->head : NULL; g; g = g->next) {
		if (g != d->head)
			kp_buf_puts(out, ", ");
		kp_diag_json(out, g);
	}
	kp_buf_puts(out, "]}");
	kp_buf_free(&tmp);
}

static void json_pos(kp_buf *out, const char *name, uint32_t v)
{
	kp_buf_puts(out, name);
	kp_buf_int(out, v);
}

void kp_diag_json(kp_buf *out, const kp_diag *g)
{
	const kp_rule_info *r = kp_rule_get(g->rule);
	uint32_t l1, c1, l2, c2;
	kp_source_linecol(g->src, g->off, &l1, &c1);
	kp_source_linecol_end(g->src, g->off, g->len, &l2, &c2);
	kp_buf_puts(out, "{\"rule\": \"");
	kp_buf_puts(out, r->id);
	kp_buf_puts(out, "\", \"slug\": \"");
	kp_buf_puts(out, r->slug);
	kp_buf_puts(out, "\", \"severity\": \"");
	kp_buf_puts(out, kp_severity_name(g->severity));
	kp_buf_puts(out, "\", \"message\": ");
	kp_buf_json_str(out, g->message, strlen(g->message));
	kp_buf_puts(out, ", \"file\": ");
	json_path(out, g->src);
	json_pos(out, ", \"line\": ", l1);
	json_pos(out, ", \"column\": ", c1);
	json_pos(out, ", \"end_line\": ", l2);
	json_pos(out, ", \"end_column\": ", c2);
	kp_buf_puts(out, ", \"notes\": [");
	for (const kp_note *n = g->notes; n; n = n->next) {
		uint32_t nl, nc;
		kp_source_linecol(n->src, n->off, &nl, &nc);
		kp_buf_puts(out, n == g->notes ? "{\"file\": " : ", {\"file\": ");
		json_path(out, n->src);
		json_pos(out, ", \"line\": ", nl);
		json_pos(out, ", \"column\": ", nc);
		kp_buf_puts(out, ", \"message\": ");
		kp_buf_json_str(out, n->message, strlen(n->message));
		kp_buf_putc(out, '}');
	}
	kp_buf_puts(out, "], \"help\": [");
	for (const kp_help *h = g->helps; h; h = h->next) {
		if (h != g->helps)
			kp_buf_puts(out, ", ");
		kp_buf_json_str(out, h->message, strlen(h->message));
	}
	kp_buf_puts(out, "]}");
}
