/* Advisor: schema checks (hotspots, key size and shape, uniqueness, column
 * families), the target store's hard limits, and workload checks (index
 * tables and secondary indexes for unserved queries, a reordered key, DESC
 * key columns). Every finding is a located diagnostic with help lines; every
 * fix is also a kp_advice record (docs/advice-json.md). */
#include "advisor.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *target_names[] = {"lindorm", "tablestore", "phoenix", "generic"};

int kp_target_parse(kp_target *out, const char *s)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(s, target_names[i]) == 0) {
			*out = (kp_target)i;
			return 0;
		}
	return -1;
}

const char *kp_target_name(kp_target t)
{
	return target_names[t];
}

void kp_advisor_init(kp_advisor *adv, const kp_catalog *cat, kp_target target, kp_arena *a, kp_diags *d)
{
	memset(adv, 0, sizeof(*adv));
	adv->cat = cat;
	adv->target = target;
	adv->a = a;
	adv->d = d;
}

static uint64_t query_shape(const kp_wquery *cq);

void kp_advisor_add(kp_advisor *adv, const kp_stmt *s, const kp_plan *p, kp_source *src, double weight)
{
	kp_wquery *q = kp_arena_alloc(adv->a, sizeof(*q));
	q->stmt = s;
	q->plan = *p;
	/* the advisor keeps the plan's class, path and order; its ranges and
	 * filter live in the caller's per-statement arena */
	q->plan.ranges = NULL;
	q->plan.filter.items = NULL;
	q->plan.filter.n = q->plan.filter.cap = 0;
	q->src = src;
	q->weight = weight;
	kp_list_push(adv->a, &adv->queries, q);
	/* hashed now, while the statement is in the cache: later passes visit
	 * every query again, and the AST is cold by then */
	if (p->table && p->access != KP_ACCESS_NONE)
		query_shape(q);
}

/* The workload's queries on t: bucketed once, so the per-table checks cost
 * O(queries) in all rather than O(tables x queries). */
static const kp_list *queries_of(kp_advisor *adv, const kp_table *t)
{
	if (!adv->by_table || adv->bucketed != adv->queries.n) {
		adv->by_table = kp_arena_alloc(adv->a, sizeof(kp_list) * (size_t)(adv->cat->ntables + 1));
		for (uint32_t i = 0; i < adv->queries.n; i++) {
			kp_wquery *q = adv->queries.items[i];
			if (q->plan.table && q->plan.table->id < adv->cat->ntables &&
			    adv->cat->tables[q->plan.table->id] == q->plan.table)
				kp_list_push(adv->a, &adv->by_table[q->plan.table->id], q);
		}
		adv->bucketed = adv->queries.n;
	}
	return &adv->by_table[t->id];
}

/* A map from 64-bit keys to small values (open addressing): plan classes
 * by (key, query shape), proposals by key. Checking a large workload
 * re-plans the same few shapes many times; this makes each shape cost one
 * plan per candidate key. */
typedef struct u64map {
	uint64_t *keys;         /* keys (0 is mapped to 1) */
	uint32_t *vals;         /* values */
	uint32_t cap;           /* slots, a power of two */
	uint32_t n;             /* slots used */
} u64map;

static uint64_t map_key(uint64_t k)
{
	return k ? k : 1;
}

static bool map_get(const u64map *m, uint64_t k, uint32_t *v)
{
	if (!m->cap)
		return false;
	k = map_key(k);
	for (uint32_t i = (uint32_t)(k * 0x9e3779b97f4a7c15ull >> 32) & (m->cap - 1); m->keys[i];
	     i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == k) {
			*v = m->vals[i];
			return true;
		}
	return false;
}

static void map_put(u64map *m, uint64_t k, uint32_t v)
{
	if ((m->n + 1) * 2 > m->cap) {
		u64map g = {0};
		g.cap = m->cap ? m->cap * 2 : 64;
		g.keys = calloc(g.cap, sizeof(uint64_t));
		g.vals = calloc(g.cap, sizeof(uint32_t));
		if (!g.keys || !g.vals)
			abort();
		for (uint32_t i = 0; i < m->cap; i++)
			if (m->keys[i])
				map_put(&g, m->keys[i], m->vals[i]);
		free(m->keys);
		free(m->vals);
		*m = g;
	}
	k = map_key(k);
	uint32_t i = (uint32_t)(k * 0x9e3779b97f4a7c15ull >> 32) & (m->cap - 1);
	while (m->keys[i] && m->keys[i] != k)
		i = (i + 1) & (m->cap - 1);
	if (!m->keys[i])
		m->n++;
	m->keys[i] = k;
	m->vals[i] = v;
}

