/* Reports for lint and check: diagnostics collected over a whole run,
 * filtered by suppressions and rule settings, and written as text, JSON,
 * SARIF 2.1.0 or GitHub workflow commands. */
#ifndef KP_REPORT_H
#define KP_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "advisor/advisor.h"
#include "tools/baseline.h"
#include "tools/diffscope.h"
#include "tools/paths.h"

typedef enum kp_format {
	KP_FMT_TEXT,            /* compiler-style */
	KP_FMT_JSON,            /* docs/lint-json.md, docs/advice-json.md */
	KP_FMT_SARIF,           /* SARIF 2.1.0 */
	KP_FMT_GITHUB,          /* ::error file=...:: workflow commands */
} kp_format;

/* Per-rule setting from the config file: a severity, or off. */
typedef struct kp_rule_setting {
	bool set;               /* overridden */
	bool off;               /* never reported */
	kp_severity severity;   /* new severity */
} kp_rule_setting;

/* A keyplan:ignore directive in a comment. */
typedef struct kp_suppression {
	kp_source *src;         /* the source its statement is in; NULL once
	                           that statement is done (a streamed window
	                           moved on) */
	const char *path;       /* its file: keyplan:ignore-file matches by path */
	kp_source *at;          /* the directive's line, kept for reporting it
	                           after its window is gone */
	uint32_t off;           /* where the directive is in `at` */
	bool file_wide;         /* keyplan:ignore-file */
	uint32_t stmt_off;      /* start of the statement it applies to */
	uint32_t stmt_end;      /* end of that statement */
	bool rules[KP_R__COUNT];/* rules it silences */
	int used;               /* diagnostics it silenced */
	bool block;             /* keyplan:disable (file_wide too): from where
	                           it is ... */
	uint32_t line, col;
	uint32_t *until;        /* ... to its rule's keyplan:enable: line and
	                           column per rule (UINT32_MAX: the file's end) */
	bool judged;            /* reported as silencing nothing, or used */
} kp_suppression;

/* A workload query whose plan a schema change changes (check --base-schema). */
typedef struct kp_impact {
	const char *file;       /* where the query is */
	uint32_t line, col;
	const char *table;      /* its table (new schema, else old), or NULL */
	const char *change;     /* broken, worse, order, better, fixed, path */
	const char *access[2];  /* before, after: kp_access_name, or "error" */
	const char *order[2];   /* kp_order_name, or NULL without ORDER BY */
	const char *plan[2];    /* the plans' text lines (or the error) */
	const char *statement;  /* the query as planned, white space runs as
	                           one space (SQL in application code: as built
	                           for this variant) */
	const char *variant;    /* SQL in application code with several
	                           variants: this one's branch conditions
	                           ("when `status != null`"), else NULL */
	const void *sql;        /* until the host file is read: the variant's
	                           SQL source, which names it (cli_impact_variants) */
} kp_impact;

/* A SARIF result held in kp_report.sarif. */
typedef struct kp_sarif_rec {
	uint32_t off, len;      /* its text */
	bool dropped;           /* made room for a more severe one */
} kp_sarif_rec;

/* A report is written as it goes: each statement's diagnostics are
 * filtered and written at once, so memory does not grow with the input. */
