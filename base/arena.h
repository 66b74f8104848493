/* Arena allocator: every statement's AST, plan and messages live in one
 * arena that is reset when the statement is done, so nothing is freed
 * piecemeal and nothing can leak per statement. */
#ifndef KP_ARENA_H
#define KP_ARENA_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct kp_arena_block kp_arena_block;

typedef struct kp_arena {
	kp_arena_block *head;   /* block being filled; older blocks follow ->next */
	char *next;             /* next free byte in head */
	char *end;              /* end of head's storage */
} kp_arena;

void  kp_arena_init(kp_arena *a);
/* The slow path of kp_arena_alloc: a new block. */
void *kp_arena_alloc_block(kp_arena *a, size_t n);

/* Returns zeroed memory aligned for any type; aborts on out-of-memory.
 * Inline: every AST node and plan structure comes from here. */
static inline void *kp_arena_alloc(kp_arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (n == 0)
		n = 16;
	if ((size_t)(a->end - a->next) < n)
		return kp_arena_alloc_block(a, n);
	void *p = a->next;
	a->next += n;
	return p;
}
/* Copies n bytes and adds a terminating NUL. */
char *kp_arena_strndup(kp_arena *a, const char *s, size_t n);
/* printf into the arena. */
char *kp_arena_printf(kp_arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* vprintf into the arena. */
char *kp_arena_vprintf(kp_arena *a, const char *fmt, va_list ap);
/* Grows an array kept in the arena: returns a copy with room for `want`
 * elements of `size` bytes (old contents copied). */
void *kp_arena_grow(kp_arena *a, void *old, size_t oldn, size_t want, size_t size);
/* Keeps one block for reuse (the newest, unless it is over 1 MB: then the
 * first), cleared, and frees the others. */
void  kp_arena_reset(kp_arena *a);
void  kp_arena_free(kp_arena *a);

/* A growable byte buffer on the heap, for output text. */
typedef struct kp_buf {
	char *data;     /* NUL-terminated contents */
	size_t len;     /* bytes used, without the NUL */
	size_t cap;     /* bytes allocated */
} kp_buf;

/* Makes room for extra more bytes (and the NUL). */
void kp_buf_grow(kp_buf *b, size_t extra);

/* The appenders are inline: output is built from many short pieces, and
 * the call overhead showed in the JSON writer's profile. */
static inline void kp_buf_put(kp_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap)
		kp_buf_grow(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = 0;
}

static inline void kp_buf_puts(kp_buf *b, const char *s)
{
	kp_buf_put(b, s, strlen(s));
}

static inline void kp_buf_putc(kp_buf *b, char c)
{
	if (b->len + 2 > b->cap)
		kp_buf_grow(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = 0;
}
void kp_buf_printf(kp_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Appends a decimal integer. */
void kp_buf_int(kp_buf *b, int64_t v);
/* Appends s as a JSON string literal, quotes included. */
void kp_buf_json_str(kp_buf *b, const char *s, size_t n);
void kp_buf_clear(kp_buf *b);
void kp_buf_free(kp_buf *b);

#endif