static void map_free(u64map *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

static uint64_t str_hash(const char *s, uint64_t h)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* ------------------------------------------------------------ names */

static void lower_copy(char *dst, const char *src, size_t n)
{
	size_t i = 0;
	for (; src[i] && i + 1 < n; i++)
		dst[i] = (char)tolower((unsigned char)src[i]);
	dst[i] = 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

static bool name_in(const char *lname, const char *const *list)
{
	for (int i = 0; list[i]; i++)
		if (strcmp(lname, list[i]) == 0)
			return true;
	return false;
}

static bool any_suffix(const char *lname, const char *const *list)
{
	for (int i = 0; list[i]; i++)
		if (ends_with(lname, list[i]))
			return true;
	return false;
}

/* Why a leading key column grows monotonically, or NULL. */
static const char *monotonic_reason(const kp_column *c)
{
	static const char *const names[] = {"id", "ts", "time", "timestamp", "date", "datetime", "seq",
	                                    "sequence", "created", "created_at", "updated_at", "event_time",
	                                    "order_number", "ordernumber", "orderno", "order_no", "serial",
	                                    "serial_no", "log_time", NULL};
	static const char *const suffixes[] = {"_time", "_ts", "_at", "_date", "_seq", "_timestamp", NULL};
	char l[128];
	lower_copy(l, c->name, sizeof l);
	if (c->auto_increment)
		return "an AUTO_INCREMENT column";
	if (c->tclass == KP_T_TIME)
		return "a time column";
	if (name_in(l, names) || any_suffix(l, suffixes))
		return "a time, sequence or id column by its name";
	return NULL;
}

static const char *enum_reason(const kp_column *c)
{
	static const char *const names[] = {"type", "status", "state", "kind", "category", "gender", "sex",
	                                    "flag", "level", "region", "country", "enabled", "deleted", NULL};
	static const char *const suffixes[] = {"_type", "_status", "_state", "_kind", "_flag", "_category", NULL};
	char l[128];
	lower_copy(l, c->name, sizeof l);
	if (c->tclass == KP_T_BOOL)
		return "a BOOLEAN";
	if (name_in(l, names) || any_suffix(l, suffixes) || strncmp(l, "is_", 3) == 0)
		return "an enum-like column by its name";
	return NULL;
}

static const char *prefix_reason(const kp_column *c)
{
	static const char *const names[] = {"phone", "mobile", "tel", "telephone", "phone_number", "msisdn",
	                                    "url", "uri", "domain", "host_url", NULL};
	static const char *const suffixes[] = {"_phone", "_mobile", "_tel", "_url", NULL};
	char l[128];
	lower_copy(l, c->name, sizeof l);
	if (c->tclass != KP_T_STRING && c->tclass != KP_T_INT)
		return NULL;
	if (name_in(l, names) || any_suffix(l, suffixes))
		return "values that share a fixed prefix (phone numbers, URLs)";
	return NULL;
}

static bool numeric_string(const kp_column *c)
{
	static const char *const names[] = {"date", "day", "hour", "month", "year", "time", "ts", "dt",
	                                    "yyyymmdd", "yyyymmddhh", "number", "num", "no", NULL};
	static const char *const suffixes[] = {"_date", "_day", "_hour", "_month", "_year", "_time",
	                                       "_num", "_no", "_number", "_dt", NULL};
	char l[128];
	lower_copy(l, c->name, sizeof l);
	return c->tclass == KP_T_STRING && (name_in(l, names) || any_suffix(l, suffixes));
}

/* Fixed width in bytes of a column, or -1 for variable width. */
static int fixed_width(const kp_column *c)
{
	char l[64];
	lower_copy(l, c->type_name, sizeof l);
	if (!strcmp(l, "tinyint") || !strcmp(l, "byte") || !strcmp(l, "boolean") || !strcmp(l, "bool"))
		return 1;
	if (!strcmp(l, "smallint") || !strcmp(l, "short"))
		return 2;
	if (!strcmp(l, "int") || !strcmp(l, "integer") || !strcmp(l, "float") || !strcmp(l, "date") ||
	    !strcmp(l, "mediumint"))
		return 4;
	if (c->tclass == KP_T_INT || c->tclass == KP_T_REAL || c->tclass == KP_T_TIME)
		return 8;
	if (!strcmp(l, "char") || !strcmp(l, "binary"))
		return c->length > 0 ? (int)c->length : 1;
	return -1;
}

/* ------------------------------------------------------------- output */

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

static void put_col_name(kp_buf *b, const kp_column *c, kp_target target)
{
	if (c->family && target == KP_TARGET_PHOENIX)
		kp_buf_printf(b, "%s.%s", c->family, c->name);
	else if (c->family)
		kp_buf_printf(b, "`%s:%s`", c->family, c->name);
	else
		kp_buf_puts(b, c->name);
}

static void put_key_parts(kp_buf *b, const kp_table *t, const kp_key *k)
{
	for (int i = 0; i < k->n; i++) {
		if (i)
			kp_buf_puts(b, ", ");
		kp_key_part_name(b, t, &k->parts[i]);
		if (k->parts[i].desc)
			kp_buf_puts(b, " DESC");
	}
}

void kp_table_ddl(kp_buf *out, const kp_table *t, const char *name, const kp_key *key, kp_target target)
{
	if (!key)
		key = &t->pk;
	kp_buf_printf(out, "CREATE TABLE %s (", name ? name : t->name);
	for (int i = 0; i < t->ncols; i++) {
		const kp_column *c = &t->cols[i];
		kp_buf_puts(out, i ? ", " : "");
		put_col_name(out, c, target);
		kp_buf_putc(out, ' ');
		put_type(out, c);
		bool in_key = false;
		for (int j = 0; j < key->n; j++)
			if (key->parts[j].col == i)
				in_key = true;
		if (in_key || c->not_null)
			kp_buf_puts(out, " NOT NULL");
	}
	kp_buf_puts(out, ", PRIMARY KEY (");
	put_key_parts(out, t, key);
	kp_buf_puts(out, "))");
	const char *salt = kp_table_option_get(t, "salt_buckets");
	if (salt && target == KP_TARGET_PHOENIX)
		kp_buf_printf(out, " SALT_BUCKETS = %s", salt);
}

static char *bufdup(kp_arena *a, kp_buf *b)
{
	return kp_arena_strndup(a, b->data ? b->data : "", b->len);
}

static kp_advice *advise(kp_advisor *adv, kp_rule rule, const char *kind, const kp_table *t,
                         const char *message, const char *key, const char *ddl)
{
	kp_advice *x = kp_arena_alloc(adv->a, sizeof(*x));
	x->rule = rule;
	x->kind = kind;
	x->table = t;
	x->message = message;
	x->key = key;
	x->ddl = ddl;
	x->serves = -1;
	x->of = -1;
	kp_list_push(adv->a, &adv->advice, x);
	return x;
}

static void advice_col(kp_advisor *adv, kp_advice *x, const char *col)
{
	kp_list_push(adv->a, &x->columns, (void *)col);
}

/* The key with part i replaced by the documents' notation for a fix. */
static char *notation_with(kp_advisor *adv, const kp_table *t, const char *lead, int skip_from)
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
	char *r = bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

static const char *key_notation(kp_advisor *adv, const kp_table *t, const kp_key *k)
{
	kp_buf b = {0};
	kp_key_notation(&b, t, k);
	char *r = bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* ------------------------------------------------------ schema checks */

static kp_diag *finding(kp_advisor *adv, kp_rule rule, const kp_table *t, uint32_t off, uint32_t len,
                        const char *msg)
{
	return kp_diag_add(adv->d, adv->a, rule, kp_rule_get(rule)->severity, t->src, off, len, "%s", msg);
}

static uint32_t name_len(const kp_column *c)
{
	return (uint32_t)strlen(c->name) + (c->family ? (uint32_t)strlen(c->family) + 1 : 0);
}

/* Hash-prefix and salting fixes for a hot leading column. */
static void hotspot_fixes(kp_advisor *adv, kp_diag *g, kp_rule rule, const kp_table *t, const kp_column *c,
                          bool salt)
{
	kp_buf m = {0}, ddl = {0};
	const char *cn = c->name;
	/* hash prefix */
	kp_buf_printf(&m, "[md5(%s).substr(0,4)]", cn);
	char *key = notation_with(adv, t, m.data, 0);
	kp_buf_clear(&m);
	const char *ddlp = NULL;
	if (adv->target != KP_TARGET_TABLESTORE && adv->target != KP_TARGET_PHOENIX) {
		kp_key k = t->pk;
		k.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)(t->pk.n + 1));
		k.parts[0].col = -1;
		k.parts[0].hash_bits = 32;
		k.parts[0].nhash = 1;
		k.parts[0].hash_cols = kp_arena_alloc(adv->a, sizeof(int));
		k.parts[0].hash_cols[0] = (int)(c - t->cols);
		memcpy(k.parts + 1, t->pk.parts, sizeof(kp_key_part) * (size_t)t->pk.n);
		k.n = t->pk.n + 1;
		kp_table_ddl(&ddl, t, NULL, &k, adv->target);
		ddlp = bufdup(adv->a, &ddl);
	}
	kp_buf_printf(&m, "hash_prefix: lead the key with a hash of %s, %s; point reads stay "
	              "predictable, but range reads over %s are lost", cn,
	              adv->target == KP_TARGET_TABLESTORE ? "the first 4 hex characters of md5(" : "",
	              cn);
	if (adv->target == KP_TARGET_TABLESTORE) {
		kp_buf_clear(&m);
		kp_buf_printf(&m, "hash_prefix: prefix the partition key with the first 4 hex characters of "
		              "md5(%s); point reads stay predictable, but GetRange over %s is lost", cn, cn);
	} else if (adv->target != KP_TARGET_PHOENIX) {
		kp_buf_clear(&m);
		kp_buf_printf(&m, "hash_prefix: PRIMARY KEY (hash32(%s), ...) spreads writes; point reads "
		              "stay predictable, but range reads over %s alone are lost", cn, cn);
	}
	kp_advice *x = advise(adv, rule, "hash_prefix", t, bufdup(adv->a, &m), key, ddlp);
	advice_col(adv, x, c->name);
	kp_diag_help(g, adv->a, "%s: %s", x->message, key);
	if (!salt)
		goto done;
	/* salting / modulo buckets */
	kp_buf_clear(&m);
	kp_buf_clear(&ddl);
	key = notation_with(adv, t, "[bucket]", 0);
	if (adv->target == KP_TARGET_PHOENIX) {
		kp_table_ddl(&ddl, t, NULL, NULL, adv->target);
		if (!kp_table_option_get(t, "salt_buckets"))
			kp_buf_puts(&ddl, " SALT_BUCKETS = 16");
		kp_buf_printf(&m, "salt_buckets: SALT_BUCKETS = 16 prefixes every row with one of 16 "
		              "buckets; writes spread, but every scan fans out over the 16 buckets");
	} else {
		kp_table_ddl(&ddl, t, NULL, NULL, adv->target);
		/* insert the bucket column and key part */
		kp_buf d2 = {0};
		const char *open = strchr(ddl.data, '(');
		size_t head = (size_t)(open - ddl.data) + 1;
		kp_buf_put(&d2, ddl.data, head);
		kp_buf_puts(&d2, "bucket INT NOT NULL, ");
		const char *pk = strstr(ddl.data, "PRIMARY KEY (");
		kp_buf_put(&d2, ddl.data + head, (size_t)(pk - ddl.data) - head);
		kp_buf_puts(&d2, "PRIMARY KEY (bucket, ");
		kp_buf_puts(&d2, pk + strlen("PRIMARY KEY ("));
		kp_buf_free(&ddl);
		ddl = d2;
		kp_buf_printf(&m, "salt_buckets: lead the key with bucket = %s %% 16, computed by the writer; "
		              "writes spread over 16 buckets, but a read must fan out over all of them", cn);
	}
	x = advise(adv, rule, "salt_buckets", t, bufdup(adv->a, &m), key, bufdup(adv->a, &ddl));
	advice_col(adv, x, c->name);
	kp_diag_help(g, adv->a, "%s: %s", x->message, key);
done:
	kp_buf_free(&m);
	kp_buf_free(&ddl);
}

/* Which leading columns are hot: used to keep a reordered key from bringing
 * a hotspot back. */
static const char *hot_reason(const kp_column *c)
{
	const char *r = monotonic_reason(c);
	if (!r)
		r = enum_reason(c);
	if (!r)
		r = prefix_reason(c);
	return r;
}

static void check_hotspots(kp_advisor *adv, const kp_table *t)
{
	const kp_key_part *p0 = &t->pk.parts[0];
	if (p0->col < 0)
		return;   /* already hash-prefixed */
	const kp_column *c = &t->cols[p0->col];
	const char *what = adv->target == KP_TARGET_TABLESTORE ? "partition key" : "leading key column";
	const char *r;
	kp_buf m = {0};
	if ((r = monotonic_reason(c))) {
		kp_buf_printf(&m, "%s '%s' of %s is %s: it grows monotonically, so every new row is "
		              "written to the same region (a write hotspot)", what, c->name, t->name, r);
		kp_diag *g = finding(adv, KP_R_HOT_MONOTONIC, t, c->off, name_len(c), m.data);
		hotspot_fixes(adv, g, KP_R_HOT_MONOTONIC, t, c, true);
		if (c->auto_increment) {
			const char *ddl = "CREATE TABLE tickets64 (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, "
			                  "stub CHAR(1) NOT NULL DEFAULT '', PRIMARY KEY (id), UNIQUE KEY stub (stub)) "
			                  "ENGINE=MyISAM";
			kp_advice *x = advise(adv, KP_R_HOT_MONOTONIC, "global_id", t,
			                      "global_id: in a sharded store AUTO_INCREMENT is not unique across shards; "
			                      "take IDs from a ticket table (REPLACE INTO tickets64 (stub) VALUES ('a'); "
			                      "SELECT LAST_INSERT_ID();) or a sequence table, and hash-prefix them",
			                      key_notation(adv, t, &t->pk), ddl);
			advice_col(adv, x, c->name);
			kp_diag_help(g, adv->a, "%s", x->message);
		}
	} else if ((r = enum_reason(c))) {
		kp_buf_printf(&m, "%s '%s' of %s is %s: few distinct values put all writes on a few regions",
		              what, c->name, t->name, r);
		kp_diag *g = finding(adv, KP_R_HOT_ENUM, t, c->off, name_len(c), m.data);
		hotspot_fixes(adv, g, KP_R_HOT_ENUM, t, c, true);
	} else if ((r = prefix_reason(c))) {
		kp_buf_printf(&m, "%s '%s' of %s holds %s: rows cluster in a few regions", what, c->name,
		              t->name, r);
		kp_diag *g = finding(adv, KP_R_HOT_PREFIX, t, c->off, name_len(c), m.data);
		kp_buf lead = {0};
		kp_buf_printf(&lead, "[reverse(%s)]", c->name);
		char *key = notation_with(adv, t, lead.data, 1);
		kp_advice *x = advise(adv, KP_R_HOT_PREFIX, "reverse_key", t,
		                      kp_arena_printf(adv->a, "reverse_key: store %s reversed, so the varying "
		                                      "digits lead; point reads still work, ordering by %s is lost",
		                                      c->name, c->name), key, NULL);
		advice_col(adv, x, c->name);
		kp_diag_help(g, adv->a, "%s: %s", x->message, key);
		kp_buf_free(&lead);
		hotspot_fixes(adv, g, KP_R_HOT_PREFIX, t, c, false);
	}
	kp_buf_free(&m);
}

static void check_shape(kp_advisor *adv, const kp_table *t)
{
	kp_buf m = {0};
	int ncols = 0;
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col >= 0)
			ncols++;
	if (ncols > 3) {
		kp_buf_printf(&m, "the key of %s has %d columns; fewer key columns (1 to 3) mean faster "
		              "writes and less storage", t->name, ncols);
		kp_diag *g = finding(adv, KP_R_MANY_KEY_COLUMNS, t, t->pk_off ? t->pk_off : t->off, 0, m.data);
		kp_advice *x = advise(adv, KP_R_MANY_KEY_COLUMNS, "fewer_key_columns", t,
		                      "fewer_key_columns: keep the columns queries bind; concatenate the others "
		                      "into one (zero-padded, with a separator below every value character) "
		                      "or move them out of the key", key_notation(adv, t, &t->pk), NULL);
		kp_diag_help(g, adv->a, "%s", x->message);
	}
	int fixed = 0;
	bool all_fixed = true;
	for (int i = 0; i < t->pk.n; i++) {
		int ci = t->pk.parts[i].col;
		if (ci < 0)
			continue;
		const kp_column *c = &t->cols[ci];
		int w = fixed_width(c);
		if (w < 0)
			all_fixed = false;
		else
			fixed += w;
		if (c->tclass == KP_T_STRING || c->tclass == KP_T_BINARY) {
			/* CHAR and BINARY without a length hold one byte */
			if ((c->length < 0 && w < 0) || c->length > 2048) {
				kp_buf_clear(&m);
				if (c->length < 0)
					kp_buf_printf(&m, "key column '%s' of %s has no length bound; keep key values "
					              "short (well under 2 KB)", c->name, t->name);
				else
					kp_buf_printf(&m, "key column '%s' of %s may hold %lld bytes; keep key values "
					              "under 2 KB", c->name, t->name, (long long)c->length);
				kp_diag *g = finding(adv, KP_R_LONG_KEY, t, c->off, name_len(c), m.data);
				kp_advice *x = advise(adv, KP_R_LONG_KEY, "shorten_key", t,
				                      kp_arena_printf(adv->a, "shorten_key: declare %s %s(n) with the "
				                                      "smallest n that fits, or a code instead of a name",
				                                      c->name, c->type_name),
				                      key_notation(adv, t, &t->pk), NULL);
				advice_col(adv, x, c->name);
				kp_diag_help(g, adv->a, "%s", x->message);
			}
			if (numeric_string(c)) {
				kp_buf_clear(&m);
				kp_buf_printf(&m, "key column '%s' of %s is a string that holds numbers or dates "
				              "(such as '2015122410'); a BIGINT is shorter and fixed-width", c->name, t->name);
				kp_diag *g = finding(adv, KP_R_NUMERIC_STRING, t, c->off, name_len(c), m.data);
				kp_buf ddl = {0};
				kp_table tt = *t;
				kp_column *cols = kp_arena_alloc(adv->a, sizeof(kp_column) * (size_t)t->ncols);
				memcpy(cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
				cols[ci].type_name = "BIGINT";
				cols[ci].length = -1;
				cols[ci].scale = -1;
				tt.cols = cols;
				kp_table_ddl(&ddl, &tt, NULL, NULL, adv->target);
				kp_advice *x = advise(adv, KP_R_NUMERIC_STRING, "numeric_key", t,
				                      kp_arena_printf(adv->a, "numeric_key: store %s as BIGINT "
				                                      "('2015122410' => 2015122410)", c->name),
				                      key_notation(adv, t, &t->pk), bufdup(adv->a, &ddl));
				advice_col(adv, x, c->name);
				kp_diag_help(g, adv->a, "%s", x->message);
				kp_buf_free(&ddl);
			}
		}
	}
	if (all_fixed && fixed > 24) {
		kp_buf_clear(&m);
		kp_buf_printf(&m, "the key of %s is %d bytes wide; HBase advises keys of 16 bytes or less "
		              "(every cell stores its key)", t->name, fixed);
		kp_diag *g = finding(adv, KP_R_LONG_KEY, t, t->pk_off ? t->pk_off : t->off, 0, m.data);
		kp_advice *x = advise(adv, KP_R_LONG_KEY, "shorten_key", t,
		                      "shorten_key: use narrower integer types or fewer key columns",
		                      key_notation(adv, t, &t->pk), NULL);
		kp_diag_help(g, adv->a, "%s", x->message);
	}
	if (t->nfamilies > 2) {
		kp_buf_clear(&m);
		kp_buf_printf(&m, "%s has %d column families; keep as few as possible (1 or 2), with data "
		              "read together in one family", t->name, t->nfamilies);
		kp_diag *g = finding(adv, KP_R_MANY_FAMILIES, t, t->off, t->name_len, m.data);
		kp_advice *x = advise(adv, KP_R_MANY_FAMILIES, "fewer_column_families", t,
		                      "fewer_column_families: merge families that are read together",
		                      key_notation(adv, t, &t->pk), NULL);
		kp_diag_help(g, adv->a, "%s", x->message);
	}
	kp_buf_free(&m);
}

/* ----------------------------------------------------- target limits */

static void target_error(kp_advisor *adv, const kp_table *t, uint32_t off, uint32_t len, const char *fmt,
                         const char *a1, const char *a2)
{
	kp_diag_add(adv->d, adv->a, KP_R_TARGET, KP_SEV_ERROR, t->src, off, len, fmt, a1, a2,
	            kp_target_name(adv->target));
}

static void check_target_schema(kp_advisor *adv, const kp_table *t)
{
	char num[32];
	if (adv->target == KP_TARGET_LINDORM) {
		if (t->pk.n > 5) {
			snprintf(num, sizeof num, "%d", t->pk.n);
			target_error(adv, t, t->pk_off, 0, "the key of %s has %s parts; %s allows at most 5",
			             t->name, num);
		}
		long long width = 0;
		bool bounded = true;
		for (int i = 0; i < t->pk.n; i++) {
			int ci = t->pk.parts[i].col;
			if (ci < 0)
				continue;
			const kp_column *c = &t->cols[ci];
			char l[32];
			lower_copy(l, c->type_name, sizeof l);
			if (c->tclass == KP_T_BINARY && i != t->pk.n - 1)
				target_error(adv, t, c->off, name_len(c), "key column '%s' of %s is binary, but %s "
				             "allows a VARBINARY key column only in the last position", c->name, t->name);
			if (c->tclass == KP_T_JSON)
				target_error(adv, t, c->off, name_len(c), "key column '%s' of %s is JSON, which %s "
				             "never allows in a primary key", c->name, t->name);
			int w = fixed_width(c);
			if (w >= 0)
				width += w;
			else if (c->length >= 0)
				width += c->length;
			else
				bounded = false;
		}
		if (bounded && width > 2048) {
			snprintf(num, sizeof num, "%lld", width);
			target_error(adv, t, t->pk_off, 0, "the key of %s may be %s bytes long; %s allows at most 2 KB",
			             t->name, num);
		}
		if (t->nfamilies > 3) {
			snprintf(num, sizeof num, "%d", t->nfamilies);
			target_error(adv, t, t->off, t->name_len, "%s has %s column families; %s "
			             "allows at most 3", t->name, num);
		}
	} else if (adv->target == KP_TARGET_TABLESTORE) {
		if (t->pk.n > 4) {
			snprintf(num, sizeof num, "%d", t->pk.n);
			target_error(adv, t, t->pk_off, 0, "the key of %s has %s columns; %s allows 1 to 4",
			             t->name, num);
		}
		for (int i = 0; i < t->pk.n; i++) {
			int ci = t->pk.parts[i].col;
			if (ci < 0) {
				target_error(adv, t, t->pk_off, 0, "the key of %s has a hash part%s; %s has no hash "
				             "functions in keys: store the hash in a key column", t->name, "");
				continue;
			}
			const kp_column *c = &t->cols[ci];
			char l[32];
			lower_copy(l, c->type_name, sizeof l);
			bool ok = !strcmp(l, "bigint") || !strcmp(l, "long") ||
			          ((!strcmp(l, "varchar") || !strcmp(l, "string")) && c->length <= 1024) ||
			          ((!strcmp(l, "varbinary") || !strcmp(l, "binary")) && c->length <= 1024);
			if (!ok)
				target_error(adv, t, c->off, name_len(c), "key column '%s' of %s: %s key columns are "
				             "BIGINT, VARCHAR(n <= 1024) or VARBINARY(n <= 1024)", c->name, t->name);
		}
	} else if (adv->target == KP_TARGET_PHOENIX) {
		const char *salt = kp_table_option_get(t, "salt_buckets");
		if (salt) {
			char *end;
			long n = strtol(salt, &end, 10);
			if (*end || n < 1 || n > 256)
				target_error(adv, t, t->off, t->name_len, "SALT_BUCKETS = %s on %s; %s "
				             "allows 1 to 256", salt, t->name);
		}
	}
}

static void walk_in_lists(const kp_expr *e, kp_target target, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (!e)
		return;
	if (e->kind == KP_X_IN && e->n > 2000 && target == KP_TARGET_LINDORM)
		kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, e->off, e->len,
		            "IN list of %u values; lindorm allows at most 2000", e->n);
	walk_in_lists(e->a, target, src, a, d);
	walk_in_lists(e->b, target, src, a, d);
	walk_in_lists(e->c, target, src, a, d);
	for (uint32_t i = 0; i < e->n; i++)
		walk_in_lists(e->list[i], target, src, a, d);
}

