/* Between the regions of application code (regions.c: where they start,
 * an edit's region, the masked text) and their names (region_names.c). */
#ifndef KP_LSP_REGIONS_INT_H
#define KP_LSP_REGIONS_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "host/host.h"
#include "tools/lsp/regions.h"

/* The host scanner's tokens of the text read, comments left out. */
typedef struct toklist {
	kp_htok *t;
	size_t n, cap;
} toklist;

static inline bool is_word(const char *p, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(p, w, n);
}

static inline bool word_start(char c)
{
	unsigned char u = (unsigned char)c;
	return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' || u == '$' || u >= 0x80;
}

static inline bool newline_between(const char *text, uint32_t a, uint32_t b)
{
	return a < b && memchr(text + a, '\n', b - a) != NULL;
}

/* The names of tokens [lo, hi) of l (tokens past hi are read ahead) into
 * r: its free names (w) and those it declares for its own code (lw), by
 * bucket, sorted and unique; and r's shape (its tokens' kinds). */
void kp_lsp_region_names(int lang, const char *text, const toklist *l, size_t lo, size_t hi, kp_lsp_region *r,
                         const kp_lsp_regions *g);
/* Python: the attributes tokens [lo, hi) set to what may be SQL text, into
 * r->ax (before kp_lsp_region_names, which reads them through g->ta). */
void kp_lsp_region_attrs(int lang, const char *text, const toklist *l, size_t lo, size_t hi, kp_lsp_region *r);
/* g->ta made again from its regions' ax. */
void kp_lsp_region_attrs_index(kp_lsp_regions *g);
/* Do old regions [ia, ib) set the same attributes as the new nr[0, nn)? */
bool kp_lsp_region_attrs_same(const kp_lsp_regions *g, uint32_t ia, uint32_t ib, const kp_lsp_region *nr,
                              uint32_t nn);
/* Counts region r in (by 1) or out (by -1) of g's table. */
void kp_lsp_region_count(kp_lsp_regions *g, const kp_lsp_region *r, int by);
/* Does a name of old regions [ia, ib) or of the new ones nr[0, nn) link
 * them to another region? */
bool kp_lsp_region_shared(kp_lsp_regions *g, uint32_t ia, uint32_t ib, const kp_lsp_region *nr, uint32_t nn);

#endif
