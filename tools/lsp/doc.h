/* An open document: its text as the client last sent it, kept up to date
 * by incremental edits, and its line table; positions as LSP counts them
 * (lines broken at LF, CRLF or CR; characters in UTF-16 code units, or
 * bytes when UTF-8 was negotiated) to and from byte offsets. */
#ifndef KP_LSP_DOC_H
#define KP_LSP_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum kp_lsp_enc {
	KP_ENC_UTF16 = 0,       /* LSP's default */
	KP_ENC_UTF8,            /* when the client offers it */
} kp_lsp_enc;

typedef struct kp_doc_text {
	char *text;             /* NUL at text[len] */
	size_t len, cap;
	uint32_t *lines;        /* byte offset where each line starts */
	size_t nlines, lcap;
} kp_doc_text;

/* Replaces the whole text. */
void kp_doc_set(kp_doc_text *d, const char *text, size_t len);
void kp_doc_free(kp_doc_text *d);
/* Replaces bytes [off, end) with text (off <= end <= len). The line table
 * is updated around the edit only. */
void kp_doc_replace(kp_doc_text *d, size_t off, size_t end, const char *text, size_t len);
/* The byte offset of a position; a line past the end is the end of the
 * text, a character past the line's end is its end (LSP says so). Returns
 * false when line or character is negative. */
bool kp_doc_offset(const kp_doc_text *d, long long line, long long ch, kp_lsp_enc enc, size_t *off);
/* The position of a byte offset (one inside a UTF-8 sequence counts from
 * the sequence's start). */
void kp_doc_position(const kp_doc_text *d, size_t off, kp_lsp_enc enc, uint32_t *line, uint32_t *ch);
/* The same over any text (a file that is not open), without a line table:
 * line and character of off. */
void kp_text_position(const char *text, size_t len, size_t off, kp_lsp_enc enc, uint32_t *line, uint32_t *ch);
/* The index of the line holding off (the last line for an offset past
 * the end). */
size_t kp_doc_line(const kp_doc_text *d, size_t off);
/* Where the line holding off ends, before its line break. */
size_t kp_doc_line_end(const kp_doc_text *d, size_t off);

/* file:///a%20b -> /a b (malloc'd); NULL when the URI is not a file URI
 * or does not decode. */
char *kp_uri_to_path(const char *uri);
/* The reverse, with every byte outside the unreserved set escaped. */
char *kp_path_to_uri(const char *path);

#endif
