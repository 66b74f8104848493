/* Advisor: schema checks (hotspots, key size and shape, uniqueness, column
 * families), the target store's hard limits, and workload checks (index
 * tables and secondary indexes for unserved queries, a reordered key, DESC
 * key columns). Every finding is a located diagnostic with help lines; every
 * fix is also a kp_advice record (docs/advice-json.md). */
#include "advisor/advisor.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each target store as data: its hard limits, what its DDL can say, and
 * its own words. The schema checks, the DDL writers and the planner's
 * full-scan wording read this table; nothing else tests a target by name. */
typedef struct target_info {
	const char *name;           /* --target */
	const char *lead_word;      /* what the store calls the leading key column */
	int max_key_parts;          /* primary key parts, 0: no limit */
	int max_families;           /* column families, 0: no limit */
	long long max_key_bytes;    /* declared key width, 0: no limit */
	bool binary_last_only;      /* a VARBINARY key column only in the last position */
	bool no_json_key;           /* JSON never in the key */
	bool strict_key_types;      /* key columns BIGINT, VARCHAR(<= 1024) or VARBINARY(<= 1024) */
	int max_salt_buckets;       /* SALT_BUCKETS allowed (1..n); 0: no such option */
	bool hash_key_parts;        /* PRIMARY KEY (hash32(c), ...) */
	bool pk_constraint;         /* CONSTRAINT pk PRIMARY KEY (...) */
	bool desc_key;              /* DESC in the primary key */
	bool sql_index;             /* CREATE INDEX ... INCLUDE (...) in SQL */
	bool mysql_ddl;             /* MySQL-only DDL (ENGINE=, UNIQUE KEY, AUTO_INCREMENT tables) */
	bool never_reject;          /* full scans run (warned about), not refused */
	const char *full_scan_note; /* its words on a full scan (KP001) */
	const char *id_source;      /* where unique ids come from in this store */
	int max_in_list;            /* values in one IN list, 0: no limit */
	int max_limit;              /* LIMIT and OFFSET, 0: no limit */
	bool order_needs_limit;     /* ORDER BY only with a LIMIT */
	bool phoenix_rules;         /* Phoenix's hints and index rules (kp_plan_opts.phoenix) */
	bool dotted_families;       /* column families written cf.col (else `cf:col`) */
	int names;                  /* how names match (KP_NAMES_*) */
} target_info;

static const target_info targets[] = {
	[KP_TARGET_LINDORM] = {
		.name = "lindorm", .lead_word = "leading key column", .max_key_parts = 5, .max_families = 3,
		.max_key_bytes = 2048, .binary_last_only = true, .no_json_key = true, .hash_key_parts = true,
		.desc_key = true, .sql_index = true, .names = KP_NAMES_EXACT,
		.full_scan_note = "Lindorm refuses it: \"This query may be a full table scan and thus may have "
		                  "unpredictable performance\"",
		.id_source = "take ids from a generator outside the table (a ticket or sequence service) and "
		             "hash-prefix them",
		.max_in_list = 2000, .max_limit = 10000, .order_needs_limit = true},
	[KP_TARGET_TABLESTORE] = {
		.name = "tablestore", .lead_word = "partition key", .max_key_parts = 4, .strict_key_types = true,
		.names = KP_NAMES_NOCASE,
		.full_scan_note = "Tablestore reads every partition for it",
		.id_source = "let Tablestore generate them in an auto-increment key column after the partition key"},
	[KP_TARGET_PHOENIX] = {
		.name = "phoenix", .lead_word = "leading key column", .max_salt_buckets = 256, .pk_constraint = true,
		.desc_key = true, .sql_index = true, .never_reject = true, .phoenix_rules = true,
		.dotted_families = true, .names = KP_NAMES_UPPER,
		.full_scan_note = "Phoenix runs it as a full scan over every region",
		.id_source = "take ids from a Phoenix sequence (CREATE SEQUENCE, NEXT VALUE FOR)"},
	[KP_TARGET_GENERIC] = {
		.name = "generic", .lead_word = "leading key column", .desc_key = true, .sql_index = true,
		.mysql_ddl = true, .never_reject = true, .names = KP_NAMES_NOCASE,
		.id_source = "take ids from a ticket table (REPLACE INTO tickets64 (stub) VALUES ('a'); "
		             "SELECT LAST_INSERT_ID();) or a sequence table"},
};

static const target_info *tinfo(kp_target t)
{
	return &targets[(unsigned)t < 4 ? t : KP_TARGET_GENERIC];
}

int kp_target_parse(kp_target *out, const char *s)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(s, targets[i].name) == 0) {
			*out = (kp_target)i;
			return 0;
		}
	return -1;
}

const char *kp_target_name(kp_target t)
{
	return tinfo(t)->name;
}

int kp_target_names(kp_target t)
{
	return tinfo(t)->names;
}

void kp_target_plan_opts(kp_plan_opts *o, kp_target t)
{
	o->never_reject = tinfo(t)->never_reject;
	o->full_scan_note = tinfo(t)->full_scan_note;
	o->phoenix = tinfo(t)->phoenix_rules;
}

void kp_advisor_init(kp_advisor *adv, const kp_catalog *cat, kp_target target, kp_arena *a, kp_diags *d)
{
	memset(adv, 0, sizeof(*adv));
	adv->cat = cat;
	adv->target = target;
	kp_target_plan_opts(&adv->opts, target);
	adv->a = a;
	adv->d = d;
}

static uint64_t query_shape(const kp_wquery *cq);

/* Keys with more columns than this are not reordered (the search plans
 * every query for n^2 trial keys). */
#define KP_REORDER_MAX 32

/* Buckets of a salted key or a bucketed index table: writes spread over
 * them, and a read that cannot compute its bucket is this many scans. */
#define KP_BUCKETS 16

/* What a fix does to the workload of its table: every planned statement on
 * the table re-planned on a copy of the table with the fix applied. */
typedef struct verdict {
	double total;           /* weight of the table's planned statements */
	double before;          /* served as GET or SCAN now */
	double after;           /* served as GET or SCAN with the fix */
	double broken;          /* served now, not with the fix */
	double fanout;          /* served with the fix as one scan per bucket, merged */
	kp_list worse;          /* kp_wquery* served now, not with the fix */
	const char *rewrite;    /* set by the caller: how each read served now must be
	                           rewritten for the fix (a key column the writer fills),
	                           or NULL when reads stay as they are */
} verdict;

static void judge(kp_advisor *adv, const kp_table *t, const kp_table *base, const kp_table *h, bool fanout,
                  kp_arena *scratch, verdict *v);
static void verdict_apply(kp_advisor *adv, kp_advice *x, const verdict *v, int buckets);
static kp_table *hypo_table(kp_arena *a, const kp_table *t, const kp_key *key, kp_index **ix, int nix);

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
	q->opts = &adv->opts;
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

/* A column name in lower case with its camelCase words split by '_'
 * (createdAt -> created_at, orderNumber -> order_number), so the name
 * heuristics read both spellings. */
static void name_words(char *dst, const char *src, size_t n)
{
	size_t j = 0;
	for (size_t i = 0; src[i] && j + 2 < n; i++) {
		unsigned char ch = (unsigned char)src[i];
		if (isupper(ch) && i > 0 && (islower((unsigned char)src[i - 1]) || isdigit((unsigned char)src[i - 1])))
			dst[j++] = '_';
		dst[j++] = (char)tolower(ch);
	}
	dst[j] = 0;
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
	name_words(l, c->name, sizeof l);
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
	                                    "flag", "level", "region", "country", "enabled", "deleted",
	                                    "severity", "priority", "tier", "role", "mode", "stage", "phase",
	                                    "visibility", "platform", "env", "environment", "lang", "language",
	                                    "currency", "channel", "grade", "log_level", "loglevel", NULL};
	static const char *const suffixes[] = {"_type", "_status", "_state", "_kind", "_flag", "_category",
	                                       "_level", "_severity", "_priority", "_tier", "_role", "_mode",
	                                       "_stage", "_phase", "_env", NULL};
	char l[128];
	name_words(l, c->name, sizeof l);
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
	name_words(l, c->name, sizeof l);
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
	name_words(l, c->name, sizeof l);
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

static bool strict_key_type(const kp_column *c);

/* A key column's type in a store that takes only BIGINT, VARCHAR(<= 1024)
 * and VARBINARY(<= 1024) key columns: integers, times and booleans as
 * BIGINT, strings and binaries capped at 1024, anything else as text. */
static void put_strict_key_type(kp_buf *b, const kp_column *c)
{
	long long n = c->length > 0 && c->length < 1024 ? c->length : 1024;
	if (strict_key_type(c))
		put_type(b, c);
	else if (c->tclass == KP_T_INT || c->tclass == KP_T_TIME || c->tclass == KP_T_BOOL)
		kp_buf_puts(b, "BIGINT");
	else if (c->tclass == KP_T_BINARY)
		kp_buf_printf(b, "VARBINARY(%lld)", n);
	else
		kp_buf_printf(b, "VARCHAR(%lld)", n);
}

static void put_col_name(kp_buf *b, const kp_column *c, kp_target target)
{
	if (c->family && tinfo(target)->dotted_families)
		kp_buf_printf(b, "%s.%s", c->family, c->name);
	else if (c->family)
		kp_buf_printf(b, "`%s:%s`", c->family, c->name);
	else
		kp_buf_puts(b, c->name);
}

static void put_key_parts(kp_buf *b, const kp_table *t, const kp_key *k, bool desc)
{
	for (int i = 0; i < k->n; i++) {
		if (i)
			kp_buf_puts(b, ", ");
		kp_key_part_name(b, t, &k->parts[i]);
		if (k->parts[i].desc && desc)
			kp_buf_puts(b, " DESC");
	}
}

/* The target's writer, from the target table: Phoenix names the key
 * constraint, Tablestore has only its key types and no DESC, only Phoenix
 * has SALT_BUCKETS. Hash parts are written as hash32(...): only targets with
 * hash_key_parts are given keys that have them. */
void kp_table_ddl(kp_buf *out, const kp_table *t, const char *name, const kp_key *key, kp_target target)
{
	const target_info *ti = tinfo(target);
	if (!key)
		key = &t->pk;
	kp_buf_printf(out, "CREATE TABLE %s (", name ? name : t->name);
	bool first = true;
	for (int i = 0; i < t->ncols; i++) {
		const kp_column *c = &t->cols[i];
		if (c->dropped)
			continue;   /* ALTER TABLE ... DROP COLUMN */
		kp_buf_puts(out, first ? "" : ", ");
		first = false;
		put_col_name(out, c, target);
		kp_buf_putc(out, ' ');
		bool in_key = false;
		for (int j = 0; j < key->n; j++)
			if (key->parts[j].col == i)
				in_key = true;
		if (in_key && ti->strict_key_types)
			put_strict_key_type(out, c);
		else
			put_type(out, c);
		if (in_key || c->not_null)
			kp_buf_puts(out, " NOT NULL");
	}
	kp_buf_puts(out, ti->pk_constraint ? ", CONSTRAINT pk PRIMARY KEY (" : ", PRIMARY KEY (");
	put_key_parts(out, t, key, ti->desc_key);
	kp_buf_puts(out, "))");
	const char *salt = kp_table_option_get(t, "salt_buckets");
	if (salt && ti->max_salt_buckets)
		kp_buf_printf(out, " SALT_BUCKETS = %s", salt);
}

