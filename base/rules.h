/* The rule table of every layer: stable IDs, slugs, default severities and
 * one-line summaries (keyplan rules prints it; docs/rules/ has a page per
 * rule). */
#ifndef KP_RULES_H
#define KP_RULES_H

#include <stddef.h>

typedef enum kp_severity {
	KP_SEV_INFO = 0,
	KP_SEV_WARNING = 1,
	KP_SEV_ERROR = 2,
} kp_severity;

typedef enum kp_rule {
	KP_R_FULL_SCAN = 0,     /* KP001 full-scan */
	KP_R_FILTERED_SCAN,     /* KP002 filtered-scan */
	KP_R_REVERSE_SCAN,      /* KP003 reverse-scan */
	KP_R_UNBOUNDED_SORT,    /* KP004 unbounded-sort */
	KP_R_IMPOSSIBLE,        /* KP005 impossible-condition */
	KP_R_KEY_FUNCTION,      /* KP006 key-function */
	KP_R_TYPE_MISMATCH,     /* KP007 type-mismatch */
	KP_R_UNKNOWN_TABLE,     /* KP008 unknown-table */
	KP_R_UNKNOWN_COLUMN,    /* KP009 unknown-column */
	KP_R_CHAINED_CMP,       /* KP010 chained-comparison */
	KP_R_SYNTAX,            /* KP011 syntax-error */
	KP_R_UNSUPPORTED,       /* KP012 unsupported */
	KP_R_DUPLICATE,         /* KP013 duplicate-name */
	KP_R_BAD_KEY,           /* KP014 bad-key */
	KP_R_NO_PRIMARY_KEY,    /* KP015 no-primary-key */
	KP_R_LEXICAL,           /* KP016 lexical-error */
	KP_R_HASH_PREFIX,       /* KP017 hash-prefix-unbound */
	KP_R_LIMIT,             /* KP018 limit-work */
	KP_R_UNKNOWN_INDEX,     /* KP019 unknown-index */
	KP_R_HINT,              /* KP020 unknown-hint */
	KP_R_LIMITS,            /* KP021 input-limit */
	KP_R_UNKNOWN_DIRECTIVE, /* KP022 bad-directive */
	KP_R_IO,                /* KP023 io-error */
	KP_R_CONFIG,            /* KP024 bad-config */
	KP_R_INTERPOLATED,      /* KP035 interpolated-sql */
	KP_R_VARIANTS,          /* KP036 sampled-variants */
	KP_R_HOT_MONOTONIC,     /* KP101 hotspot-monotonic */
	KP_R_HOT_ENUM,          /* KP102 hotspot-enum */
	KP_R_HOT_PREFIX,        /* KP103 hotspot-prefix */
	KP_R_MANY_KEY_COLUMNS,  /* KP104 many-key-columns */
	KP_R_LONG_KEY,          /* KP105 long-key */
	KP_R_NUMERIC_STRING,    /* KP106 numeric-string-key */
	KP_R_NON_UNIQUE,        /* KP107 non-unique-key */
	KP_R_MANY_FAMILIES,     /* KP108 many-column-families */
	KP_R_TARGET,            /* KP110 target-limit */
	KP_R_UNSERVED,          /* KP120 unserved-query */
	KP_R_BETTER_KEY,        /* KP121 better-key */
	KP_R_DESC_KEY,          /* KP122 desc-key */
	KP_R_MIGRATION_BREAKS,  /* KP130 migration-breaks-query */
	KP_R_MIGRATION_SLOWER,  /* KP131 migration-slower-query */
	KP_R_MIGRATION_ORDER,   /* KP132 migration-order-change */
	KP_R_MIGRATION_FASTER,  /* KP133 migration-faster-query */
	KP_R_MIGRATION_PATH,    /* KP134 migration-path-change */
	KP_R__COUNT
} kp_rule;

typedef struct kp_rule_info {
	const char *id;         /* "KP001" */
	const char *slug;       /* "full-scan" */
	kp_severity severity;   /* default severity */
	const char *summary;    /* one-line description */
	size_t id_len;          /* bytes in id */
	size_t slug_len;        /* bytes in slug */
} kp_rule_info;

const kp_rule_info *kp_rule_get(kp_rule r);
/* The bytes of r's id and of its slug (kp_rule_info's id_len, slug_len,
 * counted by the compiler). */
size_t kp_rule_id_len(kp_rule r);
size_t kp_rule_slug_len(kp_rule r);
const char *kp_severity_name(kp_severity s);

#endif
