/* The log formats digest reads, each detected from the file's first line
 * or named with --log-format, turned into records: one statement text
 * (which may hold several statements) with the figures the log gives
 * (docs/digest.md says which export command writes each format):
 *
 *   lines         one statement a line (a capture, a proxy's log)
 *   mysql-slow    MySQL-style slow query log (the SQL layers that speak MySQL)
 *   phoenix-csv   Phoenix's SYSTEM.LOG exported as CSV, header first
 *   lindorm-json  Lindorm's slow-query view or audit log as JSON lines
 *
 * A line that belongs to no record, or a record that is damaged, is given
 * as a skip with its line and why, never dropped silently. */
#ifndef KP_DIGEST_LOGFMT_H
#define KP_DIGEST_LOGFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/buf.h"
#include "tools/digest/logread.h"

typedef enum kp_logfmt {
	KP_LOG_AUTO = 0,
	KP_LOG_LINES,
	KP_LOG_MYSQL_SLOW,
	KP_LOG_PHOENIX_CSV,
	KP_LOG_LINDORM_JSON,
	KP_LOG_DIGEST,          /* a digest (keyplan digest --format json) */
} kp_logfmt;

const char *kp_logfmt_name(kp_logfmt f);
/* Returns 0, or -1 for an unknown name. */
int kp_logfmt_parse(kp_logfmt *out, const char *name);

/* Why a line or record was skipped. */
typedef enum kp_skip {
	KP_SKIP_UNKNOWN = 0,    /* a line that belongs to no record of the format */
	KP_SKIP_DAMAGED,        /* a record cut short or malformed */
	KP_SKIP_TOO_LONG,       /* a line over KP_LOG_MAX_LINE */
	KP_SKIP_BINARY,         /* NUL bytes or other control characters */
	KP_SKIP_ENCODING,       /* not UTF-8 */
	KP_SKIP_NOT_SQL,        /* a record whose statement did not parse */
	KP_SKIP_NO_STATEMENT,   /* a record with no statement in it */
	KP_SKIP__COUNT
} kp_skip;

const char *kp_skip_name(kp_skip s);

typedef struct kp_logparam {
	const char *name;       /* :name parameters; NULL for positional */
	const char *value;      /* its text */
	size_t len;
} kp_logparam;

typedef struct kp_logrec {
	const char *sql;        /* the statement text, NUL-terminated */
	size_t len;
	uint64_t line;          /* where the record starts */
	bool has_ts;
	int64_t ts_us;          /* when it ran: microseconds since 1970, UTC */
	bool has_time;
	uint64_t time_us;       /* how long it ran */
	bool has_rows_scanned;
	uint64_t rows_scanned;  /* rows examined or scanned */
	bool has_rows_sent;
	uint64_t rows_sent;     /* rows returned */
	kp_logparam *params;    /* bind parameters, in order */
	size_t nparams;
} kp_logrec;

typedef struct kp_logskipped {
	kp_skip why;
	uint64_t line;
	const char *detail;     /* what was wrong (static or in the reader's arena) */
} kp_logskipped;

typedef struct kp_logfmt_reader {
	kp_logread *r;
	kp_logfmt fmt;
	kp_arena a;             /* one record's strings: reset at each record */
	kp_buf sql;             /* a multi-line record's text */
	/* phoenix-csv: the header's columns */
	char quote;
	int col_query, col_params, col_start, col_time, col_rows, col_status, ncols;
	bool header_read;
} kp_logfmt_reader;

/* Detects the format from the first non-blank line (which is read again
 * after). Returns KP_LOG_LINES when nothing else matches. */
kp_logfmt kp_logfmt_detect(kp_logread *r);

void kp_logfmt_begin(kp_logfmt_reader *fr, kp_logread *r, kp_logfmt fmt);
void kp_logfmt_end(kp_logfmt_reader *fr);
/* The next record (1) or skip (2), or 0 at the end of the file. What they
 * point to lives until the next call. */
int kp_logfmt_next(kp_logfmt_reader *fr, kp_logrec *rec, kp_logskipped *skip);

/* Parses a date and time as the logs write them (2024-01-02T03:04:05.123Z,
 * 2024-01-02 03:04:05[.ffffff], MySQL's 240102  3:04:05, or seconds or
 * milliseconds since 1970) into microseconds since 1970, UTC. */
bool kp_log_time(const char *s, size_t n, int64_t *us);
/* A decimal number of seconds (0.000123) as microseconds, exactly. */
bool kp_log_seconds(const char *s, size_t n, uint64_t *us);

#endif