static char *bufdup(kp_arena *a, kp_buf *b)
{
	return kp_arena_strndup(a, b->data ? b->data : "", b->len);
}

/* A summed weight as the advice's integer serves/of: rounded, and held at
 * INT_MAX (weights are capped at 1,000,000 each, but thousands of heavy
 * statements still sum past it; converting such a double to int is undefined). */
static int weight_int(double w)
{
	return w >= (double)INT_MAX ? INT_MAX : (int)(w + 0.5);
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
	x->before = x->after = -1;
	kp_list_push(adv->a, &adv->advice, x);
	return x;
}

static void advice_col(kp_advisor *adv, kp_advice *x, const char *col)
{
	kp_list_push(adv->a, &x->columns, (void *)col);
}

/* The key in key notation with its parts before skip_from replaced by lead. */
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

/* A key cannot be altered in place: a fix that changes it means a new
 * table and a copy of the rows. */
static const char *migration_note(kp_advisor *adv, const kp_table *t)
{
	return kp_arena_printf(adv->a, "migration: a key cannot change in place: create the new table, copy "
	                       "the rows of %s, switch over", t->name);
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

static void check_shape(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
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
				/* the workload on the retyped column: a read comparing it with
				 * a string no longer binds the key, and is named */
				cols[ci].tclass = KP_T_INT;
				verdict v;
				judge(adv, t, NULL, hypo_table(adv->a, &tt, &t->pk, t->indexes, t->nindexes), false, scratch, &v);
				if (v.worse.n)
					x->message = kp_arena_printf(adv->a, "%s; the statements it makes worse compare %s with "
					                             "a string: write the value as a number there", x->message,
					                             c->name);
				verdict_apply(adv, x, &v, 1);
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

/* Declared width in bytes of key k of t (hash parts add nothing), or -1
 * when a column has no bound. */
static long long key_width(const kp_table *t, const kp_key *k)
{
	long long width = 0;
	for (int i = 0; i < k->n; i++) {
		int ci = k->parts[i].col;
		if (ci < 0)
			continue;
		const kp_column *c = &t->cols[ci];
		int w = fixed_width(c);
		if (w >= 0)
			width += w;
		else if (c->length >= 0)
			width += c->length;
		else
			return -1;
	}
	return width;
}

/* Does a key of this width (plus extra bytes the fix adds) fit the target? */
static bool width_fits(kp_advisor *adv, long long width, int extra)
{
	long long max = tinfo(adv->target)->max_key_bytes;
	return !max || width < 0 || width + extra <= max;
}

/* A key column type Tablestore accepts: BIGINT, VARCHAR(n <= 1024) or
 * VARBINARY(n <= 1024). */
static bool strict_key_type(const kp_column *c)
{
	char l[32];
	lower_copy(l, c->type_name, sizeof l);
	return !strcmp(l, "bigint") || !strcmp(l, "long") ||
	       ((!strcmp(l, "varchar") || !strcmp(l, "string")) && c->length <= 1024) ||
	       ((!strcmp(l, "varbinary") || !strcmp(l, "binary")) && c->length <= 1024);
}

static void target_error(kp_advisor *adv, const kp_table *t, uint32_t off, uint32_t len, const char *fmt,
                         const char *a1, const char *a2)
{
	kp_diag_add(adv->d, adv->a, KP_R_TARGET, KP_SEV_ERROR, t->src, off, len, fmt, a1, a2,
	            kp_target_name(adv->target));
}

static void check_target_schema(kp_advisor *adv, const kp_table *t)
{
	const target_info *ti = tinfo(adv->target);
	char num[32];
	if (ti->max_key_parts && t->pk.n > ti->max_key_parts) {
		snprintf(num, sizeof num, "%d", t->pk.n);
		kp_diag_add(adv->d, adv->a, KP_R_TARGET, KP_SEV_ERROR, t->src, t->pk_off, 0,
		            "the key of %s has %s parts; %s allows at most %d", t->name, num, ti->name,
		            ti->max_key_parts);
	}
	long long width = key_width(t, &t->pk);
	for (int i = 0; i < t->pk.n; i++) {
		int ci = t->pk.parts[i].col;
		if (ci < 0) {
			if (!ti->hash_key_parts && ti->strict_key_types)
				target_error(adv, t, t->pk_off, 0, "the key of %s has a hash part%s; %s has no hash "
				             "functions in keys: store the hash in a key column", t->name, "");
			continue;
		}
		const kp_column *c = &t->cols[ci];
		char l[32];
		lower_copy(l, c->type_name, sizeof l);
		if (ti->binary_last_only && c->tclass == KP_T_BINARY && i != t->pk.n - 1)
			target_error(adv, t, c->off, name_len(c), "key column '%s' of %s is binary, but %s "
			             "allows a VARBINARY key column only in the last position", c->name, t->name);
		if (ti->no_json_key && c->tclass == KP_T_JSON)
			target_error(adv, t, c->off, name_len(c), "key column '%s' of %s is JSON, which %s "
			             "never allows in a primary key", c->name, t->name);
		if (ti->strict_key_types && !strict_key_type(c))
			target_error(adv, t, c->off, name_len(c), "key column '%s' of %s: %s key columns are "
			             "BIGINT, VARCHAR(n <= 1024) or VARBINARY(n <= 1024)", c->name, t->name);
	}
	if (ti->max_key_bytes && width > ti->max_key_bytes) {
		snprintf(num, sizeof num, "%lld", width);
		target_error(adv, t, t->pk_off, 0, "the key of %s may be %s bytes long; %s allows at most 2 KB",
		             t->name, num);
	}
	if (ti->max_families && t->nfamilies > ti->max_families) {
		snprintf(num, sizeof num, "%d", t->nfamilies);
		kp_diag_add(adv->d, adv->a, KP_R_TARGET, KP_SEV_ERROR, t->src, t->off, t->name_len,
		            "%s has %s column families; %s allows at most %d", t->name, num, ti->name,
		            ti->max_families);
	}
	const char *salt = kp_table_option_get(t, "salt_buckets");
	if (salt && ti->max_salt_buckets) {
		char *end;
		long n = strtol(salt, &end, 10);
		if (*end || n < 1 || n > ti->max_salt_buckets)
			target_error(adv, t, t->off, t->name_len, "SALT_BUCKETS = %s on %s; %s "
			             "allows 1 to 256", salt, t->name);
	}
}

static void walk_in_lists(const kp_expr *e, const target_info *ti, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (!e)
		return;
	if (e->kind == KP_X_IN && e->n > (uint32_t)ti->max_in_list)
		kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, e->off, e->len,
		            "IN list of %u values; %s allows at most %d", e->n, ti->name, ti->max_in_list);
	walk_in_lists(e->a, ti, src, a, d);
	walk_in_lists(e->b, ti, src, a, d);
	walk_in_lists(e->c, ti, src, a, d);
	for (uint32_t i = 0; i < e->n; i++)
		walk_in_lists(e->list[i], ti, src, a, d);
}

void kp_advise_statement(kp_target target, const kp_stmt *s, kp_source *src, kp_arena *a, kp_diags *d)
{
	const target_info *ti = tinfo(target);
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
	if (ti->max_in_list && s->largest_in > (uint32_t)ti->max_in_list)
		walk_in_lists(where, ti, src, a, d);
	const kp_expr *nums[2] = {limit, offset};
	for (int i = 0; i < 2 && ti->max_limit; i++)
		if (nums[i] && nums[i]->kind == KP_X_INT && (nums[i]->overflow || nums[i]->ival > ti->max_limit))
			kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, nums[i]->off, nums[i]->len,
			            "%s %.*s; %s allows at most %d", i ? "OFFSET" : "LIMIT",
			            (int)nums[i]->name.len, nums[i]->name.s, ti->name, ti->max_limit);
	if (ti->order_needs_limit && order && order->n && !limit) {
		const kp_order_item *it = order->items[0];
		kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, it->expr->off, it->expr->len,
		            "ORDER BY without LIMIT; %s requires a LIMIT with ORDER BY", ti->name);
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
	kp_plan_on_table(&p, h, q->stmt, q->opts, q->src, scratch, &d);
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

/* ------------------------------------------------------ reordered key */

/* Queries of one table, grouped by shape (same columns, operators and
 * ORDER BY, any literals), so that each shape is planned once per key. */
typedef struct shape {
	const kp_wquery *q;     /* representative */
	double weight;          /* total weight of its queries */
	uint64_t hash;          /* shape hash */
	bool now;               /* served as GET or SCAN by the table as it is */
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

static double key_serves(const kp_table *t, const kp_key *k, const struct shape *s, int n, kp_arena *scratch);

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

/* ------------------------------------------------------- judging a fix */


/* Plans each statement of t's workload on h, against its plan on base (NULL:
 * its plan as it is). With fanout, a statement that
 * h does not serve but the current key does is read bucket by bucket (one
 * scan per bucket, merged): served, and counted in v->fanout. */
static void judge(kp_advisor *adv, const kp_table *t, const kp_table *base, const kp_table *h, bool fanout,
                  kp_arena *scratch, verdict *v)
{
	memset(v, 0, sizeof(*v));
	u64map cache = {0}, cache0 = {0};
	const kp_list *qs = queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		kp_wquery *q = qs->items[i];
		if (q->plan.table != t || q->plan.access == KP_ACCESS_NONE)
			continue;
		bool now = served(base ? cached_class(&cache0, 0, base, q, scratch) : q->plan.access);
		bool then = served(cached_class(&cache, 0, h, q, scratch));
		kp_arena_reset(scratch);
		if (!then && now && fanout) {
			then = true;
			v->fanout += q->weight;
		}
		v->total += q->weight;
		v->before += now ? q->weight : 0;
		v->after += then ? q->weight : 0;
		if (now && !then) {
			v->broken += q->weight;
			kp_list_push(adv->a, &v->worse, q);
		}
	}
	map_free(&cache);
	map_free(&cache0);
}

/* Records a verdict on an advice record: served weight before and after,
 * the statements it makes worse (file:line), and says so in the message. */
static void verdict_apply(kp_advisor *adv, kp_advice *x, const verdict *v, int buckets)
{
	x->before = v->before;
	x->after = v->after;
	x->total = v->total;
	x->fanout = v->fanout;
	if (v->total <= 0)
		return;   /* no workload on the table: nothing to say */
	kp_buf m = {0};
	kp_buf_printf(&m, "%s; served %.15g -> %.15g of %.15g weight", x->message, v->before, v->after, v->total);
	if (v->fanout > 0)
		kp_buf_printf(&m, " (%.15g of it as %d scans merged, one per bucket)", v->fanout, buckets);
	for (uint32_t i = 0; i < v->worse.n; i++) {
		const kp_wquery *q = v->worse.items[i];
		uint32_t line, col;
		kp_source_linecol(q->src, q->stmt->off, &line, &col);
		char *at = kp_arena_printf(adv->a, "%s:%u", q->src->path, line);
		kp_list_push(adv->a, &x->worse, at);
		if (i < 5)
			kp_buf_printf(&m, "%s%s (weight %.15g)", i ? ", " : "; makes worse: ", at, q->weight);
	}
	if (v->worse.n > 5)
		kp_buf_printf(&m, " and %u more", v->worse.n - 5);
	/* reads that, left as they are, the new key no longer serves: they are
	 * worse until rewritten, and listed with them */
	const kp_list *qs = queries_of(adv, x->table);
	uint32_t nr = 0;
	for (uint32_t i = 0; v->rewrite && i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->plan.table != x->table || !served(q->plan.access))
			continue;
		uint32_t line, col;
		kp_source_linecol(q->src, q->stmt->off, &line, &col);
		char *at = kp_arena_printf(adv->a, "%s:%u", q->src->path, line);
		kp_list_push(adv->a, &x->worse, at);
		if (nr++ < 5)
			kp_buf_printf(&m, "%s%s (weight %.15g)", nr > 1 ? ", " : kp_arena_printf(adv->a, "; reads to rewrite (%s): ",
			                                                                    v->rewrite), at, q->weight);
	}
	if (nr > 5)
		kp_buf_printf(&m, " and %u more", nr - 5);
	x->message = bufdup(adv->a, &m);
	kp_buf_free(&m);
}

