/* Writers: CREATE TABLE in the target's syntax (its key types, DESC, key
 * constraint, salt buckets, column families: the target table decides),
 * tables led by a new hash or bucket column, and keys in key notation. */
#include "advisor/advisorInt.h"

#include <string.h>
#include <strings.h>

#include "base/quote.h"

static void put_type(kp_buf *b, const kp_column *c)
{
	kp_buf_puts(b, c->type_name);
	if (c->length >= 0 && c->scale >= 0)
		kp_buf_printf(b, "(%lld, %lld)", (long long)c->length, (long long)c->scale);
	else if (c->length >= 0)
		kp_buf_printf(b, "(%lld)", (long long)c->length);
	if (c->is_unsigned)
		kp_buf_puts(b, " UNSIGNED");
}

/* A key column's type in a store that takes only BIGINT, VARCHAR(<= 1024)
 * and VARBINARY(<= 1024) key columns: integers, times and booleans as
 * BIGINT, strings and binaries capped at 1024, anything else as text. */
static void put_strict_key_type(kp_buf *b, const kp_column *c)
{
	long long n = c->length > 0 && c->length < 1024 ? c->length : 1024;
	if (kpa_strict_key_type(c))
		put_type(b, c);
	else if (c->tclass == KP_T_INT || c->tclass == KP_T_TIME || c->tclass == KP_T_BOOL)
		kp_buf_puts(b, "BIGINT");
	else if (c->tclass == KP_T_BINARY)
		kp_buf_printf(b, "VARBINARY(%lld)", n);
	else
		kp_buf_printf(b, "VARCHAR(%lld)", n);
}

/* A name of t as the target reads it back: a target that upper-cases
 * unquoted names (Phoenix) reads one with lower case, or not a plain word,
 * only "quoted", when t's names were read so (compared byte for byte);
 * the others get it as declared. */
static void put_name(kp_buf *b, const kp_table *t, const char *s, kp_target target)
{
	if (kpa_target(target)->names != KP_NAMES_UPPER || !t->exact_names) {
		kp_buf_puts(b, s);
		return;
	}
	bool quote = false;
	for (const char *c = s; *c; c++)
		if (*c >= 'a' && *c <= 'z')
			quote = true;
	kp_buf_sql_name(b, s, strlen(s), quote);
}

static void put_col_name(kp_buf *b, const kp_table *t, const kp_column *c, kp_target target)
{
	if (c->family && kpa_target(target)->dotted_families) {
		put_name(b, t, c->family, target);
		kp_buf_putc(b, '.');
		put_name(b, t, c->name, target);
	} else if (c->family) {
		kp_buf_printf(b, "`%s:%s`", c->family, c->name);
	} else {
		put_name(b, t, c->name, target);
	}
}

static void put_key_parts(kp_buf *b, const kp_table *t, const kp_key *k, bool desc, kp_target target, bool rowts)
{
	for (int i = 0; i < k->n; i++) {
		if (i)
			kp_buf_puts(b, ", ");
		if (k->parts[i].col >= 0 && !t->cols[k->parts[i].col].family)
			put_name(b, t, t->cols[k->parts[i].col].name, target);
		else
			kp_key_part_name(b, t, &k->parts[i]);
		if (k->parts[i].desc && desc)
			kp_buf_puts(b, " DESC");
		/* Phoenix: the key column that is the cell timestamp stays so in
		 * the table's new key (any one key column may be: "Only columns
		 * part of the primary key can be declared as a ROW_TIMESTAMP",
		 * ERROR 528; it can be declared only in CREATE TABLE, ERROR 529).
		 * Dropped, the UPSERTs that leave it to the server would fail
		 * (ERROR 218: a key column unset) */
		if (rowts && k->parts[i].col >= 0 && t->cols[k->parts[i].col].row_timestamp)
			kp_buf_puts(b, " ROW_TIMESTAMP");
	}
}

/* An option's name: a plain word (Phoenix's family-qualified a.VERSIONS
 * too) as it is, another as the target reads a quoted one. */
