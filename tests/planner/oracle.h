/* The SQLite oracle's random schemas and statements (oracle_gen.c), read
 * by its checks (test_oracle.c). */
#ifndef KP_ORACLE_H
#define KP_ORACLE_H

#include <stdint.h>

#include "advisor/targets.h"
#include "base/buf.h"

/* xorshift state; rnd(n) is uniform in [0, n) */
extern uint64_t rng;
uint32_t rnd(uint32_t n);

extern const char *STRS[];
extern const unsigned NSTRS;
/* integer and string parameters, one of each style keyplan reads (:name,
 * $N, ?N), bound to random values (NULL included) by the checks */
extern const char *PARAMS_INT[3];
extern const char *PARAMS_STR[2];

typedef struct schema {
	kp_target target;       /* the target the round plans for */
	int nkey;               /* key columns k0..k{nkey-1} */
	int is_text[4];         /* key column i is TEXT */
	int desc[4];            /* key column i is DESC */
	int nullable[4];        /* key column i may be NULL (Phoenix) */
	int hash;               /* the key leads with hash32(k0) */
	int salted;             /* Phoenix SALT_BUCKETS */
	int func;               /* a functional index on (v0 * 2) */
	int partial;            /* a partial index WHERE v2 > 1 */
	const char *idx_cols[2];/* the first index's columns (ORDER BY over it) */
	int nparams;            /* parameters used by the current statement */
	kp_buf ddl;             /* keyplan's schema */
	kp_buf lite;            /* SQLite's schema */
} schema;

/* Views over the table: w1 over t, w2 over w1, with their conditions. */
#define VIEW_W1 "v2 >= 1"
#define VIEW_W2 "v0 IS NOT NULL"

/* A random schema for target tg into s (s->ddl for keyplan, s->lite for
 * SQLite, which has no hash, salt or secondary index). */
void gen_schema(schema *s, kp_target tg);
/* A row of the table as an SQLite INSERT into b. */
void gen_row(const schema *s, kp_buf *b);
/* A random WHERE condition (depth levels of AND/OR/NOT). */
void gen_expr(schema *s, kp_buf *b, int depth);
/* An ORDER BY list: often the first index's or the key's columns in
 * order (or reversed), sometimes NULLS FIRST/LAST written out. */
void gen_order(const schema *s, kp_buf *ob);
/* A condition over so many key values that its ranges pass the planner's
 * limit (KP_MAX_RANGES), sometimes with a parameter among them. */
void gen_range_limit(schema *s, kp_buf *b);

#endif