/* Does every planned statement on t bind each of cols by = or IN? */
static bool reads_bind(kp_advisor *adv, const kp_table *t, const int *cols, int n)
{
	const kp_list *qs = queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->plan.table != t || q->plan.access == KP_ACCESS_NONE)
			continue;
		colset eq = {0}, range = {0};
		sargable(where_of(q->stmt), &eq, &range);
		for (int k = 0; k < n; k++) {
			bool found = false;
			for (int j = 0; j < eq.n; j++)
				found |= eq.cols[j] == cols[k];
			if (!found)
				return false;
		}
	}
	return true;
}

/* base with a hash of cols in front (Lindorm's PRIMARY KEY (hash32(c), ...)). */
static kp_key hashed_key(kp_arena *a, const kp_key *base, const int *cols, int n)
{
	kp_key k;
	k.n = base->n + 1;
	k.parts = kp_arena_alloc(a, sizeof(kp_key_part) * (size_t)k.n);
	k.parts[0].col = -1;
	k.parts[0].hash_bits = 32;
	k.parts[0].nhash = n;
	k.parts[0].hash_cols = kp_arena_alloc(a, sizeof(int) * (size_t)n);
	memcpy(k.parts[0].hash_cols, cols, sizeof(int) * (size_t)n);
	memcpy(k.parts + 1, base->parts, sizeof(kp_key_part) * (size_t)base->n);
	return k;
}

/* DDL of t (named name) keyed by a new leading column (the writer computes
 * it: a hash or a bucket) and then base, which has plain columns only. */
static char *lead_column_ddl(kp_advisor *adv, const kp_table *t, const char *name, const kp_key *base,
                             const char *col, bool text)
{
	const target_info *ti = tinfo(adv->target);
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
	char *r = bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* DDL of t (named name) keyed by base whose first column is replaced by a
 * string column col holding a prefix of plen characters (a hash or a
 * bucket number, zero-padded) followed by that column's value, zero-padded
 * (seeds 000: pk1 = hash(pk).substring(0,4) + pk): the key keeps its
 * number of columns. NULL when the first column has no bounded width. */
static char *merged_lead_ddl(kp_advisor *adv, const kp_table *t, const char *name, const kp_key *base,
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
	char *r = bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* Moves the advice records pushed since `from` into order: most weight
 * served with the fix first, then the fewest reads fanned out. An index
 * table that comes with a reordered key stays right after it. */
static void rank_advice(kp_advisor *adv, uint32_t from)
{
	uint32_t n = adv->advice.n - from;
	if (n < 2)
		return;
	kp_advice **items = malloc(sizeof(kp_advice *) * (n + 1));
	uint32_t *group = malloc(sizeof(uint32_t) * (n + 1)), ng = 0;
	if (!items || !group)
		abort();
	memcpy(items, adv->advice.items + from, sizeof(kp_advice *) * n);
	for (uint32_t i = 0; i < n; i++)
		if (!(i > 0 && !strcmp(items[i]->kind, "index_table") && !strcmp(items[i - 1]->kind, "reorder_key")))
			group[ng++] = i;   /* group starts */
	/* insertion sort of the group starts by their lead advice */
	for (uint32_t i = 1; i < ng; i++) {
		uint32_t g = group[i], j = i;
		for (; j > 0; j--) {
			const kp_advice *y = items[group[j - 1]], *x = items[g];
			if (y->after > x->after || (y->after == x->after && y->fanout <= x->fanout))
				break;
			group[j] = group[j - 1];
		}
		group[j] = g;
	}
	uint32_t k = from;
	for (uint32_t i = 0; i < ng; i++) {
		uint32_t g = group[i];
		adv->advice.items[k++] = items[g];
		for (uint32_t e = g + 1; e < n && !strcmp(items[e]->kind, "index_table") &&
		                         !strcmp(items[e - 1]->kind, "reorder_key"); e++)
			adv->advice.items[k++] = items[e];
	}
	free(items);
	free(group);
}

/* ------------------------------------------------- key order search */

/* Weighted share a key serves as GET or SCAN (with the table's indexes),
 * and in *broken the weight served now that it would not serve. */
static double key_eval(const kp_table *t, const kp_key *k, const shape *s, int n, kp_arena *scratch,
                       double *broken)
{
	double w = 0, b = 0;
	kp_table *h = hypo_table(scratch, t, k, t->indexes, t->nindexes);
	for (int i = 0; i < n; i++) {
		bool ok = served(plan_class(h, s[i].q, scratch, NULL));
		w += ok ? s[i].weight : 0;
		b += !ok && s[i].now ? s[i].weight : 0;
	}
	kp_arena_reset(scratch);
	if (broken)
		*broken = b;
	return w;
}

static double key_serves(const kp_table *t, const kp_key *k, const shape *s, int n, kp_arena *scratch)
{
	return key_eval(t, k, s, n, scratch, NULL);
}

/* The order of t's key columns that serves the most weight, no column in
 * no_lead first; among equals the one that breaks the least. Exhaustive up
 * to 6 columns, greedy beyond. Returns the weight, or -1 if every column
 * is barred from leading. */
static double search_order(kp_advisor *adv, const kp_table *t, const shape *s, int ns, kp_arena *scratch,
                           const bool *no_lead, int *best)
{
	int n = t->pk.n;
	kp_key k;
	k.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)n);
	double best_w = -1, best_b = 0;
	if (n <= 6) {
		/* at most 720 orders, each planning one query per shape */
		int perm[KP_REORDER_MAX];
		for (int i = 0; i < n; i++)
			perm[i] = i;
		do {
			if (no_lead[perm[0]])
				continue;
			key_from_order(&k, t, perm, n);
			double b, w = key_eval(t, &k, s, ns, scratch, &b);
			if (w > best_w || (w == best_w && b < best_b)) {
				best_w = w;
				best_b = b;
				memcpy(best, perm, sizeof(int) * (size_t)n);
			}
		} while (next_perm(perm, n));
		return best_w;
	}
	/* greedy: fill positions left to right with the column that serves
	 * the most. A trial key puts the candidate next and completes it with
	 * the other columns, the ones the workload binds by = first, then by
	 * ranges: completed in declared order, a column that only serves
	 * together with another would never be picked. Ties go to the column
	 * bound by = more often. */
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
	return greedy_order(t, &k, s, ns, scratch, eqw, rest, no_lead, best);
}

/* Can the key of t be reordered at all: 2 to KP_REORDER_MAX plain columns. */
static bool reorderable(const kp_table *t)
{
	if (t->pk.n < 2 || t->pk.n > KP_REORDER_MAX)
		return false;
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col < 0)
			return false;   /* a hash-prefixed key is laid out on purpose */
	return true;
}

/* --------------------------------------------------- index tables */

/* Weight of the statements qs that t keyed k serves as GET or SCAN. */
static double proposal_serves(const kp_table *t, const kp_key *k, const kp_list *qs, kp_arena *scratch)
{
	kp_table h = *t;
	kp_column *cols = kp_arena_alloc(scratch, sizeof(kp_column) * (size_t)(t->ncols + 1));
	memcpy(cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	for (int i = 0; i < t->ncols; i++)
		cols[i].key_pos = -1;
	for (int i = 0; i < k->n; i++)
		if (k->parts[i].col >= 0)
			cols[k->parts[i].col].key_pos = i;
	h.cols = cols;
	h.pk = *k;
	h.indexes = NULL;
	h.nindexes = 0;
	h.src = NULL;
	double w = 0;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		kp_plan p;
		kp_diags d = {0};
		kp_plan_on_table(&p, &h, q->stmt, q->opts, q->src, scratch, &d);
		if (served(p.access))
			w += q->weight;
	}
	kp_arena_reset(scratch);
	return w;
}

/* A copy of t with one more column, <t>_key, that holds the key columns
 * key->parts[from..] concatenated (zero-padded numbers, a separator after
 * each: seeds 004), and in *out the key with those parts replaced by it.
 * NULL when a column has no bounded width or the whole is too long. */
static kp_table *concat_table(kp_advisor *adv, const kp_table *t, const kp_key *key, int from, kp_key *out)
{
	long long len = 0;
	for (int i = from; i < key->n; i++) {
		const kp_column *c = &t->cols[key->parts[i].col];
		if (c->tclass == KP_T_INT || c->tclass == KP_T_TIME)
			len += 20 + 1;   /* a zero-padded 64-bit number and a separator */
		else if ((c->tclass == KP_T_STRING || c->tclass == KP_T_BINARY) && c->length > 0)
			len += c->length + 1;
		else
			return NULL;
	}
	if (len > 1024)
		return NULL;
	kp_table *tc = kp_arena_alloc(adv->a, sizeof(*tc));
	*tc = *t;
	tc->cols = kp_arena_alloc(adv->a, sizeof(kp_column) * (size_t)(t->ncols + 1));
	memcpy(tc->cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	kp_column *nc = &tc->cols[t->ncols];
	nc->name = kp_arena_printf(adv->a, "%s_key", t->name);
	nc->name_len = (uint32_t)strlen(nc->name);
	nc->type_name = "VARCHAR";
	nc->tclass = KP_T_STRING;
	nc->length = len;
	nc->scale = -1;
	nc->key_pos = -1;
	tc->ncols = t->ncols + 1;
	out->n = from + 1;
	out->parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)(from + 1));
	memcpy(out->parts, key->parts, sizeof(kp_key_part) * (size_t)from);
	out->parts[from].col = t->ncols;
	return tc;
}