void kp_advise_statement(kp_target target, const kp_stmt *s, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (target != KP_TARGET_LINDORM)
		return;
	const kp_expr *where = NULL, *limit = NULL, *offset = NULL;
	const kp_list *order = NULL;
	if (s->kind == KP_S_SELECT) {
		where = s->u.select.where;
		limit = s->u.select.limit;
		offset = s->u.select.offset;
		order = &s->u.select.order;
	} else if (s->kind == KP_S_UPDATE || s->kind == KP_S_DELETE) {
		where = s->u.update.where;
		limit = s->u.update.limit;
		order = &s->u.update.order;
	} else {
		return;
	}
	if (s->largest_in > 2000)
		walk_in_lists(where, target, src, a, d);
	const kp_expr *nums[2] = {limit, offset};
	for (int i = 0; i < 2; i++)
		if (nums[i] && nums[i]->kind == KP_X_INT && (nums[i]->overflow || nums[i]->ival > 10000))
			kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, nums[i]->off, nums[i]->len,
			            "%s %.*s; lindorm allows at most 10000", i ? "OFFSET" : "LIMIT",
			            (int)nums[i]->name.len, nums[i]->name.s);
	if (order && order->n && !limit) {
		const kp_order_item *it = order->items[0];
		kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, it->expr->off, it->expr->len,
		            "ORDER BY without LIMIT; lindorm requires a LIMIT with ORDER BY");
	}
}