static void put_option_name(kp_buf *b, const char *k, const target_info *ti)
{
	bool plain = *k && !(*k >= '0' && *k <= '9') && *k != '.';
	for (const char *c = k; plain && *c; c++)
		plain = *c == '_' || *c == '.' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		        (*c >= '0' && *c <= '9');
	if (plain && !strcasecmp(k, "character"))
		kp_buf_puts(b, "CHARACTER SET");   /* MySQL's, kept by its first word (create.y) */
	else if (plain)
		kp_buf_puts(b, k);
	else if (ti->with_options)
		kp_buf_sql_str(b, k, strlen(k));   /* WITH ('COMPRESSION' = 'ZSTD') */
	else
		kp_buf_sql_name(b, k, strlen(k), true);
}

/* The table's options as the catalog holds them (all but SALT_BUCKETS,
 * which a target without salt buckets has not, and which kp_table_ddl
 * writes itself): a key change makes the same table again, and an option
 * lost changes what it is (a MULTI_TENANT table that is no longer one
 * reads every tenant's rows; a TTL or VERSIONS lost keeps data the
 * application meant to expire). Lindorm takes them as WITH (name =
 * 'value', ...), its grammar's option_definition being a string literal;
 * the others (Phoenix's name = value list, Tablestore's and MySQL's
 * ENGINE = '...') after the element list, each value as it was written:
 * a string literal quoted, a word or number bare. */
static void put_options(kp_buf *out, const kp_table *t, const target_info *ti)
{
	bool any = false;
	for (int i = 0; i < t->nopts; i++) {
		const kp_table_option *o = &t->opts[i];
		if (!strcasecmp(o->key, "salt_buckets"))
			continue;
		if (ti->with_options) {
			kp_buf_puts(out, any ? ", " : " WITH (");
		} else if (!any) {
			/* after SALT_BUCKETS or IMMUTABLE_ROWS when written */
			size_t n = out->len;
			kp_buf_puts(out, out->data[n - 1] == ')' ? " " : ", ");
		} else {
			kp_buf_puts(out, ", ");
		}
		any = true;
		put_option_name(out, o->key, ti);
		kp_buf_puts(out, " = ");
		const char *v = o->value ? o->value : "";
		if (o->quoted || ti->with_options || !*v)
			kp_buf_sql_str(out, v, strlen(v));
		else
			kp_buf_puts(out, v);
	}
	if (any && ti->with_options)
		kp_buf_putc(out, ')');
}

/* A second table made from t (an index table) keyed k keeps Phoenix's
 * MULTI_TENANT where k leads with t's tenant column: a tenant's connection
 * then fills it in the index table's reads and writes as in t's, where
 * without the option the tenant's reads of it would read every tenant's
 * rows. Phoenix takes the option only on a key of two or more columns
 * whose first is NOT NULL (ERROR 1040; docs/targets.md: any type since
 * Phoenix 4, VARCHAR or CHAR before), and a key column is. An index table
 * led by another column holds every tenant's rows and takes no option
 * (f8313b9). */
static bool tenant_led(const kp_table *t, const kp_key *k, const target_info *ti)
{
	if (!ti->phoenix_rules || t->pk.n < 2 || k->n < 2 || t->pk.parts[0].col < 0 ||
	    k->parts[0].col != t->pk.parts[0].col)
		return false;
	const char *v = kp_table_option_get(t, "MULTI_TENANT");
	if (!v)
		v = kp_table_option_get(t, "multi_tenant");
	return v && !strcasecmp(v, "true");
}

/* The target's writer, from the target table: Phoenix names the key
 * constraint, Tablestore has only its key types and no DESC, only Phoenix
 * has SALT_BUCKETS. Hash parts are written as hash32(...): only targets with
 * hash_key_parts are given keys that have them. */