/* Advice for an index table of t keyed by user's columns and then t's key
 * columns, for the statements in qs. A lead that is itself a write hotspot
 * is spread: hashed when every statement binds it by = or IN (and it is no
 * enum, which a hash cannot spread), else by a bucket of the row key, read
 * as one scan per bucket. NULL when the target cannot hold the key. */
static kp_advice *index_table_keyed(kp_advisor *adv, kp_rule rule, const kp_table *t, const colset *user,
                                    const char *name, const kp_list *qs, const char *why, kp_arena *scratch,
                                    double need, double *served)
{
	const target_info *ti = tinfo(adv->target);
	colset all = *user;
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col >= 0)
			colset_add(&all, t->pk.parts[i].col, false);
	kp_key nk;
	nk.n = all.n;
	nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)all.n);
	for (int i = 0; i < all.n; i++) {
		nk.parts[i].col = all.cols[i];
		nk.parts[i].desc = all.desc[i] && ti->desc_key;   /* else read backwards */
	}
	const kp_column *lead = &t->cols[user->cols[0]];
	enum { PLAIN, HASHED, BUCKETED } spread = PLAIN;
	int hc[16], nh = 0;
	if (hot_reason(lead)) {
		/* hashed over the leading columns up to a well-spread one (a hash
		 * of enums alone spreads nothing), when every statement binds them
		 * by = or IN and so computes the hash */
		bool spreads = false;
		for (int i = 0; i < user->n && !spreads; i++) {
			hc[nh++] = user->cols[i];
			spreads = !enum_reason(&t->cols[user->cols[i]]);
		}
		spread = spreads ? HASHED : BUCKETED;
		for (uint32_t i = 0; i < qs->n && spread == HASHED; i++) {
			const kp_wquery *q = qs->items[i];
			colset eq = {0}, range = {0};
			sargable(where_of(q->stmt), &eq, &range);
			for (int k = 0; k < nh; k++) {
				bool bound = false;
				for (int j = 0; j < eq.n; j++)
					bound |= eq.cols[j] == hc[k];
				if (!bound)
					spread = BUCKETED;
			}
		}
	}
	kp_key judged = nk;
	if (spread == HASHED)
		judged = hashed_key(adv->a, &nk, hc, nh);
	double of = 0, fan = 0;
	for (uint32_t i = 0; i < qs->n; i++)
		of += ((const kp_wquery *)qs->items[i])->weight;
	double serves = proposal_serves(t, &judged, qs, scratch);
	*served = serves;
	if (serves < need)
		return NULL;   /* fewer index columns serve less */
	/* more key columns than 3 (KP104) or than the target allows: the key
	 * columns of t after the index columns become one concatenated column,
	 * when that serves the statements as well */
	const kp_table *src = t;
	const char *concat = "";
	int parts = nk.n + (spread != PLAIN);
	if ((parts > 3 || (ti->max_key_parts && parts > ti->max_key_parts)) && nk.n - user->n >= 2) {
		kp_key ck;
		kp_table *tc = concat_table(adv, t, &nk, user->n, &ck);
		if (tc) {
			kp_key cj = spread == HASHED ? hashed_key(adv->a, &ck, hc, nh) : ck;
			if (proposal_serves(tc, &cj, qs, scratch) >= serves) {
				kp_buf cn = {0};
				for (int i = user->n; i < nk.n; i++)
					kp_buf_printf(&cn, "%s%s", i > user->n ? ", " : "", t->cols[nk.parts[i].col].name);
				concat = kp_arena_printf(adv->a, "; its last key column %s holds the key columns %s of %s "
				                         "concatenated (zero-padded, with a separator below every value "
				                         "character), so it keeps %d key columns",
				                         tc->cols[t->ncols].name, cn.data, t->name, ck.n + (spread != PLAIN));
				kp_buf_free(&cn);
				src = tc;
				nk = ck;
				judged = cj;
				parts = nk.n + (spread != PLAIN);
			}
		}
	}
	if (ti->max_key_parts && parts > ti->max_key_parts)
		return NULL;
	if (!width_fits(adv, key_width(src, &nk), spread != PLAIN ? 4 : 0))
		return NULL;   /* longer than the target's key */
	kp_buf m = {0}, k = {0};
	char *ddl;
	bool own = false;   /* the hash or bucket has a key column of its own */
	if (spread == PLAIN) {
		kp_key_notation(&k, src, &nk);
		kp_buf b = {0};
		kp_table_ddl(&b, src, name, &nk, adv->target);
		ddl = bufdup(adv->a, &b);
		kp_buf_free(&b);
		kp_buf_printf(&m, "index_table: keep a second table %s keyed %s, written with every row of %s%s%s",
		              name, k.data, t->name, why, concat);
	} else if (spread == HASHED) {
		kp_buf hn = {0};
		for (int i = 0; i < nh; i++)
			kp_buf_printf(&hn, "%s%s", i ? ", " : "", t->cols[hc[i]].name);
		kp_buf_printf(&k, "[md5(%s).substr(0,4)]", hn.data);
		kp_buf_free(&hn);
		kp_key_notation(&k, src, &nk);
		ddl = NULL;
		if (ti->hash_key_parts) {
			kp_buf b = {0};
			kp_table_ddl(&b, src, name, &judged, adv->target);
			ddl = bufdup(adv->a, &b);
			kp_buf_free(&b);
		} else if (parts > 3 && nh == 1 &&
		           (ddl = merged_lead_ddl(adv, src, name, &nk, kp_arena_printf(adv->a, "%s_key", lead->name), 4))) {
			kp_buf_clear(&k);
			kp_buf_printf(&k, "[md5(%s).substr(0,4) + %s]", lead->name, lead->name);
			for (int i = 1; i < nk.n; i++) {
				kp_buf_putc(&k, '[');
				kp_key_part_name(&k, src, &nk.parts[i]);
				kp_buf_puts(&k, nk.parts[i].desc ? " DESC]" : "]");
			}
			concat = kp_arena_printf(adv->a, "%s; %s_key holds the hash (4 hex characters of md5) followed by "
			                         "%s, zero-padded, in one key column, so it keeps %d key columns", concat,
			                         lead->name, lead->name, nk.n);
		}
		if (!ddl) {
			ddl = lead_column_ddl(adv, src, name, &nk, kp_arena_printf(adv->a, "%s_hash", lead->name), true);
			own = true;
		}
		kp_buf_printf(&m, "index_table: keep a second table %s keyed %s, written with every row of %s%s; "
		              "led by a hash, since %s alone would be a write hotspot (its reads bind the hashed "
		              "columns by = or IN, so each computes the hash)%s", name, k.data, t->name, why,
		              lead->name, concat);
	} else {
		kp_buf_puts(&k, "[bucket]");
		kp_key_notation(&k, src, &nk);
		ddl = parts > 3 ? merged_lead_ddl(adv, src, name, &nk, kp_arena_printf(adv->a, "%s_key", lead->name), 3)
		                : NULL;
		if (ddl) {
			kp_buf_clear(&k);
			kp_buf_printf(&k, "[bucket + %s]", lead->name);
			for (int i = 1; i < nk.n; i++) {
				kp_buf_putc(&k, '[');
				kp_key_part_name(&k, src, &nk.parts[i]);
				kp_buf_puts(&k, nk.parts[i].desc ? " DESC]" : "]");
			}
		}
		if (ddl)
			concat = kp_arena_printf(adv->a, "%s; %s_key holds the bucket (3 digits) followed by %s, "
			                         "zero-padded, in one key column, so it keeps %d key columns", concat,
			                         lead->name, lead->name, nk.n);
		else {
			ddl = lead_column_ddl(adv, src, name, &nk, "bucket", false);
			own = true;
		}
		kp_buf_printf(&m, "index_table: keep a second table %s keyed %s, written with every row of %s%s; "
		              "led by bucket = hash of the key of %s %% %d, computed by the writer, since %s "
		              "alone would be a write hotspot: a read is %d scans (bucket = 0 to %d) merged%s",
		              name, k.data, t->name, why, t->name, KP_BUCKETS, lead->name, KP_BUCKETS, KP_BUCKETS - 1,
		              concat);
		fan = serves;
	}
	/* its DDL's key columns: a hash32() part is none, a hash or bucket
	 * merged into the lead's column adds none, one of their own adds one.
	 * More than 3 would draw KP104 itself (3 or more index columns and the
	 * table's key after them): not offered, the secondary index serves */
	if (nk.n + own > 3) {
		kp_buf_free(&m);
		kp_buf_free(&k);
		return NULL;
	}
	kp_advice *x = advise(adv, rule, "index_table", t, bufdup(adv->a, &m), bufdup(adv->a, &k), ddl);
	x->serves = weight_int(serves);
	x->of = weight_int(of);
	x->fanout = fan;
	for (int j = 0; j < user->n; j++)
		advice_col(adv, x, t->cols[user->cols[j]].name);
	kp_buf_free(&m);
	kp_buf_free(&k);
	return x;
}

/* index_table_keyed on user's columns, or on the longest prefix of them
 * that serves qs as well when the whole would pass 3 key columns or the
 * target's key (an index table keyed as a 4-column key now, for the
 * statements a reorder makes worse: [a][b] and the rest concatenated).
 * NULL when no prefix does. */
static kp_advice *index_table_advice(kp_advisor *adv, kp_rule rule, const kp_table *t, const colset *user,
                                     const char *name, const kp_list *qs, const char *why, kp_arena *scratch)
{
	/* a name no earlier index table advised on t has (a reorder's
	 * companion and a proposal may share columns): applying all advice
	 * creates each */
	int same = 0;
	for (bool taken = true; taken;) {
		taken = false;
		const char *want = same ? kp_arena_printf(adv->a, "%s_%d", name, same + 1) : name;
		for (uint32_t i = 0; i < adv->advice.n && !taken; i++) {
			const kp_advice *y = adv->advice.items[i];
			taken = y->table == t && y->ddl && !strcmp(y->kind, "index_table") &&
			        !strncmp(y->ddl + 13, want, strlen(want)) && y->ddl[13 + strlen(want)] == ' ';
		}
		if (taken)
			same++;
		else
			name = want;
	}
	double full = 0, got;
	for (int u = user->n; u >= 1; u--) {
		colset cut = *user;
		cut.n = u;
		kp_advice *x = index_table_keyed(adv, rule, t, &cut, name, qs, why, scratch, full, &got);
		if (x)
			return x;
		if (u == user->n)
			full = got;
	}
	return NULL;
}

