/* A push publication spliced into the last one. A client that is pushed
 * diagnostics gets every one of the document's after each edit (2 MB for
 * a 10,000-statement file), so the last publication of a document being
 * edited is kept as one text, with where each chunk's piece lies in it and
 * its part of the signature (publish.c). The next one is that text with
 * the new chunks' pieces put in place of those they replaced: the chunks
 * before them are not read, and the signature that decides whether it is
 * sent at all is the last one's with the replaced parts taken away and
 * the new ones added. The bytes are the ones publish.c writes walking
 * every chunk. After an edit that added or took away lines, the chunks
 * after it are where they were but for their lines: the text keeps where
 * each line number of the document lies in it (the holes) and only those
 * are rewritten, in place while they keep their width, and those chunks'
 * parts of the signature made again from where they start now; no chunk
 * is read. A change of the file's findings or of what the document is
 * planned against (a full cut) goes the whole way, and what it sends is
 * kept for the next. */
#include "tools/lsp/lsp.h"

#include <stdlib.h>
#include <string.h>

/* The kept text is the server's to change: the client has read what the
 * pipe held of it, or it is a copy from now on (the text lent is freed
 * once the client has read it). */
static void own_body(kp_lsp_pubcache *pc)
{
	if (!pc->lent)
		return;
	if (kp_rpc_consumed(pc->lent_w) < pc->lent) {
		kp_buf copy = {0};
		kp_buf_reserve(&copy, pc->body.cap > pc->body.len ? pc->body.cap - 1 : pc->body.len);
		kp_buf_put(&copy, pc->body.data, pc->body.len);
		kp_rpc_retire(pc->lent_w, pc->body.data, pc->lent);
		pc->body = copy;
	}
	pc->lent = 0;
}

void kp_lsp_pubcache_free(kp_lsp_pubcache *pc)
{
	if (pc->lent && kp_rpc_consumed(pc->lent_w) < pc->lent) {
		kp_rpc_retire(pc->lent_w, pc->body.data, pc->lent);   /* not read yet: freed once it is */
		pc->body = (kp_buf){0};
	}
	kp_buf_free(&pc->body);
	free(pc->at);
	free(pc->part);
	free(pc->bl);
	free(pc->bc);
	free(pc->hat);
	free(pc->hend);
	free(pc->hval);
	memset(pc, 0, sizeof *pc);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		abort();
	return p;
}

void kp_lsp_pubrec_init(kp_lsp_pubrec *r, uint32_t n)
{
	memset(r, 0, sizeof *r);
	size_t m = (size_t)n + 1;
	r->marks = xrealloc(NULL, m * sizeof *r->marks);
	r->parts = xrealloc(NULL, m * sizeof *r->parts);
	r->bl = xrealloc(NULL, m * sizeof *r->bl);
	r->bc = xrealloc(NULL, m * sizeof *r->bc);
	r->hat = xrealloc(NULL, m * sizeof *r->hat);
}

void kp_lsp_pubrec_free(kp_lsp_pubrec *r)
{
	free(r->marks);
	free(r->parts);
	free(r->bl);
	free(r->bc);
	free(r->hat);
	free(r->hend);
	free(r->hval);
	memset(r, 0, sizeof *r);
}

static unsigned digits(uint32_t v)
{
	return v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : v < 10000 ? 4 : v < 100000 ? 5 : v < 1000000 ? 6
	     : v < 10000000 ? 7 : v < 100000000 ? 8 : v < 1000000000 ? 9 : 10;
}

/* v in decimal, exactly n digits, at p. */
static void put_digits(char *p, uint32_t v, unsigned n)
{
	while (n--) {
		p[n] = (char)('0' + v % 10);
		v /= 10;
	}
}

/* Can the refs [hi, n) be moved by lines alone? Their holes are known,
 * and no note of theirs points elsewhere in the document (its line would
 * not move with them). */
