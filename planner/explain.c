#include "planner/explain.h"

#include <stdlib.h>
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

/* The JSON writers below append through a cursor (base/buf.h: kp_buf_room,
 * KP_PUT_LIT, kp_buf_end): explain writes a line for every statement and
 * each field of it was a separate append (a capacity check, a length and
 * a NUL each), with its key and the punctuation around it written in
 * pieces. Each fixed run of keys and punctuation is now one literal, and
 * room for a run of them is made once. ROOM covers the longest run of
 * literals, integers (KP_INT_MAX) and short names (NAME_MAX) that follows a
 * kp_buf_room of it; anything longer comes through kp_json_str_at or a
 * room of its own. */
#define ROOM 512
#define NAME_MAX 32   /* kp_access_name, kp_order_name, ..., kp_rule's id and slug */

/* Room for another run: the cursor's text kept, ROOM made after it. */
static char *more(kp_buf *out, char *p)
{
	kp_buf_end(out, p);
	return kp_buf_room(out, ROOM);
}

static char *put_name(char *p, const char *s)
{
	size_t n = strlen(s);
	return kp_put(p, s, n < NAME_MAX ? n : NAME_MAX);
}

/* A key part's name as a JSON string at cursor p: a column's name straight
 * from the catalog (this runs for every key part of every plan), a hash
 * part built. */
static char *part_json(kp_buf *out, char *p, kp_buf *tmp, const kp_table *t, const kp_key_part *kp)
{
	if (kp->col >= 0)
		return kp_json_str_at(out, p, t->cols[kp->col].name, t->cols[kp->col].name_len, ROOM);
	kp_buf_clear(tmp);
	kp_key_part_name(tmp, t, kp);
	return kp_json_str_at(out, p, tmp->data, tmp->len, ROOM);
}

/* A value at cursor p, with ROOM after it: the kinds a plan's ranges
 * mostly hold (an integer, a string, a boolean, NULL) written in place, as
 * kp_value_json writes them; the others through it. Every range's values
 * go through here, and kp_value_json's appends (each its own capacity
 * check and NUL, a string's room made again) were most of their cost. */
static char *value_at(kp_buf *out, char *p, const kp_value *v)
{
	switch (v->kind) {
	case KP_V_INT: return kp_int_at(p, v->i);
	case KP_V_STR: return kp_json_str_at(out, p, v->s, v->n, ROOM);
	case KP_V_BOOL:
		if (v->i)
			KP_PUT_LIT(p, "true");
		else
			KP_PUT_LIT(p, "false");
		return p;
	case KP_V_NULL: KP_PUT_LIT(p, "null"); return p;
	default:
		kp_buf_end(out, p);
		kp_value_json(out, v);
		return kp_buf_room(out, ROOM);
	}
}

/* A bound's value at cursor p. */
static char *json_bound(kp_buf *out, char *p, const kp_bound *b)
{
	if (!b->set) {
		KP_PUT_LIT(p, "null");
		return p;
	}
	return value_at(out, p, b);
}

/* {"column": ..., "lower": ..., ...}: the range on key part i */
static char *json_range(kp_buf *out, char *p, kp_buf *tmp, const kp_plan *pl, int i, const kp_bound *lo,
                        const kp_bound *hi)
{
	KP_PUT_LIT(p, "{\"column\": ");
	p = part_json(out, p, tmp, pl->table, &pl->key->parts[i]);
	KP_PUT_LIT(p, ", \"lower\": ");
	p = json_bound(out, p, lo);
	if (lo->set && lo->incl)
		KP_PUT_LIT(p, ", \"lower_inclusive\": true, \"upper\": ");
	else
		KP_PUT_LIT(p, ", \"lower_inclusive\": false, \"upper\": ");
	p = json_bound(out, p, hi);
	if (hi->set && hi->incl)
		KP_PUT_LIT(p, ", \"upper_inclusive\": true");
	else
		KP_PUT_LIT(p, ", \"upper_inclusive\": false");
	/* on a column that can be NULL: are its NULL rows (stored first)
	 * read? A NULL lower bound is written null, like none */
	if (part_nullable(pl, i)) {
		if (lo->set)
			KP_PUT_LIT(p, ", \"nulls\": false");
		else
			KP_PUT_LIT(p, ", \"nulls\": true");
	}
	*p++ = '}';
	return p;
}

