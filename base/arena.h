/* Arena allocator: every statement's AST, plan and messages live in one
 * arena that is reset when the statement is done, so nothing is freed
 * piecemeal and nothing can leak per statement. */
#ifndef KP_ARENA_H
#define KP_ARENA_H

#include <stdarg.h>
#include <stddef.h>

typedef struct kp_arena_block kp_arena_block;

typedef struct kp_arena {
	kp_arena_block *head;   /* block being filled; older blocks follow ->next */
	char *next;             /* next free byte in head */
	char *end;              /* end of head's storage */
	size_t held;            /* bytes of the blocks it holds */
	size_t peak;            /* the most it held (kp_arena_peak) */
	int flat;               /* blocks of the standard size only, none doubled:
	                           what it holds grows with what it keeps */
} kp_arena;

void  kp_arena_init(kp_arena *a);
/* The slow path of kp_arena_alloc: a new block. */
void *kp_arena_alloc_block(kp_arena *a, size_t n);

/* Returns memory aligned for any type, its contents undefined: for what
 * the caller writes in full at once (a copy, text); aborts on
 * out-of-memory. Inline: every AST node and plan structure comes from
 * here. */
static inline void *kp_arena_alloc_raw(kp_arena *a, size_t n)
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

/* Returns zeroed memory aligned for any type; aborts on out-of-memory.
 * Each allocation clears its own bytes (a constant size becomes a few
 * stores once inlined) instead of kp_arena_reset clearing every byte the
 * statement used: text and copies, written in full anyway, were cleared
 * for nothing, and the one clear per statement (about 2.8 KB, counted
 * byte by byte as rep stosb) was 17% of explain's instructions. */
static inline void *kp_arena_alloc(kp_arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (n == 0)
		n = 16;
	if ((size_t)(a->end - a->next) < n)
		return kp_arena_alloc_block(a, n);
	void *p = a->next;
	a->next += n;
	return __builtin_memset(p, 0, n);
}
/* Copies n bytes and adds a terminating NUL. */
char *kp_arena_strndup(kp_arena *a, const char *s, size_t n);
/* printf into the arena. */
char *kp_arena_printf(kp_arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* vprintf into the arena. */
char *kp_arena_vprintf(kp_arena *a, const char *fmt, va_list ap);
/* Grows an array kept in the arena: returns a copy with room for `want`
 * elements of `size` bytes (old contents copied, the rest zeroed). */
void *kp_arena_grow(kp_arena *a, void *old, size_t oldn, size_t want, size_t size);
/* Keeps one block for reuse (the newest, unless it is over 1 MB: then the
 * first), not cleared (kp_arena_alloc clears what it hands out), and
 * frees the others. */
void  kp_arena_reset(kp_arena *a);
void  kp_arena_free(kp_arena *a);
/* The most bytes of blocks the arena held at once since it was made or
 * kp_arena_peak_clear: its high-water mark, across resets (tests of
 * bounded memory read it). */
size_t kp_arena_peak(const kp_arena *a);
/* Starts the high-water mark again from what the arena holds now. */
void kp_arena_peak_clear(kp_arena *a);

#endif
