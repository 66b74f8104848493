/* Located diagnostics: a message with a rule, a severity, a span in a
 * source, notes (related places) and help lines, kept in a list in order of
 * emission; and their compiler-style text. Every layer reports through
 * here. */
#ifndef KP_DIAG_H
#define KP_DIAG_H

#include <stdarg.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/rules.h"
#include "base/source.h"

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
	kp_source *src;         /* file the span lies in, or NULL */
	const char *file;       /* with no src: the file it names (a file that cannot
	                           be read), or NULL */
	uint32_t file_line;     /* with file: the line it names, or 0 */
	uint32_t off;           /* byte offset of the span */
	uint32_t len;           /* byte length of the span (0: a point) */
	/* 0, or an id no other words ever have: every finding with this id
	 * has this rule, message, notes (their sources, offsets and messages)
	 * and helps (a full-scan finding replayed: planner/findmemo.c), so a
	 * writer may keep what it made of them under the id (explain's JSON:
	 * planner/explain.c). kp_diag_note and kp_diag_help clear it; whoever
	 * sets message, notes or helps otherwise must clear it too. 32 bits,
	 * in what was padding: a finding stays 72 bytes. */
	uint32_t words;
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
kp_diag *kp_diag_vadd(kp_diags *d, kp_arena *a, kp_rule rule, kp_severity sev,
                      kp_source *src, uint32_t off, uint32_t len, const char *fmt, va_list ap);
/* As kp_diag_add with the message itself, not a format ('%' is itself):
 * msg is not copied, and must live as long as the diagnostic (in a). */
kp_diag *kp_diag_add_msg(kp_diags *d, kp_arena *a, kp_rule rule, kp_severity sev,
                         kp_source *src, uint32_t off, uint32_t len, const char *msg);

/* Where a reader reports what it finds in one source (the lexer, the
 * grammar's actions): the list, the arena the messages live in, and the
 * source their offsets point into. */
typedef struct kp_diag_sink {
	kp_diags *diags;        /* the list */
	kp_arena *arena;        /* the messages' arena */
	kp_source *src;         /* the source read */
} kp_diag_sink;

/* An error into a sink; NULL (nothing reported) when s is NULL, as it is
 * for a look-ahead or a trial parse that reads the text again later. */
kp_diag *kp_diag_error(const kp_diag_sink *s, kp_rule rule, uint32_t off, uint32_t len,
                       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* A diagnostic that names a file (or nothing: path NULL), and a line of it
 * or none (0), but no span in a source: a file that cannot be read, a
 * config file that is malformed. */
kp_diag *kp_diag_file(kp_diags *d, kp_arena *a, kp_rule rule, kp_severity sev, const char *path,
                      uint32_t line, const char *fmt, ...) __attribute__((format(printf, 7, 8)));
void kp_diag_note(kp_diag *g, kp_arena *a, kp_source *src, uint32_t off, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void kp_diag_help(kp_diag *g, kp_arena *a, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Formats d as a compiler diagnostic with the source line and a caret:
 *   file:line:col: error: message [KP001 full-scan]
 *      3 | SELECT ...
 *        |        ^~~~ */
void kp_diag_format(kp_buf *out, const kp_diag *d, int color);

/* What kp_diag_format_kept keeps of one finding's words (kp_diag.words):
 * its message as shown, each note's message line and its help lines, as
 * text for one color setting, so the next finding with the id copies
 * them instead of measuring and escaping them again (lint writes a note
 * and a help for every full scan). Its location, its notes' and the
 * excerpt are written each time. Zeroed to start; kp_diag_words_free. */
#define KP_WORDS_NOTES 4        /* notes of a finding kept */
#define KP_WORDS_MAX 2048       /* bytes of text kept */
typedef struct kp_diag_words {
	uint32_t words;         /* the id whose text it holds, or 0 */
	int color;
	uint32_t nnotes;
	uint32_t cut[KP_WORDS_NOTES + 2];       /* where each piece ends in text */
	kp_buf text;
} kp_diag_words;
/* kp_diag_format, with w kept and read (w may be NULL) */
void kp_diag_format_kept(kp_buf *out, const kp_diag *d, int color, kp_diag_words *w);
void kp_diag_words_free(kp_diag_words *w);

#endif