typedef struct kp_report {
	kp_arena *a;                    /* owns the suppressions */
	kp_list sups;                   /* kp_suppression*, every one, in order */
	kp_rule_setting rules[KP_R__COUNT]; /* config overrides */
	FILE *out;                      /* where the report goes */
	kp_format fmt;                  /* its format */
	int color;                      /* text: ANSI colours */
	kp_buf buf;                     /* pending output */
	kp_diag_words *words;           /* text: replayed findings' words as
	                                   written (base/diag.h), in WORDS_SLOTS
	                                   slots by id (malloc'd when first used) */
	unsigned count[3];              /* diagnostics written, per severity */
	unsigned written;               /* diagnostics written */
	kp_arena scratch;               /* for directive warnings */
	kp_list anchors;                /* kp_source*: the directives' lines */
	kp_list active;                 /* kp_suppression* that may still match:
	                                   the file-wide ones and the current
	                                   statement's (a file with thousands of
	                                   directives stays linear) */
	char *cwd;                      /* the working directory */
	char *root;                     /* the repository root (SARIF's %SRCROOT%,
	                                   GitHub's workspace): reported paths are
	                                   relative to it */
	kp_buf rel_of;                  /* the last path made relative ... */
	kp_buf rel;                     /* ... and the result (paths repeat) */
	bool rel_outside;               /* that path is outside the root */
	const char *fatal;              /* the run failed (exit 2) with this error */
	unsigned sarif_results;         /* results written to SARIF */
	unsigned capped;                /* results left out of SARIF (over the cap) */
	kp_buf sarif;                   /* SARIF results, held to the end: past the
	                                   cap the least severe make room */
	struct kp_sarif_rec *recs;      /* each one's place in sarif (malloc'd) */
	uint32_t nrecs, caprecs;
	uint32_t *kept[3];              /* per severity: indexes of the kept ones, */
	uint32_t nkept[3], capkept[3];  /* latest last (malloc'd) */
	uint64_t *fp_keys;              /* SARIF: line hashes seen (open addressing, */
	uint32_t *fp_seen;              /* malloc'd) and how often: the occurrence */
	uint32_t fp_cap, fp_n;          /* makes each fingerprint unique in the run */
	bool report_unused;             /* --report-unused-ignores: KP022 for each
	                                   directive that silences nothing, */
	bool holding;                   /* ... in place: a query file's findings
	                                   are held until its directives are
	                                   judged (hold.c) */
	bool in_file;                   /* a query file of lint is being read */
	bool ahead;                     /* its file pass is reporting: that comes
	                                   before the statements before it */
	uint32_t file_sups;             /* where the file's directives start in sups */
	kp_buf held;                    /* the held findings, formatted */
	struct kp_held *holds;          /* each one's place in held and position */
	uint32_t nholds, capholds;      /* (malloc'd) */
	char **hold_paths;              /* their files (malloc'd) */
	uint32_t nhold_paths;
	kp_suppression *open[KP_R__COUNT]; /* the keyplan:disable blocks open, */
	const char *open_path;          /* in this file (the file pass's) */
	bool in_host;                   /* reading a comment of application code */
	bool host_xml;                  /* ... of MyBatis XML (the reason follows ':') */
	bool reported[KP_R__COUNT];     /* rules with a finding written (text
	                                   ends with their pages' addresses) */
	kp_baseline *baseline;          /* --baseline: known findings are not written */
	kp_baseline *record;            /* --write-baseline: every finding is recorded */
	kp_stmt_shape shape;            /* the statement being reported, for fingerprints */
	kp_arena scratch_shapes;        /* its text */
	unsigned baselined;             /* findings left out as known */
	const kp_diffscope *diff;       /* --diff: only findings in touched statements */
	kp_source *cur_src;             /* the statement being reported: its */
	uint32_t cur_start, cur_end;    /* source and span (kp_report_stmt_shape) */
	unsigned outside_diff;          /* findings left out as untouched by --diff */
	bool impact_mode;               /* check --base-schema: report the impact */
	bool check;                     /* a check report (JSON: advice, summary) */
	kp_list read;                   /* char*: the files read, root-relative as
	                                   baselines name them (sorted once asked) */
	bool read_sorted;
	const char *docs;               /* where the rule pages are online (the
	                                   config's docs-url; NULL: KEYPLAN_DOCS_URI) */
	const char *(*rule_page)(const char *id); /* a rule's page, compiled in
	                                   (SARIF's help.markdown), or NULL */
	kp_list impacts;                /* kp_impact*, in workload order */
	/* when set, each finding that passes the filters goes to sink instead
	 * of the output (keyplan lsp publishes them) */
	void (*sink)(void *ctx, const kp_diag *g);
	void *sink_ctx;
} kp_report;

/* GitHub code scanning takes at most this many results per SARIF run. */
#define KP_SARIF_MAX_RESULTS 25000

/* Starts the report (headers of JSON and SARIF). */
void kp_report_begin(kp_report *r, kp_arena *a, FILE *out, kp_format fmt, int color);
/* Finds the file-wide directives of src ("-- keyplan:ignore-file" at the
 * start of a line), before any of its statements is reported. */
void kp_report_file_directives(kp_report *r, kp_source *src);
/* The same for a file read in windows: a first pass over the file, line by
 * line in bounded memory. Returns -1 (err set) when it cannot be read. */
int kp_report_scan_file_directives(kp_report *r, const char *path, kp_diags *d, kp_arena *a);
/* The statement is reported: its keyplan:ignore directives have served
 * (they are kept for --report-unused-ignores, but match nothing more). */
