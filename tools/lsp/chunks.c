/* Chunks of a document: its text cut at each statement's end (by the SQL
 * lexer alone), cut again only where edits changed it, and the index that
 * finds unchanged chunks again by the hash of their text (lsp.h). */
#define _GNU_SOURCE   /* memmem */
#include "tools/lsp/lsp.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grammar/lexer.h"
#include "grammar/parser.h"

uint64_t kp_lsp_hash(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ull;
	return h;
}

uint64_t kp_lsp_hash_u64(uint64_t h, uint64_t v)
{
	/* a word at a time (signatures mix one per chunk of a document) */
	h = (h ^ v) * 0x9e3779b97f4a7c15ull;
	return h ^ (h >> 29);
}

/* Where the chunk of the statement whose ';' is at semi ends: after the
 * white space and comments that follow it from its line (a comment that
 * starts there trails the statement, even when it runs over lines), and
 * the line break that ends them; or before the next token on that line. */
static size_t chunk_end(const char *t, size_t len, size_t semi, bool hash_comment)
{
	size_t i = semi + 1;
	for (;;) {
		while (i < len && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i + 1 < len && t[i] == '/' && t[i + 1] == '*' && (i + 2 >= len || t[i + 2] != '+')) {
			const char *e = NULL;
			for (size_t k = i + 2; k + 1 < len; k++)
				if (t[k] == '*' && t[k + 1] == '/') {
					e = t + k + 2;
					break;
				}
			if (!e)
				return len;   /* an open comment runs to the end */
			i = (size_t)(e - t);
			continue;
		}
		if ((i + 1 < len && t[i] == '-' && t[i + 1] == '-') || (hash_comment && i < len && t[i] == '#')) {
			/* where the lexer ends it (grammar/lexer.re: [^\n\x00]*): a
			 * lone CR does not, or the text after it would be cut as a
			 * statement the lexer reads as comment (fuzz_lsp) */
			while (i < len && t[i] != '\n' && t[i] != '\0')
				i++;
		}
		break;
	}
	if (i < len && t[i] == '\r')
		i++;
	if (i < len && t[i] == '\n')
		i++;
	return i;
}

/* Cuts text into chunks at top-level ';', from `from` (a chunk's start);
 * stops early, with *stopped set, at the first chunk end that stop says
 * an old chunk starts at (the rest of the text is as it was). */
kp_lsp_cut *kp_lsp_cut_text(const char *t, size_t len, bool hash_comment, size_t from, uint32_t *n,
                       bool (*stop)(void *, size_t), void *ctx, bool *stopped)
{
	uint32_t cap = 64, k = 0;
	kp_lsp_cut *v = malloc(cap * sizeof *v);
	if (!v)
		abort();
	kp_lexer lx;
	kp_lexer_init(&lx, t, len, from);
	lx.hash_comment = hash_comment;
	bool first = true, ddl = false;
	size_t done = from;
	*stopped = false;
	kp_token tok;
	int ty;
	while ((ty = kp_lex(&lx, &tok)) != KP_TOK_EOF) {
		if (tok.off < done)
			continue;   /* inside what the last chunk took (its trailing comment) */
		if (ty == TK_SEMI) {
			size_t e = chunk_end(t, len, tok.off, hash_comment);
			if (k == cap) {
				cap *= 2;
				v = realloc(v, cap * sizeof *v);
				if (!v)
					abort();
			}
			v[k++] = (kp_lsp_cut){(uint32_t)done, (uint32_t)(e - done), ddl};
			done = e;
			first = true;
			ddl = false;
			if (stop && e < len && stop(ctx, e)) {
				*stopped = true;
				*n = k;
				return v;
			}
			continue;
		}
		if (first && ty != KP_TOK_HINT && ty != KP_TOK_ERROR) {
			ddl = ty == TK_CREATE || ty == TK_ALTER || ty == TK_DROP;
			first = false;
		}
	}
	if (done < len || (k == 0 && from == 0)) {
		if (k == cap) {
			v = realloc(v, (cap + 1) * sizeof *v);
			if (!v)
				abort();
		}
		v[k++] = (kp_lsp_cut){(uint32_t)done, (uint32_t)(len - done), ddl};
	}
	*n = k;
	return v;
}

/* Does the line [p, e) hold a keyplan: directive of the file pass
 * (ignore-file, disable, enable: they act on every chunk), in any case, as
 * written anywhere on it? A generous test: the lexer decides (below). */
static bool file_pass_line(const char *p, const char *e)
{
	for (const char *c = p; (c = memchr(c, ':', (size_t)(e - c))) != NULL; c++) {
		if (c - p < 7 || strncasecmp(c - 7, "keyplan", 7))
			continue;
		const char *d = c + 1;
		size_t n = (size_t)(e - d);
		if ((n >= 11 && !strncasecmp(d, "ignore-file", 11)) || (n >= 7 && !strncasecmp(d, "disable", 7)) ||
		    (n >= 6 && !strncasecmp(d, "enable", 6)))
			return true;
	}
	return false;
}

