/* Reading a log line by line, gzip or plain (zlib reads both: a file that
 * does not start with gzip's magic is passed through as it is), in bounded
 * memory. A line longer than KP_LOG_MAX_LINE is not kept: it is read to its
 * end and given as over-long (its first bytes only), so a 1 GB line costs
 * no more memory than a short one; past KP_LOG_MAX_SKIP bytes without a
 * line break, or at NUL bytes in such a line, reading ends (a read error),
 * so no input reads forever. */
#ifndef KP_DIGEST_LOGREAD_H
#define KP_DIGEST_LOGREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest line kept: a statement may have up to KP_MAX_STMT_BYTES
 * (grammar/parse.h), and a log line holds one statement and its fields. */
#define KP_LOG_MAX_LINE ((size_t)16 << 20 | 4096)
/* The longest line read to its end: past this many bytes without a line
 * break (a file that is no log) the file is read no further, and the reader
 * says so as a read error at that line; an over-long line holding NUL bytes
 * (/dev/zero, a pipe of NULs) ends the reading at once. */
#define KP_LOG_MAX_SKIP ((uint64_t)4 << 30)

typedef struct kp_logread {
	const char *path;       /* as given ("-": standard input) */
	void *gz;               /* gzFile */
	char *buf;              /* the read-ahead buffer */
	size_t cap, start, end; /* buf[start, end) is read but not yet given */
	bool eof;
	bool error;             /* a read or decompression error ended the file */
	const char *error_msg;  /* zlib's words for it */
	char head[256];         /* an over-long line's first bytes */
	uint64_t lineno;        /* 1-based number of the current line */
	uint64_t offset;        /* uncompressed offset of the line's start */
	uint64_t next_offset;
	bool gzip;              /* the file is gzip-compressed */
	bool again;             /* kp_logread_unread: give the last line again */
	int last_rc;            /* ... as it was given */
	const char *last_line;
	size_t last_len;
} kp_logread;

/* Opens path; returns 0, or -1 with errno set. */
int kp_logread_open(kp_logread *r, const char *path);
/* The next line, without its '\n' (nor a '\r' before it). Returns 1 with
 * *line and *len set, 0 at the end of the file (or at a read error: see
 * error), or 2 for an over-long line: *len is its full length and *line
 * holds its first bytes only (256 at most). */
int kp_logread_line(kp_logread *r, const char **line, size_t *len);
/* Gives the current line again at the next call (a reader that read one
 * line too far, as a multi-line record's end is the next record's start). */
void kp_logread_unread(kp_logread *r);
void kp_logread_close(kp_logread *r);

#endif