/* Offers t keyed nk (a reordering of its key) for rule, judged on the
 * table's workload: only when it serves more weight than now, or as much
 * when it fixes a hotspot (g, the hotspot's finding); when it makes a
 * statement worse, only together with an index table keyed as now that
 * keeps those statements served. Returns whether it was offered. */
static bool offer_reorder(kp_advisor *adv, kp_rule rule, kp_diag *g, const kp_table *t, const kp_table *with,
                          const kp_key *nk, const char *tradeoff, kp_arena *scratch)
{
	int n = nk->n;
	const char *key = key_notation(adv, t, nk);
	for (uint32_t i = 0; i < adv->advice.n; i++) {
		const kp_advice *y = adv->advice.items[i];
		if (y->table == t && !strcmp(y->kind, "reorder_key") && !strcmp(y->key, key))
			return false;   /* already advised as a hotspot's fix */
	}
	verdict v;
	judge(adv, t, with == t ? NULL : with, hypo_table(adv->a, t, nk, with->indexes, with->nindexes), false,
	      scratch, &v);
	if (v.after < v.before || (!g && v.after <= v.before))
		return false;
	kp_advice *companion = NULL;
	if (v.broken > 0) {
		if (v.after <= v.before)
			return false;
		/* offered only with an index table keyed as now, which keeps the
		 * statements the new key makes worse served */
		colset old = {0};
		kp_buf name = {0};
		kp_buf_printf(&name, "%s_by", t->name);
		for (int i = 0; i < t->pk.n; i++) {
			colset_add(&old, t->pk.parts[i].col, t->pk.parts[i].desc);
			kp_buf_printf(&name, "_%s", t->cols[t->pk.parts[i].col].name);
		}
		uint32_t mark = adv->advice.n;
		companion = index_table_advice(adv, rule, t, &old, name.data, &v.worse,
		                               ", so the statements the new key makes worse stay served", scratch);
		kp_buf_free(&name);
		adv->advice.n = mark;   /* pushed again after the reorder */
		if (!companion || companion->serves < companion->of)
			return false;   /* nothing keeps them served: not offered */
	}
	kp_buf ddl = {0};
	kp_table_ddl(&ddl, t, NULL, nk, adv->target);
	if (!g)
		g = kp_diag_add(adv->d, adv->a, KP_R_BETTER_KEY, KP_SEV_INFO, t->src, t->pk_off ? t->pk_off : t->off,
		                0, "key %s of %s serves %.15g of %.15g weight as GET or SCAN; %s serves %.15g%s",
		                key_notation(adv, t, &t->pk), t->name, v.before, v.total, key, v.after, tradeoff);
	const char *lead = t->cols[nk->parts[0].col].name;
	const char *what = rule == KP_R_BETTER_KEY
	                   ? kp_arena_printf(adv->a, "reorder_key: %s%s%s", key, tradeoff,
	                                     with->nindexes > t->nindexes ? " (with the advised secondary indexes)" : "")
	                   : kp_arena_printf(adv->a, "reorder_key: lead the key with %s, which the reads bind, "
	                                     "and move %s after it: writes spread over the values of %s", lead,
	                                     t->cols[t->pk.parts[0].col].name, lead);
	kp_advice *x = advise(adv, rule, "reorder_key", t,
	                      kp_arena_printf(adv->a, "%s%s; %s", what,
	                                      companion ? kp_arena_printf(adv->a, "; keep the index table of the "
	                                                                  "next advice, keyed %s, for the "
	                                                                  "statements it makes worse",
	                                                                  companion->key) : "",
	                                      migration_note(adv, t)),
	                      key, bufdup(adv->a, &ddl));
	verdict_apply(adv, x, &v, 1);
	x->serves = weight_int(v.after);
	x->of = weight_int(v.total);
	for (int i = 0; i < n; i++)
		advice_col(adv, x, t->cols[nk->parts[i].col].name);
	if (rule == KP_R_BETTER_KEY)
		kp_diag_help(g, adv->a, "%s", x->message);
	if (companion) {
		kp_list_push(adv->a, &adv->advice, companion);
		if (rule == KP_R_BETTER_KEY)
			kp_diag_help(g, adv->a, "%s", companion->message);
	}
	kp_buf_free(&ddl);
	return true;
}

/* ------------------------------------------------------ hotspot fixes */


/* Fixes for a hot leading column c of t, each planned against the table's
 * workload: a fix that leaves a read it serves now unserved is not
 * offered. Moving c out of the lead (when the reads allow it), a hash
 * prefix over columns every read binds by = or IN (never an enum alone),
 * a reversal for shared prefixes, and buckets from a well-spread column
 * with the reads' fan-out. */
static void hotspot_fixes(kp_advisor *adv, kp_diag *g, kp_rule rule, const kp_table *t, const kp_column *c,
                          kp_arena *scratch)
{
	const target_info *ti = tinfo(adv->target);
	uint32_t first = adv->advice.n;
	int ci = (int)(c - t->cols);
	verdict v;
	kp_buf m = {0};
	int nparts = t->pk.n;
	/* 1. a key order led by a well-spread column the reads bind */
	shape *s = NULL;
	double total;
	int nq;
	int ns = table_shapes(adv, t, &s, &total, &nq);
	if (ns && reorderable(t)) {
		for (int i = 0; i < ns; i++)
			s[i].now = served(s[i].q->plan.access);
		bool no_lead[KP_REORDER_MAX] = {false};
		int best[KP_REORDER_MAX];
		for (int i = 0; i < nparts; i++)
			no_lead[i] = hot_reason(&t->cols[t->pk.parts[i].col]) != NULL;
		if (search_order(adv, t, s, ns, scratch, no_lead, best) >= 0) {
			kp_key nk;
			nk.n = nparts;
			nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)nparts);
			key_from_order(&nk, t, best, nparts);
			offer_reorder(adv, rule, g, t, t, &nk, "", scratch);
		}
	}
	free(s);
	/* 2. a hash prefix over columns every read binds by = or IN: the lead,
	 * and for an enum the key columns up to a well-spread one (a hash of
	 * an enum spreads over its few values only) */
	int hc[KP_REORDER_MAX], nh = 0;
	bool spreads = false;
	for (int i = 0; i < nparts && nh < KP_REORDER_MAX && !spreads; i++) {
		int col = t->pk.parts[i].col;
		if (col < 0)
			break;
		hc[nh++] = col;
		spreads = !enum_reason(&t->cols[col]);
	}
	bool room = (!ti->max_key_parts || nparts + 1 <= ti->max_key_parts) &&
	            width_fits(adv, key_width(t, &t->pk), 4);
	if (spreads && room && reads_bind(adv, t, hc, nh)) {
		kp_key hk = hashed_key(adv->a, &t->pk, hc, nh);
		judge(adv, t, NULL, hypo_table(adv->a, t, &hk, t->indexes, t->nindexes), false, scratch, &v);
		if (v.broken == 0) {
			kp_buf cols = {0}, lead = {0};
			for (int i = 0; i < nh; i++)
				kp_buf_printf(&cols, "%s%s", i ? ", " : "", t->cols[hc[i]].name);
			kp_buf_printf(&lead, "[md5(%s).substr(0,4)]", cols.data);
			char *key = notation_with(adv, t, lead.data, 0);
			char *ddl;
			kp_buf_clear(&m);
			if (ti->hash_key_parts) {
				kp_buf b = {0};
				kp_table_ddl(&b, t, NULL, &hk, adv->target);
				ddl = bufdup(adv->a, &b);
				kp_buf_free(&b);
				kp_buf_printf(&m, "hash_prefix: PRIMARY KEY (hash32(%s), ...) spreads writes; every read "
				              "binds %s by = or IN, so each computes the hash and stays a GET or SCAN; "
				              "range reads over %s alone would be lost", cols.data, cols.data, c->name);
			} else {
				const char *hn = kp_arena_printf(adv->a, "%s_hash", c->name);
				ddl = lead_column_ddl(adv, t, NULL, &t->pk, hn, true);
				kp_buf_printf(&m, "hash_prefix: lead the %s with %s, the first 4 hex characters of md5(%s), "
				              "written by the writer; every read binds %s by = or IN, so each computes it "
				              "and stays a GET or SCAN; range reads over %s alone would be lost",
				              ti->lead_word[0] == 'p' ? "partition key" : "key", hn, cols.data, cols.data, c->name);
				v.rewrite = kp_arena_printf(adv->a, "each adds %s = the first 4 hex characters of md5(%s)",
				                            hn, cols.data);
				/* a fourth key column would draw KP104: the hash and the value
				 * share one key column instead */
				const char *mn = kp_arena_printf(adv->a, "%s_key", c->name);
				char *merged = nparts >= 3 ? merged_lead_ddl(adv, t, NULL, &t->pk, mn, 4) : NULL;
				if (merged) {
					ddl = merged;
					kp_buf_clear(&lead);
					kp_buf_printf(&lead, "[md5(%s).substr(0,4) + %s]", cols.data, c->name);
					key = notation_with(adv, t, lead.data, 1);
					kp_buf_clear(&m);
					kp_buf_printf(&m, "hash_prefix: key the table by %s, the first 4 hex characters of md5(%s) "
					              "followed by %s, zero-padded, in place of %s (one key column, so the key "
					              "keeps %d), written by the writer; every read binds %s by = or IN, so each "
					              "computes it and stays a GET or SCAN; range reads over %s alone would be lost",
					              mn, cols.data, c->name, c->name, nparts, cols.data, c->name);
					v.rewrite = kp_arena_printf(adv->a, "each binds %s = md5(%s) prefix + %s instead of %s", mn,
					                            cols.data, c->name, c->name);
				}
			}
			kp_buf_printf(&m, "; %s", migration_note(adv, t));
			kp_advice *x = advise(adv, rule, "hash_prefix", t, bufdup(adv->a, &m), key, ddl);
			advice_col(adv, x, c->name);
			verdict_apply(adv, x, &v, 1);
			kp_buf_free(&cols);
			kp_buf_free(&lead);
		}
	}
	/* 3. shared prefixes: the value reversed, point reads still work */
	if (rule == KP_R_HOT_PREFIX && reads_bind(adv, t, &ci, 1)) {
		kp_key hk = hashed_key(adv->a, &t->pk, &ci, 1);
		judge(adv, t, NULL, hypo_table(adv->a, t, &hk, t->indexes, t->nindexes), false, scratch, &v);
		if (v.broken == 0) {
			kp_buf lead = {0};
			kp_buf_printf(&lead, "[reverse(%s)]", c->name);
			char *key = notation_with(adv, t, lead.data, 1);
			kp_advice *x = advise(adv, rule, "reverse_key", t,
			                      kp_arena_printf(adv->a, "reverse_key: store %s reversed, so the varying "
			                                      "digits lead; every read binds %s by = or IN, so point "
			                                      "reads still work, binding the reversed value; ordering "
			                                      "by %s is lost", c->name, c->name, c->name), key, NULL);
			advice_col(adv, x, c->name);
			verdict_apply(adv, x, &v, 1);
			kp_buf_free(&lead);
		}
	}
	/* 4. buckets from a well-spread key column: a GET computes its
	 * bucket, other reads are one scan per bucket, merged */
	int src = -1;
	for (int i = 0; i < nparts && src < 0; i++)
		if (t->pk.parts[i].col >= 0 && !enum_reason(&t->cols[t->pk.parts[i].col]))
			src = t->pk.parts[i].col;
	if (ti->max_salt_buckets && !kp_table_option_get(t, "salt_buckets")) {
		/* Phoenix salts the whole row key: a read binding every key
		 * column computes the salt byte */
		int kc[KP_REORDER_MAX], nk = 0;
		for (int i = 0; i < nparts && nk < KP_REORDER_MAX; i++)
			if (t->pk.parts[i].col >= 0)
				kc[nk++] = t->pk.parts[i].col;
		kp_key hk = hashed_key(adv->a, &t->pk, kc, nk);
		judge(adv, t, NULL, hypo_table(adv->a, t, &hk, t->indexes, t->nindexes), true, scratch, &v);
		kp_buf b = {0};
		kp_table_ddl(&b, t, NULL, NULL, adv->target);
		kp_buf_printf(&b, " SALT_BUCKETS = %d", KP_BUCKETS);
		kp_advice *x = advise(adv, rule, "salt_buckets", t,
		                      kp_arena_printf(adv->a, "salt_buckets: SALT_BUCKETS = %d prefixes every row "
		                                      "with a salt byte from a hash of its key, spreading writes "
		                                      "over %d buckets; a GET computes its bucket from the key, "
		                                      "every scan is %d scans merged (Phoenix does it); %s",
		                                      KP_BUCKETS, KP_BUCKETS, KP_BUCKETS, migration_note(adv, t)),
		                      notation_with(adv, t, "[salt]", 0), bufdup(adv->a, &b));
		advice_col(adv, x, c->name);
		verdict_apply(adv, x, &v, KP_BUCKETS);
		kp_buf_free(&b);
	} else if (src >= 0 && room && !ti->max_salt_buckets) {
		const kp_column *sc = &t->cols[src];
		kp_key hk = hashed_key(adv->a, &t->pk, &src, 1);
		judge(adv, t, NULL, hypo_table(adv->a, t, &hk, t->indexes, t->nindexes), true, scratch, &v);
		const char *expr = sc->tclass == KP_T_INT || sc->tclass == KP_T_TIME
		                   ? kp_arena_printf(adv->a, "%s %% %d", sc->name, KP_BUCKETS)
		                   : kp_arena_printf(adv->a, "hash(%s) %% %d", sc->name, KP_BUCKETS);
		/* a fourth key column would draw KP104: the bucket and the lead
		 * share one key column instead */
		const char *ln = t->cols[t->pk.parts[0].col].name;
		const char *mn = kp_arena_printf(adv->a, "%s_key", ln);
		char *merged = nparts >= 3 ? merged_lead_ddl(adv, t, NULL, &t->pk, mn, 3) : NULL;
		kp_advice *x;
		if (merged) {
			x = advise(adv, rule, "salt_buckets", t,
			           kp_arena_printf(adv->a, "salt_buckets: key the table by %s, bucket = %s (3 digits, "
			                           "computed by the writer) followed by %s, zero-padded, in place of %s (one "
			                           "key column, so the key keeps %d): writes spread over %d buckets; a GET "
			                           "computes its bucket from %s, any other read is %d scans (bucket = 0 to "
			                           "%d) merged; %s", mn, expr, ln, ln, nparts, KP_BUCKETS, sc->name,
			                           KP_BUCKETS, KP_BUCKETS - 1, migration_note(adv, t)),
			           notation_with(adv, t, kp_arena_printf(adv->a, "[bucket + %s]", ln), 1), merged);
			v.rewrite = kp_arena_printf(adv->a, "a GET binds %s = bucket %s + %s, any other read is one read "
			                            "per bucket 0 to %d", mn, expr, ln, KP_BUCKETS - 1);
		} else {
			x = advise(adv, rule, "salt_buckets", t,
			           kp_arena_printf(adv->a, "salt_buckets: lead the key with bucket = %s, computed "
			                           "by the writer: writes spread over %d buckets; a GET computes "
			                           "its bucket from %s, any other read is %d scans (bucket = 0 "
			                           "to %d) merged; %s", expr, KP_BUCKETS, sc->name, KP_BUCKETS,
			                           KP_BUCKETS - 1, migration_note(adv, t)),
			           notation_with(adv, t, "[bucket]", 0),
			           lead_column_ddl(adv, t, NULL, &t->pk, "bucket", false));
			v.rewrite = kp_arena_printf(adv->a, "a GET adds bucket = %s, any other read is one read per bucket "
			                            "with bucket = 0 to %d", expr, KP_BUCKETS - 1);
		}
		advice_col(adv, x, sc->name);
		verdict_apply(adv, x, &v, KP_BUCKETS);
	}
	rank_advice(adv, first);
	for (uint32_t i = first; i < adv->advice.n; i++) {
		const kp_advice *x = adv->advice.items[i];
		kp_diag_help(g, adv->a, "%s: %s", x->message, x->key);
	}
	if (first == adv->advice.n)
		kp_diag_help(g, adv->a, "no key change keyplan tried keeps every read served: spread the writes "
		             "in the writer (shuffle ordered imports) or serve the reads from an index table");
	kp_buf_free(&m);
}