uint64_t kp_lsp_file_directives(const char *t, size_t len, bool sql, bool *any, uint32_t **at, uint32_t *nat)
{
	uint64_t h = 0xcbf29ce484222325ull;
	*any = false;
	*nat = 0;
	size_t last = 0;   /* the end of the last line that may hold one */
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(t + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - t) : len;
		/* application code: its keyplan:ignore-file lines, as written
		 * (the extraction reads the rest, analyze_host.c) */
		bool hit = sql ? file_pass_line(t + i, t + e)
		               : e - i >= 11 && memmem(t + i, e - i, "ignore-file", 11) != NULL;
		if (!hit && !sql) {
			for (size_t k = i; k + 11 <= e && !hit; k++)
				hit = (t[k] == 'i' || t[k] == 'I') && !strncasecmp(t + k, "ignore-file", 11);
		}
		if (hit) {
			*any = true;
			last = e;
			if (!sql)
				h = kp_lsp_hash(h, t + i, e - i);
		}
		i = e + 1;
	}
	if (!sql || !*any)
		return h;
	/* SQL: the lines the file pass reads, with where they are (a block
	 * acts on the chunks after its line: analyze.c keys each chunk with
	 * how many are before it) */
	uint32_t cap = 0;
	int st = KP_SQL_CODE;
	for (size_t i = 0; i < last;) {
		const char *nl = memchr(t + i, '\n', last - i);
		size_t e = nl ? (size_t)(nl - t) : last;
		size_t q = i;
		if (i == 0 && len >= 3 && !memcmp(t, "\xef\xbb\xbf", 3))
			q += 3;
		while (q < e && (t[q] == ' ' || t[q] == '\t'))
			q++;
		if (st == KP_SQL_CODE && e - q > 2 && t[q] == '-' && t[q + 1] == '-' && file_pass_line(t + q, t + e)) {
			h = kp_lsp_hash(kp_lsp_hash_u64(h, *nat), t + q, e - q);
			if (*nat == cap) {
				cap = cap ? cap * 2 : 8;
				*at = realloc(*at, cap * sizeof **at);
				if (!*at)
					abort();
			}
			(*at)[(*nat)++] = (uint32_t)q;
		}
		char prev = 0;
		for (size_t c = q; c < e; c++) {
			int was = st;
			st = kp_report_sql_step(st, prev, t[c]);
			prev = st != was && (was == KP_SQL_BLOCK || st == KP_SQL_BLOCK) ? 0 : t[c];
		}
		if (st == KP_SQL_LINE)
			st = KP_SQL_CODE;
		i = e + 1;
	}
	return kp_lsp_hash_u64(h, *nat);
}

/* An index of the old chunks by key, to find the unchanged ones; chunks
 * with the same key (the same statement written twice) chain in their
 * bucket, so taking one is constant time. */
static kp_lsp_old_bucket *bucket_of(const kp_lsp_old_map *m, uint64_t key)
{
	uint32_t i = (uint32_t)(key * 0x9e3779b97f4a7c15ull >> 32) & (m->cap - 1);
	while (m->slots[i].used && m->slots[i].key != key)
		i = (i + 1) & (m->cap - 1);
	return &m->slots[i];
}

void kp_lsp_old_put(kp_lsp_old_map *m, kp_lsp_chunk *c)
{
	kp_lsp_old_bucket *b = bucket_of(m, c->key);
	b->used = true;
	b->key = c->key;
	c->next = b->head;
	b->head = c;
}

kp_lsp_chunk *kp_lsp_old_take(kp_lsp_old_map *m, uint64_t key)
{
	if (!m->cap)
		return NULL;
	kp_lsp_old_bucket *b = bucket_of(m, key);
	kp_lsp_chunk *c = b->used ? b->head : NULL;
	if (c) {
		b->head = c->next;
		c->taken = true;
	}
	return c;
}

/* The old chunk starts, for cutting again only what an edit touched. */
typedef struct recut_ctx {
	const kp_lsp_doc *d;
	long long delta;        /* new length - old length */
	size_t tail_from;       /* new offsets from here on are unchanged text */
	uint32_t found;         /* the old chunk found at the stop */
} recut_ctx;

static bool old_start(void *ctx, size_t e)
{
	recut_ctx *x = ctx;
	if (e < x->tail_from)
		return false;
	size_t old = (size_t)((long long)e - x->delta);
	uint32_t lo = 0, hi = x->d->nrefs;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		if (x->d->refs[mid].base < old)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < x->d->nrefs && x->d->refs[lo].base == old) {
		x->found = lo;
		return true;
	}
	return false;
}

/* The chunks of the text after edits that changed only [edit_lo, len -
 * edit_suffix): the old chunks before the one holding edit_lo - 1 keep
 * their place, the text from there is cut again up to a chunk end where an
 * old chunk starts in the unchanged tail, and the old chunks from there
 * move by the length's change. Returns the chunks cut again alone. */
kp_lsp_cut *kp_lsp_recut(kp_lsp_doc *d, bool hash_comment, uint32_t *nmid, uint32_t *old_lo, uint32_t *old_hi,
                         long long *delta)
{
	size_t lo = d->edit_lo;
	uint32_t r = 0;
	if (lo > 0) {
		/* the last ref starting at or before lo - 1 (refs are in order) */
		uint32_t a = 0, b = d->nrefs;
		while (b - a > 1) {
			uint32_t m = a + (b - a) / 2;
			if (d->refs[m].base <= lo - 1)
				a = m;
			else
				b = m;
		}
		r = a;
	}
	recut_ctx x = {d, (long long)d->t.len - (long long)d->old_len, d->t.len - d->edit_suffix, 0};
	bool stopped;
	kp_lsp_cut *mid = kp_lsp_cut_text(d->t.text, d->t.len, hash_comment, d->refs[r].base, nmid, old_start, &x, &stopped);
	*old_lo = r;
	*old_hi = stopped ? x.found : d->nrefs;
	*delta = x.delta;
	return mid;
}
