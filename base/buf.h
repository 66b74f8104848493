/* A growable byte buffer on the heap, for output text. */
#ifndef KP_BUF_H
#define KP_BUF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct kp_buf {
	char *data;     /* NUL-terminated contents */
	size_t len;     /* bytes used, without the NUL */
	size_t cap;     /* bytes allocated */
} kp_buf;

/* Makes room for extra more bytes (and the NUL). */
void kp_buf_grow(kp_buf *b, size_t extra);

/* The appenders are inline: output is built from many short pieces, and
 * the call overhead showed in the JSON writer's profile. */
static inline void kp_buf_reserve(kp_buf *b, size_t extra)
{
	if (b->len + extra + 1 > b->cap)
		kp_buf_grow(b, extra);
}

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
/* Writing through a cursor, for output built of many short pieces (the
 * JSON of every plan and finding): kp_buf_room makes room for n more bytes
 * and returns where they go; the writer advances its own pointer, with no
 * capacity check, length update or NUL per piece, and kp_buf_end stores
 * the pointer back as the end, with the NUL. Nothing may be appended to b
 * between the two. */
static inline char *kp_buf_room(kp_buf *b, size_t n)
{
	kp_buf_reserve(b, n);
	return b->data + b->len;
}

static inline void kp_buf_end(kp_buf *b, char *p)
{
	b->len = (size_t)(p - b->data);
	*p = 0;
}

/* Copies n bytes to p and returns the cursor after them. */
static inline char *kp_put(char *p, const char *s, size_t n)
{
	memcpy(p, s, n);
	return p + n;
}

/* A string literal at the cursor: its length is known when compiled, so
 * the copy is a few stores. */
#define KP_PUT_LIT(p, lit) ((p) = kp_put((p), "" lit, sizeof(lit) - 1))

/* Room kp_int_at may take. */
#define KP_INT_MAX 20
/* Writes a decimal integer at p (at most KP_INT_MAX bytes, no NUL);
 * returns the cursor after it. */
char *kp_int_at(char *p, int64_t v);

void kp_buf_printf(kp_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Appends a decimal integer. */
void kp_buf_int(kp_buf *b, int64_t v);
void kp_buf_clear(kp_buf *b);
void kp_buf_free(kp_buf *b);

#endif
