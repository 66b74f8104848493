/* Baselines: the findings a project already has, recorded so that CI
 * fails only on new ones. A finding is known by a fingerprint of its rule,
 * its statement's shape and its table, plus its place among the
 * statement's findings of that rule; so it survives the statement moving
 * to other lines, and its literals changing.
 *
 * The shape is the statement's kp_stmt_fingerprint (grammar/fingerprint.h),
 * the one the advisor and the query-log digest group statements by (file
 * version 2). Version 1 files knew a statement by its normalised text
 * (literals and lists as ?, comments and spacing dropped, names folded to
 * lower case); they are still read, their entries matched by that text
 * shape, and written back as version 2: the entries of the statements the
 * run reads are recorded anew, the others kept as "fingerprint_version": 1
 * until a run reads their files. SQL with no syntax tree at hand (a line
 * outside any statement) is known by its text in both versions. */
#ifndef KP_BASELINE_H
#define KP_BASELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "grammar/ast.h"
#include "base/diag.h"
#include "base/rules.h"
#include "base/source.h"

/* One recorded finding. */
typedef struct kp_baseline_entry {
	uint64_t fp;            /* fingerprint */
	unsigned count;         /* findings with this fingerprint */
	unsigned left;          /* of them, not yet matched in this run */
	char *rule;             /* for messages: rule ID, table, file, line, shape */
	char *table;
	char *file;
	unsigned line;
	char *shape;
	bool legacy;            /* a version 1 fingerprint (the statement's text shape) */
} kp_baseline_entry;

typedef struct kp_baseline {
	kp_arena arena;         /* owns entries and strings */
	kp_baseline_entry **slots; /* open addressing by fingerprint */
	uint32_t cap;           /* slots (a power of two) */
	kp_list entries;        /* kp_baseline_entry*, in file order */
	bool has_legacy;        /* some entry is a version 1 fingerprint */
} kp_baseline;

/* The statement a finding belongs to, as the fingerprint sees it. */
typedef struct kp_stmt_shape {
	uint64_t hash;          /* of the normalised text (version 1) */
	uint64_t ast;           /* the statement's kp_stmt_fingerprint, 0: none known */
	char *text;             /* the normalised text (cut at 240 bytes), or NULL */
	const char *table;      /* the statement's table, or NULL */
	unsigned seen[KP_R__COUNT]; /* findings of each rule so far in it */
	bool set;               /* a statement is current */
} kp_stmt_shape;

/* The shape of text[start, end) of src (a whole statement), in a. */
void kp_shape_of(kp_stmt_shape *sh, kp_source *src, uint32_t start, uint32_t end, const char *table,
                 kp_arena *a);
/* The fingerprint of a finding of rule in the current statement (counting
 * it), or, with no statement current, of the text of the line at off; in
 * *v1 (when not NULL) the version 1 fingerprint of the same finding. */
uint64_t kp_fingerprint(kp_stmt_shape *sh, kp_rule rule, kp_source *src, uint32_t off, uint64_t *v1);

void kp_baseline_init(kp_baseline *b);
void kp_baseline_free(kp_baseline *b);
/* Reads a baseline file written by kp_baseline_write. Returns 0, or -1 with
 * an io-error (KP023) naming the file, and the line when one is malformed,
 * in d (messages in a): unreadable, or not a keyplan baseline. */
int kp_baseline_read(kp_baseline *b, const char *path, kp_diags *d, kp_arena *a);
/* Records one finding (for --write-baseline); returns its entry. */
kp_baseline_entry *kp_baseline_add(kp_baseline *b, uint64_t fp, kp_rule rule, const char *table, const char *file,
                     unsigned line, const char *shape);
/* Takes one finding with fingerprint fp (or, among version 1 entries, v1)
 * out of the baseline: true if it was there (the finding is not new). */
bool kp_baseline_take(kp_baseline *b, uint64_t fp, uint64_t v1);
/* Writes the baseline to path. Returns 0, or -1 with an io-error (KP023)
 * naming the file in d (messages in a). */
int kp_baseline_write(const kp_baseline *b, const char *path, kp_diags *d, kp_arena *a);

#endif