/* A secondary index is a table of its own, sorted by its columns: led by
 * a monotonic, enum-like or shared-prefix column, its writes pile up just
 * the same (seeds 000: "also for index columns"). */
static void check_index_hotspots(kp_advisor *adv, const kp_table *t)
{
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		if (!ix->kv || ix->nuser == 0 || ix->key.parts[0].col < 0 || !ix->src)
			continue;
		const kp_column *c = &t->cols[ix->key.parts[0].col];
		const char *r;
		kp_rule rule;
		if ((r = monotonic_reason(c)))
			rule = KP_R_HOT_MONOTONIC;
		else if ((r = enum_reason(c)))
			rule = KP_R_HOT_ENUM;
		else if ((r = prefix_reason(c)))
			rule = KP_R_HOT_PREFIX;
		else
			continue;
		kp_diag *g = kp_diag_add(adv->d, adv->a, rule, kp_rule_get(rule)->severity, ix->src, ix->off,
		                         (uint32_t)strlen(ix->name), "index %s of %s leads with '%s', %s: its "
		                         "writes pile onto a few regions (a write hotspot)", ix->name, t->name,
		                         c->name, r);
		kp_diag_help(g, adv->a, "lead the index with a well-spread column its reads bind by = and put %s "
		             "after it, or keep an index table led by a hash or bucket prefix", c->name);
	}
}

static void check_hotspots(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	const target_info *ti = tinfo(adv->target);
	const kp_key_part *p0 = &t->pk.parts[0];
	if (ti->max_salt_buckets && kp_table_option_get(t, "salt_buckets"))
		return;   /* the salt byte already spreads the writes (its indexes are salted too) */
	check_index_hotspots(adv, t);
	const char *what = ti->lead_word;
	kp_buf m = {0};
	if (p0->col < 0) {
		/* a hash spreads only if some hashed column has many values */
		bool spread = false;
		for (int i = 0; i < p0->nhash; i++)
			spread |= p0->hash_cols[i] >= 0 && !enum_reason(&t->cols[p0->hash_cols[i]]);
		if (!spread && p0->nhash > 0 && p0->hash_cols[0] >= 0) {
			const kp_column *c = &t->cols[p0->hash_cols[0]];
			kp_buf_printf(&m, "the key of %s leads with a hash of %s, which is %s: a hash of few "
			              "values spreads writes over only as many regions", t->name, c->name, enum_reason(c));
			kp_diag *g = finding(adv, KP_R_HOT_ENUM, t, t->pk_off ? t->pk_off : t->off, 0, m.data);
			kp_diag_help(g, adv->a, "hash a well-spread column the reads bind together with %s, or lead "
			             "the key with it", c->name);
		}
		kp_buf_free(&m);
		return;
	}
	const kp_column *c = &t->cols[p0->col];
	const char *r;
	if ((r = monotonic_reason(c))) {
		kp_buf_printf(&m, "%s '%s' of %s is %s: it grows monotonically, so every new row is "
		              "written to the same region (a write hotspot)", what, c->name, t->name, r);
		kp_diag *g = finding(adv, KP_R_HOT_MONOTONIC, t, c->off, name_len(c), m.data);
		hotspot_fixes(adv, g, KP_R_HOT_MONOTONIC, t, c, scratch);
		if (c->auto_increment) {
			const char *ddl = ti->mysql_ddl
			                  ? "CREATE TABLE tickets64 (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, "
			                    "stub CHAR(1) NOT NULL DEFAULT '', PRIMARY KEY (id), UNIQUE KEY stub (stub)) "
			                    "ENGINE=MyISAM"
			                  : NULL;
			kp_advice *x = advise(adv, KP_R_HOT_MONOTONIC, "global_id", t,
			                      kp_arena_printf(adv->a, "global_id: AUTO_INCREMENT is not unique across "
			                                      "shards and grows monotonically; %s",
			                                      ti->id_source),
			                      key_notation(adv, t, &t->pk), ddl);
			advice_col(adv, x, c->name);
			kp_diag_help(g, adv->a, "%s", x->message);
		}
	} else if ((r = enum_reason(c))) {
		kp_buf_printf(&m, "%s '%s' of %s is %s: few distinct values put all writes on a few regions",
		              what, c->name, t->name, r);
		kp_diag *g = finding(adv, KP_R_HOT_ENUM, t, c->off, name_len(c), m.data);
		hotspot_fixes(adv, g, KP_R_HOT_ENUM, t, c, scratch);
	} else if ((r = prefix_reason(c))) {
		kp_buf_printf(&m, "%s '%s' of %s holds %s: rows cluster in a few regions", what, c->name,
		              t->name, r);
		kp_diag *g = finding(adv, KP_R_HOT_PREFIX, t, c->off, name_len(c), m.data);
		hotspot_fixes(adv, g, KP_R_HOT_PREFIX, t, c, scratch);
	}
	kp_buf_free(&m);
}

typedef struct proposal {
	const kp_table *t;      /* table */
	char *key;              /* notation of the new key, every column ASC (dedupe: ASC
	                           and DESC twins are one proposal) */
	colset user;            /* the index columns */
	bool *covers;           /* columns to INCLUDE */
	kp_list qs;             /* kp_wquery* it was proposed for */
	double desc_w, asc_w;   /* weight of its reads wanting the range column DESC / ASC */
	double weight;          /* weight of the statements it was proposed for */
	kp_list found;          /* unserved_finding* of its statements (KP120) */
} proposal;