/* --------------------------------------------------- hypothetical plans */

/* A copy of t with another primary key and the given indexes. */
static kp_table *hypo_table(kp_arena *a, const kp_table *t, const kp_key *key, kp_index **ix, int nix)
{
	kp_table *h = kp_arena_alloc(a, sizeof(*h));
	*h = *t;
	h->cols = kp_arena_alloc(a, sizeof(kp_column) * (size_t)(t->ncols + 1));
	memcpy(h->cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	for (int i = 0; i < t->ncols; i++)
		h->cols[i].key_pos = -1;
	h->pk = *key;
	for (int i = 0; i < key->n; i++)
		if (key->parts[i].col >= 0)
			h->cols[key->parts[i].col].key_pos = i;
	h->indexes = ix;
	h->nindexes = nix;
	h->src = NULL;   /* no notes pointing at a table that does not exist */
	return h;
}

/* A KV index on t over cols (then t's key columns), covering `covers`. */
static kp_index *hypo_index(kp_arena *a, const kp_table *t, const char *name, const int *cols,
                            const bool *desc, int n, const bool *covers)
{
	kp_index *ix = kp_arena_alloc(a, sizeof(*ix));
	ix->name = (char *)name;
	ix->table = (kp_table *)t;
	ix->kv = true;
	ix->nuser = n;
	ix->covers = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
	ix->key.parts = kp_arena_alloc(a, sizeof(kp_key_part) * (size_t)(n + t->pk.n + 1));
	for (int i = 0; i < n; i++) {
		kp_key_part *p = &ix->key.parts[ix->key.n++];
		p->col = cols[i];
		p->desc = desc ? desc[i] : false;
		ix->covers[cols[i]] = true;
	}
	for (int i = 0; i < t->pk.n; i++) {
		int c = t->pk.parts[i].col;
		if (c < 0 || ix->covers[c])
			continue;
		kp_key_part *p = &ix->key.parts[ix->key.n++];
		p->col = c;
		ix->covers[c] = true;
	}
	for (int i = 0; covers && i < t->ncols; i++)
		if (covers[i])
			ix->covers[i] = true;
	return ix;
}

static kp_access plan_class(const kp_table *h, const kp_wquery *q, kp_arena *scratch, kp_order *order)
{
	kp_plan p;
	kp_diags d = {0};
	kp_plan_opts o = {.never_reject = false};
	kp_plan_on_table(&p, h, q->stmt, &o, q->src, scratch, &d);
	if (order)
		*order = p.order;
	return p.access;
}

static bool served(kp_access a)
{
	return a == KP_ACCESS_GET || a == KP_ACCESS_SCAN;
}

/* -------------------------------------------------- index suggestions */

typedef struct colset {
	int cols[16];           /* columns in order of first appearance */
	bool desc[16];          /* per column: DESC in the new key */
	int n;                  /* entries */
} colset;

static void colset_add(colset *s, int c, bool desc)
{
	for (int i = 0; i < s->n; i++)
		if (s->cols[i] == c)
			return;
	if (s->n < 16) {
		s->desc[s->n] = desc;
		s->cols[s->n++] = c;
	}
}

static int colref_of(const kp_expr *e)
{
	return e && e->kind == KP_X_COLUMN && e->colref > 0 ? e->colref - 1 : -1;
}

static bool is_value(const kp_expr *e)
{
	kp_value v;
	return kp_value_of(&v, e) && v.kind != KP_V_NULL;
}

/* Columns a WHERE binds by = / IN and by ranges, from its top-level AND. */
static void sargable(const kp_expr *w, colset *eq, colset *range)
{
	if (!w)
		return;
	const kp_expr *one[1] = {w};
	const kp_expr *const *l = one;
	uint32_t n = 1;
	if (w->kind == KP_X_AND) {
		l = (const kp_expr *const *)w->list;
		n = w->n;
	}
	for (uint32_t i = 0; i < n; i++) {
		const kp_expr *e = l[i];
		int c;
		switch (e->kind) {
		case KP_X_CMP:
			c = colref_of(e->a) >= 0 && is_value(e->b) ? colref_of(e->a)
			  : colref_of(e->b) >= 0 && is_value(e->a) ? colref_of(e->b) : -1;
			if (c < 0 || e->op == KP_OP_NE)
				break;
			if (e->op == KP_OP_EQ)
				colset_add(eq, c, false);
			else
				colset_add(range, c, false);
			break;
		case KP_X_IN:
			if ((c = colref_of(e->a)) >= 0 && !e->negated && e->n > 0)
				colset_add(eq, c, false);
			break;
		case KP_X_BETWEEN:
			if ((c = colref_of(e->a)) >= 0 && !e->negated)
				colset_add(range, c, false);
			break;
		case KP_X_CHAIN:
			if ((c = colref_of(e->list[1])) >= 0)
				colset_add(range, c, false);
			break;
		case KP_X_LIKE:
			if ((c = colref_of(e->a)) >= 0 && !e->negated && e->b->kind == KP_X_STRING &&
			    e->b->slen > 0 && e->b->str[0] != '%' && e->b->str[0] != '_')
				colset_add(range, c, false);
			break;
		default:
			break;
		}
	}
}

static const kp_list *order_of(const kp_stmt *s)
{
	return s->kind == KP_S_SELECT ? &s->u.select.order : &s->u.update.order;
}

static const kp_expr *where_of(const kp_stmt *s)
{
	return s->kind == KP_S_SELECT ? s->u.select.where : s->u.update.where;
}

static void used_cols(const kp_expr *e, bool *used, int ncols)
{
	if (!e)
		return;
	if (e->kind == KP_X_COLUMN && e->colref > 0)
		used[e->colref - 1] = true;
	if (e->kind == KP_X_STAR)
		for (int i = 0; i < ncols; i++)
			used[i] = true;
	used_cols(e->a, used, ncols);
	used_cols(e->b, used, ncols);
	used_cols(e->c, used, ncols);
	for (uint32_t i = 0; i < e->n; i++)
		used_cols(e->list[i], used, ncols);
}

typedef struct proposal {
	const kp_table *t;      /* table */
	char *key;              /* notation of the new key (dedupe) */
	kp_key newkey;          /* the new key */
	colset user;            /* the index columns */
	bool *covers;           /* columns to INCLUDE */
	int serves;             /* queries it turns into GET/SCAN */
	int of;                 /* unserved queries it was proposed for */
	kp_access example;      /* class of the first query with it */
} proposal;

static kp_access cached_class(u64map *cache, uint64_t keyid, const kp_table *h, const kp_wquery *q,
                              kp_arena *scratch);

/* _c1_c2[_desc] naming a proposal's columns, and a number when an earlier
 * proposal on the same table already has that name: names are unique. */
static void proposal_suffix(kp_buf *name, const kp_table *t, const proposal *pr, const proposal *props, int i)
{
	for (int j = 0; j < pr->user.n; j++)
		kp_buf_printf(name, "_%s%s", t->cols[pr->user.cols[j]].name, pr->user.desc[j] ? "_desc" : "");
	int same = 0;
	for (int k = 0; k < i; k++) {
		const proposal *o = &props[k];
		if (o->t != t || o->user.n != pr->user.n)
			continue;
		bool eq = true;
		for (int j = 0; j < pr->user.n && eq; j++)
			eq = o->user.cols[j] == pr->user.cols[j] && o->user.desc[j] == pr->user.desc[j];
		same += eq;
	}
	if (same)
		kp_buf_printf(name, "_%d", same + 1);
}

static void suggest_indexes(kp_advisor *adv, kp_arena *scratch)
{
	proposal *props = NULL;
	int nprops = 0, cap = 0;
	u64map byprop = {0}, classes = {0};
	kp_buf m = {0};
	for (uint32_t qi = 0; qi < adv->queries.n; qi++) {
		kp_wquery *q = adv->queries.items[qi];
		const kp_plan *p = &q->plan;
		if (!p->table || served(p->access) || p->access == KP_ACCESS_NONE)
			continue;
		const kp_table *t = p->table;
		colset eq = {0}, range = {0}, key = {0};
		sargable(where_of(q->stmt), &eq, &range);
		const kp_list *order = order_of(q->stmt);
		int ocol = -1;
		bool odesc = false;
		if (order->n) {
			const kp_order_item *it = order->items[0];
			ocol = colref_of(it->expr);
			odesc = it->desc;
		}
		for (int i = 0; i < eq.n; i++)
			colset_add(&key, eq.cols[i], false);
		int rcol = -1;
		for (int i = 0; i < range.n; i++)
			if (range.cols[i] == ocol)
				rcol = ocol;
		if (rcol < 0 && range.n)
			rcol = range.cols[0];
		if (rcol < 0 && ocol >= 0)
			rcol = ocol;
		if (rcol >= 0)
			colset_add(&key, rcol, rcol == ocol && odesc);
		if (key.n == 0)
			continue;   /* nothing a key could bind */
		colset user = key;
		for (int i = 0; i < t->pk.n; i++)
			if (t->pk.parts[i].col >= 0)
				colset_add(&key, t->pk.parts[i].col, false);
		kp_key nk;
		nk.n = key.n;
		nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)key.n);
		for (int i = 0; i < key.n; i++) {
			nk.parts[i].col = key.cols[i];
			nk.parts[i].desc = key.desc[i];
		}
		kp_buf_clear(&m);
		kp_key_notation(&m, t, &nk);
		uint64_t pk = str_hash(m.data, str_hash(t->name, 1469598103934665603ull));
		proposal *pr = NULL;
		uint32_t pi;
		if (map_get(&byprop, pk, &pi) && props[pi].t == t && !strcmp(props[pi].key, m.data))
			pr = &props[pi];
		kp_table *h = hypo_table(scratch, t, &nk, NULL, 0);
		kp_access now = cached_class(&classes, pk, h, q, scratch);
		if (!pr) {
			if (nprops == cap) {
				cap = cap ? cap * 2 : 8;
				props = realloc(props, sizeof(*props) * (size_t)cap);
				if (!props)
					abort();
			}
			map_put(&byprop, pk, (uint32_t)nprops);
			pr = &props[nprops++];
			memset(pr, 0, sizeof(*pr));
			pr->t = t;
			pr->key = bufdup(adv->a, &m);
			pr->newkey = nk;
			pr->user = user;
			pr->covers = kp_arena_alloc(adv->a, sizeof(bool) * (size_t)(t->ncols + 1));
			pr->example = now;
		}
		bool *used = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
		if (q->stmt->kind == KP_S_SELECT)
			for (uint32_t i = 0; i < q->stmt->u.select.items.n; i++)
				used_cols(q->stmt->u.select.items.items[i], used, t->ncols);
		used_cols(where_of(q->stmt), used, t->ncols);
		for (int i = 0; i < t->ncols; i++)
			if (used[i])
				pr->covers[i] = true;
		pr->of++;
		if (served(now))
			pr->serves++;
		kp_diag *g = kp_diag_add(adv->d, adv->a, KP_R_UNSERVED, KP_SEV_WARNING, q->src, q->stmt->off,
		                         q->stmt->len, "the key of %s cannot serve this query (%s); a table or "
		                         "index keyed %s makes it a %s", t->name,
		                         p->rejected ? "rejected full scan" : kp_access_name(p->access), pr->key,
		                         now == KP_ACCESS_GET ? "GET" : now == KP_ACCESS_SCAN ? "SCAN" :
		                         now == KP_ACCESS_FILTERED ? "FILTERED SCAN" : "full scan");
		kp_arena_reset(scratch);
		kp_diag_help(g, adv->a, "index_table or secondary_index on %s keyed %s (see the advice below)",
		             t->name, pr->key);
	}
	for (int i = 0; i < nprops; i++) {
		proposal *pr = &props[i];
		const kp_table *t = pr->t;
		kp_buf name = {0}, ddl = {0};
		kp_buf_printf(&name, "%s_by", t->name);
		proposal_suffix(&name, t, pr, props, i);
		kp_table_ddl(&ddl, t, name.data, &pr->newkey, adv->target);
		kp_advice *x = advise(adv, KP_R_UNSERVED, "index_table", t,
		                      kp_arena_printf(adv->a, "index_table: keep a second table %s keyed %s, "
		                                      "written with every row of %s", name.data, pr->key, t->name),
		                      pr->key, bufdup(adv->a, &ddl));
		x->serves = pr->serves;
		x->of = pr->of;
		for (int j = 0; j < pr->user.n; j++)
			advice_col(adv, x, t->cols[pr->user.cols[j]].name);
		/* the same key as a secondary index */
		kp_buf_clear(&ddl);
		kp_buf_clear(&name);
		kp_buf_printf(&name, "idx_%s", t->name);
		proposal_suffix(&name, t, pr, props, i);
		kp_buf_printf(&ddl, "CREATE INDEX %s ON %s (", name.data, t->name);
		for (int j = 0; j < pr->user.n; j++)
			kp_buf_printf(&ddl, "%s%s%s", j ? ", " : "", t->cols[pr->user.cols[j]].name,
			              pr->user.desc[j] ? " DESC" : "");
		kp_buf_putc(&ddl, ')');
		int ninc = 0;
		for (int c = 0; c < t->ncols; c++) {
			bool inkey = false;
			for (int j = 0; j < pr->newkey.n; j++)
				if (pr->newkey.parts[j].col == c)
					inkey = true;
			if (pr->covers[c] && !inkey)
				kp_buf_printf(&ddl, "%s%s", ninc++ ? ", " : " INCLUDE (", t->cols[c].name);
		}
		if (ninc)
			kp_buf_putc(&ddl, ')');
		x = advise(adv, KP_R_UNSERVED, "secondary_index", t,
		           kp_arena_printf(adv->a, "secondary_index: %s on %s, covering the columns these "
		                           "queries read; the store maintains it on every write", name.data, t->name),
		           pr->key, bufdup(adv->a, &ddl));
		x->serves = pr->serves;
		x->of = pr->of;
		for (int j = 0; j < pr->user.n; j++)
			advice_col(adv, x, t->cols[pr->user.cols[j]].name);
		kp_buf_free(&name);
		kp_buf_free(&ddl);
	}
	free(props);
	map_free(&byprop);
	map_free(&classes);
	kp_buf_free(&m);
}