static bool movable(const kp_lsp_pubcache *pc, const kp_lsp_doc *d, uint32_t hi)
{
	if (!pc->holes)
		return false;
	for (uint32_t k = hi; k < d->nrefs; k++)
		if (d->refs[k].self_abs)
			return false;
	return true;
}

/* The refs [hi, n), whose pieces are where they were (the same text, the
 * same columns), start dl lines further: their line numbers rewritten,
 * and their parts of the signature made again. A number rewritten in
 * place has only its digits that change written (from its end: one for
 * a line break, mostly); from the first that changes width (a line 9,999
 * becomes 10,000) on, the text after each is moved by the widths gained
 * or lost before it. */
static void move_lines(kp_lsp_pubcache *pc, const kp_lsp_doc *d, uint32_t hi, long long dl, uint64_t *removed,
                       uint64_t *added)
{
	uint32_t n = d->nrefs;
	for (uint32_t k = hi; k < n; k++)
		if (pc->at[k + 1] != pc->at[k]) {
			*removed += pc->part[k];
			pc->bl[k] = (uint32_t)((long long)pc->bl[k] + dl);
			pc->part[k] = kp_lsp_sig_part(d->refs[k].id, pc->bl[k], pc->bc[k]);
			*added += pc->part[k];
		}
	uint32_t h = pc->hat[hi], h1 = pc->hat[n];
	char *b = pc->body.data;
	for (; h < h1; h++) {
		uint32_t x = pc->hval[h], y = (uint32_t)((long long)x + dl);
		char *q = b + pc->hend[h];
		*--q = (char)('0' + y % 10);
		x /= 10;
		y /= 10;
		while (x != y && x && y) {
			*--q = (char)('0' + y % 10);
			x /= 10;
			y /= 10;
		}
		if (x != y)
			break;   /* one has a digit more than the other */
		pc->hval[h] = (uint32_t)((long long)pc->hval[h] + dl);
	}
	if (h == h1)
		return;
	/* the pieces after hole h: moved by the widths gained before them
	 * (those up to it stay: the first after it found by bisection) */
	long long grow = 0;
	uint32_t r = hi, top = n;
	size_t first = pc->hend[h] - digits(pc->hval[h]);
	while (r < top) {
		uint32_t mid = r + (top - r) / 2;
		if (pc->at[mid] <= first)
			r = mid + 1;
		else
			top = mid;
	}
	for (uint32_t k = h; k < h1; k++) {
		uint32_t v = pc->hval[k];
		size_t s0 = pc->hend[k] - digits(v);
		for (; r <= n && pc->at[r] <= s0; r++)
			pc->at[r] = (uint32_t)((long long)pc->at[r] + grow);
		grow += (long long)digits((uint32_t)((long long)v + dl)) - (long long)digits(v);
	}
	for (; r <= n; r++)
		pc->at[r] = (uint32_t)((long long)pc->at[r] + grow);
	size_t len = pc->body.len;
	if (grow > 0) {
		/* back to front, each stretch after a hole moved once */
		kp_buf_reserve(&pc->body, (size_t)grow);
		b = pc->body.data;
		size_t src_end = len + 1;   /* with the NUL */
		long long sh = grow;
		for (uint32_t k = h1; k-- > h;) {
			uint32_t v = pc->hval[k], w = (uint32_t)((long long)v + dl);
			unsigned ow = digits(v), nw = digits(w);
			size_t e = pc->hend[k], s0 = e - ow;
			memmove(b + e + sh, b + e, src_end - e);
			sh -= (long long)nw - (long long)ow;
			put_digits(b + s0 + sh, w, nw);
			pc->hend[k] = (uint32_t)((long long)s0 + sh + nw);
			pc->hval[k] = w;
			src_end = s0;
		}
	} else {
		/* front to back */
		long long sh = 0;
		size_t prev = 0;
		for (uint32_t k = h; k < h1; k++) {
			uint32_t v = pc->hval[k], w = (uint32_t)((long long)v + dl);
			unsigned ow = digits(v), nw = digits(w);
			size_t s0 = pc->hend[k] - ow;
			if (k > h && sh)
				memmove(b + prev + sh, b + prev, s0 - prev);
			put_digits(b + s0 + sh, w, nw);
			pc->hend[k] = (uint32_t)((long long)s0 + sh + nw);
			pc->hval[k] = w;
			sh += (long long)nw - (long long)ow;
			prev = s0 + ow;
		}
		memmove(b + prev + sh, b + prev, len + 1 - prev);
	}
	pc->body.len = (size_t)((long long)len + grow);
}