void kp_table_ddl(kp_buf *out, const kp_table *t, const char *name, const kp_key *key, kp_target target)
{
	const target_info *ti = kpa_target(target);
	if (!key)
		key = &t->pk;
	/* Phoenix takes NOT NULL outside the key only on a table of immutable
	 * rows (ERROR 1007): the copy keeps the table's immutability, and
	 * otherwise a column the new key leaves out (or one declared NOT NULL
	 * against that rule) is written without it */
	const char *im = kp_table_option_get(t, "immutable_rows");
	bool immutable = t->immutable || (im && !strcasecmp(im, "true"));
	kp_buf_puts(out, "CREATE TABLE ");
	put_name(out, t, name ? name : t->name, target);
	kp_buf_puts(out, " (");
	bool first = true;
	for (int i = 0; i < t->ncols; i++) {
		const kp_column *c = &t->cols[i];
		if (c->dropped)
			continue;   /* ALTER TABLE ... DROP COLUMN */
		kp_buf_puts(out, first ? "" : ", ");
		first = false;
		put_col_name(out, t, c, target);
		kp_buf_putc(out, ' ');
		bool in_key = false;
		for (int j = 0; j < key->n; j++)
			if (key->parts[j].col == i)
				in_key = true;
		if (in_key && ti->strict_key_types)
			put_strict_key_type(out, c);
		else
			put_type(out, c);
		if (in_key || (c->not_null && (!ti->not_null_key_only || immutable)))
			kp_buf_puts(out, " NOT NULL");
	}
	if (key->n) {   /* else a heap table (generic): no key to declare */
		kp_buf_puts(out, ti->pk_constraint ? ", CONSTRAINT pk PRIMARY KEY (" : ", PRIMARY KEY (");
		put_key_parts(out, t, key, ti->desc_key, target,
		              target == KP_TARGET_PHOENIX && (!name || !strcmp(name, t->name)));
		kp_buf_putc(out, ')');
	}
	kp_buf_putc(out, ')');
	const char *salt = kp_table_option_get(t, "salt_buckets");
	if (salt && ti->max_salt_buckets)
		kp_buf_printf(out, " SALT_BUCKETS = %s", salt);
	/* a second table made from it (an index table) keeps its NOT NULL
	 * columns, so it is declared immutable too, whichever way t is */
	bool same = !name || !strcmp(name, t->name);
	if (immutable && ti->not_null_key_only && (!im || !same))
		kp_table_ddl_option(out, "IMMUTABLE_ROWS = true");
	/* the same table again (not a second table made from it, as an
	 * index table is): every other option it has comes back */
	if (same)
		put_options(out, t, ti);
	else if (tenant_led(t, key, ti))
		kp_table_ddl_option(out, "MULTI_TENANT = true");
}

void kp_table_ddl_option(kp_buf *out, const char *opt)
{
	/* options follow the element list's ')', comma-separated */
	size_t i = out->len;
	while (i > 0 && out->data[i - 1] != ')')
		i--;
	kp_buf_puts(out, i > 0 && i < out->len ? ", " : " ");
	kp_buf_puts(out, opt);
}

char *kpa_bufdup(kp_arena *a, kp_buf *b)
{
	return kp_arena_strndup(a, b->data ? b->data : "", b->len);
}