/* ------------------------------------------------------ reordered key */

/* Queries of one table, grouped by shape (same columns, operators and
 * ORDER BY, any literals), so that each shape is planned once per key. */
typedef struct shape {
	const kp_wquery *q;     /* representative */
	double weight;          /* total weight of its queries */
	uint64_t hash;          /* shape hash */
} shape;

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

static uint64_t shape_hash(const kp_expr *e, uint64_t h)
{
	if (!e)
		return mix(h, 1);
	h = mix(h, (uint64_t)e->kind * 131 + e->op * 7 + e->op2 + (e->negated ? 1000 : 0));
	if (e->kind == KP_X_COLUMN)
		h = mix(h, (uint64_t)e->colref);
	if (e->kind == KP_X_IN)
		h = mix(h, e->n > 1);
	if (e->kind == KP_X_LIKE && e->b && e->b->kind == KP_X_STRING)   /* exactness depends on the pattern */
		for (uint32_t i = 0; i < e->b->slen; i++)
			h = mix(h, (unsigned char)e->b->str[i]);
	h = shape_hash(e->a, h);
	h = shape_hash(e->b, h);
	h = shape_hash(e->c, h);
	if (e->kind != KP_X_IN)
		for (uint32_t i = 0; i < e->n; i++)
			h = shape_hash(e->list[i], h);
	return h;
}

