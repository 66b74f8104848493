/* SQL in application code (Java, Kotlin, Go, Python, MyBatis XML), planned
 * statement by statement (lsp.h, analyze.c for SQL files). */
#include "tools/lsp/lsp.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/embed.h"
#include "tools/lsp/regions.h"

typedef kp_lsp_pass run;

/* The words that can follow CREATE, ALTER or DROP in a statement that
 * changes the catalog (grammar/parser.y: CREATE [IMMUTABLE] TABLE, CREATE
 * [UNIQUE|LOCAL|UNCOVERED] INDEX, CREATE VIEW, ALTER TABLE|VIEW|INDEX,
 * DROP TABLE|VIEW|INDEX), with a few more of other dialects, which only
 * cost time. */
static bool ddl_object(const char *w, size_t n)
{
	static const char *const objs[] = {"table", "index", "view", "immutable", "unique", "local", "uncovered",
	                                   "global", "search", "sequence", "schema", "or", "if", "temporary",
	                                   "temp", "materialized", NULL};
	for (int i = 0; objs[i]; i++)
		if (strlen(objs[i]) == n && !strncasecmp(w, objs[i], n))
			return true;
	return false;
}

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Past what joins SQL pieces in the host languages: white space, quotes,
 * '+', backslash escapes. -1 at an SQL comment (which may sit between DDL
 * words: counted as DDL). */
static long skip_joins(const char *t, size_t len, size_t j)
{
	while (j < len) {
		unsigned char ch = (unsigned char)t[j];
		if (isspace(ch) || ch == '"' || ch == '\'' || ch == '+' || ch == '`')
			j++;
		else if (ch == '\\' && j + 1 < len)
			j += 2;   /* an escape: \n, \t, \" */
		else if ((ch == '/' && j + 1 < len && t[j + 1] == '*') || (ch == '-' && j + 1 < len && t[j + 1] == '-'))
			return -1;
		else
			break;
	}
	return (long)j;
}

/* Does application code hold DDL (which would change the schema)? A word
 * CREATE, ALTER or DROP, in any case, followed by a word that names what
 * DDL makes (ddl_object; after DROP, any word then TABLE, as DROP
 * TEMPORARY TABLE), across what joins string pieces: so
 * `repo.create(user)` or a comment "create the user" keeps the statement
 * cache and plans against the shared catalog, and "CREATE " + "TABLE t"
 * plans against a copy, every statement. Read on every edit of the file:
 * a byte's test first. */
static bool host_has_ddl(const char *t, size_t len)
{
	static const char *words[] = {"create", "alter", "drop"};
	for (size_t i = 0; i < len; i++) {
		int w;
		switch (t[i] | 0x20) {
		case 'c': w = 0; break;
		case 'a': w = 1; break;
		case 'd': w = 2; break;
		default: continue;
		}
		if (i > 0 && word_char(t[i - 1]))
			continue;
		size_t n = w == 0 ? 6 : w == 1 ? 5 : 4, k = 1;
		while (k < n && i + k < len && (t[i + k] | 0x20) == words[w][k])
			k++;
		if (k < n || (i + n < len && word_char(t[i + n])))
			continue;
		long j = skip_joins(t, len, i + n);
		if (j < 0)
			return true;
		size_t e = (size_t)j;
		while (e < len && word_char(t[e]))
			e++;
		if (e == (size_t)j)
			continue;
		if (ddl_object(t + j, e - (size_t)j))
			return true;
		if (w == 2) {
			long j2 = skip_joins(t, len, e);
			if (j2 < 0)
				return true;
			if ((size_t)j2 + 5 <= len && !strncasecmp(t + j2, "table", 5) &&
			    ((size_t)j2 + 5 == len || !word_char(t[j2 + 5])))
				return true;
		}
	}
	return false;
}

/* SQL in application code, statement by statement: the file is read by
 * the host scanner whole (a statement's SQL may come from anywhere in it),
 * then only the statements whose SQL or text changed are planned
 * (lib/embed.h's want); the others keep their findings, as a SQL
 * document's chunks do. A statement's key is its text, its SQL and the
 * text of the fragments and constants it reads (where they are does not
 * matter). Its chunk holds its findings relative to its start (its
 * keyplan: comments included), so it moves with its text; one whose
 * findings reach outside it (a finding in an included fragment or a
 * constant) is pinned to the place it and what it reads were planned at.
 * A finding in a fragment names the fragment's line and the statements
 * that read it: a statement that has one is planned again when those
 * change. Each statement gets its fragments' findings (the sink's
 * each_fragment), and the publication keeps the first statement's, as
 * lint reports them. Statements are planned as the scanner finds them
 * (lib/embed.c), so each is decided alone. */