void kp_report_stmt_done(kp_report *r);
/* Parses the comments in text[from, to) (white space and comments between
 * two statements) for "keyplan:ignore ...", "keyplan:ignore-file ..."
 * and "weight: N", in "--" or slash-star comments, in any case. Malformed directives are reported into r. *weight is
 * set when a weight is given. stmt_off is the statement that follows. */
void kp_report_directives(kp_report *r, kp_source *src, size_t from, size_t to, uint32_t stmt_off,
                          double *weight);
/* Reads the directives in the statement's own comments: inside it, text
 * [start, end), and trailing it on its last line, text [after, trail_end). */
void kp_report_stmt_directives(kp_report *r, kp_source *src, uint32_t start, uint32_t end, size_t after,
                               size_t trail_end);
/* SQL text as the file pass reads it, byte by byte (keyplan:ignore-file,
 * disable and enable): only a "--" comment that starts a line outside a
 * string, a quoted name or a block comment holds one (one inside a block
 * comment or a string that spans lines is text, and silences nothing).
 * The state after ch, prev being the byte before it (0 after a token of
 * two bytes, so that a slash-star-slash does not close what it opened).
 * suppress.c reads files with it, and the language server (tools/lsp/
 * chunks.c) the documents' file-wide lines, so that both agree. */
enum { KP_SQL_CODE, KP_SQL_STR, KP_SQL_QUOTED, KP_SQL_BACKTICK, KP_SQL_BLOCK, KP_SQL_LINE };
int kp_report_sql_step(int st, char prev, char ch);
/* The keyplan: directives in a comment of application code, host text
 * [off, end): an ignore applies to the statement at [stmt_off, stmt_end)
 * of the host (file_pass: only the ignore-file ones, else only the others). */
void kp_report_host_comment(kp_report *r, kp_source *host, uint32_t off, uint32_t end, uint32_t stmt_off,
                            uint32_t stmt_end, bool file_pass);
/* The statement whose findings come next (baselines fingerprint them by its
 * shape and table); kp_report_stmt_clear when they are out. Costs nothing
 * without a baseline. */
void kp_report_stmt_shape(kp_report *r, kp_source *src, uint32_t start, uint32_t end, const char *table);
/* After kp_report_stmt_shape: the statement s (NULL: none parsed), which
 * baselines know by its kp_stmt_fingerprint under the target's options o
 * (tools/baseline.h); without it, by its text shape. */
void kp_report_stmt_fingerprint(kp_report *r, const kp_stmt *s, const kp_fp_opts *o);
void kp_report_stmt_clear(kp_report *r);
/* Records where the statement that starts at stmt_off ends. */
void kp_report_stmt_end(kp_report *r, kp_source *src, uint32_t stmt_off, uint32_t end);
/* Writes the diagnostics of d, applying rule settings and suppressions. */
void kp_report_emit(kp_report *r, const kp_diags *d);
/* Reports suppressions that silenced nothing (--report-unused-ignores)
 * and were not reported in place (check's, whose schema and workload
 * directives may still silence the advisor's findings). */
void kp_report_unused(kp_report *r);
/* A query file of lint starts (before its ignore-file scan), and ends:
 * with --report-unused-ignores its findings are held and written in
 * position order with the directives that silence nothing (hold.c). */
void kp_report_file_begin(kp_report *r);
void kp_report_file_end(kp_report *r);
/* Finishes the report: advice and summary (check; adv NULL for lint), the
 * closing of JSON and SARIF, the totals of text. Returns -1 on a write error. */
int kp_report_end(kp_report *r, const kp_advisor *adv, const kp_table_summary *sums, int nsums);
/* The run failed with msg (exit 2): kp_report_end marks a SARIF run as not
 * successful, with msg as its tool notification. */
void kp_report_fail(kp_report *r, const char *msg);
/* Records a plan change (copied into the report's arena). */
void kp_report_impact(kp_report *r, const kp_impact *x);
/* The run reads path (its findings' baseline entries are in scope). */
void kp_report_file_read(kp_report *r, const char *path);
/* Did the run read the file a baseline entry names (root-relative)? A
 * baseline entry of a file not read is not stale: a pre-commit hook lints a
 * subset. */
bool kp_report_was_read(kp_report *r, const char *file);
/* Highest severity written, or -1 if none. */
int kp_report_worst(const kp_report *r);

/* Looks a rule up by ID (KP001) or slug (full-scan). */
int kp_rule_lookup(const char *s, size_t n);

#endif
