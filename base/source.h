/* Source files: read whole or as a sliding window. Every token and AST node
 * records a byte offset into its kp_source; line and column are derived only
 * when a message is printed, from a line table built once per file. */
#ifndef KP_SOURCE_H
#define KP_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/arena.h"
#include "base/buf.h"

typedef struct kp_diags kp_diags;   /* base/diag.h */

typedef struct kp_source {
	char *path;             /* as given by the user, or "<stdin>", "<command line>" */
	char *text;             /* contents, NUL-terminated (text[len] == 0) */
	size_t len;             /* bytes, without the terminating NUL */
	uint32_t *lines;        /* byte offset where each line starts; built lazily */
	size_t nlines;          /* entries in lines */
	size_t ascii_end;       /* with lines: the offset of the first byte at or
	                           above 0x80 (len if none): before it a column
	                           is a byte, and nothing is counted */
	uint32_t base_line;     /* lines of the file before text[0] (a streamed window) */
	uint32_t base_col;      /* code points before text[0] on its line */
	size_t memo_off;        /* last offset kp_source_linecol counted to ... */
	uint32_t memo_col;      /* ... its column (without base_col) ... */
	size_t memo_line;       /* ... and its line index: later offsets on the
	                           same line continue from there, so the columns
	                           of a long line cost linear time, not quadratic */
	kp_buf path_json;       /* path as a JSON string, quotes included; built on
	                           first use (every JSON line repeats it); past its
	                           NUL, the path as text shows it (source.c's
	                           path_forms); kp_buf_clear it when path changes */
	struct kp_source *host; /* SQL taken out of application code (grammar/host.h):
	                           the file it was read from; lines, columns and
	                           excerpts are the host's */
	uint32_t *map;          /* with host: the host offset of every byte of
	                           text, and map[len] for its end (owned) */
	size_t mapped;          /* text is mapped from the file (srcmap.c):
	                           bytes mapped; 0: text is on the heap */
	size_t mapped_file;     /* of them, the file's whole pages, which
	                           kp_source_release may give back */
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
 * MiB). On failure returns -1 with an io-error diagnostic (KP023) naming
 * path added to d, in a. */
int  kp_stream_open(kp_stream *st, const char *path, size_t chunk, kp_diags *d, kp_arena *a);
/* Drops the first *consumed bytes of the window and refills it: returns 1
 * with a new window (and *consumed set to 0), 0 at the end of the file, -1
 * on a read error. */
int  kp_stream_next(kp_stream *st, size_t *consumed);
void kp_stream_close(kp_stream *st);

/* Whether head (the first n bytes of a file, 8 are enough) starts as
 * gzip, zstd, xz, bzip2 or lz4 data does: what to say (an io error's
 * message), or NULL. kp_source_read, kp_source_map and kp_stream_open say
 * it at once instead of reading the bytes as text. */
const char *kp_compressed(const char *head, size_t n);

/* Reads a whole file ("-" is standard input). On failure returns -1 with
 * an io-error diagnostic (KP023) naming path added to d, in a. */
int  kp_source_read(kp_source *out, const char *path, kp_diags *d, kp_arena *a);
/* Reads a file as kp_source_read does, but maps a regular file's text
 * instead of copying it to the heap (base/srcmap.c): the pages a reader
 * has gone past can then be given back (kp_source_release), so a large
 * file is read in about the memory of the pages read since. Standard
 * input, pipes and empty files are read whole. A file cut shorter while
 * it is mapped ends the process (SIGBUS), as with any mapped file. */
int  kp_source_map(kp_source *out, const char *path, kp_diags *d, kp_arena *a);
/* Gives back the memory of the pages of text[from, to) (whole pages only),
 * when the text is mapped; nothing otherwise. The text stays readable: a
 * page is read from the file again when looked at. */
void kp_source_release(kp_source *s, size_t from, size_t to);
void kp_source_unmap(kp_source *s);
/* Wraps a copy of text. */
void kp_source_from_string(kp_source *out, const char *path, const char *text, size_t len);
void kp_source_free(kp_source *s);
/* The path as a JSON string literal (kept in the source). */
const kp_buf *kp_source_path_json(kp_source *s);
/* The path as text shows it (kp_buf_put_visible's escapes), made once and
 * kept with path_json: lint's text names the file in every finding. */
const char *kp_source_path_shown(kp_source *s, size_t *len);
/* 1-based line and column of a byte offset. Columns count Unicode code
 * points, so a CJK character is one column; CR of a CRLF is not counted. */
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
/* kp_source_linecol and kp_source_line_text of one offset from one look
 * into the line table (lint's text asks both of every finding). */
void kp_source_locate(kp_source *s, size_t off, uint32_t *line, uint32_t *col, const char **text, size_t *len);
/* kp_source_linecol of off and kp_source_linecol_end of [off, off + len)
 * together: a span that ends on the line it starts on is looked up once
 * (explain's JSON gives every finding's start and end). */
void kp_source_span(kp_source *s, size_t off, size_t len, uint32_t *line, uint32_t *col, uint32_t *end_line,
                    uint32_t *end_col);

#endif
