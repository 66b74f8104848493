#include "base/rules.h"

#include <stddef.h>

/* A row of the table, with its id's and slug's lengths counted by the
 * compiler (sizeof of the literals): the JSON and text writers copy both for
 * every finding, and a strlen each was a fifth of what a finding's heading
 * cost besides its message. */
#define R(id, slug, sev, summary) {id, slug, sev, summary, sizeof(id) - 1, sizeof(slug) - 1}

static const kp_rule_info rules[KP_R__COUNT] = {
	[KP_R_FULL_SCAN]      = R("KP001", "full-scan", KP_SEV_ERROR, "query scans the whole table: no condition on the leading key column"),
	[KP_R_FILTERED_SCAN]  = R("KP002", "filtered-scan", KP_SEV_INFO, "key range plus predicates the key cannot serve, checked by a server-side filter"),
	[KP_R_REVERSE_SCAN]   = R("KP003", "reverse-scan", KP_SEV_WARNING, "rows are read backwards, which is slower than the stored order"),
	[KP_R_UNBOUNDED_SORT] = R("KP004", "unbounded-sort", KP_SEV_WARNING, "ORDER BY the key cannot serve: every row in range is read and sorted"),
	[KP_R_IMPOSSIBLE]     = R("KP005", "impossible-condition", KP_SEV_WARNING, "the WHERE clause can never be true"),
	[KP_R_KEY_FUNCTION]   = R("KP006", "key-function", KP_SEV_WARNING, "a function or expression of a key column cannot use the key"),
	[KP_R_TYPE_MISMATCH]  = R("KP007", "type-mismatch", KP_SEV_WARNING, "a literal whose type does not fit the key column cannot use the key"),
	[KP_R_UNKNOWN_TABLE]  = R("KP008", "unknown-table", KP_SEV_ERROR, "the statement names a table the schema does not declare"),
	[KP_R_UNKNOWN_COLUMN] = R("KP009", "unknown-column", KP_SEV_ERROR, "the statement names a column the table does not have"),
	[KP_R_CHAINED_CMP]    = R("KP010", "chained-comparison", KP_SEV_WARNING, "chained comparison a < x < b is not portable SQL"),
	[KP_R_SYNTAX]         = R("KP011", "syntax-error", KP_SEV_ERROR, "the statement does not parse"),
	[KP_R_UNSUPPORTED]    = R("KP012", "unsupported", KP_SEV_ERROR, "joins, subqueries, CTEs and set operations are not supported"),
	[KP_R_DUPLICATE]      = R("KP013", "duplicate-name", KP_SEV_ERROR, "a table, column or index is declared twice"),
	[KP_R_BAD_KEY]        = R("KP014", "bad-key", KP_SEV_ERROR, "the primary key or an index names a missing column"),
	[KP_R_NO_PRIMARY_KEY] = R("KP015", "no-primary-key", KP_SEV_ERROR, "wide-column stores require a primary key"),
	[KP_R_LEXICAL]        = R("KP016", "lexical-error", KP_SEV_ERROR, "malformed token: unterminated string or comment, stray byte, NUL or invalid UTF-8"),
	[KP_R_HASH_PREFIX]    = R("KP017", "hash-prefix-unbound", KP_SEV_WARNING, "a hash-prefixed key is usable only when every hashed column is bound by = or IN"),
	[KP_R_LIMIT]          = R("KP018", "limit-work", KP_SEV_INFO, "whether LIMIT bounds the rows the store reads"),
	[KP_R_UNKNOWN_INDEX]  = R("KP019", "unknown-index", KP_SEV_ERROR, "a hint names an index the table does not have"),
	[KP_R_HINT]           = R("KP020", "unknown-hint", KP_SEV_WARNING, "a hint keyplan does not know"),
	[KP_R_LIMITS]         = R("KP021", "input-limit", KP_SEV_ERROR, "the input exceeds one of keyplan's documented limits"),
	[KP_R_UNKNOWN_DIRECTIVE] = R("KP022", "bad-directive", KP_SEV_WARNING, "a keyplan comment directive (weight, ignore) is malformed or names an unknown rule"),
	[KP_R_IO]             = R("KP023", "io-error", KP_SEV_ERROR, "a file or folder cannot be read"),
	[KP_R_CONFIG]         = R("KP024", "bad-config", KP_SEV_ERROR, "the config file (.keyplan) has a malformed line, an unknown section or setting, or a bad value"),
	[KP_R_INTERPOLATED]   = R("KP035", "interpolated-sql", KP_SEV_WARNING, "application code pastes values or text into the SQL: an injection risk, and the statement cannot be checked fully"),
	[KP_R_VARIANTS]       = R("KP036", "sampled-variants", KP_SEV_INFO, "a dynamic MyBatis statement has more variants than keyplan plans: a documented sample of them is planned"),
	[KP_R_HOT_MONOTONIC]  = R("KP101", "hotspot-monotonic", KP_SEV_WARNING, "the leading key column grows monotonically (auto-increment, time, sequence): every write lands in one region"),
	[KP_R_HOT_ENUM]       = R("KP102", "hotspot-enum", KP_SEV_WARNING, "the leading key column has few distinct values (enum, status, boolean): writes pile onto a few regions"),
	[KP_R_HOT_PREFIX]     = R("KP103", "hotspot-prefix", KP_SEV_WARNING, "the leading key column's values share a prefix (phone numbers, URLs): writes cluster"),
	[KP_R_MANY_KEY_COLUMNS] = R("KP104", "many-key-columns", KP_SEV_WARNING, "more than 3 key columns slow writes and cost storage"),
	[KP_R_LONG_KEY]       = R("KP105", "long-key", KP_SEV_WARNING, "key columns without a length bound, of 2 KB or more, or a fixed-width key far over 16 bytes"),
	[KP_R_NUMERIC_STRING] = R("KP106", "numeric-string-key", KP_SEV_INFO, "a string key column holds numbers, codes or dates: a number is shorter and fixed-width"),
	[KP_R_NON_UNIQUE]     = R("KP107", "non-unique-key", KP_SEV_WARNING, "the key does not identify one row: later writes become versions of earlier rows"),
	[KP_R_MANY_FAMILIES]  = R("KP108", "many-column-families", KP_SEV_WARNING, "more than 2 column families: each read touches more files"),
	[KP_R_TARGET]         = R("KP110", "target-limit", KP_SEV_ERROR, "the schema or query breaks a hard limit of the target store"),
	[KP_R_UNSERVED]       = R("KP120", "unserved-query", KP_SEV_WARNING, "the key cannot serve this query as a GET or SCAN: an index table or secondary index can"),
	[KP_R_BETTER_KEY]     = R("KP121", "better-key", KP_SEV_INFO, "another order of the key columns serves more of the workload"),
	[KP_R_DESC_KEY]       = R("KP122", "desc-key", KP_SEV_INFO, "most reads want the newest rows first: declare the key column DESC"),
	[KP_R_MIGRATION_BREAKS] = R("KP130", "migration-breaks-query", KP_SEV_ERROR, "the schema change breaks a workload query: it no longer plans, or the store rejects it"),
	[KP_R_MIGRATION_SLOWER] = R("KP131", "migration-slower-query", KP_SEV_WARNING, "the schema change makes a workload query's access worse (GET to SCAN, SCAN to FILTERED SCAN, ...)"),
	[KP_R_MIGRATION_ORDER]  = R("KP132", "migration-order-change", KP_SEV_WARNING, "the schema change makes the store sort, or read backwards, for a workload query's ORDER BY"),
	[KP_R_MIGRATION_FASTER] = R("KP133", "migration-faster-query", KP_SEV_INFO, "the schema change serves a workload query better, or makes a broken one plan"),
	[KP_R_MIGRATION_PATH]   = R("KP134", "migration-path-change", KP_SEV_INFO, "the schema change serves a workload query as well as before, through another path"),
};

const kp_rule_info *kp_rule_get(kp_rule r)
{
	return &rules[r];
}

size_t kp_rule_id_len(kp_rule r)
{
	return rules[r].id_len;
}

size_t kp_rule_slug_len(kp_rule r)
{
	return rules[r].slug_len;
}

const char *kp_severity_name(kp_severity s)
{
	static const char *names[] = {"info", "warning", "error"};
	return names[s];
}