/* The key in key notation with its parts before skip_from replaced by lead. */
char *kpa_notation_with(kp_advisor *adv, const kp_table *t, const char *lead, int skip_from)
{
	kp_buf b = {0};
	kp_buf_puts(&b, lead);
	for (int i = skip_from; i < t->pk.n; i++) {
		kp_buf_putc(&b, '[');
		kp_key_part_name(&b, t, &t->pk.parts[i]);
		if (t->pk.parts[i].desc)
			kp_buf_puts(&b, " DESC");
		kp_buf_putc(&b, ']');
	}
	char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* A key cannot be altered in place: a fix that changes it means a new
 * table and a copy of the rows. */
const char *kpa_migration_note(kp_advisor *adv, const kp_table *t)
{
	return kp_arena_printf(adv->a, "migration: a key cannot change in place: create the new table, copy "
	                       "the rows of %s, switch over", t->name);
}

const char *kpa_key_notation(kp_advisor *adv, const kp_table *t, const kp_key *k)
{
	kp_buf b = {0};
	kp_key_notation(&b, t, k);
	char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* DDL of t (named name) keyed by a new leading column (the writer computes
 * it: a hash or a bucket) and then base, which has plain columns only. */
char *kpa_lead_column_ddl(kp_advisor *adv, const kp_table *t, const char *name, const kp_key *base,
                          const char *col, bool text)
{
	const target_info *ti = kpa_target(adv->target);
	kp_table c = *t;
	c.cols = kp_arena_alloc(adv->a, sizeof(kp_column) * (size_t)(t->ncols + 1));
	memcpy(c.cols + 1, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	kp_column *nc = &c.cols[0];
	nc->name = (char *)col;
	nc->name_len = (uint32_t)strlen(col);
	nc->type_name = text ? "VARCHAR" : ti->strict_key_types ? "BIGINT" : "INT";
	nc->tclass = text ? KP_T_STRING : KP_T_INT;
	nc->length = text ? 4 : -1;
	nc->scale = -1;
	c.ncols = t->ncols + 1;
	kp_key k;
	k.n = base->n + 1;
	k.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)k.n);
	k.parts[0].col = 0;
	for (int i = 0; i < base->n; i++) {
		kp_key_part *p = &k.parts[i + 1];
		*p = base->parts[i];
		if (p->col >= 0) {
			p->col++;
		} else if (p->nhash > 0) {   /* a hash part: its columns move too */
			p->hash_cols = kp_arena_alloc(adv->a, sizeof(int) * (size_t)p->nhash);
			for (int j = 0; j < p->nhash; j++)
				p->hash_cols[j] = base->parts[i].hash_cols[j] + (base->parts[i].hash_cols[j] >= 0);
		}
	}
	kp_buf b = {0};
	kp_table_ddl(&b, &c, name, &k, adv->target);
	char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* A name for a column keyplan adds to t: base when t has no column of
 * that name, else base2, base3, ... (as a compiler makes a fresh name):
 * an advised CREATE TABLE never declares a column twice (KP013). */
const char *kpa_free_column_name(kp_advisor *adv, const kp_table *t, const char *base)
{
	const char *name = base;
	for (int k = 2; kpa_has_column_nocase(t, name); k++)
		name = kp_arena_printf(adv->a, "%s%d", base, k);
	return name;
}

/* Has t a column named name, in any case? (The advice is read again by
 * targets that fold unquoted names: a fresh name differs in every case.) */
bool kpa_has_column_nocase(const kp_table *t, const char *name)
{
	for (int i = 0; i < t->ncols; i++)
		if (!t->cols[i].dropped && !strcasecmp(t->cols[i].name, name))
			return true;
	return false;
}

/* Has t an index named name, in any case? */
bool kpa_has_index_nocase(const kp_table *t, const char *name)
{
	for (int i = 0; i < t->nindexes; i++)
		if (!strcasecmp(t->indexes[i]->name, name))
			return true;
	return false;
}

/* DDL of t (named name) keyed by base whose first column is replaced by a
 * string column col holding a prefix of plen characters (a hash or a
 * bucket number, zero-padded) followed by that column's value, zero-padded
 * (seeds 000: pk1 = hash(pk).substring(0,4) + pk): the key keeps its
 * number of columns. NULL when the first column has no bounded width. */
char *kpa_merged_lead_ddl(kp_advisor *adv, const kp_table *t, const char *name, const kp_key *base,
                          const char *col, int plen)
{
	const kp_column *lead = &t->cols[base->parts[0].col];
	long long w = lead->tclass == KP_T_INT || lead->tclass == KP_T_TIME ? 20
	              : lead->tclass == KP_T_STRING && lead->length > 0 ? lead->length : -1;
	if (w < 0 || w + plen > 1024)
		return NULL;
	kp_table c = *t;
	c.cols = kp_arena_alloc(adv->a, sizeof(kp_column) * (size_t)(t->ncols + 1));
	memcpy(c.cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	kp_column *nc = &c.cols[t->ncols];
	nc->name = (char *)col;
	nc->name_len = (uint32_t)strlen(col);
	nc->type_name = "VARCHAR";
	nc->tclass = KP_T_STRING;
	nc->length = w + plen;
	nc->scale = -1;
	c.ncols = t->ncols + 1;
	kp_key k = *base;
	k.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)k.n);
	memcpy(k.parts, base->parts, sizeof(kp_key_part) * (size_t)k.n);
	k.parts[0].col = t->ncols;
	k.parts[0].desc = false;
	kp_buf b = {0};
	kp_table_ddl(&b, &c, name, &k, adv->target);
	char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* Is name (n bytes) a column of the key the DDL's PRIMARY KEY (...)
 * declares, by name, any case, quoted or not? A part that is an
 * expression (Lindorm's hash32(c)) names no column of its own. */
static bool ddl_key_has(const char *ddl, const char *name)
{
	const char *p = NULL;
	for (const char *q = ddl; (q = strstr(q, "PRIMARY KEY (")); q++)
		p = q + strlen("PRIMARY KEY (");
	if (!p)
		return false;
	size_t n = strlen(name);
	while (*p && *p != ')') {
		p += strspn(p, " ");
		bool q = *p == '"' || *p == '`';
		const char *w = p + q;
		size_t len = q ? strcspn(w, "\"`") : strcspn(w, " ,()");
		const char *after = w + len + q;
		if (*after == '(') {   /* an expression part: past its parentheses */
			int depth = 0;
			for (; *after; after++) {
				depth += *after == '(';
				depth -= *after == ')';
				if (!depth) {
					after++;
					break;
				}
			}
		} else if (len == n && !strncasecmp(w, name, n)) {
			return true;
		}
		p = after + strcspn(after, ",)");
		if (*p == ',')
			p++;
	}
	return false;
}

/* CREATE INDEX of ix as the catalog holds it (its kind, its declared
 * columns or expressions with DESC, USING, the columns it covers, a
 * partial index's WHERE, Phoenix's SALT_BUCKETS), on t made again with
 * the key its DDL declares (ddl): a column the old key held, which every
 * index row held with it, and the new key does not hold is INCLUDEd, so
 * the index covers what it covered; a column the new key holds is not
 * (the store appends it). Phoenix puts the tenant column first itself. */
static void index_again_ddl(kp_buf *b, const kp_table *t, const kp_index *ix, const char *ddl, kp_target target)
{
	const target_info *ti = kpa_target(target);
	kp_buf_printf(b, "CREATE %s%s%sINDEX ", ix->unique ? "UNIQUE " : "", ix->local ? "LOCAL " : "",
	              ix->uncovered ? "UNCOVERED " : "");
	put_name(b, t, ix->name, target);
	if (ix->using)
		kp_buf_printf(b, " USING %s", ix->using);
	kp_buf_puts(b, " ON ");
	put_name(b, t, t->name, target);
	kp_buf_puts(b, " (");
	int first = ix->tenant_lead ? 1 : 0;
	if (ix->nuser <= first)
		kp_buf_putc(b, '*');   /* every column (a COLUMNAR or SEARCH index) */
	for (int j = first; j < ix->nuser && j < ix->key.n; j++) {
		const kp_key_part *p = &ix->key.parts[j];
		if (j > first)
			kp_buf_puts(b, ", ");
		if (p->col >= 0)
			put_col_name(b, t, &t->cols[p->col], target);
		else
			kp_key_part_name(b, t, p);
		if (p->desc)
			kp_buf_puts(b, " DESC");   /* as declared: the target took it */
	}
	kp_buf_putc(b, ')');
	int n = 0;
	bool kv = ix->kv && !ix->search && !ix->columnar;   /* a search index takes no INCLUDE */
	for (int c = 0; kv && ix->covers && ix->nuser > first && c < t->ncols; c++) {
		bool declared = false;
		for (int j = 0; j < ix->nuser && j < ix->key.n; j++)
			declared |= ix->key.parts[j].col == c;
		bool held = ix->covers[c] || t->cols[c].key_pos >= 0;
		if (!held || declared || t->cols[c].dropped || ddl_key_has(ddl, t->cols[c].name))
			continue;
		kp_buf_puts(b, n++ ? ", " : " INCLUDE (");
		put_col_name(b, t, &t->cols[c], target);
	}
	if (n)
		kp_buf_putc(b, ')');
	if (ix->where) {
		kp_buf_puts(b, " WHERE ");
		kp_expr_to_sql(b, ix->where);
	}
	if (ix->salt_buckets && ti->max_salt_buckets)
		kp_buf_printf(b, " SALT_BUCKETS = %d", ix->salt_buckets);
	/* an index the schema disabled (or made unusable) stays so: made
	 * again, it would be maintained and read as it is not today */
	if (ix->state != KP_IX_ACTIVE) {
		kp_buf_puts(b, ";\nALTER INDEX ");
		put_name(b, t, ix->name, target);
		kp_buf_puts(b, " ON ");
		put_name(b, t, t->name, target);
		kp_buf_puts(b, ix->state == KP_IX_DISABLED ? " DISABLE" : " UNUSABLE");
	}
}

/* Text past its leading "--" comment lines. */
static const char *past_comments(const char *at)
{
	while (!strncmp(at, "--", 2) && strchr(at, '\n'))
		at = strchr(at, '\n') + 1;
	return at;
}

/* A key cannot change in place: the migration makes the table again, and
 * an index belongs to its table (Phoenix's global index table, Lindorm's
 * the same; Tablestore's secondary index is created on a table, by
 * CreateIndex or in CreateTable's index metas), so each index the key
 * change keeps is made again on the new table. Kept: every index of the
 * table but the ones an item applied with it replaces (a rebuilt, widened
 * or dropped index: that item's own DDL makes or drops it), and, for the
 * recommendation's key change, the ones another item of the
 * recommendation replaces. */
void kpa_rekey_keep_indexes(kp_advisor *adv)
{
	for (uint32_t i = 0; i < adv->advice.n; i++) {
		kp_advice *x = adv->advice.items[i];
		const kp_table *t = x->table;
		if (!t || !x->newkey || x->index || !x->ddl || !t->nindexes)
			continue;
		char *head = kp_arena_printf(adv->a, "CREATE TABLE %s ", t->name);
		kp_buf nm = {0};
		kp_buf_puts(&nm, "CREATE TABLE ");
		put_name(&nm, t, t->name, adv->target);
		kp_buf_putc(&nm, ' ');
		const char *body = past_comments(x->ddl);
		bool same = !strncmp(body, head, strlen(head)) || !strncmp(body, nm.data, nm.len);
		kp_buf_free(&nm);
		if (!same)
			continue;   /* a second table (an index table): not this table made again */
		kp_buf b = {0};
		kp_buf_puts(&b, x->ddl);
		for (int k = 0; k < t->nindexes; k++) {
			const kp_index *ix = t->indexes[k];
			if (ix->inherited)
				continue;
			bool replaced = false;
			for (uint32_t j = 0; j < adv->advice.n && !replaced; j++) {
				const kp_advice *y = adv->advice.items[j];
				if (y->table != t || y->replaces != ix)
					continue;
				bool with = false;
				for (const kp_advice *z = x->with; z && !with; z = z->with)
					with = z == y;
				for (const kp_advice *z = y->with; z && !with; z = z->with)
					with = z == x;
				replaced = with || (x->recommended && y->recommended);
			}
			if (replaced)
				continue;
			kp_buf_puts(&b, ";\n");
			index_again_ddl(&b, t, ix, x->ddl, adv->target);
		}
		x->ddl = kpa_bufdup(adv->a, &b);
		kp_buf_free(&b);
	}
}
