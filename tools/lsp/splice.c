/* A push publication spliced into the last one. A client that is pushed
 * diagnostics gets every one of the document's after each edit (2 MB for
 * a 10,000-statement file), so the last publication of a document being
 * edited is kept as one text, with where each chunk's piece lies in it and
 * its part of the signature (publish.c). After edits that moved no line,
 * the next one is that text with the new chunks' pieces put in place of
 * those they replaced: the chunks before and after them are not read,
 * and the signature that decides whether it is sent at all is the last
 * one's with the replaced parts taken away and the new ones added. The
 * bytes are the ones publish.c writes walking every chunk. After an edit
 * that added or took away lines, the chunks after it are written again
 * too (their line numbers rewritten), those before it still not read. A
 * change of the file's findings or of what the document is planned
 * against (a full cut) goes the whole way, and what it sends is kept for
 * the next. */
#include "tools/lsp/lsp.h"

#include <stdlib.h>
#include <string.h>

void kp_lsp_pubcache_free(kp_lsp_pubcache *pc)
{
	kp_buf_free(&pc->body);
	free(pc->at);
	free(pc->part);
	memset(pc, 0, sizeof *pc);
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

bool kp_lsp_splice_want(kp_lsp *s, kp_lsp_doc *d)
{
	/* a SQL document being edited whose diagnostics are its chunks' */
	return !s->pull && d->lang == KP_LANG_SQL && d->edited && kp_lsp_delta_simple(s, d) &&
	       !kp_lsp_ws_excluded(d->ws, d->path);
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
	uint64_t removed = pc->removed;
	/* the chunks after the change that start on the line where it ends
	 * may start at another column: written again (the lines after it
	 * are where they were: the text after the change is, and so many
	 * lines as before). When lines were added or taken away, every chunk
	 * after the change is (its line numbers rewritten, publish.c's
	 * json_move): the ones before it are still not read. */
	bool moved = d->t.nlines != pc->nlines;
	if (hi < n) {
		uint32_t l = moved ? 0 : (uint32_t)kp_doc_line(&d->t, d->refs[hi].base);
		while (hi < n && (moved || (uint32_t)kp_doc_line(&d->t, d->refs[hi].base) == l)) {
			removed += pc->part[ohi];
			hi++;
			ohi++;
		}
	}
	uint32_t *marks = malloc(((size_t)(hi - lo) + 1) * sizeof *marks);
	uint64_t *parts = malloc(((size_t)(hi - lo) + 1) * sizeof *parts);
	if (!marks || !parts)
		abort();
	kp_rpc_gather mg = {0};
	uint64_t added = kp_lsp_diag_pieces(s, d, &mg, lo, hi, marks, parts);
	uint64_t sig = d->published_sig - removed + added;

	/* the text kept: the new pieces in place of the old (written at its
	 * end when they run to it: the chunks after an edit that moved lines) */
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
	if (n != pc->n) {
		if (n > pc->n) {
			pc->at = realloc(pc->at, ((size_t)n + 1) * sizeof *pc->at);
			pc->part = realloc(pc->part, ((size_t)n + 1) * sizeof *pc->part);
			if (!pc->at || !pc->part)
				abort();
		}
		memmove(pc->at + hi, pc->at + ohi, ((size_t)(pc->n - ohi) + 1) * sizeof *pc->at);
		memmove(pc->part + hi, pc->part + ohi, (size_t)(pc->n - ohi) * sizeof *pc->part);
	}
	for (uint32_t j = 0; j < hi - lo; j++) {
		pc->at[lo + j] = (uint32_t)(at_lo + marks[j]);
		pc->part[lo + j] = parts[j];
	}
	if (delta)
		for (uint32_t k = hi; k <= n; k++)
			pc->at[k] = (uint32_t)((long long)pc->at[k] + delta);
	pc->n = n;
	pc->nlines = d->t.nlines;
	pc->changed = false;
	pc->removed = 0;

	/* sent from the text kept, but its first comma */
	if (pc->body.len)
		kp_rpc_gather_ref(g, pc->body.data + 1, pc->body.len - 1);
	kp_buf_puts(&g->buf, "]}}");
	if (sig != d->published_sig)
		kp_rpc_send_gather(&s->out, g);
	/* else the client has these diagnostics, at these places */
	d->published_sig = sig;
	d->spliced++;
	free(marks);
	free(parts);
	return true;
}

void kp_lsp_splice_keep(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g, bool keep, size_t from, size_t to,
                        const uint32_t *marks, const uint64_t *parts)
{
	kp_lsp_pubcache *pc = &d->pc;
	if (!keep) {
		kp_lsp_pubcache_free(pc);
		return;
	}
	uint32_t n = d->nrefs;
	kp_buf_clear(&pc->body);
	if (to > from) {
		kp_buf_putc(&pc->body, ',');   /* the first piece's, left out when sent */
		kp_rpc_gather_copy(g, from, to, &pc->body);
	}
	pc->at = realloc(pc->at, ((size_t)n + 1) * sizeof *pc->at);
	pc->part = realloc(pc->part, ((size_t)n + 1) * sizeof *pc->part);
	if (!pc->at || !pc->part)
		abort();
	for (uint32_t i = 0; i <= n; i++) {
		uint32_t a = marks[i] - (uint32_t)from;
		pc->at[i] = a ? a + 1 : 0;
	}
	memcpy(pc->part, parts, (size_t)n * sizeof *parts);
	pc->n = n;
	pc->nlines = d->t.nlines;
	uint64_t docs;
	pc->head = kp_lsp_diag_head(s, d, &docs);
	pc->valid = true;
	pc->changed = pc->broken = false;
	pc->removed = 0;
	pc->lo = pc->tail = 0;
}
