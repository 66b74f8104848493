/* Source files and located diagnostics. Every token and AST node records a
 * byte offset into its kp_source; line and column are derived only when a
 * message is printed, from a line table built once per file. */
#ifndef KP_SOURCE_H
#define KP_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/arena.h"

typedef struct kp_source {
	char *path;             /* as given by the user, or "<stdin>", "<command line>" */
	char *text;             /* contents, NUL-terminated (text[len] == 0) */
	size_t len;             /* bytes, without the terminating NUL */
	uint32_t *lines;        /* byte offset where each line starts; built lazily */
	size_t nlines;          /* entries in lines */
	uint32_t base_line;     /* lines of the file before text[0] (a streamed window) */
	uint32_t base_col;      /* code points before text[0] on its line */
	size_t memo_off;        /* last offset kp_source_linecol counted to ... */
	uint32_t memo_col;      /* ... its column (without base_col) ... */
	size_t memo_line;       /* ... and its line index: later offsets on the
	                           same line continue from there, so the columns
	                           of a long line cost linear time, not quadratic */
	kp_buf path_json;       /* path as a JSON string, quotes included; built on
	                           first use (every JSON line repeats it) */
	struct kp_source *host; /* SQL taken out of application code (grammar/host.h):
	                           the file it was read from; lines, columns and
	                           excerpts are the host's */
	uint32_t *map;          /* with host: the host offset of every byte of
	                           text, and map[len] for its end (owned) */
} kp_source;

/* A file read as a sliding window, so a file of any size is planned in
 * bounded memory. A window may end inside a statement: the reader parses
 * the statements that end in it (kp_parser_at_eof tells a statement cut by
 * the window's end), reports how far it got, and the rest comes again, with
 * more of the file, in the next window. */
typedef struct kp_stream {
	kp_source src;          /* the window: src.text[0, src.len), NUL after it */
	FILE *f;                /* the file (stdin for "-") */
	char *buf;              /* window storage; src.text points into it */
	size_t cap;             /* bytes allocated in buf (plus one for the NUL) */
	size_t have;            /* bytes read into buf */
	bool eof;               /* the file is exhausted */
	bool last;              /* this window ends at the end of the file */
} kp_stream;

/* A window grown past this without a whole statement in it is planned as
 * it is (the parser reports the over-long statement), so that input with no
 * ';' cannot make the whole file resident. */
#define KP_STREAM_MAX ((size_t)32 << 20)

/* Opens path ("-": standard input), reading chunk bytes at a time (0: 1
 * MiB). On failure returns -1 with errbuf set. */
int  kp_stream_open(kp_stream *st, const char *path, size_t chunk, char *errbuf, size_t errlen);
/* Drops the first *consumed bytes of the window and refills it: returns 1
 * with a new window (and *consumed set to 0), 0 at the end of the file, -1
 * on a read error. */
int  kp_stream_next(kp_stream *st, size_t *consumed);
void kp_stream_close(kp_stream *st);

/* Reads a whole file ("-" is standard input). On failure returns -1 and
 * leaves a message in errbuf. */
int  kp_source_read(kp_source *out, const char *path, char *errbuf, size_t errlen);
/* Wraps a copy of text. */
void kp_source_from_string(kp_source *out, const char *path, const char *text, size_t len);
void kp_source_free(kp_source *s);
/* 1-based line and column of a byte offset. Columns count Unicode code
 * points, so a CJK character is one column; CR of a CRLF is not counted. */
/* The path as a JSON string literal (kept in the source). */
const kp_buf *kp_source_path_json(kp_source *s);
void kp_source_linecol(kp_source *s, size_t off, uint32_t *line, uint32_t *col);
/* Line and column just after the span [off, off + len): for SQL taken out
 * of application code, just after its last byte in the host (the next
 * byte of the SQL may come from a literal further on). */
void kp_source_linecol_end(kp_source *s, size_t off, size_t len, uint32_t *line, uint32_t *col);
/* Where off lies in the file the user wrote: itself, or, for SQL taken out
 * of application code, the host file (*where) and the offset in it. */
size_t kp_source_origin(const kp_source *s, size_t off, kp_source **where);
/* The text of the line holding off, without its line break. */
const char *kp_source_line_text(kp_source *s, size_t off, size_t *len);

typedef enum kp_severity {
	KP_SEV_INFO = 0,
	KP_SEV_WARNING = 1,
	KP_SEV_ERROR = 2,
} kp_severity;

/* Rules: stable IDs and slugs shared by every module. */
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
} kp_rule_info;

const kp_rule_info *kp_rule_get(kp_rule r);
const char *kp_severity_name(kp_severity s);

/* A note attached to a diagnostic: where something related was declared. */
typedef struct kp_note {
	kp_source *src;         /* file of the note */
	uint32_t off;           /* byte offset */
	const char *message;    /* text */
	struct kp_note *next;   /* next note */
} kp_note;

/* A help line attached to a diagnostic: how to fix it. */
typedef struct kp_help {
	const char *message;    /* text */
	struct kp_help *next;   /* next help line */
} kp_help;

/* One located message. */
typedef struct kp_diag {
	kp_rule rule;           /* which rule */
	kp_severity severity;   /* may differ from the rule's default */
	kp_source *src;         /* file the span lies in */
	uint32_t off;           /* byte offset of the span */
	uint32_t len;           /* byte length of the span (0: a point) */
	const char *message;    /* text, in the owner's arena (or the format itself,
	                           a string literal, when it has no conversions) */
	kp_note *notes;         /* related locations, in order */
	kp_help *helps;         /* fixes, in order */
	struct kp_diag *next;   /* next in the list, in order of emission */
} kp_diag;

typedef struct kp_diags {
	kp_diag *head;          /* first message */
	kp_diag *tail;          /* last message, for appending */
	unsigned count[3];      /* messages per severity */
} kp_diags;

kp_diag *kp_diag_add(kp_diags *d, kp_arena *a, kp_rule rule, kp_severity sev,
                     kp_source *src, uint32_t off, uint32_t len,
                     const char *fmt, ...) __attribute__((format(printf, 8, 9)));



void kp_diag_note(kp_diag *g, kp_arena *a, kp_source *src, uint32_t off, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void kp_diag_help(kp_diag *g, kp_arena *a, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Formats d as a compiler diagnostic with the source line and a caret:
 *   file:line:col: error: message [KP001 full-scan]
 *      3 | SELECT ...
 *        |        ^~~~ */
void kp_diag_format(kp_buf *out, const kp_diag *d, int color);
#endif