void kp_lsp_pubcache_note(kp_lsp_doc *d, bool full, uint32_t lo, uint32_t hi)
{
	kp_lsp_pubcache *pc = &d->pc;
	if (!pc->valid || pc->broken)
		return;
	if (full || lo > hi || hi > d->nrefs) {
		pc->broken = true;
		return;
	}
	/* the refs now (n) are the published ones but for [plo, n - ptail),
	 * made by analyses since */
	uint32_t n = d->nrefs;
	uint32_t plo = pc->changed ? pc->lo : n, ptail = pc->changed ? pc->tail : n;
	for (uint32_t i = lo; i < hi; i++) {
		if (i < plo)
			pc->removed += pc->part[i];
		else if (i >= n - ptail)
			pc->removed += pc->part[i - (n - ptail) + (pc->n - ptail)];
		/* else never published: no part of the signature */
	}
	pc->lo = lo < plo ? lo : plo;
	pc->tail = n - hi < ptail ? n - hi : ptail;
	pc->changed = true;
}

/* A document this large keeps its publication from when it is opened,
 * so that its first edit is spliced too: it walked every statement and
 * wrote each one's JSON (35 M instructions for the benchmark's 650 KB of
 * 10,000 statements, where a splice is 0.4 M). A smaller one keeps it from
 * its first edit on (the 100 documents of 65 KB the benchmark opens keep
 * nothing), its first edit walking it. */
#define KP_LSP_KEEP_AT_OPEN ((size_t)256 << 10)

bool kp_lsp_splice_want(kp_lsp *s, kp_lsp_doc *d)
{
	/* a document being edited (or large) whose diagnostics are its chunks'
	 * (SQL, or SQL in application code: analyze_host.c tells what changed) */
	return !s->pull && d->lang >= 0 && (d->edited || d->t.len >= KP_LSP_KEEP_AT_OPEN) &&
	       kp_lsp_delta_simple(s, d) && !kp_lsp_ws_excluded(d->ws, d->path);
}

/* n + 1 entries of each per-ref array for n refs */
static void pc_room(kp_lsp_pubcache *pc, uint32_t n)
{
	size_t m = (size_t)n + 1;
	pc->at = xrealloc(pc->at, m * sizeof *pc->at);
	pc->part = xrealloc(pc->part, m * sizeof *pc->part);
	pc->bl = xrealloc(pc->bl, m * sizeof *pc->bl);
	pc->bc = xrealloc(pc->bc, m * sizeof *pc->bc);
	pc->hat = xrealloc(pc->hat, m * sizeof *pc->hat);
}