/* A list of values at cursor p: v0, v1, ... */
static char *json_values(kp_buf *out, char *p, const kp_value *v, int n)
{
	for (int j = 0; j < n; j++) {
		if (j)
			KP_PUT_LIT(p, ", ");
		p = value_at(out, p, &v[j]);
		if (j % 8 == 7)   /* ROOM holds 8 numbers and their commas */
			p = more(out, p);
	}
	return p;
}

static char *ranges_json(kp_buf *out, char *p, kp_buf *tmp, const kp_plan *pl)
{
	*p++ = '[';
	for (int i = 0; i < pl->nranges; i++) {
		const kp_range *r = &pl->ranges[i];
		p = more(out, p);
		if (i)
			KP_PUT_LIT(p, ", {\"eq\": [");
		else
			KP_PUT_LIT(p, "{\"eq\": [");
		p = json_values(out, p, r->eq, r->neq);
		KP_PUT_LIT(p, "], \"range\": ");
		if (r->has_range)
			p = json_range(out, p, tmp, pl, r->neq, &r->lo, &r->hi);
		else
			KP_PUT_LIT(p, "null");
		if (r->nthen) {
			KP_PUT_LIT(p, ", \"then\": [");
			p = json_values(out, p, r->then, r->nthen);
			*p++ = ']';
			if (r->then_range) {
				KP_PUT_LIT(p, ", \"then_range\": ");
				p = json_range(out, p, tmp, pl, r->neq + 1 + r->nthen, &r->then_lo, &r->then_hi);
			}
		}
		*p++ = '}';
	}
	*p++ = ']';
	return p;
}

void kp_ranges_json(kp_buf *out, const kp_plan *p)
{
	kp_buf tmp = {0};
	kp_buf_end(out, ranges_json(out, kp_buf_room(out, ROOM), &tmp, p));
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
		static const char *acts[] = {"", "ADD", "DROP COLUMN", "SET", "ADD PRIMARY KEY", "MODIFY COLUMN",
		                             "(several actions)", "(nothing keyplan models)", "RENAME COLUMN",
		                             "DROP PRIMARY KEY", "RENAME TO", "", "RENAME INDEX"};
		if (s->u.alter.action == KP_ALTER_RENAME_TABLES) {
			kp_buf_puts(out, "RENAME TABLE");
			for (uint32_t i = 0; i < s->u.alter.more.n; i++) {
				const kp_alter *x = &((const kp_stmt *)s->u.alter.more.items[i])->u.alter;
				kp_buf_printf(out, "%s %.*s TO %.*s", i ? "," : "", (int)x->table.len, x->table.s,
				              (int)x->to.len, x->to.s);
			}
			return;
		}
		kp_buf_printf(out, "ALTER %s %.*s %s", s->u.alter.is_view ? "VIEW" : "TABLE",
		              (int)s->u.alter.table.len, s->u.alter.table.s, acts[s->u.alter.action]);
		return;
	}
	case KP_S_ALTER_INDEX: {
		const kp_alter_index *ai = &s->u.alter_index;
		kp_buf_printf(out, "ALTER INDEX %.*s", (int)ai->index.len, ai->index.s);
		if (ai->table.s)
			kp_buf_printf(out, " ON %.*s", (int)ai->table.len, ai->table.s);
		if (ai->rename_to.s)
			kp_buf_printf(out, " RENAME TO %.*s", (int)ai->rename_to.len, ai->rename_to.s);
		else if (ai->verb.s)
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
		if (s->u.skipped.type) {
			const kp_name *b = &s->u.skipped.type->type;
			kp_buf_printf(out, ": a column type, planned as %.*s", (int)b->len, b->s);
			return;
		}
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
	if (p->rejected && s->kind == KP_S_DELETE && (p->access != KP_ACCESS_GET || p->index))
		kp_buf_puts(out, " (a DELETE removes one row by its whole primary key)");
	kp_buf_free(&via);
	text_choice(out, p);
}

/* The source's path as a JSON string at cursor p, with ROOM after it. */
static char *json_path(kp_buf *out, char *p, kp_source *src)
{
	const kp_buf *path = kp_source_path_json(src);
	kp_buf_end(out, p);
	p = kp_buf_room(out, path->len + ROOM);
	return kp_put(p, path->data, path->len);
}