typedef struct host_plan {
	run *r;
	kp_lsp_doc *d;
	uint64_t ctx;
	kp_lsp_old_map om;
	bool all;               /* plan every statement (the file holds DDL) */
	bool ready;             /* the statements are keyed */
	kp_lsp_ref *refs;       /* the new chunks, one per statement */
	uint32_t n, cap, i;     /* statements, room, the one under way + 1 */
	uint32_t lo;            /* the start of the statement under way */
	const kp_host_file *hf;
	const kp_host_stmt *st; /* the statement under way */
	kp_lsp_chunk *whole;    /* the file-level findings' chunk */
	struct use_sig *sigs;   /* the readers of each fragment (frag_ctx) */
	uint32_t nsigs;
	bool sigs_ready;
	bool partial;           /* one region only: [plo, phi) */
	uint32_t plo, phi;
	bool outside;           /* a statement of the region reaches out of it */
	/* the file's keyplan: comments (hf->dirs), read at the first
	 * statement: the statement each belongs to (a ref of refs), whether
	 * it acts beyond it (wide), where the wide ones' keyplan: are (sorted)
	 * and what they say (fctx) */
	uint32_t ndirs;
	uint32_t *owner;
	bool *wide, *own;
	uint32_t *wat, nwat, watcap;
	uint64_t fctx;
	kp_lsp_dir *dl;         /* the comments as the run read them (dirs_done) */
	uint32_t ndl;
	bool dl_known;
} host_plan;

static uint64_t stmt_key(host_plan *h, const kp_host_stmt *st, uint32_t lo)
{
	const char *t = h->d->t.text;
	uint64_t k = kp_lsp_hash(h->ctx, t + lo, st->end - lo);
	for (unsigned v = 0; v < st->nv; v++) {
		k = kp_lsp_hash(k, st->v[v].sql.text, st->v[v].sql.len);
		k = kp_lsp_hash_u64(k, st->v[v].holes_planned);
	}
	k = kp_lsp_hash_u64(k, st->nv);
	/* what its context says of it: a call elsewhere in its function may
	 * take it (host5's names passed to SQL calls) or stop taking it */
	k = kp_lsp_hash_u64(k, st->evidence);
	for (unsigned u = 0; u < st->nuses; u++) {
		/* what it reads elsewhere in the file (not where: see pin_key) */
		k = kp_lsp_hash_u64(k, st->uses[u].end - st->uses[u].off);
		if (st->uses[u].end <= h->d->t.len && st->uses[u].off <= st->uses[u].end)
			k = kp_lsp_hash(k, t + st->uses[u].off, st->uses[u].end - st->uses[u].off);
	}
	return k;
}

/* Where a statement and what it reads are (a pinned chunk's offsets hold
 * while they are there): their offsets, and the positions (line and
 * character, in the client's encoding) of their starts. The positions of
 * a pinned chunk's findings are the file's, sent as they were while the
 * chunk is kept (kp_lsp_json: its lines start from the file's first), so
 * the chunk is kept only where its findings' positions are the same: an
 * edit before it that left every offset where it was (a line break
 * replaced by a space, two ASCII bytes by one two-byte character) moved
 * their lines or columns. Every finding lies in the statement or in what
 * it reads, whose text is in its key: the same text from the same
 * position has its findings at the same positions. */
static uint64_t pin_key(const host_plan *h, const kp_host_stmt *st, uint32_t lo)
{
	const kp_lsp_doc *d = h->d;
	kp_lsp_enc enc = h->r->s->enc;
	uint32_t line, ch;
	kp_doc_position(&d->t, lo, enc, &line, &ch);
	uint64_t k = kp_lsp_hash_u64(0xcbf29ce484222325ull, lo);
	k = kp_lsp_hash_u64(k, ((uint64_t)line << 32) | ch);
	for (unsigned u = 0; u < st->nuses; u++) {
		k = kp_lsp_hash_u64(k, ((uint64_t)st->uses[u].off << 32) | st->uses[u].end);
		if (st->uses[u].off <= d->t.len) {
			kp_doc_position(&d->t, st->uses[u].off, enc, &line, &ch);
			k = kp_lsp_hash_u64(k, ((uint64_t)line << 32) | ch);
		}
	}
	return k;
}

/* The statements that read a fragment, as a finding in it names them
 * (lib/embed.c: includers): the first five, by name or line, and how
 * many. */
typedef struct use_sig {
	uint32_t off;           /* the fragment's start */
	uint32_t order;         /* the reader's place in the file */
	const kp_host_stmt *st; /* the reader */
	uint64_t h;             /* of the group: set on its first entry */
	uint32_t n;
	uint32_t end;           /* the reader's end (the readers': past the
	                           last one's start) */
} use_sig;

