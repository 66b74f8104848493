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
void kp_buf_printf(kp_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Appends a decimal integer. */
void kp_buf_int(kp_buf *b, int64_t v);
void kp_buf_clear(kp_buf *b);
void kp_buf_free(kp_buf *b);

#endif