/* {"type": ..., "name": ..., "covering": ...} or {"type": "primary"} */
static char *json_via(kp_buf *out, char *p, const kp_index *ix, kp_access access, bool covering)
{
	if (!ix) {
		KP_PUT_LIT(p, "{\"type\": \"primary\"}");
		return p;
	}
	if (access == KP_ACCESS_SEARCH)
		KP_PUT_LIT(p, "{\"type\": \"search\", \"name\": ");
	else
		KP_PUT_LIT(p, "{\"type\": \"index\", \"name\": ");
	p = kp_json_str_at(out, p, ix->name, strlen(ix->name), ROOM);
	if (covering)
		KP_PUT_LIT(p, ", \"covering\": true}");
	else
		KP_PUT_LIT(p, ", \"covering\": false}");
	return p;
}

/* A line number written once (a statement's, which its findings mostly
 * share), its digits copied where it comes again. */
typedef struct line_text {
	const kp_source *src;   /* NULL: none */
	uint32_t line;
	uint8_t n;
	char s[KP_INT_MAX];
} line_text;

static char *diag_json(kp_buf *out, char *p, const kp_diag *g, const line_text *lt);

/* The filter's SQL as a JSON string at cursor p: written as SQL right
 * after the opening quote, and closed there when no byte of it needs
 * escaping (the common case), else escaped from a copy. Half the plans
 * have a filter, and a scratch buffer for it cost an allocation each. */
static char *filter_json(kp_buf *out, char *p, kp_buf *tmp, const kp_plan *pl)
{
	*p++ = '"';
	kp_buf_end(out, p);
	size_t at = out->len;
	kp_filter_sql(out, pl);
	size_t n = out->len - at;
	if (kp_json_plain(out->data + at, n)) {
		p = kp_buf_room(out, ROOM + 1);
		*p++ = '"';
		return p;
	}
	kp_buf_clear(tmp);
	kp_buf_put(tmp, out->data + at, n);
	return kp_json_str_at(out, out->data + at - 1, tmp->data, tmp->len, ROOM);
}

#define MEMO_MAX 1024   /* bytes of a path's JSON kept: past them, written each time */

struct kp_json_memo {
	bool set;
	kp_stmt_kind kind;      /* what the JSON was written from */
	const kp_table *table;
	const kp_index *index;
	const kp_key *key;
	kp_access access;
	bool covering, rejected;
	uint32_t len;
	char text[MEMO_MAX];
};

kp_json_memo *kp_json_memo_new(void)
{
	kp_json_memo *m = malloc(sizeof *m);
	if (!m)
		abort();
	m->set = false;
	return m;
}

void kp_json_memo_clear(kp_json_memo *m)
{
	if (m)
		m->set = false;
}

void kp_json_memo_free(kp_json_memo *m)
{
	free(m);
}

/* Was m written from a plan on p's path, for a statement of s's kind? */
static bool memo_holds(const kp_json_memo *m, const kp_plan *p, const kp_stmt *s)
{
	return m->set && m->kind == s->kind && m->table == p->table && m->index == p->index && m->key == p->key &&
	       m->access == p->access && m->covering == p->covering && m->rejected == p->rejected;
}

static void memo_keep(kp_json_memo *m, const kp_plan *p, const kp_stmt *s, const char *text, size_t len)
{
	m->set = len <= MEMO_MAX;
	if (!m->set)
		return;
	m->kind = s->kind;
	m->table = p->table;
	m->index = p->index;
	m->key = p->key;
	m->access = p->access;
	m->covering = p->covering;
	m->rejected = p->rejected;
	m->len = (uint32_t)len;
	memcpy(m->text, text, len);
}

/* From "statement" to "key_order": what the plan's path says (kept for a
 * shape in a kp_json_memo). */