bool kp_lsp_splice_publish(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g)
{
	kp_lsp_pubcache *pc = &d->pc;
	if (!pc->valid || pc->broken || !pc->changed || !d->published || !kp_lsp_splice_want(s, d))
		return false;
	uint64_t docs;
	if (kp_lsp_diag_head(s, d, &docs) != pc->head || d->pub_docs != docs)
		return false;
	uint32_t n = d->nrefs, lo = pc->lo;
	if (lo > n || lo > pc->n || pc->tail > n - lo || pc->tail > pc->n - lo)
		return false;
	uint32_t hi = n - pc->tail, ohi = pc->n - pc->tail;
	uint64_t removed = pc->removed, added = 0;
	/* the chunks after the change that start on the line where it ends
	 * may start at another column: written again. The lines after it are
	 * where they were, or dl further (the text after the change is, with
	 * dl lines more or fewer before it): the chunks there have their line
	 * numbers rewritten (move_lines) and are not read, unless the holes
	 * are unknown, or a note of one points elsewhere in the document;
	 * then they are written again too (publish.c's json_move). */
	long long dl = (long long)d->t.nlines - (long long)pc->nlines;
	if (hi < n) {
		uint32_t l = (uint32_t)kp_doc_line(&d->t, d->refs[hi].base);
		while (hi < n && (uint32_t)kp_doc_line(&d->t, d->refs[hi].base) == l) {
			removed += pc->part[ohi];
			hi++;
			ohi++;
		}
	}
	if (dl && hi < n && !movable(pc, d, hi))
		while (hi < n) {
			removed += pc->part[ohi];
			hi++;
			ohi++;
		}
	own_body(pc);   /* changed below */
	kp_lsp_pubrec rec;
	kp_lsp_pubrec_init(&rec, hi - lo);
	kp_rpc_gather mg = {0};
	added += kp_lsp_diag_pieces(s, d, &mg, lo, hi, &rec);

	/* the text kept: the new pieces in place of the old (written at its
	 * end when they run to it) */
	size_t at_lo = pc->at[lo], old_mid = pc->at[ohi] - at_lo, mid_len = kp_rpc_gather_len(&mg);
	long long delta = (long long)mid_len - (long long)old_mid;
	if (ohi == pc->n) {
		pc->body.len = at_lo;
		if (pc->body.data)
			pc->body.data[at_lo] = 0;
		kp_rpc_gather_copy(&mg, 0, mid_len, &pc->body);
	} else {
		kp_buf mid = {0};
		kp_rpc_gather_copy(&mg, 0, mid_len, &mid);
		if (delta) {
			if (delta > 0)
				kp_buf_reserve(&pc->body, (size_t)delta);
			memmove(pc->body.data + at_lo + mid_len, pc->body.data + at_lo + old_mid,
			        pc->body.len - at_lo - old_mid + 1);
			pc->body.len = (size_t)((long long)pc->body.len + delta);
		}
		if (mid_len)
			memcpy(pc->body.data + at_lo, mid.data, mid_len);
		kp_buf_free(&mid);
	}
	kp_rpc_gather_free(&mg);

	/* the holes: the new pieces' in place of the old, those after them
	 * moved by delta */
	uint32_t hlo = pc->hat[lo], hohi = pc->hat[ohi], nnew = rec.nh;
	long long hd = (long long)nnew - (long long)(hohi - hlo);
	if (hd > 0 && pc->nh + (uint32_t)hd > pc->hcap) {
		while (pc->nh + (uint32_t)hd > pc->hcap)
			pc->hcap = pc->hcap ? pc->hcap * 2 : 256;
		pc->hend = xrealloc(pc->hend, pc->hcap * sizeof *pc->hend);
		pc->hval = xrealloc(pc->hval, pc->hcap * sizeof *pc->hval);
	}
	if (hd) {
		memmove(pc->hend + hlo + nnew, pc->hend + hohi, (size_t)(pc->nh - hohi) * sizeof *pc->hend);
		memmove(pc->hval + hlo + nnew, pc->hval + hohi, (size_t)(pc->nh - hohi) * sizeof *pc->hval);
		pc->nh = (uint32_t)((long long)pc->nh + hd);
	}
	for (uint32_t j = 0; j < nnew; j++) {
		pc->hend[hlo + j] = (uint32_t)(at_lo + rec.hend[j]);
		pc->hval[hlo + j] = rec.hval[j];
	}
	if (delta)
		for (uint32_t h = hlo + nnew; h < pc->nh; h++)
			pc->hend[h] = (uint32_t)((long long)pc->hend[h] + delta);
	pc->holes = pc->holes && !rec.bad;

	/* the refs: [lo, hi) the new ones, those after them moved */
	if (n != pc->n) {
		if (n > pc->n)
			pc_room(pc, n);
		size_t tail = pc->n - ohi;
		memmove(pc->at + hi, pc->at + ohi, (tail + 1) * sizeof *pc->at);
		memmove(pc->hat + hi, pc->hat + ohi, (tail + 1) * sizeof *pc->hat);
		memmove(pc->part + hi, pc->part + ohi, tail * sizeof *pc->part);
		memmove(pc->bl + hi, pc->bl + ohi, tail * sizeof *pc->bl);
		memmove(pc->bc + hi, pc->bc + ohi, tail * sizeof *pc->bc);
	}
	for (uint32_t j = 0; j < hi - lo; j++) {
		pc->at[lo + j] = (uint32_t)(at_lo + rec.marks[j]);
		pc->hat[lo + j] = hlo + rec.hat[j];
		pc->part[lo + j] = rec.parts[j];
		pc->bl[lo + j] = rec.bl[j];
		pc->bc[lo + j] = rec.bc[j];
	}
	if (delta || hd)
		for (uint32_t k = hi; k <= n; k++) {
			pc->at[k] = (uint32_t)((long long)pc->at[k] + delta);
			pc->hat[k] = (uint32_t)((long long)pc->hat[k] + hd);
		}
	pc->n = n;
	d->splice_written = hi - lo;
	d->splice_moved = dl ? n - hi : 0;
	if (dl && hi < n)
		move_lines(pc, d, hi, dl, &removed, &added);
	uint64_t sig = d->published_sig - removed + added;
	pc->nlines = d->t.nlines;
	pc->changed = false;
	pc->removed = 0;
	kp_lsp_pubrec_free(&rec);

	/* sent from the text kept, but its first comma: lent to a pipe (the
	 * kernel takes its pages rather than a copy of its megabytes) */
	if (pc->body.len)
		kp_rpc_gather_lend(g, pc->body.data + 1, pc->body.len - 1);
	kp_buf_puts(&g->buf, "]}}");
	if (sig != d->published_sig) {
		kp_rpc_send_gather(&s->out, g);
		pc->lent = kp_rpc_lent_end(&s->out);
		pc->lent_w = &s->out;
	}
	/* else the client has these diagnostics, at these places */
	d->published_sig = sig;
	d->spliced++;
	return true;
}

