/* Regions of application code (Java, Kotlin, Go, Python) that the host
 * extractor can read alone: a file cut at its top-level declarations, so
 * that an edit is extracted again over the region it touched only
 * (analyze_host.c). A region boundary is a line start where the host
 * scanner starts a token with nothing open but type bodies (a class's
 * members), and where no declaration goes on from the line before:
 *   - Java, Kotlin: after a ';', a '{' or a '}' closing a body (not an
 *     array initializer), before a word or an annotation that is not
 *     else, catch, finally or while;
 *   - Go: at column 0, nothing open, before func, const, var, type or
 *     import;
 *   - Python: at column 0, or at the column of the members of a class
 *     begun at column 0 (its methods), nothing open, after a complete
 *     logical line that is not a decorator, before a word that is not
 *     else, elif, except or finally (a region where a class begins is
 *     kept when others are blanked).
 * A region starts at the first of the comments on lines of their own just
 * above the token that starts it (a declaration's Javadoc, its keyplan:
 * directives, which act on the statement below them), else at its line.
 * Each region keeps the names it holds (by the host's name hash, as the
 * extractor's appended-name bits see them), in two sets: the names it
 * declares for its own code (a parameter, a local: Java's Type name in a
 * method, Kotlin's val name and name: Type, Go's name := and a func's
 * parameters, a Python def's parameters and the names it assigns, none
 * when its brackets do not pair or a global statement is there), and the
 * others (free: a field, a constant, a name of the file). An edit is
 * extracted over its region alone only when, before and after the edit,
 * no free name of the region is in another region at all and no name of
 * its own is free in another region (a constant, a builder, a name
 * passed to a SQL call or appended to could link them: every method's own
 * db, cur or sql does not), and when the region's tokens are of the kinds
 * they were, in the same order (a literal or a name edited: the
 * functions, blocks and statements the extractor sees are the same).
 * Language keywords and the names of calls and of a statement's receiver
 * (db.query(...)) are not counted, nor Python's attributes read or set
 * through self. unless one is set to what may be SQL text (a string, text
 * pasted with + or %, a constant's name) somewhere in the file: an edit
 * that changes which are is not extracted alone. */
#ifndef KP_LSP_REGIONS_H
#define KP_LSP_REGIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct kp_lsp_region {
	uint32_t off;           /* its start; it ends where the next starts */
	uint16_t depth;         /* type bodies open at its start */
	uint16_t pyind;         /* Python: the column of the members of the
	                           class it is in (0: at module level) */
	bool structural;        /* it opens or closes a body (a class's head,
	                           its last brace): kept when others are
	                           blanked */
	uint64_t shape;         /* its tokens' kinds and brackets, in order */
	uint16_t *w;            /* its free names' buckets, sorted, unique */
	uint32_t nw;
	uint16_t *lw;           /* the names it declares for its own code (a
	                           parameter, a local), the same way */
	uint32_t nlw;
	uint16_t *ax;           /* Python: the attributes it sets (self.name =)
	                           to what may be SQL text, the same way */
	uint32_t nax;
} kp_lsp_region;

/* How many regions hold a name's bucket (255: too many to count, always
 * shared). */
typedef struct kp_lsp_ncount {
	uint32_t key;           /* the bucket + 1; 0: an empty slot */
	uint8_t nfree;          /* regions where it is free */
	uint8_t nall;           /* regions that hold it, free or their own */
} kp_lsp_ncount;

typedef struct kp_lsp_regions {
	int lang;               /* kp_lang */
	kp_lsp_region *r;
	uint32_t n;
	kp_lsp_ncount *tab;     /* the buckets the regions hold (open
	                           addressing, at most half full: as many
	                           as the document's names) */
	uint32_t cap, used;
	uint16_t *ta;           /* Python: the regions' ax, sorted (one entry
	                           a region): an attribute read through self.
	                           is a name only when one of them is (a
	                           connection or cursor set in __init__ and
	                           read by every method links no region) */
	uint32_t nta;
} kp_lsp_regions;

/* The regions of the whole text (NUL at text[len]); NULL for a language
 * without regions (SQL, MyBatis XML). */
kp_lsp_regions *kp_lsp_regions_build(const char *text, size_t len, int lang);
void kp_lsp_regions_free(kp_lsp_regions *g);

/* An edit's region: text is the new text, [e0, e1_old) the old bytes
 * changed, delta the length's change. On success *a is where the region
 * starts, *b_new and *b_old where it ends in the new and old text (the
 * text from there on lexes as it did), and *pl holds the new regions of
 * [a, b_new), for kp_lsp_regions_commit. False when the edit's names are
 * shared with another region, or no boundary holds around it. */
typedef struct kp_lsp_region_plan {
	uint32_t ia, ib;        /* old regions [ia, ib) are replaced */
	kp_lsp_region *r;       /* by these */
	uint32_t n;
	uint32_t a, b_new, b_old;
} kp_lsp_region_plan;

bool kp_lsp_regions_plan(kp_lsp_regions *g, const char *text, size_t len, size_t e0, size_t e1_old,
                         long long delta, kp_lsp_region_plan *pl);
/* Puts the plan's regions in place (the later ones moved by delta). */
void kp_lsp_regions_commit(kp_lsp_regions *g, kp_lsp_region_plan *pl, long long delta);
void kp_lsp_region_plan_free(kp_lsp_region_plan *pl);

/* A copy of text (malloc'd, NUL-terminated, the same length and line
 * breaks) in which every region but the plan's and the structural ones is
 * blanked to spaces: what the extractor reads for the plan's region. */
char *kp_lsp_regions_mask(const kp_lsp_regions *g, const kp_lsp_region_plan *pl, const char *text, size_t len);

#endif