static char *path_json(kp_buf *out, char *o, kp_buf *tmp, const kp_plan *p, const kp_stmt *s, bool planned)
{
	KP_PUT_LIT(o, ", \"statement\": ");
	if (s) {
		*o++ = '"';
		o = put_name(o, kp_stmt_kind_name(s->kind));
		*o++ = '"';
	} else {
		KP_PUT_LIT(o, "null");
	}
	KP_PUT_LIT(o, ", \"table\": ");
	if (p && p->table)
		o = kp_json_str_at(out, o, p->table->name, p->table->name_len, ROOM);
	else
		KP_PUT_LIT(o, "null");
	KP_PUT_LIT(o, ", \"path\": ");
	if (!planned)
		KP_PUT_LIT(o, "null");
	else
		o = json_via(out, o, p->index, p->access, p->covering);
	KP_PUT_LIT(o, ", \"access\": ");
	if (planned) {
		*o++ = '"';
		o = put_name(o, kp_access_name(p->access));
		*o++ = '"';
	} else {
		KP_PUT_LIT(o, "null");
	}
	if (planned && p->rejected)
		KP_PUT_LIT(o, ", \"rejected\": true, \"key\": ");
	else
		KP_PUT_LIT(o, ", \"rejected\": false, \"key\": ");
	if (planned) {
		*o++ = '[';
		for (int i = 0; i < p->key->n; i++) {
			if (i)
				KP_PUT_LIT(o, ", ");
			o = part_json(out, o, tmp, p->table, &p->key->parts[i]);
		}
		KP_PUT_LIT(o, "], \"key_order\": [");
		for (int i = 0; i < p->key->n; i++) {
			if (i % 16 == 15)   /* ROOM holds 16 of them */
				o = more(out, o);
			if (i)
				KP_PUT_LIT(o, ", ");
			if (p->key->parts[i].desc)
				KP_PUT_LIT(o, "\"desc\"");
			else
				KP_PUT_LIT(o, "\"asc\"");
		}
		*o++ = ']';
	} else {
		KP_PUT_LIT(o, "null, \"key_order\": null");
	}
	return o;
}

void kp_explain_json(kp_buf *out, const kp_plan *p, const kp_stmt *s, kp_source *src,
                     uint32_t off, const kp_diags *d)
{
	uint32_t line, col;
	kp_source_linecol(src, off, &line, &col);
	char *o = kp_buf_room(out, ROOM);
	KP_PUT_LIT(o, "{\"file\": ");
	o = json_path(out, o, src);
	KP_PUT_LIT(o, ", \"line\": ");
	line_text lt = {0};
	lt.src = src;
	lt.line = line;
	char *digits = o;
	o = kp_int_at(o, line);
	lt.n = (uint8_t)(o - digits);
	memcpy(lt.s, digits, lt.n);
	KP_PUT_LIT(o, ", \"column\": ");
	o = kp_int_at(o, col);
	bool planned = p && p->table && p->access != KP_ACCESS_NONE;
	kp_json_memo *jm = planned && s ? p->json : NULL;
	kp_buf tmp = {0};
	if (jm && memo_holds(jm, p, s)) {
		kp_buf_end(out, o);
		o = kp_buf_room(out, jm->len + ROOM);
		o = kp_put(o, jm->text, jm->len);
	} else {
		size_t from = (size_t)(o - out->data);
		o = path_json(out, o, &tmp, p, s, planned);
		if (jm)
			memo_keep(jm, p, s, out->data + from, (size_t)(o - out->data) - from);
	}
	KP_PUT_LIT(o, ", \"ranges\": ");
	if (planned && p->access != KP_ACCESS_SEARCH)
		o = ranges_json(out, o, &tmp, p);
	else
		KP_PUT_LIT(o, "null");
	KP_PUT_LIT(o, ", \"filter\": ");
	if (planned && p->filter.n) {
		o = filter_json(out, o, &tmp, p);
	} else {
		KP_PUT_LIT(o, "null");
	}
	KP_PUT_LIT(o, ", \"order\": ");
	if (planned && p->order != KP_ORDER_NONE) {
		*o++ = '"';
		o = put_name(o, kp_order_name(p->order));
		*o++ = '"';
	} else {
		KP_PUT_LIT(o, "null");
	}
	if (planned && p->choice != KP_CHOICE_NONE) {
		/* only where the store's own rules chose among several paths */
		KP_PUT_LIT(o, ", \"choice\": {\"by\": \"");
		o = put_name(o, kp_choice_name(p->choice));
		KP_PUT_LIT(o, "\", \"candidates\": [");
		for (int i = 0; i < p->ncands; i++) {
			const kp_candidate *c = &p->cands[i];
			if (i)
				KP_PUT_LIT(o, ", {\"path\": ");
			else
				KP_PUT_LIT(o, "{\"path\": ");
			o = json_via(out, o, c->index, c->access, c->covering);
			KP_PUT_LIT(o, ", \"access\": \"");
			o = put_name(o, kp_access_name(c->access));
			KP_PUT_LIT(o, "\", \"bound\": ");
			o = kp_int_at(o, c->bound);
			*o++ = '}';
			o = more(out, o);
		}
		KP_PUT_LIT(o, "]}");
	}
	KP_PUT_LIT(o, ", \"diagnostics\": [");
	for (const kp_diag *g = d ? d->head : NULL; g; g = g->next) {
		o = more(out, o);
		if (g != d->head)
			KP_PUT_LIT(o, ", ");
		o = diag_json(out, o, g, &lt);
	}
	KP_PUT_LIT(o, "]}");
	kp_buf_end(out, o);
	kp_buf_free(&tmp);
}

