/* The digest of a query log: statements grouped by shape, with per shape
 * its count, share, first and last time seen, example statements, the
 * plan keyplan gives it (with a schema), the most frequent values bound to
 * each key column (a top-k sketch with its stated error) and the log's own
 * timing and row figures. Memory is bounded by the number of shapes, not
 * of statements: a statement is parsed, counted and dropped.
 *
 * Digests merge (kp_digest_merge): counts, sums, minima and maxima are
 * exact, so merging the digests of a log's shards equals one pass over the
 * whole log; the hot-key lists are equal within the sketches' stated error.
 * Ownership: a digest owns everything it points to (heap); kp_digest_free
 * frees it. */
#ifndef KP_DIGEST_DIGEST_H
#define KP_DIGEST_DIGEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/pipeline.h"
#include "tools/digest/logfmt.h"
#include "tools/digest/topk.h"

#define KP_DIGEST_EXAMPLES 3    /* example statements kept per shape */
#define KP_DIGEST_EXAMPLE_MAX 4096 /* bytes of an example beyond the first */
#define KP_DIGEST_SKIPS 100     /* located skips kept per digest (all are counted) */
#define KP_DIGEST_K 10          /* hot values kept per key column */

/* A log figure: how many statements gave it, their sum and largest. */
typedef struct kp_dstat {
	uint64_t n, sum, max;
} kp_dstat;

typedef struct kp_dexample {
	char *sql;
	char *path;
	uint64_t line;
} kp_dexample;

/* The values bound to one key column by a shape's statements. */
typedef struct kp_dhot {
	char *column;
	kp_topk tk;
} kp_dhot;

typedef struct kp_dshape {
	uint64_t fp;            /* the shape: the statements' fingerprint
	                           (grammar/fingerprint.h); ex[0] shows it */
	uint64_t count;         /* statements in the logs */
	double estimated;       /* statements run: count scaled by sampling */
	bool has_ts;
	int64_t first_us, last_us;
	kp_dexample ex[KP_DIGEST_EXAMPLES];
	int nex;
	/* the plan (with a schema): kept as text, so that it merges and reads back */
	bool planned;
	char *access;           /* "get", "scan", ... */
	bool rejected;
	char *table, *index;    /* index NULL: the primary key */
	char *filter;           /* the residual filter as SQL, or NULL */
	char *order;            /* "key", "reverse", "sort", or NULL */
	int64_t ranges;         /* key ranges read */
	bool varies;            /* a statement of the shape planned otherwise (another
	                           access, table or index): the plan above is its first
	                           statement's, not every statement's */
	kp_dstat time_us, rows_scanned, rows_sent;
	kp_dhot *hot;
	int nhot;
} kp_dshape;

typedef struct kp_dinput {
	char *path;
	char *format;
	double sample_rate;
	uint64_t records, statements, skipped;
} kp_dinput;

typedef struct kp_dskipped {
	char *path;
	uint64_t line;
	kp_skip why;
	char *detail;
} kp_dskipped;

typedef struct kp_digest {
	kp_target target;
	kp_fp_opts fp;          /* how the target tells statements apart */
	uint32_t k;             /* hot values kept per key column */
	kp_dshape **tab;        /* open addressing on hash */
	size_t cap, n;
	uint64_t statements;
	double estimated;
	uint64_t skipped[KP_SKIP__COUNT];
	kp_dskipped skips[KP_DIGEST_SKIPS];
	int nskips;
	kp_dinput *inputs;
	size_t ninputs;
	bool schema;            /* plans were made against a schema */
} kp_digest;

void kp_digest_init(kp_digest *dg, kp_target target, uint32_t k);
void kp_digest_free(kp_digest *dg);

/* Options of one log's reading. */
typedef struct kp_digest_log {
	const char *path;
	kp_logfmt format;       /* KP_LOG_AUTO: detected */
	double sample_rate;     /* (0, 1]: the share of statements the log holds */
} kp_digest_log;

/* Digests one log into dg, parsing with p's parser and, when plan is set,
 * planning against p's schema. Returns 0, or -1 when it cannot be opened
 * or read, with *err saying why (heap; the caller frees it). A file that is
 * a digest is merged instead (kp_digest_read). What a log could not give
 * (damaged lines, a truncated gzip stream) is counted and located in dg,
 * not an error. */
int kp_digest_add_log(kp_digest *dg, kp_pipe *p, bool plan, const kp_digest_log *log, char **err);

/* The shape of fingerprint fp, made (empty) when new. */
kp_dshape *kp_digest_shape(kp_digest *dg, uint64_t fp);

/* The hot-value sketch of column in s (made when new, of k values). */
kp_dhot *kp_dshape_hot(kp_dshape *s, const char *column, uint32_t k);

/* Merges src into dst: counts, sums, extremes exact; examples kept up to
 * KP_DIGEST_EXAMPLES, dst's first; hot values merged as sketches. */
void kp_digest_merge(kp_digest *dst, const kp_digest *src);

/* The shapes, by count descending (then fingerprint): an array of n
 * pointers the caller frees. */
kp_dshape **kp_digest_sorted(const kp_digest *dg);

/* JSON (docs/digest-json.md). */
void kp_digest_json(const kp_digest *dg, kp_buf *out);
/* Reads a digest written by kp_digest_json from text (named path) and
 * merges it into dg. Returns 0, or -1 with a message in err (heap). */
int kp_digest_read(kp_digest *dg, const char *path, const char *text, size_t len, char **err);
/* The text report: rejected and filtered shapes first, then the top shapes
 * by count and by rows read. */
void kp_digest_text(const kp_digest *dg, kp_buf *out, int top);

#endif