static uint64_t query_shape(const kp_wquery *cq)
{
	kp_wquery *q = (kp_wquery *)cq;   /* the shape is a cache on the query */
	if (q->shape)
		return q->shape;
	uint64_t h = shape_hash(where_of(q->stmt), 17);
	const kp_list *o = order_of(q->stmt);
	for (uint32_t j = 0; j < o->n; j++) {
		const kp_order_item *it = o->items[j];
		h = mix(shape_hash(it->expr, h), it->desc);
	}
	q->shape = h ? h : 1;
	return q->shape;
}

/* The class of q planned on h, from the cache when this (key, shape) was
 * planned before. */
static kp_access cached_class(u64map *cache, uint64_t keyid, const kp_table *h, const kp_wquery *q,
                              kp_arena *scratch)
{
	uint64_t k = mix(keyid, query_shape(q));
	uint32_t v;
	if (map_get(cache, k, &v))
		return (kp_access)v;
	kp_access a = plan_class(h, q, scratch, NULL);
	map_put(cache, k, (uint32_t)a);
	return a;
}

static int table_shapes(kp_advisor *adv, const kp_table *t, shape **out, double *total, int *nq)
{
	shape *s = NULL;
	int n = 0, cap = 0;
	*total = 0;
	*nq = 0;
	const kp_list *qs = queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->plan.table != t || q->plan.access == KP_ACCESS_NONE)
			continue;
		uint64_t h = query_shape(q);
		*total += q->weight;
		(*nq)++;
		int k = 0;
		while (k < n && s[k].hash != h)
			k++;
		if (k == n) {
			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				s = realloc(s, sizeof(*s) * (size_t)cap);
				if (!s)
					abort();
			}
			s[n].q = q;
			s[n].weight = 0;
			s[n].hash = h;
			n++;
		}
		s[k].weight += q->weight;
	}
	*out = s;
	return n;
}

/* Weighted share of the shapes a key serves as GET or SCAN. */
static double key_serves(const kp_table *t, const kp_key *k, const shape *s, int n, kp_arena *scratch)
{
	double w = 0;
	kp_table *h = hypo_table(scratch, t, k, NULL, 0);
	for (int i = 0; i < n; i++)
		if (served(plan_class(h, s[i].q, scratch, NULL)))
			w += s[i].weight;
	kp_arena_reset(scratch);
	return w;
}

static bool next_perm(int *a, int n)
{
	int i = n - 2;
	while (i >= 0 && a[i] >= a[i + 1])
		i--;
	if (i < 0)
		return false;
	int j = n - 1;
	while (a[j] <= a[i])
		j--;
	int tmp = a[i];
	a[i] = a[j];
	a[j] = tmp;
	for (int l = i + 1, r = n - 1; l < r; l++, r--) {
		tmp = a[l];
		a[l] = a[r];
		a[r] = tmp;
	}
	return true;
}

static void key_from_order(kp_key *k, const kp_table *t, const int *perm, int n)
{
	for (int i = 0; i < n; i++) {
		k->parts[i] = t->pk.parts[perm[i]];
	}
	k->n = n;
}

/* Keys with more columns than this are not reordered (the search plans
 * every query for n^2 trial keys). */
#define KP_REORDER_MAX 32

/* Greedy key order (for keys too long to try every order): fills the
 * positions left to right with the column that serves the most, each trial
 * completed with the columns in `rest` order; ties go to the column bound
 * by = more often (eqw); no column marked in no_lead goes first. Writes the
 * order to out and returns the weight it serves. */