/* A message as a JSON string at cursor p. */
static char *json_message(kp_buf *out, char *p, const char *m)
{
	return kp_json_str_at(out, p, m, strlen(m), ROOM);
}

/* line of src as JSON at p: lt's digits when it is lt's line */
static inline char *line_at(char *p, const kp_source *src, uint32_t line, const line_text *lt)
{
	if (src != lt->src || line != lt->line)
		return kp_int_at(p, line);
	memcpy(p, lt->s, KP_INT_MAX);   /* ROOM holds it: as many bytes as the longest number */
	return p + lt->n;
}

static char *diag_json(kp_buf *out, char *p, const kp_diag *g, const line_text *lt)
{
	const kp_rule_info *r = kp_rule_get(g->rule);
	uint32_t l1, c1, l2, c2;
	kp_source_span(g->src, g->off, g->len, &l1, &c1, &l2, &c2);
	KP_PUT_LIT(p, "{\"rule\": \"");
	p = kp_put(p, r->id, kp_rule_id_len(g->rule));   /* ROOM holds both: names of at most NAME_MAX */
	KP_PUT_LIT(p, "\", \"slug\": \"");
	p = kp_put(p, r->slug, kp_rule_slug_len(g->rule));
	/* the severity's words as one literal each (kp_severity_name's) */
	switch (g->severity) {
	case KP_SEV_INFO: KP_PUT_LIT(p, "\", \"severity\": \"info\", \"message\": "); break;
	case KP_SEV_WARNING: KP_PUT_LIT(p, "\", \"severity\": \"warning\", \"message\": "); break;
	default: KP_PUT_LIT(p, "\", \"severity\": \"error\", \"message\": "); break;
	}
	p = json_message(out, p, g->message);
	KP_PUT_LIT(p, ", \"file\": ");
	p = json_path(out, p, g->src);
	KP_PUT_LIT(p, ", \"line\": ");
	p = line_at(p, g->src, l1, lt);
	KP_PUT_LIT(p, ", \"column\": ");
	p = kp_int_at(p, c1);
	KP_PUT_LIT(p, ", \"end_line\": ");
	p = line_at(p, g->src, l2, lt);
	KP_PUT_LIT(p, ", \"end_column\": ");
	p = kp_int_at(p, c2);
	KP_PUT_LIT(p, ", \"notes\": [");
	for (const kp_note *n = g->notes; n; n = n->next) {
		uint32_t nl, nc;
		kp_source_linecol(n->src, n->off, &nl, &nc);
		if (n == g->notes)
			KP_PUT_LIT(p, "{\"file\": ");
		else
			KP_PUT_LIT(p, ", {\"file\": ");
		p = json_path(out, p, n->src);
		KP_PUT_LIT(p, ", \"line\": ");
		p = kp_int_at(p, nl);
		KP_PUT_LIT(p, ", \"column\": ");
		p = kp_int_at(p, nc);
		KP_PUT_LIT(p, ", \"message\": ");
		p = json_message(out, p, n->message);
		*p++ = '}';
	}
	KP_PUT_LIT(p, "], \"help\": [");
	for (const kp_help *h = g->helps; h; h = h->next) {
		if (h != g->helps)
			KP_PUT_LIT(p, ", ");
		p = json_message(out, p, h->message);
	}
	KP_PUT_LIT(p, "]}");
	return p;
}

void kp_diag_json(kp_buf *out, const kp_diag *g)
{
	static const line_text none;
	kp_buf_end(out, diag_json(out, kp_buf_room(out, ROOM), g, &none));
}