/* A KP120 finding, worded again with the key the advice finally creates
 * (hashed, bucketed, concatenated) once that is known. */
typedef struct unserved_finding {
	kp_diag *g;             /* the finding */
	const char *was;        /* how the query is read now */
	const char *then;       /* what the proposed key makes it */
} unserved_finding;

typedef struct prop_rank {
	int i;                  /* proposal */
	double w;               /* its weight */
} prop_rank;

static int prop_rank_cmp(const void *a, const void *b)
{
	const prop_rank *x = a, *y = b;
	if (x->w != y->w)
		return x->w > y->w ? -1 : 1;
	return x->i - y->i;
}

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

/* Words the KP120 findings of pr with the keys its advice creates: the
 * index table's final key (hashed, bucketed, concatenated) and the
 * secondary index's, either NULL when not advised. */
static void reword_unserved(kp_advisor *adv, const proposal *pr, const kp_advice *x, const kp_advice *y)
{
	const char *tk = x ? x->key : NULL, *ik = y ? y->key : NULL;
	if (!tk && !ik)
		return;   /* nothing advised: the proposed key stays named */
	bool same = tk && ik && !strcmp(tk, ik);
	const char *keyed, *help;
	if (tk && ik && !same) {
		keyed = kp_arena_printf(adv->a, "an index table keyed %s or a secondary index keyed %s", tk, ik);
		help = kp_arena_printf(adv->a, "index_table on %s keyed %s, or secondary_index on %s keyed %s",
		                       pr->t->name, tk, pr->t->name, ik);
	} else {
		keyed = kp_arena_printf(adv->a, "%s keyed %s", same ? "a table or index" : tk ? "an index table"
		                        : "a secondary index", tk ? tk : ik);
		help = kp_arena_printf(adv->a, "%s on %s keyed %s", same ? "index_table or secondary_index"
		                       : tk ? "index_table" : "secondary_index", pr->t->name, tk ? tk : ik);
	}
	for (uint32_t i = 0; i < pr->found.n; i++) {
		const unserved_finding *f = pr->found.items[i];
		f->g->message = kp_arena_printf(adv->a, "the key of %s cannot serve this query (%s); %s makes it a %s",
		                                pr->t->name, f->was, keyed, f->then);
		if (f->g->helps)
			f->g->helps->message = kp_arena_printf(adv->a, "%s (see the advice below)", help);
	}
}

static void suggest_indexes(kp_advisor *adv, kp_arena *scratch)
{
	const target_info *ti = tinfo(adv->target);
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
		/* = columns in any order serve alike: well-spread ones lead, so
		 * the index is no write hotspot when the query allows it; then
		 * monotonic or shared-prefix ones (a hash of them spreads), enums
		 * last (a hash of few values does not) */
		int rank[sizeof eq.cols / sizeof eq.cols[0]];   /* each column named once, not once a pass */
		for (int i = 0; i < eq.n; i++) {
			const kp_column *c = &t->cols[eq.cols[i]];
			rank[i] = !hot_reason(c) ? 0 : !enum_reason(c) ? 1 : 2;
		}
		for (int pass = 0; pass < 3; pass++)
			for (int i = 0; i < eq.n; i++)
				if (rank[i] == pass)
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
		for (int i = 0; i < key.n; i++)
			nk.parts[i].col = key.cols[i];
		kp_buf_clear(&m);
		kp_key_notation(&m, t, &nk);
		uint64_t pk = str_hash(m.data, str_hash(t->name, 1469598103934665603ull));
		proposal *pr = NULL;
		uint32_t pi;
		if (map_get(&byprop, pk, &pi) && props[pi].t == t && !strcmp(props[pi].key, m.data))
			pr = &props[pi];
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
			pr->user = user;
			for (int i = 0; i < pr->user.n; i++)
				pr->user.desc[i] = false;
			pr->covers = kp_arena_alloc(adv->a, sizeof(bool) * (size_t)(t->ncols + 1));
		} else if (user.n > pr->user.n) {
			/* the same key, bound further by this query: its index
			 * columns are the longer prefix (the rest may be concatenated) */
			pr->user = user;
			for (int i = 0; i < pr->user.n; i++)
				pr->user.desc[i] = false;
		}
		for (int i = 0; i < key.n; i++)
			nk.parts[i].desc = key.desc[i];
		if (rcol >= 0 && rcol == ocol)
			*(odesc ? &pr->desc_w : &pr->asc_w) += q->weight;
		kp_buf_clear(&m);
		kp_key_notation(&m, t, &nk);
		kp_table *h = hypo_table(scratch, t, &nk, NULL, 0);
		kp_access now = cached_class(&classes, str_hash(m.data, pk), h, q, scratch);
		bool *used = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
		if (q->stmt->kind == KP_S_SELECT)
			for (uint32_t i = 0; i < q->stmt->u.select.items.n; i++)
				used_cols(q->stmt->u.select.items.items[i], used, t->ncols);
		used_cols(where_of(q->stmt), used, t->ncols);
		for (int i = 0; i < t->ncols; i++)
			if (used[i])
				pr->covers[i] = true;
		kp_list_push(adv->a, &pr->qs, q);
		pr->weight += q->weight;
		unserved_finding *f = kp_arena_alloc(adv->a, sizeof(*f));
		f->was = p->rejected ? "rejected full scan" : kp_access_name(p->access);
		f->then = now == KP_ACCESS_GET ? "GET" : now == KP_ACCESS_SCAN ? "SCAN" :
		          now == KP_ACCESS_FILTERED ? "FILTERED SCAN" : "full scan";
		f->g = kp_diag_add(adv->d, adv->a, KP_R_UNSERVED, KP_SEV_WARNING, q->src, q->stmt->off, q->stmt->len,
		                   "the key of %s cannot serve this query (%s); a table or index keyed %s makes it a %s",
		                   t->name, f->was, m.data, f->then);
		kp_arena_reset(scratch);
		kp_diag_help(f->g, adv->a, "index_table or secondary_index on %s keyed %s (see the advice below)",
		             t->name, m.data);
		kp_list_push(adv->a, &pr->found, f);
	}
	kp_arena hyp;
	kp_arena_init(&hyp);
	/* ranked by the weight they were proposed for (ties keep the
	 * workload's order) */
	if (nprops > 1) {
		prop_rank *rk = malloc(sizeof(*rk) * (size_t)nprops);
		proposal *sorted = malloc(sizeof(*sorted) * (size_t)nprops);
		if (!rk || !sorted)
			abort();
		for (int i = 0; i < nprops; i++) {
			rk[i].i = i;
			rk[i].w = props[i].weight;
		}
		qsort(rk, (size_t)nprops, sizeof(*rk), prop_rank_cmp);
		for (int i = 0; i < nprops; i++)
			sorted[i] = props[rk[i].i];
		free(props);
		free(rk);
		props = sorted;
	}
	for (int i = 0; i < nprops; i++) {
		proposal *pr = &props[i];
		const kp_table *t = pr->t;
		/* ASC and DESC twins are one index: it reads the other direction
		 * backwards; the heavier direction is stored */
		for (int j = 0; j < pr->user.n; j++)
			pr->user.desc[j] = j == pr->user.n - 1 && pr->desc_w > pr->asc_w && ti->desc_key;
		kp_buf name = {0}, ddl = {0};
		kp_buf_printf(&name, "%s_by", t->name);
		proposal_suffix(&name, t, pr, props, i);
		kp_advice *x = index_table_advice(adv, KP_R_UNSERVED, t, &pr->user, name.data, &pr->qs, "", scratch);
		if (x) {
			/* the table's workload with the queries it serves read from it
			 * (they are all unserved now) */
			verdict v;
			memset(&v, 0, sizeof v);
			const kp_list *tq = queries_of(adv, t);
			for (uint32_t k = 0; k < tq->n; k++) {
				const kp_wquery *q = tq->items[k];
				if (q->plan.table != t || q->plan.access == KP_ACCESS_NONE)
					continue;
				v.total += q->weight;
				v.before += served(q->plan.access) ? q->weight : 0;
			}
			v.after = v.before + x->serves;
			v.fanout = x->fanout;
			verdict_apply(adv, x, &v, KP_BUCKETS);
		}
		const kp_column *lead = &t->cols[pr->user.cols[0]];
		if (hot_reason(lead)) {
			/* a secondary index led by a hotspot column is a hotspot itself */
			reword_unserved(adv, pr, x, NULL);
			kp_buf_free(&name);
			continue;
		}
		/* the same key as a secondary index, judged on the table's whole
		 * workload */
		kp_buf_clear(&name);
		kp_buf_printf(&name, "idx_%s", t->name);
		proposal_suffix(&name, t, pr, props, i);
		kp_buf_printf(&ddl, "CREATE INDEX %s ON %s (", name.data, t->name);
		for (int j = 0; j < pr->user.n; j++)
			kp_buf_printf(&ddl, "%s%s%s", j ? ", " : "", t->cols[pr->user.cols[j]].name,
			              pr->user.desc[j] && ti->desc_key ? " DESC" : "");
		kp_buf_putc(&ddl, ')');
		int ninc = 0;
		kp_buf inc = {0};
		for (int c = 0; c < t->ncols; c++) {
			bool inkey = t->cols[c].key_pos >= 0;
			for (int j = 0; j < pr->user.n; j++)
				inkey |= pr->user.cols[j] == c;
			if (pr->covers[c] && !inkey) {
				kp_buf_printf(&ddl, "%s%s", ninc ? ", " : " INCLUDE (", t->cols[c].name);
				kp_buf_printf(&inc, "%s%s", ninc++ ? ", " : "", t->cols[c].name);
			}
		}
		if (ninc)
			kp_buf_putc(&ddl, ')');
		/* the table with the index, in an arena of its own: it is only
		 * planned against, then dropped */
		kp_arena_reset(&hyp);
		kp_index **ix = kp_arena_alloc(&hyp, sizeof(kp_index *) * (size_t)(t->nindexes + 1));
		if (t->nindexes)
			memcpy(ix, t->indexes, sizeof(kp_index *) * (size_t)t->nindexes);
		ix[t->nindexes] = hypo_index(&hyp, t, name.data, pr->user.cols, pr->user.desc, pr->user.n, pr->covers);
		verdict v;
		judge(adv, t, NULL, hypo_table(&hyp, t, &t->pk, ix, t->nindexes + 1), false, scratch, &v);
		const char *msg;
		if (ti->sql_index)
			msg = kp_arena_printf(adv->a, "secondary_index: %s on %s, covering the columns these "
			                      "queries read; the store maintains it on every write", name.data, t->name);
		else
			msg = kp_arena_printf(adv->a, "secondary_index: %s on %s, created with the CreateIndex "
			                      "operation (IndexMeta: primary key %s, the key columns of %s added by the "
			                      "store; defined columns %s); the store maintains it on every write",
			                      name.data, t->name, pr->key, t->name, ninc ? inc.data : "none");
		kp_buf shown = {0};
		for (int j = 0; j < ix[t->nindexes]->key.n; j++)
			kp_buf_printf(&shown, "[%s%s]", t->cols[ix[t->nindexes]->key.parts[j].col].name,
			              ix[t->nindexes]->key.parts[j].desc ? " DESC" : "");
		kp_advice *y = advise(adv, KP_R_UNSERVED, "secondary_index", t, msg, bufdup(adv->a, &shown),
		                      ti->sql_index ? bufdup(adv->a, &ddl) : NULL);
		verdict_apply(adv, y, &v, 1);
		if (x) {
			y->serves = x->serves;
			y->of = x->of;
		}
		for (int j = 0; j < pr->user.n; j++)
			advice_col(adv, y, t->cols[pr->user.cols[j]].name);
		reword_unserved(adv, pr, x, y);
		kp_buf_free(&name);
		kp_buf_free(&ddl);
		kp_buf_free(&inc);
		kp_buf_free(&shown);
	}
	free(props);
	kp_arena_free(&hyp);
	map_free(&byprop);
	map_free(&classes);
	kp_buf_free(&m);
}

