/* Strings the documents' results share: a finding's message, a note's file
 * and message, a statement's table. A document of thousands of statements
 * repeats them (a rule's message names the table and the key, and the same
 * help follows every finding of a rule), and a hundred open documents
 * repeat them again: each was a buffer of its own, of 256 or 512 bytes
 * (kp_buf's growth), 20 of the 57 MB a hundred documents of 1,000
 * statements took. Each distinct string is kept once, exactly its size,
 * counted by its holders (lsp.h: kp_lsp_intern). One thread. */
#include "tools/lsp/lsp.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct istr {
	struct istr *next;      /* in its bucket */
	uint64_t hash;
	uint32_t refs, len;
	char text[];
} istr;

static istr **buckets;
static size_t nbuckets, count;

static istr *of(const char *p)
{
	return (istr *)(void *)(p - offsetof(istr, text));
}

static void grow(void)
{
	size_t n = nbuckets ? nbuckets * 2 : 1024;
	istr **b = calloc(n, sizeof *b);
	if (!b)
		abort();
	for (size_t i = 0; i < nbuckets; i++)
		for (istr *e = buckets[i], *next; e; e = next) {
			next = e->next;
			e->next = b[e->hash & (n - 1)];
			b[e->hash & (n - 1)] = e;
		}
	free(buckets);
	buckets = b;
	nbuckets = n;
}

const char *kp_lsp_intern(const char *s, size_t n)
{
	uint64_t h = kp_lsp_hash(0xcbf29ce484222325ull, s, n);
	if (nbuckets) {
		for (istr *e = buckets[h & (nbuckets - 1)]; e; e = e->next)
			if (e->hash == h && e->len == n && !memcmp(e->text, s, n)) {
				e->refs++;
				return e->text;
			}
	}
	if (count >= nbuckets)
		grow();
	istr *e = malloc(sizeof *e + n + 1);
	if (!e || n > UINT32_MAX)
		abort();
	e->hash = h;
	e->refs = 1;
	e->len = (uint32_t)n;
	memcpy(e->text, s, n);
	e->text[n] = 0;
	e->next = buckets[h & (nbuckets - 1)];
	buckets[h & (nbuckets - 1)] = e;
	count++;
	return e->text;
}

const char *kp_lsp_intern_str(const char *s)
{
	return kp_lsp_intern(s, strlen(s));
}

void kp_lsp_unintern(const char *p)
{
	if (!p)
		return;
	istr *e = of(p);
	if (--e->refs)
		return;
	for (istr **at = &buckets[e->hash & (nbuckets - 1)]; *at; at = &(*at)->next)
		if (*at == e) {
			*at = e->next;
			break;
		}
	free(e);
	if (!--count) {
		/* the last one: nothing is left behind (a server's end, a fuzz run) */
		free(buckets);
		buckets = NULL;
		nbuckets = 0;
	}
}