void kp_lsp_splice_keep(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g, bool keep, size_t from, size_t to,
                        kp_lsp_pubrec *rec)
{
	kp_lsp_pubcache *pc = &d->pc;
	if (!keep) {
		kp_lsp_pubcache_free(pc);
		return;
	}
	uint32_t n = d->nrefs;
	own_body(pc);
	kp_buf_clear(&pc->body);
	if (to > from) {
		kp_buf_putc(&pc->body, ',');   /* the first piece's, left out when sent */
		kp_rpc_gather_copy(g, from, to, &pc->body);
	}
	/* the record's arrays taken, its places made the text's */
	free(pc->at);
	free(pc->part);
	free(pc->bl);
	free(pc->bc);
	free(pc->hat);
	free(pc->hend);
	free(pc->hval);
	pc->at = rec->marks;
	pc->part = rec->parts;
	pc->bl = rec->bl;
	pc->bc = rec->bc;
	pc->hat = rec->hat;
	pc->hend = rec->hend;
	pc->hval = rec->hval;
	pc->nh = rec->nh;
	pc->hcap = rec->hcap;
	pc->holes = !rec->bad;
	memset(rec, 0, sizeof *rec);
	for (uint32_t i = 0; i <= n; i++) {
		uint32_t a = pc->at[i] - (uint32_t)from;
		pc->at[i] = a ? a + 1 : 0;
	}
	for (uint32_t h = 0; h < pc->nh; h++)
		pc->hend[h] = pc->hend[h] - (uint32_t)from + 1;
	pc->n = n;
	pc->nlines = d->t.nlines;
	uint64_t docs;
	pc->head = kp_lsp_diag_head(s, d, &docs);
	pc->valid = true;
	pc->changed = pc->broken = false;
	pc->removed = 0;
	pc->lo = pc->tail = 0;
}