/* ------------------------------------------------------ reordered key */

/* t with its indexes and every secondary index advised for it (a copy), or
 * t itself when none was advised. */
static const kp_table *with_advised_indexes(kp_advisor *adv, const kp_table *t, kp_arena *a)
{
	int nix = t->nindexes, added = 0;
	kp_index **ix = kp_arena_alloc(a, sizeof(kp_index *) * (adv->advice.n + (size_t)nix + 1));
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
		bool *all = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
		for (int c = 0; c < t->ncols; c++)
			all[c] = true;
		ix[nix++] = hypo_index(a, t, "advised", cols, desc, m, all);
		added++;
	}
	if (!added)
		return t;
	kp_table *h = hypo_table(a, t, &t->pk, ix, nix);
	h->src = t->src;
	return h;
}

static void suggest_reorder(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	if (!reorderable(t))
		return;   /* longer keys already draw KP104; their orders are not searched */
	shape *s;
	double total;
	int nq;
	int ns = table_shapes(adv, t, &s, &total, &nq);
	if (ns == 0) {
		free(s);
		return;
	}
	/* orders searched on the key alone, without the table's indexes: the
	 * advised indexes are for the statements the key does not serve, and
	 * once created they would change a search that counted indexes, so
	 * applying all advice (the reorder and the indexes) would draw another
	 * reorder. On the key alone the order found stays the best; the
	 * reorder is still judged (and offered) with the table's indexes. */
	kp_arena wa;
	kp_arena_init(&wa);
	kp_table *with = hypo_table(&wa, t, &t->pk, NULL, 0);
	with->src = t->src;
	int n = t->pk.n;
	for (int i = 0; i < ns; i++)
		s[i].now = served(s[i].q->plan.access);
	double current = key_serves(with, &t->pk, s, ns, scratch);
	bool none[KP_REORDER_MAX] = {false}, hot[KP_REORDER_MAX] = {false};
	int best[KP_REORDER_MAX], cool[KP_REORDER_MAX];
	for (int i = 0; i < n; i++)
		hot[i] = hot_reason(&t->cols[t->pk.parts[i].col]) != NULL;
	double best_w = search_order(adv, with, s, ns, scratch, none, best);
	const int *chosen = best;
	double chosen_w = best_w;
	const char *tradeoff = "";
	if (hot[best[0]]) {
		/* never bring back a hotspot silently */
		double cool_w = search_order(adv, with, s, ns, scratch, hot, cool);
		if (cool_w > current) {
			chosen = cool;
			chosen_w = cool_w;
			if (best_w > cool_w)
				tradeoff = kp_arena_printf(adv->a, "; leading with %s would serve more, but it is a "
				                           "write hotspot", t->cols[t->pk.parts[best[0]].col].name);
		} else {
			chosen_w = current;
		}
	}
	free(s);
	if (chosen_w > current) {
		kp_key nk;
		nk.n = n;
		nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)n);
		key_from_order(&nk, t, chosen, n);
		offer_reorder(adv, KP_R_BETTER_KEY, NULL, t, t, &nk, tradeoff, scratch);
	}
	kp_arena_free(&wa);
}

/* ----------------------------------------------------------- DESC key */

static void suggest_desc(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	const target_info *ti = tinfo(adv->target);
	double rev = 0, fwd = 0, nord = 0;
	int part = -1;
	const kp_list *qs = queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		/* only reads the key serves in its order: a full scan reads the
		 * whole table whatever the direction */
		if (q->plan.table != t || q->plan.index || q->plan.order == KP_ORDER_NONE || !served(q->plan.access))
			continue;
		nord += q->weight;
		if (q->plan.order == KP_ORDER_REVERSE) {
			rev += q->weight;
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
	/* check: the reversed reads become forward reads, and nothing served
	 * now is lost */
	kp_table *h = hypo_table(adv->a, t, &nk, t->indexes, t->nindexes);
	verdict v;
	judge(adv, t, NULL, h, false, scratch, &v);
	if (v.broken > 0)
		return;
	double fixed = 0;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		kp_order o;
		if (q->plan.table == t && !q->plan.index && q->plan.order == KP_ORDER_REVERSE &&
		    served(q->plan.access)) {
			if (served(plan_class(h, q, scratch, &o)) && o == KP_ORDER_KEY)
				fixed += q->weight;
		}
		kp_arena_reset(scratch);
	}
	if (fixed <= 0)
		return;
	const char *cn = t->cols[nk.parts[part].col].name;
	const char *key = key_notation(adv, t, &nk);
	kp_diag *g = kp_diag_add(adv->d, adv->a, KP_R_DESC_KEY, KP_SEV_INFO, t->src,
	                         t->pk_off ? t->pk_off : t->off, 0,
	                         "%.15g of %.15g weight of ordered reads of %s read %s backwards, which is slower "
	                         "than the stored order", rev, nord, t->name, cn);
	kp_advice *x;
	if (ti->desc_key) {
		kp_buf ddl = {0};
		kp_table_ddl(&ddl, t, NULL, &nk, adv->target);
		x = advise(adv, KP_R_DESC_KEY, "desc_key", t,
		           kp_arena_printf(adv->a, "desc_key: declare %s %s in the key, so %.15g of that weight "
		                           "reads forwards; %s", cn, nk.parts[part].desc ? "DESC" : "ASC", fixed,
		                           migration_note(adv, t)),
		           key, bufdup(adv->a, &ddl));
		kp_buf_free(&ddl);
	} else {
		x = advise(adv, KP_R_DESC_KEY, "desc_key", t,
		           kp_arena_printf(adv->a, "desc_key: %s keys have no DESC; store %s as Long.MAX_VALUE - "
		                           "%s, so the newest rows sort first and %.15g of that weight reads forwards; "
		                           "%s", ti->name, cn, cn, fixed, migration_note(adv, t)),
		           key, NULL);
	}
	verdict_apply(adv, x, &v, 1);
	x->serves = weight_int(fixed);
	x->of = weight_int(nord);
	advice_col(adv, x, cn);
	kp_diag_help(g, adv->a, "%s: %s", x->message, key);
}

/* ---------------------------------------------------------- uniqueness */

/* The unique_key fix: the column that tells rows apart (col, else a
 * non-key time, sequence or id column by its name) added to the end of the
 * key, with the new table's DDL; a generic fix when no column stands out. */
static kp_advice *unique_fix(kp_advisor *adv, const kp_table *t, int col, kp_arena *scratch)
{
	for (int i = 0; col < 0 && i < t->ncols; i++)
		if (t->cols[i].key_pos < 0 && t->cols[i].tclass != KP_T_JSON && monotonic_reason(&t->cols[i]))
			col = i;
	if (col < 0 || t->pk.n >= KP_REORDER_MAX) {
		kp_advice *x = advise(adv, KP_R_NON_UNIQUE, "unique_key", t,
		                      "unique_key: add the column that tells the rows apart (an order id or a "
		                      "timestamp) to the end of the key, as [userid][orderid]",
		                      key_notation(adv, t, &t->pk), NULL);
		return x;
	}
	kp_key nk;
	nk.n = t->pk.n + 1;
	nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)nk.n);
	memcpy(nk.parts, t->pk.parts, sizeof(kp_key_part) * (size_t)t->pk.n);
	nk.parts[t->pk.n].col = col;
	const char *key = key_notation(adv, t, &nk);
	kp_buf ddl = {0};
	kp_table_ddl(&ddl, t, NULL, &nk, adv->target);
	kp_advice *x = advise(adv, KP_R_NON_UNIQUE, "unique_key", t,
	                      kp_arena_printf(adv->a, "unique_key: add %s to the end of the key, %s, so each "
	                                      "row has its own key; %s", t->cols[col].name, key,
	                                      migration_note(adv, t)),
	                      key, bufdup(adv->a, &ddl));
	advice_col(adv, x, t->cols[col].name);
	verdict v;
	judge(adv, t, NULL, hypo_table(adv->a, t, &nk, t->indexes, t->nindexes), false, scratch, &v);
	verdict_apply(adv, x, &v, 1);
	kp_buf_free(&ddl);
	return x;
}

static void check_unique(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
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
		int oc = s->order.n ? colref_of(((kp_order_item *)s->order.items[0])->expr) : -1;
		kp_advice *x = unique_fix(adv, t, oc >= 0 && t->cols[oc].key_pos < 0 ? oc : -1, scratch);
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
				kp_advice *x = unique_fix(adv, t, -1, scratch);
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
		/* a view over a table has that table's key: checked there, once */
		if (t->dropped || t->view_base)
			continue;
		check_target_schema(adv, t);
		check_hotspots(adv, t, &scratch);
		check_shape(adv, t, &scratch);
	}
	check_duplicate_inserts(adv, &scratch);
	suggest_indexes(adv, &scratch);
	for (int i = 0; i < adv->cat->ntables; i++) {
		const kp_table *t = adv->cat->tables[i];
		if (t->dropped || t->view_base)
			continue;
		check_unique(adv, t, &scratch);
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
		const kp_table *h = with_advised_indexes(adv, t, adv->a);
		bool added = h != t;
		u64map classes = {0};
		for (uint32_t j = 0; j < qs->n; j++) {
			const kp_wquery *q = qs->items[j];
			if (q->plan.access == KP_ACCESS_NONE)
				continue;
			ts->before[class_slot(q->plan.access)] += q->weight;
			/* without an advised index the plan stays as it is */
			ts->after[class_slot(added ? cached_class(&classes, 0, h, q, &scratch) : q->plan.access)] += q->weight;
			kp_arena_reset(&scratch);
		}
		map_free(&classes);
	}
	kp_arena_free(&scratch);
	*out = s;
	return n;
}