static double greedy_order(const kp_table *t, kp_key *k, const shape *s, int ns, kp_arena *scratch,
                           const double *eqw, const int *rest, const bool *no_lead, int *out)
{
	int n = t->pk.n;
	bool used[KP_REORDER_MAX] = {false};
	double got = 0;
	for (int pos = 0; pos < n; pos++) {
		int pick = -1;
		double pick_w = -1;
		for (int c = 0; c < n; c++) {
			if (used[c] || (pos == 0 && no_lead[c]))
				continue;
			int trial[KP_REORDER_MAX], m = 0;
			for (int j = 0; j < pos; j++)
				trial[m++] = out[j];
			trial[m++] = c;
			for (int j = 0; j < n; j++)
				if (!used[rest[j]] && rest[j] != c)
					trial[m++] = rest[j];
			key_from_order(k, t, trial, n);
			double w = key_serves(t, k, s, ns, scratch);
			if (w > pick_w || (w == pick_w && eqw[c] > eqw[pick])) {
				pick_w = w;
				pick = c;
			}
		}
		if (pick < 0)
			return -1;   /* every column is barred from leading */
		used[pick] = true;
		out[pos] = pick;
		got = pick_w;
	}
	return got;
}

static void suggest_reorder(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	int n = t->pk.n;
	if (n < 2 || n > KP_REORDER_MAX)
		return;   /* longer keys already draw KP104; their orders are not searched */
	for (int i = 0; i < n; i++)
		if (t->pk.parts[i].col < 0)
			return;   /* a hash-prefixed key is laid out on purpose */
	shape *s;
	double total;
	int nq;
	int ns = table_shapes(adv, t, &s, &total, &nq);
	if (ns == 0) {
		free(s);
		return;
	}
	double current = key_serves(t, &t->pk, s, ns, scratch);
	int perm[KP_REORDER_MAX], best[KP_REORDER_MAX], best_cool[KP_REORDER_MAX];
	double best_w = current, best_cool_w = -1;
	kp_key k;
	k.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)n);
	for (int i = 0; i < n; i++)
		best[i] = best_cool[i] = perm[i] = i;
	if (n <= 6) {
		/* exhaustive: at most 720 orders, each planning one query per shape */
		do {
			key_from_order(&k, t, perm, n);
			double w = key_serves(t, &k, s, ns, scratch);
			bool hot = hot_reason(&t->cols[t->pk.parts[perm[0]].col]) != NULL;
			if (w > best_w) {
				best_w = w;
				memcpy(best, perm, sizeof(int) * (size_t)n);
			}
			if (!hot && w > best_cool_w) {
				best_cool_w = w;
				memcpy(best_cool, perm, sizeof(int) * (size_t)n);
			}
		} while (next_perm(perm, n));
	} else {
		/* greedy: fill positions left to right with the column that serves
		 * the most. A trial key puts the candidate next and completes it
		 * with the other columns, the ones the workload binds by = first,
		 * then by ranges: completed in declared order, a column that only
		 * serves together with another would never be picked. Ties go to
		 * the column bound by = more often. */
		double eqw[KP_REORDER_MAX] = {0}, rangew[KP_REORDER_MAX] = {0};
		for (int i = 0; i < ns; i++) {
			colset eq = {0}, range = {0};
			sargable(where_of(s[i].q->stmt), &eq, &range);
			for (int p = 0; p < n; p++) {
				for (int j = 0; j < eq.n; j++)
					if (eq.cols[j] == t->pk.parts[p].col)
						eqw[p] += s[i].weight;
				for (int j = 0; j < range.n; j++)
					if (range.cols[j] == t->pk.parts[p].col)
						rangew[p] += s[i].weight;
			}
		}
		int rest[KP_REORDER_MAX];   /* every column, most often bound first */
		for (int i = 0; i < n; i++) {
			int j = i;
			for (; j > 0 && (eqw[rest[j - 1]] < eqw[i] ||
			                 (eqw[rest[j - 1]] == eqw[i] && rangew[rest[j - 1]] < rangew[i])); j--)
				rest[j] = rest[j - 1];
			rest[j] = i;
		}
		bool no_lead[KP_REORDER_MAX] = {false};
		best_w = greedy_order(t, &k, s, ns, scratch, eqw, rest, no_lead, best);
		if (hot_reason(&t->cols[t->pk.parts[best[0]].col])) {
			/* the same search with no hotspot column first */
			for (int i = 0; i < n; i++)
				no_lead[i] = hot_reason(&t->cols[t->pk.parts[i].col]) != NULL;
			best_cool_w = greedy_order(t, &k, s, ns, scratch, eqw, rest, no_lead, best_cool);
		} else {
			memcpy(best_cool, best, sizeof best);
			best_cool_w = best_w;
		}
	}
	const int *chosen = best;
	double chosen_w = best_w;
	const char *tradeoff = "";
	if (hot_reason(&t->cols[t->pk.parts[best[0]].col])) {
		/* never bring back a hotspot silently */
		if (best_cool_w > current) {
			chosen = best_cool;
			chosen_w = best_cool_w;
			if (best_w > best_cool_w)
				tradeoff = kp_arena_printf(adv->a, "; leading with %s would serve more, but it is a "
				                           "write hotspot", t->cols[t->pk.parts[best[0]].col].name);
		} else {
			chosen_w = current;
		}
	}
	if (chosen_w <= current) {
		free(s);
		return;
	}
	key_from_order(&k, t, chosen, n);
	kp_key nk = k;
	nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)n);
	memcpy(nk.parts, k.parts, sizeof(kp_key_part) * (size_t)n);
	kp_buf ddl = {0};
	kp_table_ddl(&ddl, t, NULL, &nk, adv->target);
	const char *key = key_notation(adv, t, &nk);
	/* counts in queries, weighted counts when weights differ from 1 */
	int serves = (int)(chosen_w + 0.5), of = (int)(total + 0.5), was = (int)(current + 0.5);
	kp_diag *g = kp_diag_add(adv->d, adv->a, KP_R_BETTER_KEY, KP_SEV_INFO, t->src,
	                         t->pk_off ? t->pk_off : t->off, 0,
	                         "key %s of %s serves %d of %d queries as GET or SCAN; %s serves %d%s",
	                         key_notation(adv, t, &t->pk), t->name, was, of, key, serves, tradeoff);
	kp_advice *x = advise(adv, KP_R_BETTER_KEY, "reorder_key", t,
	                      kp_arena_printf(adv->a, "reorder_key: %s serves %d of %d queries instead of %d%s",
	                                      key, serves, of, was, tradeoff), key, bufdup(adv->a, &ddl));
	x->serves = serves;
	x->of = of;
	for (int i = 0; i < n; i++)
		advice_col(adv, x, t->cols[nk.parts[i].col].name);
	kp_diag_help(g, adv->a, "%s", x->message);
	kp_buf_free(&ddl);
	free(s);
}

/* ----------------------------------------------------------- DESC key */

static void suggest_desc(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	double rev = 0, fwd = 0;
	int part = -1, nrev = 0, nord = 0;
	const kp_list *qs = queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->plan.table != t || q->plan.index || q->plan.order == KP_ORDER_NONE)
			continue;
		nord++;
		if (q->plan.order == KP_ORDER_REVERSE) {
			rev += q->weight;
			nrev++;
			int c = colref_of(((kp_order_item *)order_of(q->stmt)->items[0])->expr);
			for (int j = 0; j < t->pk.n; j++)
				if (t->pk.parts[j].col == c && part < 0)
					part = j;
		} else if (q->plan.order == KP_ORDER_KEY) {
			fwd += q->weight;
		}
	}
	if (part < 0 || rev <= fwd)
		return;
	kp_key nk = t->pk;
	nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)t->pk.n);
	memcpy(nk.parts, t->pk.parts, sizeof(kp_key_part) * (size_t)t->pk.n);
	nk.parts[part].desc = !nk.parts[part].desc;
	/* check: the reversed reads become forward reads */
	kp_table *h = hypo_table(scratch, t, &nk, NULL, 0);
	int fixed = 0;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		kp_order o;
		if (q->plan.table == t && !q->plan.index && q->plan.order == KP_ORDER_REVERSE) {
			plan_class(h, q, scratch, &o);
			if (o == KP_ORDER_KEY)
				fixed++;
		}
	}
	kp_arena_reset(scratch);
	const char *cn = t->cols[nk.parts[part].col].name;
	kp_buf ddl = {0};
	kp_table_ddl(&ddl, t, NULL, &nk, adv->target);
	const char *key = key_notation(adv, t, &nk);
	kp_diag *g = kp_diag_add(adv->d, adv->a, KP_R_DESC_KEY, KP_SEV_INFO, t->src,
	                         t->pk_off ? t->pk_off : t->off, 0,
	                         "%d of %d ordered reads of %s read %s backwards, which is slower than the "
	                         "stored order", nrev, nord, t->name, cn);
	kp_advice *x = advise(adv, KP_R_DESC_KEY, "desc_key", t,
	                      kp_arena_printf(adv->a, "desc_key: declare %s %s in the key, so %d of them read "
	                                      "forwards", cn, nk.parts[part].desc ? "DESC" : "ASC", fixed),
	                      key, bufdup(adv->a, &ddl));
	x->serves = fixed;
	x->of = nord;
	advice_col(adv, x, cn);
	kp_diag_help(g, adv->a, "%s: %s", x->message, key);
	kp_buf_free(&ddl);
}

