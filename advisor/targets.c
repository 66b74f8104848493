/* The target stores as one table: each store's hard limits, what its DDL
 * can say, whether it refuses full scans, how it compares names, and its
 * own words. The rest of the advisor reads these columns and never tests a
 * target by name; adding a store is adding a row (docs/targets.md). */
#include "advisor/advisorInt.h"

#include <string.h>

static const target_info targets[] = {
	[KP_TARGET_LINDORM] = {
		.name = "lindorm", .lead_word = "leading key column", .key_word = "key", .max_key_parts = 5,
		.max_families = 3, .max_key_bytes = 2048, .binary_last_only = true, .no_json_key = true,
		.hash_key_parts = true, .desc_key = true, .sql_index = true, .names = KP_NAMES_EXACT,
		.delete_by_key = "LindormTable, DELETE: \"the filter condition must specify all primary key "
		                 "columns to delete a row. Otherwise, an error occurs\"; batch deletion is off by default",
		.full_scan_note = "Lindorm refuses it: \"This query may be a full table scan and thus may have "
		                  "unpredictable performance\"",
		.full_scan_optin = "/*+ _l_allow_filtering_ */",
		.long_key_why = "Lindorm advises compact keys of fixed-length values such as long integers, to "
		                "store less and write faster (Lindorm, Design primary keys for Lindorm wide tables)",
		.id_source = "take ids from a generator outside the table (a ticket or sequence service) and "
		             "hash-prefix them",
		.max_in_list = 2000, .max_limit = 10000, .order_in_key_order = true, .bounded_lead = true,
		.search_index = KPA_SEARCH_SQL, .with_options = true,
		.refuses = 1u << KP_CX_CTE | 1u << KP_CX_JOIN | 1u << KP_CX_UNION_ALL | 1u << KP_CX_SETOP |
		           1u << KP_CX_SUBQUERY | 1u << KP_CX_DERIVED | 1u << KP_CX_WINDOW,
		.refuses_why = "lindorm refuses it too: its SELECT reads one table (FROM table_name) and \"supports "
		               "only flattened queries\", with no joins, set operations, subqueries, WITH or window "
		               "functions (Lindorm, SELECT)"},
	[KP_TARGET_TABLESTORE] = {
		.name = "tablestore", .lead_word = "partition key", .key_word = "partition key", .max_key_parts = 4,
		.max_index_cols = 4, .max_index_key_parts = 8,
		.partition_lead = true,
		.strict_key_types = true, .hash_part_error = true, .names = KP_NAMES_NOCASE, .dq_strings = true,
		.never_reject = true, .index_policy = true, .max_indexes = 5, .search_index = KPA_SEARCH_API,
		.scan_rows_limit = 100000, .range_read_units = true,
		.full_scan_note = "Tablestore runs it, reading every partition, and fails it past its SQL scan limits: "
		                  "\"100,000 for the number of scanned rows, 128 MB for the size of scanned data, "
		                  "and 30 seconds for the scan duration\"",
		.long_key_why = "every row stores its key, and each secondary index's row holds it again "
		                "(Tablestore appends the data table's primary key columns to an index's key)",
		.filtered_scan_note = "Tablestore's SQL scan limit counts the rows scanned, before this filter: one scan "
		                      "fails past 100,000 scanned rows, so every row of the key range counts, not only "
		                      "those the filter keeps (keyplan check counts the read failing where -- rows: and "
		                      "-- distinct: put more rows in its range); a key or index that binds these columns "
		                      "scans only the rows they keep",
		.id_source = "let Tablestore generate them in an auto-increment key column after the partition key",
		.refuses = 1u << KP_CX_CTE | 1u << KP_CX_UNION_ALL | 1u << KP_CX_SETOP,
		.refuses_why = "tablestore refuses it too: its SELECT has no WITH and no set operations (UNION, "
		               "INTERSECT, EXCEPT) (Tablestore, DQL operations: SELECT syntax)"},
	[KP_TARGET_PHOENIX] = {
		.name = "phoenix", .lead_word = "leading key column", .key_word = "key", .max_salt_buckets = 256,
		.not_null_key_only = true,
		.pk_constraint = true, .desc_key = true, .sql_index = true, .never_reject = true, .phoenix_rules = true,
		.expr_index = true,
		.dotted_families = true, .names = KP_NAMES_UPPER,
		.full_scan_note = "Phoenix runs it as a full scan over every region",
		.long_key_why = "HBase, which stores Phoenix's rows, advises row keys of 16 bytes or less "
		                "(every cell stores its row key)",
		.id_source = "take ids from a Phoenix sequence (CREATE SEQUENCE, NEXT VALUE FOR)",
		.refuses = 1u << KP_CX_CTE | 1u << KP_CX_SETOP | 1u << KP_CX_WINDOW,
		.refuses_why = "phoenix refuses it too: its grammar has no WITH, no window functions (OVER), and of "
		               "the set operations only UNION ALL (Phoenix grammar, SELECT)"},
	[KP_TARGET_GENERIC] = {
		.name = "generic", .lead_word = "leading key column", .key_word = "key", .desc_key = true,
		.sql_index = true, .never_reject = true, .names = KP_NAMES_NOCASE,
		.heap_tables = true,
		.long_key_why = "every row stores its key, and each secondary index's entry holds it again",
		.id_source = "take ids from a ticket table (REPLACE INTO tickets64 (stub) VALUES ('a'); "
		             "SELECT LAST_INSERT_ID();) or a sequence table",
		.id_ddl = "CREATE TABLE tickets64 (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, stub CHAR(1) NOT NULL "
		          "DEFAULT '', PRIMARY KEY (id), UNIQUE KEY stub (stub)) ENGINE=MyISAM"},
};

