/* The tokens of a host file, read in windows (extractInt.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "host/extractInt.h"

int kph_lex(kp_hlex *lx, kp_htok *t, kp_lang lang)
{
	return lang == KP_LANG_GO ? kp_hlex_go(lx, t) : lang == KP_LANG_PYTHON ? kp_hlex_python(lx, t)
	                                                                        : kp_hlex_java(lx, t);
}

/* Reads the window whose own tokens start at offset start, from back (a
 * token's offset at most WIN_BACK tokens before; the scanners start afresh
 * at any token). */
void kph_window(toks *w, kp_source *src, kp_lang lang, size_t back, size_t start)
{
	if (!w->t) {
		/* every token but the end is at least a byte (each scanner rule
		 * reads one), so a file smaller than a window needs a slot a byte,
		 * the end and the stop below, not a full window's 885 KB (under
		 * ASan an mmap, faults and a munmap for every file) */
		size_t full = WIN_BACK + WIN_TOKENS + WIN_AHEAD + 2;
		w->cap = src->len + 3 < full ? src->len + 3 : full;
		w->t = malloc(w->cap * sizeof *w->t);
		if (!w->t)
			abort();
	}
	/* the text before the window is read no more, but for a constant's
	 * definition or a finding's line: a mapped file's pages there are
	 * given back (and read again from the file if looked at) */
	kp_source_release(src, 0, back);
	kp_hlex lx = {src->text, src->len, back, lang == KP_LANG_KOTLIN};
	w->n = 0;
	w->lo = w->hi = SIZE_MAX;
	for (;;) {
		kp_htok *t = &w->t[w->n];
		if (kph_lex(&lx, t, lang) == KP_HT_EOF) {
			w->n++;
			break;
		}
		if (w->lo == SIZE_MAX && t->off >= start)
			w->lo = w->n;
		w->n++;
		if (w->lo != SIZE_MAX && w->n - w->lo == WIN_TOKENS)
			w->hi = w->n;
		if (w->n == w->cap - 1) {
			/* where the window stops: an end to every loop */
			w->t[w->n++] = (kp_htok){.off = (uint32_t)lx.pos, .type = KP_HT_EOF};
			break;
		}
	}
	if (w->lo == SIZE_MAX)
		w->lo = w->n - 1;
	if (w->hi == SIZE_MAX || w->hi > w->n - 1)
		w->hi = w->n - 1;
}

/* Is the last token of the window the file's end? */
bool kph_at_end(const toks *w, const kp_source *src)
{
	return w->t[w->n - 1].off >= src->len;
}

/* The window after this one, whose own tokens start at local token k. */
void kph_next_window(toks *w, kp_source *src, kp_lang lang, size_t k)
{
	size_t start = w->t[k].off, back = w->t[k >= WIN_BACK ? k - WIN_BACK : 0].off;
	kph_window(w, src, lang, back, start);
}


uint32_t kph_name_hash(const char *p, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 16777619u;
	return h;
}

uint32_t kp_host_name_hash(const char *p, size_t n)
{
	return kph_name_hash(p, n);
}

/* The next token from i that is not a comment, nor a line break inside
 * brackets (Python). */
size_t kph_skip(const extractor *x, size_t i, int depth)
{
	while (i < x->tk.n) {
		const kp_htok *t = &x->tk.t[i];
		if (t->type == KP_HT_COMMENT || (t->type == KP_HT_NL && depth > 0))
			i++;
		else
			break;
	}
	return i;
}

bool kph_word_at(const extractor *x, size_t i, const char *w)
{
	const kp_htok *t = &x->tk.t[i];
	return t->type == KP_HT_OTHER && t->len == strlen(w) && !memcmp(x->src->text + t->off, w, t->len);
}

bool kph_same_name(const extractor *x, const kp_htok *a, const kp_htok *b)
{
	return a->type == KP_HT_OTHER && b->type == KP_HT_OTHER && a->len == b->len &&
	       !memcmp(x->src->text + a->off, x->src->text + b->off, a->len);
}