static int cmp_use(const void *a, const void *b)
{
	const use_sig *x = a, *y = b;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static uint32_t line_of(const kp_lsp_doc *d, uint32_t off)
{
	return (uint32_t)kp_doc_line(&d->t, off);
}

static void build_sigs(host_plan *h)
{
	h->sigs_ready = true;
	uint32_t n = 0, order = 0;
	const kp_host_file *hf = h->hf;
	if (hf->nreaders) {
		/* statements handed over one by one (lib/embed.c): the readers
		 * of each fragment and constant were counted first */
		h->sigs = malloc(hf->nreaders * sizeof *h->sigs);
		if (!h->sigs)
			abort();
		for (uint32_t i = 0; i < hf->nreaders; i++) {
			const kp_host_readers *rd = &hf->readers[i];
			uint64_t k = 0xcbf29ce484222325ull;
			/* where the readers named start (a reader not named: anywhere) */
			uint32_t end = rd->n > KP_HOST_READERS_NAMED ? UINT32_MAX : 0;
			for (unsigned j = 0; j < rd->n && j < KP_HOST_READERS_NAMED; j++) {
				k = rd->name[j] ? kp_lsp_hash(k, rd->name[j], strlen(rd->name[j]) + 1)
				                : kp_lsp_hash_u64(k, line_of(h->d, rd->first[j]));
				if (end < rd->first[j] + 1)
					end = rd->first[j] + 1;
			}
			h->sigs[h->nsigs++] = (use_sig){rd->off, 0, NULL, k, rd->n, end};
		}
		return;
	}
	for (const kp_host_stmt *o = hf->head; o; o = o->next)
		n += o->nuses;
	if (!n)
		return;
	h->sigs = malloc(n * sizeof *h->sigs);
	if (!h->sigs)
		abort();
	for (const kp_host_stmt *o = h->hf->head; o; o = o->next, order++)
		for (unsigned u = 0; u < o->nuses; u++)
			h->sigs[h->nsigs++] = (use_sig){o->uses[u].off, order, o, 0, 0, o->end};
	qsort(h->sigs, h->nsigs, sizeof *h->sigs, cmp_use);
	for (uint32_t i = 0; i < h->nsigs;) {
		uint32_t e = i;
		uint64_t k = 0xcbf29ce484222325ull;
		while (e < h->nsigs && h->sigs[e].off == h->sigs[i].off) {
			const kp_host_stmt *o = h->sigs[e].st;
			if (e > i && o == h->sigs[e - 1].st) {
				e++;
				continue;   /* read twice: named once */
			}
			if (h->sigs[i].n < 5) {
				if (o->name)
					k = kp_lsp_hash(k, o->name, strlen(o->name) + 1);
				else
					k = kp_lsp_hash_u64(k, line_of(h->d, o->off));
			}
			h->sigs[i].n++;
			e++;
		}
		h->sigs[i].h = k;
		i = e;
	}
}

/* What the messages of st's findings in fragments depend on beside the
 * statement: each fragment's line and its readers. */
static uint64_t frag_ctx(host_plan *h, const kp_host_stmt *st)
{
	if (!h->sigs_ready)
		build_sigs(h);
	uint64_t k = 0x9ae16a3b2f90404full;
	for (unsigned u = 0; u < st->nuses; u++) {
		uint32_t off = st->uses[u].off, lo = 0, hi = h->nsigs;
		while (lo < hi) {
			uint32_t mid = (lo + hi) / 2;
			if (h->sigs[mid].off < off)
				lo = mid + 1;
			else
				hi = mid;
		}
		k = kp_lsp_hash_u64(k, line_of(h->d, off));
		if (lo < h->nsigs && h->sigs[lo].off == off)
			k = kp_lsp_hash_u64(kp_lsp_hash_u64(k, h->sigs[lo].h), h->sigs[lo].n);
	}
	return k;
}

static bool starts_ci(const char *p, const char *end, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(end - p) >= n && !strncasecmp(p, w, n);
}

/* Is the keyplan: at p, whose line (or comment) ends at e, one the file
 * pass reads (keyplan:ignore-file, keyplan:disable, keyplan:enable: they
 * act on every statement), or one its statement's pass reads (ignore, an
 * unknown word: its own)? Read as tools/suppress.c reads it
 * (kp_report_host_comment, read_comment): to the line's end, without a
 * closing comment marker and white space. */
static bool file_pass_kind(const char *p, const char *e, bool xml)
{
	const char *stop = e;
	while (stop > p && (stop[-1] == ' ' || stop[-1] == '\t' || stop[-1] == '\r'))
		stop--;
	if (stop - p >= 10 && !memcmp(stop - 2, "*/", 2))
		stop -= 2;
	else if (xml && stop - p >= 11 && !memcmp(stop - 3, "-->", 3))
		stop -= 3;
	while (stop > p && isspace((unsigned char)stop[-1]))
		stop--;
	const char *d = p + 8;
	static const char *const names[] = {"ignore-file", "ignore", "disable", "enable"};
	for (int k = 0; k < 4; k++) {
		size_t n = strlen(names[k]);
		if (starts_ci(d, stop, names[k]) && (d + n == stop || isspace((unsigned char)d[n])))
			return k != 1;
	}
	return false;
}

/* The file's keyplan: comments, as the extraction found them (every
 * comment the host scanner reads that holds "keyplan:", in order: so
 * whether a line is in a comment is the scanner's answer, not a guess
 * from the text). A statement's own keyplan:ignore comments act on it
 * alone: each statement's key holds them, where they are from it
 * (host_want). The others (keyplan:ignore-file, a disable ... enable
 * block) act on every statement: what they say is part of every key, and
 * where each statement is from them. */
static void dirs_ready(host_plan *h, const kp_host_file *hf)
{
	h->ready = true;
	const char *t = h->d->t.text;
	size_t len = h->d->t.len;
	bool xml = h->d->lang == KP_LANG_MYBATIS;
	h->ndirs = hf->ndirs;
	h->owner = malloc((hf->ndirs ? hf->ndirs : 1) * sizeof *h->owner);
	h->wide = calloc(hf->ndirs ? hf->ndirs : 1, sizeof *h->wide);
	h->own = calloc(hf->ndirs ? hf->ndirs : 1, sizeof *h->own);
	if (!h->owner || !h->wide || !h->own)
		abort();
	uint64_t k = 0x77696465u;
	for (uint32_t j = 0; j < hf->ndirs; j++) {
		h->owner[j] = UINT32_MAX;
		uint32_t off = hf->dirs[j].off, end = hf->dirs[j].end;
		if (end > len)
			end = (uint32_t)len;
		const char *e = t + end;
		for (const char *p = t + off; p + 8 <= e; p++) {
			/* as kp_report_host_comment reads them: "keyplan:" in any
			 * case, to the line's end */
			if ((*p != 'k' && *p != 'K') || strncasecmp(p, "keyplan:", 8))
				continue;
			const char *nl = memchr(p, '\n', (size_t)(e - p));
			const char *stop = nl ? nl : e;
			if (file_pass_kind(p, stop, xml)) {
				h->wide[j] = true;
				k = kp_lsp_hash(k, p, (size_t)(stop - p));
				if (h->nwat == h->watcap) {
					h->watcap = h->watcap ? h->watcap * 2 : 16;
					h->wat = realloc(h->wat, h->watcap * sizeof *h->wat);
					if (!h->wat)
						abort();
				}
				h->wat[h->nwat++] = (uint32_t)(p - t);
			} else {
				h->own[j] = true;
			}
			p = stop - 1;
		}
	}
	h->fctx = kp_lsp_hash_u64(k, h->nwat);
}

/* Where [a, b) is from the wide directives: how many are before it, and
 * those in it, from a. */
static uint64_t wide_place(const host_plan *h, uint64_t k, uint32_t a, uint32_t b)
{
	uint32_t lo = 0, hi = h->nwat;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		if (h->wat[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	k = kp_lsp_hash_u64(k, lo);
	for (; lo < h->nwat && h->wat[lo] < b; lo++)
		k = kp_lsp_hash_u64(k, h->wat[lo] - a);
	return k;
}

/* Is c a comment of a region blanked, kept (analyze_region) for the
 * directives the file pass reads? The scanner gives it to the next
 * statement it finds, the region's first: not its own (the old run said
 * whose it is, a statement before the region). */
static bool restored(const host_plan *h, const kp_host_file *hf, const kp_host_comment *c)
{
	size_t j = (size_t)(c - hf->dirs);
	return h->partial && c->off < h->plo && j < h->ndirs && h->wide[j] && !h->own[j];
}

/* Is statement st to be planned? Called in order, as the scanner finds
 * them: its chunk is the old one of its key, or a new one. */
static bool host_want(void *ctx, const kp_host_file *hf, const kp_host_stmt *st)
{
	host_plan *h = ctx;
	h->hf = hf;
	h->st = st;
	if (!h->ready)
		dirs_ready(h, hf);
	uint32_t lo = st->off;
	unsigned nown = 0;   /* its directives (a region's, without those kept from the blanked regions) */
	for (unsigned k = 0; k < st->ndirs; k++)
		if (!restored(h, hf, &st->dirs[k])) {
			nown++;
			lo = st->dirs[k].off < lo ? st->dirs[k].off : lo;
		}
	if (h->partial && (lo < h->plo || lo >= h->phi || st->end > h->phi || st->off < h->plo)) {
		/* a statement of a region kept as it was (a class's head), or
		 * one that reaches past the region: then it is read whole */
		if (lo < h->phi && st->end > h->plo)
			h->outside = true;
		return false;
	}
	uint64_t key = stmt_key(h, st, lo);
	/* its own keyplan: comments (those before it are in its text, lo
	 * being the first's start): the text up to the end of one that trails
	 * it, and where each is from it (a directive's own findings are at its
	 * place, kept in this chunk; 36e9082) */
	uint32_t hi = st->end;
	const uint32_t len = (uint32_t)h->d->t.len;
	for (unsigned k = 0; k < st->ndirs; k++) {
		const kp_host_comment *c = &st->dirs[k];
		if (restored(h, hf, c))
			continue;
		uint32_t ce = c->end < len ? c->end : len;
		hi = ce > hi ? ce : hi;
		key = kp_lsp_hash_u64(key, ((uint64_t)(c->off - lo) << 32) | (uint32_t)(c->end - c->off));
		size_t j = (size_t)(c - hf->dirs);
		if (j < h->ndirs)
			h->owner[j] = h->n;   /* the ref it is about to get */
	}
	if (hi > st->end)
		key = kp_lsp_hash(key, h->d->t.text + st->end, hi - st->end);
	key = kp_lsp_hash_u64(key, nown);
	if (h->nwat) {
		/* the directives that act on every statement (a block's line
		 * and column against its findings' decide): what they say, and
		 * where the statement and what it reads are from them */
		key = wide_place(h, kp_lsp_hash_u64(key, h->fctx), lo, hi);
		for (unsigned u = 0; u < st->nuses; u++)
			key = wide_place(h, key, st->uses[u].off, st->uses[u].end);
	}
	kp_lsp_chunk *c = h->all ? NULL : kp_lsp_old_take(&h->om, key);
	if (c && ((c->pinned && c->pin_key != pin_key(h, st, lo)) || (c->nfrag && c->frag_ctx != frag_ctx(h, st)))) {
		/* a pinned one planned elsewhere, or one whose findings in a
		 * fragment would name other lines or statements: again */
		c->taken = false;   /* freed with the old chunks not reused */
		c = NULL;
	}
	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 64;
		h->refs = realloc(h->refs, h->cap * sizeof *h->refs);
		if (!h->refs)
			abort();
	}
	uint32_t i = h->n++;
	memset(&h->refs[i], 0, sizeof h->refs[i]);
	h->refs[i].base = c && c->pinned ? 0 : lo;
	h->refs[i].len = c && c->pinned ? (uint32_t)h->d->t.len : st->end - lo;
	h->refs[i].c = c ? c : kp_lsp_new_chunk(key);
	h->refs[i].id = h->refs[i].c->id;
	h->i = i + 1;
	if (c) {
		kp_lsp_ref_learn(&h->refs[i]);
		return false;
	}
	h->r->out = h->refs[i].c;
	h->lo = lo;
	h->d->runs++;
	return true;
}

static void host_done(void *ctx)
{
	host_plan *h = ctx;
	run *r = h->r;
	kp_report_stmt_done(r->rep);
	uint32_t i = h->i - 1;
	kp_lsp_chunk *c = r->out;
	if (i >= h->n || c != h->refs[i].c)
		return;
	/* relative to the statement's start, if everything lies in it */
	uint32_t lo = h->refs[i].base, hi = lo + h->refs[i].len;
	bool inside = true;
	c->nfrag = 0;
	for (uint32_t k = 0; k < c->ndiags; k++) {
		kp_lsp_diag *g = &c->diags[k];
		bool in = g->off >= lo && g->end <= hi;
		for (uint32_t n = 0; n < g->nnotes && in; n++)
			in = g->notes[n].path || (g->notes[n].line >= lo && g->notes[n].line <= hi);
		inside &= in;
		/* a finding in what the statement reads (lib/embed.c) */
		g->frag = g->off < h->st->off || g->off >= h->st->end;
		c->nfrag += g->frag;
	}
	if (c->nfrag)
		c->frag_ctx = frag_ctx(h, h->st);
	for (uint32_t k = 0; k < c->nstmts && inside; k++)
		inside = c->stmts[k].start >= lo && c->stmts[k].end <= hi && c->stmts[k].kw_end <= hi;
	if (!inside) {
		c->pinned = true;
		c->pin_key = pin_key(h, h->st, lo);
		uint32_t reach = h->st->end;
		for (unsigned u = 0; u < h->st->nuses; u++)
			reach = h->st->uses[u].end > reach ? h->st->uses[u].end : reach;
		for (uint32_t k = 0; k < c->ndiags; k++) {
			const kp_lsp_diag *g = &c->diags[k];
			reach = g->end > reach ? g->end : reach;
			for (uint32_t n = 0; n < g->nnotes; n++)
				if (!g->notes[n].path && g->notes[n].line > reach)
					reach = g->notes[n].line;
		}
		for (uint32_t k = 0; k < c->nstmts; k++) {
			reach = c->stmts[k].end > reach ? c->stmts[k].end : reach;
			reach = c->stmts[k].kw_end > reach ? c->stmts[k].kw_end : reach;
		}
		if (c->nfrag) {
			/* its findings in fragments name every statement that
			 * reads them (frag_ctx): they are what it reaches too */
			for (unsigned u = 0; u < h->st->nuses; u++) {
				uint32_t off = h->st->uses[u].off, a = 0, b = h->nsigs;
				while (a < b) {
					uint32_t mid = (a + b) / 2;
					if (h->sigs[mid].off < off)
						a = mid + 1;
					else
						b = mid;
				}
				for (; a < h->nsigs && h->sigs[a].off == off; a++)
					reach = h->sigs[a].end > reach ? h->sigs[a].end : reach;
			}
		}
		c->pin_hi = reach;
		h->refs[i].base = 0;
		h->refs[i].len = (uint32_t)h->d->t.len;
	} else {
		for (uint32_t k = 0; k < c->ndiags; k++) {
			kp_lsp_diag *g = &c->diags[k];
			g->off -= lo;
			g->end -= lo;
			for (uint32_t n = 0; n < g->nnotes; n++)
				if (!g->notes[n].path)
					g->notes[n].line -= lo;
		}
		for (uint32_t k = 0; k < c->nstmts; k++) {
			c->stmts[k].start -= lo;
			c->stmts[k].end -= lo;
			c->stmts[k].kw_end = c->stmts[k].kw_end >= lo ? c->stmts[k].kw_end - lo : 0;
		}
	}
	kp_lsp_ref_learn(&h->refs[i]);
	r->out = h->whole;
}

static void host_emit2(void *ctx, const kp_diags *d, kp_arena *a)
{
	(void)a;
	kp_report_emit(((host_plan *)ctx)->r->rep, d);
}

static void host_comment2(void *ctx, kp_source *host, uint32_t off, uint32_t end, uint32_t stmt_off,
                          uint32_t stmt_end, bool file_pass)
{
	kp_report_host_comment(((host_plan *)ctx)->r->rep, host, off, end, stmt_off, stmt_end, file_pass);
}

/* The run's keyplan: comments, with the statements they belong to (refs
 * of h), for the document's list (kp_lsp_doc.dirs). */
static void dirs_done(host_plan *h, const kp_host_file *hf)
{
	if (!hf)
		return;
	if (!h->ready)
		dirs_ready(h, hf);
	h->dl = malloc((hf->ndirs ? hf->ndirs : 1) * sizeof *h->dl);
	if (!h->dl)
		abort();
	for (uint32_t j = 0; j < hf->ndirs; j++)
		h->dl[j] = (kp_lsp_dir){hf->dirs[j].off, hf->dirs[j].end, h->owner[j], h->wide[j], h->own[j]};
	h->ndl = hf->ndirs;
	h->dl_known = true;
}

static void dirs_free(host_plan *h)
{
	free(h->owner);
	free(h->wide);
	free(h->own);
	free(h->wat);
	free(h->dl);
	h->owner = NULL;
	h->wide = NULL;
	h->own = NULL;
	h->wat = NULL;
	h->dl = NULL;
}

/* Extracts src (the document's text, or a copy with regions blanked) and
 * plans the statements h wants; the extraction's own findings go to
 * whole. */
static void run_host(kp_lsp *s, kp_lsp_doc *d, host_plan *h, const char *text, kp_lsp_chunk *whole, bool has_ddl)
{
	kp_lsp_ws *w = d->ws;
	kp_arena ra;
	kp_arena_init(&ra);
	kp_report rep;
	run r = {s, w, NULL, &rep, NULL, NULL, d->path, false, false, {0}, {0}};
	kp_lsp_report_start(w, &rep, &ra, &r);
	rep.host_xml = d->lang == KP_LANG_MYBATIS;   /* <!-- keyplan:ignore KP001: reason --> */
	h->r = &r;
	kp_pipe tmp;
	/* a file that changes the schema plans against a copy of it */
	kp_pipe *p = kp_lsp_ws_pipe(w, &tmp, has_ddl);
	p->fn = kp_lsp_on_event;
	p->ctx = &r;
	r.pipe = p;
	kp_source src;
	kp_source_from_string(&src, d->path, text, d->t.len);
	r.src = &src;
	r.out = whole;
	h->whole = whole;
	kp_embed_sink es = {host_emit2, host_comment2, host_done, h, host_want, true, NULL};
	bool keep = false;
	kp_arena ha;
	kp_arena_init(&ha);
	kp_host_file *hf = kp_embed_run(p, &src, (kp_lang)d->lang, KP_ROLE_QUERY, &es, &ha, &keep);
	dirs_done(h, hf);
	r.out = whole;
	kp_report_end(&rep, NULL, NULL, 0);
	kp_lsp_ws_pipe_done(w, p);
	kp_host_file_free(hf);
	kp_arena_free(&ha);
	kp_source_free(&src);
	kp_arena_free(&ra);
	kp_arena_free(&r.shape_arena);
}

static void old_map(host_plan *h, const kp_lsp_doc *d, uint32_t from, uint32_t to)
{
	if (to <= from)
		return;
	h->om.cap = 16;
	while (h->om.cap < (to - from) * 2)
		h->om.cap *= 2;
	h->om.slots = calloc(h->om.cap, sizeof *h->om.slots);
	if (!h->om.slots)
		abort();
	for (uint32_t i = from; i < to; i++)
		kp_lsp_old_put(&h->om, d->refs[i].c);
}

static void analysed(kp_lsp_doc *d, uint64_t ctx, bool has_ddl)
{
	d->ctx_key = ctx;
	d->had_ddl = has_ddl;
	d->analyzed = true;
	d->edit_lo = SIZE_MAX;
	d->edit_suffix = d->t.len;
	d->old_len = d->t.len;
}

/* Frees d's old chunks in [r0, r1) that h did not take again, and clears
 * the marks h left on the chunks it holds. */
static void settle_chunks(kp_lsp_doc *d, uint32_t r0, uint32_t r1, host_plan *h)
{
	for (uint32_t i = r0; i < r1; i++) {
		kp_lsp_chunk *c = d->refs[i].c;
		if (!c->taken) {
			kp_lsp_chunk_free(c);
			free(c);
		}
	}
	for (uint32_t i = 0; i < h->n; i++) {
		h->refs[i].c->taken = false;
		h->refs[i].c->next = NULL;
	}
}

/* What the analysis that makes now[0, n) the document's refs tells the
 * kept publication (splice.c): the refs before the edit whose chunk and
 * place are the same, and those after it whose chunk is the same, moved by
 * the text's change, are kept; the rest is replaced. A pinned chunk's
 * offsets are the file's: kept before the edit when all it reaches is
 * (pin_hi), never after it. Everything replaced (full) when the text is
 * new, the context changed, or the file's own findings were or are any. */
static void note_splice(kp_lsp_doc *d, const kp_lsp_ref *now, uint32_t n, bool full)
{
	size_t e0 = d->edit_lo, ol = d->old_len;
	if (full || e0 == SIZE_MAX || e0 > ol || d->edit_suffix > ol - e0) {
		kp_lsp_pubcache_note(d, true, 0, 0);
		return;
	}
	size_t e1 = ol - d->edit_suffix;   /* the edit's end, in the old text */
	long long delta = (long long)d->t.len - (long long)ol;
	uint32_t m = n < d->nrefs ? n : d->nrefs, p = 0, q = 0;
	/* by id: an old chunk not taken again is freed already (a chunk the
	 * same id is alive, and is the same chunk) */
	for (; p < m; p++) {
		const kp_lsp_ref *o = &d->refs[p];
		if (now[p].id != o->id || now[p].base != o->base ||
		    (o->c->pinned ? o->c->pin_hi : (size_t)o->base + o->len) > e0)
			break;
	}
	for (; q < m - p; q++) {
		const kp_lsp_ref *o = &d->refs[d->nrefs - 1 - q], *x = &now[n - 1 - q];
		if (x->id != o->id || o->c->pinned || o->base < e1 || (long long)x->base != (long long)o->base + delta)
			break;
	}
	kp_lsp_pubcache_note(d, false, p, d->nrefs - q);
}

/* An edit extracted over its region alone (regions.h): the statements
 * before and after it keep their chunks (moved by the length's change).
 * False, with nothing changed, when the edit needs the whole file read:
 * no regions, a keyplan: comment in the file, DDL, findings of the
 * extraction itself, a chunk that reaches outside its statement (unless
 * all it reaches lies before the region: its offsets hold), a region whose
 * names another shares. */
static bool analyze_region(kp_lsp *s, kp_lsp_doc *d, uint64_t ctx)
{
	if (!d->rg || !d->dirs_known || d->ctx_key != ctx || d->had_ddl || d->edit_lo == SIZE_MAX || !d->whole ||
	    d->whole->ndiags || d->edit_lo > d->t.len || d->edit_suffix > d->t.len || d->edit_suffix > d->old_len)
		return false;
	long long delta = (long long)d->t.len - (long long)d->old_len;
	size_t e0 = d->edit_lo, e1_old = d->old_len - d->edit_suffix;
	if (e0 > e1_old)
		return false;
	kp_lsp_region_plan pl;
	if (!kp_lsp_regions_plan(d->rg, d->t.text, d->t.len, e0, e1_old, delta, &pl))
		return false;
	/* the old chunks: before the region, in it, after it */
	uint32_t r0 = 0, r1;
	while (r0 < d->nrefs && d->refs[r0].base < pl.a)
		r0++;
	r1 = r0;
	while (r1 < d->nrefs && d->refs[r1].base < pl.b_old)
		r1++;
	bool fits = true;
	for (uint32_t i = 0; i < d->nrefs && fits; i++) {
		const kp_lsp_ref *f = &d->refs[i];
		uint32_t end = f->base + f->len;
		if (f->c->pinned)
			/* its findings' offsets are the file's: valid while nothing
			 * before what it reaches moves (an edit after it) */
			fits = i < r0 && f->c->pin_hi <= pl.a;
		else
			fits = !f->c->nfrag && (i < r0 ? end <= pl.a : i < r1 ? end <= pl.b_old : true);
	}
	/* DDL in the region makes the file's statements plan in order; its
	 * words may run on over the region's edges (DROP TEMPORARY TABLE
	 * across what joins strings): two words either side are read too */
	const char *t = d->t.text;
	size_t lo = pl.a, hi = pl.b_new;
	for (int k = 0; k < 2; k++) {
		while (lo > 0 && (isspace((unsigned char)t[lo - 1]) || (t[lo - 1] && strchr("\"'+`\\", t[lo - 1]))))
			lo--;
		while (lo > 0 && word_char(t[lo - 1]))
			lo--;
		while (hi < d->t.len && (isspace((unsigned char)t[hi]) || (t[hi] && strchr("\"'+`\\", t[hi]))))
			hi++;
		while (hi < d->t.len && word_char(t[hi]))
			hi++;
	}
	bool has_ddl = host_has_ddl(t + lo, hi - lo);
	/* the keyplan: comments the region held: each belonged to a statement
	 * of the region and acted on it alone (a directive of another
	 * statement, or one that acts on every statement, changed or gone:
	 * the whole file is read); none outside it belonged to one of its
	 * statements. The comments outside the region are where they were, in
	 * comments still (the text from the region's end on lexes as it did) */
	for (uint32_t j = 0; j < d->ndirs && fits; j++) {
		const kp_lsp_dir *x = &d->dirs[j];
		if (x->end > pl.a && x->off < pl.b_old)
			fits = x->off >= pl.a && x->end <= pl.b_old && !x->wide && x->owner >= r0 && x->owner < r1;
		else if (x->wide && x->own)
			fits = false;   /* kept for the file pass, it would act as the region's own */
		else if (x->off < pl.a)
			/* a statement before the region's: one after it (or none)
			 * would be the region's first now if it has one */
			fits = x->owner < r0;
		else
			fits = x->owner == UINT32_MAX || x->owner >= r1;
	}
	if (!fits || has_ddl) {
		kp_lsp_region_plan_free(&pl);
		return false;
	}
	char *masked = kp_lsp_regions_mask(d->rg, &pl, d->t.text, d->t.len);
	/* the comments of the regions blanked that hold directives the file
	 * pass reads (ignore-file, a block) are kept: they act on the region's
	 * statements too, as when the whole file is read (the region's first
	 * statement is given those before it, host_want leaves them out) */
	for (uint32_t j = 0; j < d->ndirs; j++) {
		const kp_lsp_dir *x = &d->dirs[j];
		long long o = x->off < pl.a ? (long long)x->off : (long long)x->off + delta;
		long long e = x->off < pl.a ? (long long)x->end : (long long)x->end + delta;
		if ((x->off >= pl.a && x->off < pl.b_old) || !x->wide)
			continue;
		if (o >= 0 && e >= o && (size_t)e <= d->t.len)
			memcpy(masked + o, d->t.text + o, (size_t)(e - o));
	}
	host_plan h;
	memset(&h, 0, sizeof h);
	h.d = d;
	h.ctx = kp_lsp_hash_u64(ctx, 0x686f7374u);
	h.partial = true;
	h.plo = pl.a;
	h.phi = pl.b_new;
	old_map(&h, d, r0, r1);
	kp_lsp_chunk *whole = kp_lsp_new_chunk(0);
	run_host(s, d, &h, masked, whole, false);
	free(masked);
	bool ok = !h.outside && whole->ndiags == 0 && h.dl_known;
	/* the region's keyplan: comments now: each belongs to a statement of
	 * the region and acts on it alone */
	for (uint32_t j = 0; ok && j < h.ndl; j++) {
		const kp_lsp_dir *x = &h.dl[j];
		if (x->end > pl.a && x->off < pl.b_new)
			ok = x->off >= pl.a && x->end <= pl.b_new && !x->wide && x->owner != UINT32_MAX;
	}
	kp_lsp_chunk_free(whole);
	free(whole);
	if (!ok) {
		/* read whole after all: what this run made goes */
		for (uint32_t i = 0; i < h.n; i++) {
			kp_lsp_chunk *c = h.refs[i].c;
			bool old = false;
			for (uint32_t k = r0; k < r1 && !old; k++)
				old = d->refs[k].c == c;
			if (old) {
				c->taken = false;
				c->next = NULL;
			} else {
				kp_lsp_chunk_free(c);
				free(c);
			}
		}
		free(h.refs);
		free(h.om.slots);
		free(h.sigs);
		dirs_free(&h);
		kp_lsp_region_plan_free(&pl);
		return false;
	}
	/* the document's comments: those before the region, the region's
	 * (their statements among its refs), those after it moved */
	{
		uint32_t m = 0, nin = 0;
		for (uint32_t j = 0; j < h.ndl; j++)
			nin += h.dl[j].off >= pl.a && h.dl[j].off < pl.b_new;
		kp_lsp_dir *nd = malloc((d->ndirs + nin + 1) * sizeof *nd);
		if (!nd)
			abort();
		uint32_t j = 0;
		for (; j < d->ndirs && d->dirs[j].off < pl.a; j++)
			nd[m++] = d->dirs[j];
		for (uint32_t k = 0; k < h.ndl; k++)
			if (h.dl[k].off >= pl.a && h.dl[k].off < pl.b_new) {
				nd[m] = h.dl[k];
				nd[m++].owner += r0;
			}
		for (; j < d->ndirs; j++) {
			if (d->dirs[j].off < pl.b_old)
				continue;
			nd[m] = d->dirs[j];
			nd[m].off = (uint32_t)((long long)nd[m].off + delta);
			nd[m].end = (uint32_t)((long long)nd[m].end + delta);
			if (nd[m].owner != UINT32_MAX)
				nd[m].owner = nd[m].owner - r1 + r0 + h.n;
			m++;
		}
		free(d->dirs);
		d->dirs = nd;
		d->ndirs = m;
	}
	dirs_free(&h);
	settle_chunks(d, r0, r1, &h);
	uint32_t n = r0 + h.n + (d->nrefs - r1);
	kp_lsp_ref *refs = malloc((n ? n : 1) * sizeof *refs);
	if (!refs)
		abort();
	if (r0)
		memcpy(refs, d->refs, r0 * sizeof *refs);
	for (uint32_t i = 0; i < r0; i++)
		if (refs[i].c->pinned)
			refs[i].len = (uint32_t)d->t.len;   /* the file's, as the whole read makes it */
	if (h.n)
		memcpy(refs + r0, h.refs, h.n * sizeof *refs);
	for (uint32_t i = r1; i < d->nrefs; i++) {
		refs[r0 + h.n + i - r1] = d->refs[i];   /* with what was published of it */
		refs[r0 + h.n + i - r1].base = (uint32_t)((long long)d->refs[i].base + delta);
	}
	free(h.refs);
	free(h.om.slots);
	free(h.sigs);
	note_splice(d, refs, n, false);
	free(d->refs);
	d->refs = refs;
	d->nrefs = n;
	d->plan_lo = r0;
	d->plan_hi = r0 + h.n;
	kp_lsp_regions_commit(d->rg, &pl, delta);
	kp_lsp_region_plan_free(&pl);
	d->partial_runs++;
	analysed(d, ctx, false);
	return true;
}

void kp_lsp_analyze_host(kp_lsp *s, kp_lsp_doc *d, uint64_t ctx)
{
	if (analyze_region(s, d, ctx))
		return;
	bool has_ddl = host_has_ddl(d->t.text, d->t.len);
	host_plan h;
	memset(&h, 0, sizeof h);
	h.d = d;
	h.ctx = kp_lsp_hash_u64(ctx, 0x686f7374u);
	h.all = has_ddl;
	old_map(&h, d, 0, d->nrefs);
	/* the kept publication's piece of the file's findings stays only while
	 * it is empty (the chunk is made again) */
	bool full = !d->whole || d->whole->ndiags || d->ctx_key != ctx || has_ddl || d->had_ddl;
	if (d->whole) {
		kp_lsp_chunk_free(d->whole);
		free(d->whole);
	}
	d->whole = kp_lsp_new_chunk(0);
	run_host(s, d, &h, d->t.text, d->whole, has_ddl);
	free(d->dirs);
	d->dirs = h.dl;
	d->ndirs = h.ndl;
	d->dirs_known = h.dl_known;
	h.dl = NULL;
	dirs_free(&h);
	settle_chunks(d, 0, d->nrefs, &h);
	free(h.om.slots);
	free(h.sigs);
	note_splice(d, h.refs, h.n, full || d->whole->ndiags);
	free(d->refs);
	d->refs = h.refs;
	d->nrefs = h.n;
	d->plan_lo = 0;
	d->plan_hi = h.n;
	kp_lsp_regions_free(d->rg);
	d->rg = has_ddl ? NULL : kp_lsp_regions_build(d->t.text, d->t.len, d->lang);
	analysed(d, ctx, has_ddl);
}