#define NTARGETS (sizeof targets / sizeof targets[0])

const target_info *kpa_target(kp_target t)
{
	return &targets[(unsigned)t < NTARGETS ? t : KP_TARGET_GENERIC];
}

int kp_target_parse(kp_target *out, const char *s)
{
	for (size_t i = 0; i < NTARGETS; i++)
		if (strcmp(s, targets[i].name) == 0) {
			*out = (kp_target)i;
			return 0;
		}
	return -1;
}

const char *kp_target_name(kp_target t)
{
	return kpa_target(t)->name;
}

int kp_target_names(kp_target t)
{
	return kpa_target(t)->names;
}

bool kp_target_heap_tables(kp_target t)
{
	return kpa_target(t)->heap_tables;
}

bool kp_target_dq_strings(kp_target t)
{
	return kpa_target(t)->dq_strings;
}

void kp_target_plan_opts(kp_plan_opts *o, kp_target t)
{
	*o = (kp_plan_opts){0};   /* every field set: on a global connection (no tenant) */
	o->never_reject = kpa_target(t)->never_reject;
	o->full_scan_note = kpa_target(t)->full_scan_note;
	o->filtered_scan_note = kpa_target(t)->filtered_scan_note;
	o->full_scan_optin = kpa_target(t)->full_scan_optin;
	o->phoenix = kpa_target(t)->phoenix_rules;
	o->index_policy = kpa_target(t)->index_policy;
	o->bounded_lead = kpa_target(t)->bounded_lead;
	o->delete_by_key = kpa_target(t)->delete_by_key;
	/* Tablestore's primary key columns have no DESC (its CreateTable takes
	 * a name and a type a column): a backward range read is its own way */
	if (!kpa_target(t)->desc_key)
		o->reverse_note = "the store's key columns have no DESC to declare: a backward range read (GetRange, "
		                  "Direction.BACKWARD) is how a key is read newest first (storing Long.MAX_VALUE - value "
		                  "instead rewrites every writer and reader; keyplan check weighs it, KP122)";
}

const char *kp_target_refuses(kp_target t, kp_construct c)
{
	const target_info *ti = kpa_target(t);
	return c != KP_CX_OTHER && (ti->refuses & 1u << c) ? ti->refuses_why : NULL;
}

void kp_target_fp_opts(kp_fp_opts *o, kp_target t)
{
	o->fold_case = kpa_target(t)->names == KP_NAMES_NOCASE;
	o->max_in_list = (uint32_t)kpa_target(t)->max_in_list;
}

/* Does a key of this width (plus extra bytes the fix adds) fit the target? */
bool kpa_width_fits(kp_advisor *adv, long long width, int extra)
{
	long long max = kpa_target(adv->target)->max_key_bytes;
	return !max || width < 0 || width + extra <= max;
}

/* A key column type Tablestore accepts: BIGINT, VARCHAR(n <= 1024) or
 * VARBINARY(n <= 1024). */
bool kpa_strict_key_type(const kp_column *c)
{
	char l[32];
	kpa_lower_copy(l, c->type_name, sizeof l);
	return !strcmp(l, "bigint") || !strcmp(l, "long") ||
	       ((!strcmp(l, "varchar") || !strcmp(l, "string")) && c->length <= 1024) ||
	       ((!strcmp(l, "varbinary") || !strcmp(l, "binary")) && c->length <= 1024);
}
