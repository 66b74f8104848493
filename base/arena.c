#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS, MAP_POPULATE */
#include "base/arena.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "base/fmt.h"

/* Under valgrind, a kept block's old contents are marked undefined again
 * at each reset, so memcheck reports a read of memory kp_arena_alloc_raw
 * handed out and nobody wrote, as it would on fresh memory: nothing clears
 * a reused block any more. Outside valgrind the request is a few
 * instructions per reset. */
#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define KP_MAKE_UNDEFINED(p, n) VALGRIND_MAKE_MEM_UNDEFINED(p, n)
#endif
#endif
#ifndef KP_MAKE_UNDEFINED
#define KP_MAKE_UNDEFINED(p, n) ((void)(p), (void)(n))
#endif

#define KP_ARENA_BLOCK 65536
/* An arena that keeps growing (the workload's statements in `check`) takes
 * blocks twice the size of its last one, up to this. */
#define KP_ARENA_BLOCK_MAX ((size_t)4 << 20)
/* Blocks this large come straight from mmap: the kernel hands them out
 * zeroed (calloc would clear them again) and MAP_POPULATE maps their pages
 * in one call instead of one fault per page, which showed in `check`'s
 * profile as a quarter of its time. */
#define KP_ARENA_MMAP_MIN ((size_t)256 << 10)
/* kp_arena_reset keeps its newest block up to this size */
#define KP_ARENA_KEEP_MAX ((size_t)1 << 20)

struct kp_arena_block {
	kp_arena_block *next;   /* older block */
	size_t size;            /* usable bytes in data */
	bool mapped;            /* from mmap (else malloc) */
	_Alignas(max_align_t) unsigned char data[];
};

static void block_free(kp_arena_block *b)
{
	if (b->mapped)
		munmap(b, sizeof(*b) + b->size);
	else
		free(b);
}

void kp_arena_init(kp_arena *a)
{
	memset(a, 0, sizeof(*a));
}

/* A new block, its first n bytes handed out zeroed (whether the caller
 * asked for zeroes or not: this is the slow path). The rest is not
 * cleared: kp_arena_alloc clears each allocation as it hands it out. */
void *kp_arena_alloc_block(kp_arena *a, size_t n)
{
	size_t size = KP_ARENA_BLOCK;
	if (a->head && a->head->size >= KP_ARENA_BLOCK && !a->flat)
		size = a->head->size >= KP_ARENA_BLOCK_MAX / 2 ? KP_ARENA_BLOCK_MAX : a->head->size * 2;
	if (n > size)
		size = n;
	kp_arena_block *b;
	bool mapped = size >= KP_ARENA_MMAP_MIN;
	if (mapped) {
		void *m = mmap(NULL, sizeof(*b) + size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE,
		               -1, 0);
		b = m == MAP_FAILED ? NULL : m;
	} else {
		b = malloc(sizeof(*b) + size);
		if (b)
			memset(b->data, 0, n);
	}
	if (!b) {
		fputs("keyplan: out of memory\n", stderr);
		abort();
	}
	b->mapped = mapped;
	b->size = size;
	a->held += sizeof(*b) + size;
	if (a->held > a->peak)
		a->peak = a->held;
	b->next = a->head;
	a->head = b;
	a->next = (char *)b->data + n;
	a->end = (char *)b->data + size;
	return b->data;
}

char *kp_arena_strndup(kp_arena *a, const char *s, size_t n)
{
	char *p = kp_arena_alloc_raw(a, n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *kp_arena_vprintf(kp_arena *a, const char *fmt, va_list ap)
{
	/* straight into the free end of the block being filled when the text
	 * fits there, as nearly every message does: no copy (every finding's
	 * message is formatted here) */
	size_t room = (size_t)(a->end - a->next);
	if (room >= 64) {
		va_list cp;
		va_copy(cp, ap);
		int n = kp_vsnprintf(a->next, room, fmt, cp);
		va_end(cp);
		if (n >= 0 && (size_t)n < room) {
			char *p = a->next;
			size_t used = ((size_t)n + 16) & ~(size_t)15;   /* with the NUL, as kp_arena_alloc rounds */
			a->next += used < room ? used : room;
			return p;
		}
	}
	/* one pass for the common short message */
	char small[256];
	va_list cp;
	va_copy(cp, ap);
	int n = kp_vsnprintf(small, sizeof small, fmt, cp);
	va_end(cp);
	char *p = kp_arena_alloc_raw(a, (size_t)n + 1);
	if ((size_t)n < sizeof small)
		memcpy(p, small, (size_t)n + 1);
	else
		kp_vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *kp_arena_printf(kp_arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *p = kp_arena_vprintf(a, fmt, ap);
	va_end(ap);
	return p;
}

void *kp_arena_grow(kp_arena *a, void *old, size_t oldn, size_t want, size_t size)
{
	if (!old)
		oldn = 0;
	if (oldn > want)
		oldn = want;
	char *p = kp_arena_alloc_raw(a, want * size);
	if (oldn)
		memcpy(p, old, oldn * size);
	memset(p + oldn * size, 0, (want - oldn) * size);
	return p;
}

void kp_arena_reset(kp_arena *a)
{
	if (!a->head)
		return;
	kp_arena_block *b = a->head, *keep = NULL;
	if (a->head->size <= KP_ARENA_KEEP_MAX) {
		/* keep the newest block, the largest: a scratch arena reset once
		 * per candidate (the advisor re-plans a table's workload for each
		 * proposal) otherwise grew through 128, 256 and 512 KB blocks again
		 * each time, and mapping them (MAP_POPULATE clears every page) was
		 * a quarter of `check`'s time */
		keep = a->head;
		b = keep->next;
	}
	/* else a very large block is not pinned: keep the oldest (the
	 * standard size) */
	while (b) {
		kp_arena_block *next = b->next;
		if (!keep && !next && b->size == KP_ARENA_BLOCK)
			keep = b;
		else
			block_free(b);
		b = next;
	}
	a->head = keep;
	a->held = keep ? sizeof(*keep) + keep->size : 0;
	a->next = a->end = NULL;
	if (keep) {
		KP_MAKE_UNDEFINED(keep->data, keep->size);
		keep->next = NULL;
		a->next = (char *)keep->data;
		a->end = (char *)keep->data + keep->size;
	}
}

void kp_arena_free(kp_arena *a)
{
	kp_arena_block *b = a->head;
	while (b) {
		kp_arena_block *next = b->next;
		block_free(b);
		b = next;
	}
	kp_arena_init(a);
}

size_t kp_arena_peak(const kp_arena *a)
{
	return a->peak;
}

void kp_arena_peak_clear(kp_arena *a)
{
	a->peak = a->held;
}