/* ---------------------------------------------------------- uniqueness */

static void check_unique(kp_advisor *adv, const kp_table *t)
{
	const kp_list *qs = queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		const kp_plan *p = &q->plan;
		if (p->table != t || p->access != KP_ACCESS_GET || p->nranges != 1 || p->index ||
		    q->stmt->kind != KP_S_SELECT)
			continue;
		const kp_select *s = &q->stmt->u.select;
		bool many = (s->limit && s->limit->kind == KP_X_INT && (s->limit->overflow || s->limit->ival > 1)) ||
		            s->order.n > 0;
		if (!many)
			continue;
		kp_diag *g = kp_diag_add(adv->d, adv->a, KP_R_NON_UNIQUE, KP_SEV_WARNING, q->src, q->stmt->off,
		                         q->stmt->len, "this query binds the whole key %s of %s but expects "
		                         "several rows; one key is one row, so later writes become versions of it",
		                         key_notation(adv, t, &t->pk), t->name);
		kp_advice *x = advise(adv, KP_R_NON_UNIQUE, "unique_key", t,
		                      "unique_key: add the column that tells the rows apart (an order id or a "
		                      "timestamp) to the end of the key, as [userid][orderid]",
		                      key_notation(adv, t, &t->pk), NULL);
		kp_diag_help(g, adv->a, "%s", x->message);
		return;
	}
}

/* Several INSERTs in the workload with the same full key. */
static void check_duplicate_inserts(kp_advisor *adv, kp_arena *scratch)
{
	typedef struct seen { const kp_table *t; char *key; } seen;
	seen *s = NULL;
	int n = 0, cap = 0;
	const kp_table *reported[64];
	int nreported = 0;
	for (uint32_t i = 0; i < adv->queries.n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		const kp_stmt *st = q->stmt;
		if (st->kind != KP_S_INSERT && st->kind != KP_S_UPSERT && st->kind != KP_S_REPLACE)
			continue;
		const kp_insert *ins = &st->u.insert;
		const kp_table *t = kp_catalog_find(adv->cat, ins->table.s, ins->table.len);
		if (!t || ins->cols.n == 0)
			continue;
		for (uint32_t r = 0; r < ins->rows.n; r++) {
			const kp_list *row = ins->rows.items[r];
			kp_buf key = {0};
			bool complete = true;
			for (int k = 0; k < t->pk.n && complete; k++) {
				int col = t->pk.parts[k].col;
				bool found = false;
				for (uint32_t c = 0; c < ins->cols.n && c < row->n; c++) {
					const kp_name *nm = ins->cols.items[c];
					if (col >= 0 && kp_name_eq(nm, t->cols[col].name)) {
						kp_expr_to_sql(&key, row->items[c]);
						kp_buf_putc(&key, '|');
						found = true;
					}
				}
				complete = found || col < 0;
			}
			if (!complete) {
				kp_buf_free(&key);
				continue;
			}
			bool dup = false;
			for (int j = 0; j < n; j++)
				if (s[j].t == t && !strcmp(s[j].key, key.data))
					dup = true;
			bool already = false;
			for (int j = 0; j < nreported; j++)
				if (reported[j] == t)
					already = true;
			if (dup && !already && st->kind == KP_S_INSERT && nreported < 64) {
				reported[nreported++] = t;
				kp_diag *g = kp_diag_add(adv->d, adv->a, KP_R_NON_UNIQUE, KP_SEV_WARNING, q->src, st->off,
				                         st->len, "the workload writes the same key of %s twice; the "
				                         "later row overwrites the earlier one as a newer version", t->name);
				kp_advice *x = advise(adv, KP_R_NON_UNIQUE, "unique_key", t,
				                      "unique_key: add the column that tells the rows apart to the end "
				                      "of the key", key_notation(adv, t, &t->pk), NULL);
				kp_diag_help(g, adv->a, "%s", x->message);
			}
			if (!dup) {
				if (n == cap) {
					cap = cap ? cap * 2 : 64;
					s = realloc(s, sizeof(*s) * (size_t)cap);
					if (!s)
						abort();
				}
				s[n].t = t;
				s[n].key = kp_arena_strndup(scratch, key.data, key.len);
				n++;
			}
			kp_buf_free(&key);
		}
	}
	free(s);
	kp_arena_reset(scratch);
}

/* -------------------------------------------------------------- driver */

void kp_advisor_run(kp_advisor *adv)
{
	kp_arena scratch;
	kp_arena_init(&scratch);
	for (int i = 0; i < adv->cat->ntables; i++) {
		const kp_table *t = adv->cat->tables[i];
		if (t->dropped)
			continue;
		check_target_schema(adv, t);
		check_hotspots(adv, t);
		check_shape(adv, t);
	}
	check_duplicate_inserts(adv, &scratch);
	suggest_indexes(adv, &scratch);
	for (int i = 0; i < adv->cat->ntables; i++) {
		const kp_table *t = adv->cat->tables[i];
		if (t->dropped)
			continue;
		check_unique(adv, t);
		suggest_reorder(adv, t, &scratch);
		suggest_desc(adv, t, &scratch);
	}
	kp_arena_free(&scratch);
}

static int class_slot(kp_access a)
{
	switch (a) {
	case KP_ACCESS_GET: return 0;
	case KP_ACCESS_SCAN: return 1;
	case KP_ACCESS_FILTERED: return 2;
	default: return 3;
	}
}

int kp_advisor_summary(kp_advisor *adv, kp_table_summary **out)
{
	int n = 0;
	kp_table_summary *s = kp_arena_alloc(adv->a, sizeof(*s) * (size_t)(adv->cat->ntables + 1));
	kp_arena scratch;
	kp_arena_init(&scratch);
	for (int i = 0; i < adv->cat->ntables; i++) {
		const kp_table *t = adv->cat->tables[i];
		const kp_list *qs = queries_of(adv, t);
		int count = 0;
		for (uint32_t j = 0; j < qs->n; j++) {
			const kp_wquery *q = qs->items[j];
			if (q->plan.access != KP_ACCESS_NONE)
				count++;
		}
		if (t->dropped || count == 0)
			continue;
		kp_table_summary *ts = &s[n++];
		ts->table = t;
		/* the table with every advised secondary index added */
		int nix = t->nindexes, added = 0;
		kp_index **ix = kp_arena_alloc(adv->a, sizeof(kp_index *) * (adv->advice.n + (size_t)nix + 1));
		if (nix)
			memcpy(ix, t->indexes, sizeof(kp_index *) * (size_t)nix);
		for (uint32_t k = 0; k < adv->advice.n; k++) {
			const kp_advice *x = adv->advice.items[k];
			if (x->table != t || strcmp(x->kind, "secondary_index") != 0)
				continue;
			int cols[16];
			bool desc[16];
			int m = 0;
			for (uint32_t c = 0; c < x->columns.n && m < 16; c++) {
				int ci = kp_table_column(t, x->columns.items[c], (uint32_t)strlen(x->columns.items[c]));
				if (ci >= 0) {
					desc[m] = false;
					cols[m++] = ci;
				}
			}
			bool *all = kp_arena_alloc(adv->a, sizeof(bool) * (size_t)(t->ncols + 1));
			for (int c = 0; c < t->ncols; c++)
				all[c] = true;
			ix[nix++] = hypo_index(adv->a, t, "advised", cols, desc, m, all);
			added++;
		}
		kp_table *h = hypo_table(adv->a, t, &t->pk, ix, nix);
		h->src = NULL;
		u64map classes = {0};
		for (uint32_t j = 0; j < qs->n; j++) {
			const kp_wquery *q = qs->items[j];
			if (q->plan.access == KP_ACCESS_NONE)
				continue;
			ts->before[class_slot(q->plan.access)]++;
			/* without an advised index the plan stays as it is */
			ts->after[class_slot(added ? cached_class(&classes, 0, h, q, &scratch) : q->plan.access)]++;
			kp_arena_reset(&scratch);
		}
		map_free(&classes);
	}
	kp_arena_free(&scratch);
	*out = s;
	return n;
}
