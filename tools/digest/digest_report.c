/* The digest as text for a reader (digest.h): what was read and skipped,
 * then the shapes the store rejects or filters, then the top shapes by
 * count and by rows read. */
#include "tools/digest/digest.h"

#include "base/quote.h"

#include <stdlib.h>
#include <string.h>

static void figure(kp_buf *b, const char *name, const kp_dstat *st, bool time)
{
	if (!st->n)
		return;
	if (time)
		kp_buf_printf(b, "  %s avg %.3f ms max %.3f ms", name, (double)st->sum / (double)st->n / 1000.0,
		              (double)st->max / 1000.0);
	else
		kp_buf_printf(b, "  %s avg %.1f max %llu", name, (double)st->sum / (double)st->n,
		              (unsigned long long)st->max);
}

/* One line of text, cut at max bytes of s (on a character boundary): C0
 * controls shown as spaces (a statement's line breaks), the other
 * characters a terminal acts on (C1 controls, bidirectional overrides,
 * bytes that are not UTF-8: a merged digest's text is anyone's) as
 * kp_buf_put_visible shows them. */
static void oneline(kp_buf *b, const char *s, size_t n, size_t max)
{
	size_t i = 0, run = 0, cut = n < max ? n : max;
	while (i < cut) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f) {
			i++;
			continue;
		}
		if (c < 0x80) {
			kp_buf_put(b, s + run, i - run);
			kp_buf_putc(b, ' ');
			run = ++i;
			continue;
		}
		uint32_t cp;
		size_t k = kp_unsafe_char(s + i, n - i, &cp);
		bool show = k != 0;
		if (!k) {
			k = kp_utf8_len(s + i, n - i);
			show = !k;
			if (!k)
				k = 1;
		}
		if (i + k > cut)
			break;   /* a character the cut would split */
		if (show) {
			kp_buf_put(b, s + run, i - run);
			kp_buf_put_visible(b, s + i, k);
			run = i + k;
		}
		i += k;
	}
	kp_buf_put(b, s + run, i - run);
	if (i < n)
		kp_buf_puts(b, " ...");
}

static void shape_text(kp_buf *b, const kp_digest *dg, const kp_dshape *s, int rank)
{
	kp_buf_printf(b, "#%d  %016llx  %llu statement%s", rank, (unsigned long long)s->fp,
	              (unsigned long long)s->count, s->count == 1 ? "" : "s");
	if (s->estimated != (double)s->count)
		kp_buf_printf(b, " (about %.0f run)", s->estimated);
	kp_buf_printf(b, ", %.1f%%", dg->estimated > 0 ? 100.0 * s->estimated / dg->estimated : 0.0);
	if (s->planned) {
		kp_buf_puts(b, s->rejected ? "  REJECTED " : "  ");
		kp_buf_puts_visible(b, s->access);
		if (s->table) {
			kp_buf_puts(b, " on ");
			kp_buf_puts_visible(b, s->table);
		}
		if (s->index) {
			kp_buf_puts(b, " via index ");
			kp_buf_puts_visible(b, s->index);
		}
		/* keyplan's estimate beside the log's figures below */
		if (s->ranges && !s->rejected && strcmp(s->access, "full_scan"))
			kp_buf_printf(b, ", %lld key range%s", (long long)s->ranges, s->ranges == 1 ? "" : "s");
		if (s->varies)
			kp_buf_puts(b, " (for its first statement: others plan otherwise)");
	}
	kp_buf_putc(b, '\n');
	if (s->nex) {
		kp_buf_puts(b, "    ");
		oneline(b, s->ex[0].sql, strlen(s->ex[0].sql), 200);
		kp_buf_putc(b, '\n');
	}
	if (s->planned && s->filter) {
		kp_buf_puts(b, "    filter: ");
		oneline(b, s->filter, strlen(s->filter), 200);
		kp_buf_putc(b, '\n');
	}
	if (s->time_us.n || s->rows_scanned.n || s->rows_sent.n) {
		kp_buf_puts(b, "  ");
		figure(b, "time", &s->time_us, true);
		figure(b, "rows scanned", &s->rows_scanned, false);
		figure(b, "rows sent", &s->rows_sent, false);
		kp_buf_putc(b, '\n');
	}
	if (s->nex) {
		kp_buf_puts(b, "    first example: ");
		kp_buf_puts_visible(b, s->ex[0].path);
		kp_buf_printf(b, ":%llu\n", (unsigned long long)s->ex[0].line);
	}
	for (int h = 0; h < s->nhot; h++) {
		const kp_topk *tk = &s->hot[h].tk;
		kp_buf_puts(b, "    hot ");
		kp_buf_puts_visible(b, s->hot[h].column);
		kp_buf_printf(b, " (of %llu, each count up to %llu short):", (unsigned long long)tk->n, (unsigned long long)kp_topk_err(tk));
		for (uint32_t j = 0; j < tk->n_items && j < 5; j++) {
			kp_buf_putc(b, ' ');
			oneline(b, tk->items[j].value, tk->items[j].len, 40);
			kp_buf_printf(b, " x%llu", (unsigned long long)tk->items[j].count);
		}
		kp_buf_putc(b, '\n');
	}
}

static int by_rows(const void *a, const void *b)
{
	const kp_dshape *x = *(kp_dshape *const *)a, *y = *(kp_dshape *const *)b;
	if (x->rows_scanned.sum != y->rows_scanned.sum)
		return x->rows_scanned.sum > y->rows_scanned.sum ? -1 : 1;
	return x->count > y->count ? -1 : x->count < y->count;
}

void kp_digest_text(const kp_digest *dg, kp_buf *b, int top)
{
	uint64_t skipped = 0;
	for (int i = 0; i < KP_SKIP__COUNT; i++)
		skipped += dg->skipped[i];
	kp_buf_printf(b, "digest: %llu statements, %zu shapes, from %zu log%s; %llu skipped\n",
	              (unsigned long long)dg->statements, dg->n, dg->ninputs, dg->ninputs == 1 ? "" : "s",
	              (unsigned long long)skipped);
	for (size_t i = 0; i < dg->ninputs; i++) {
		const kp_dinput *in = &dg->inputs[i];
		kp_buf_puts(b, "  ");
		kp_buf_puts_visible(b, in->path);
		kp_buf_puts(b, " (");
		kp_buf_puts_visible(b, in->format);
		kp_buf_printf(b, "): %llu records, %llu statements, %llu skipped", (unsigned long long)in->records, (unsigned long long)in->statements,
		              (unsigned long long)in->skipped);
		if (in->sample_rate < 1)
			kp_buf_printf(b, "; sampled at %g: counts scaled by %g", in->sample_rate, 1 / in->sample_rate);
		kp_buf_putc(b, '\n');
	}
	if (dg->estimated != (double)dg->statements)
		kp_buf_printf(b, "  about %.0f statements run, by the sampling rates\n", dg->estimated);
	if (!dg->schema)
		kp_buf_puts(b, "  no schema given (--schema): no plans, no hot keys\n");

	kp_dshape **v = kp_digest_sorted(dg);
	int rank = 0;
	bool head = false;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < dg->n; i++) {
			const kp_dshape *s = v[i];
			bool full = s->planned && (s->rejected || !strcmp(s->access, "full_scan"));
			bool filtered = s->planned && !full && (s->filter || !strcmp(s->access, "filtered_scan"));
			if (pass == 0 ? !full : !filtered)
				continue;
			if (!head)
				kp_buf_puts(b, "\nrejected, full-scan and filtered shapes:\n");
			head = true;
			shape_text(b, dg, s, ++rank);
		}
	kp_buf_puts(b, "\ntop shapes by count:\n");
	for (size_t i = 0; i < dg->n && (int)i < top; i++)
		shape_text(b, dg, v[i], (int)i + 1);
	bool rows = false;
	for (size_t i = 0; i < dg->n; i++)
		rows |= v[i]->rows_scanned.n > 0;
	if (rows) {
		qsort(v, dg->n, sizeof *v, by_rows);
		kp_buf_puts(b, "\ntop shapes by rows scanned:\n");
		for (size_t i = 0; i < dg->n && (int)i < top && v[i]->rows_scanned.n; i++)
			shape_text(b, dg, v[i], (int)i + 1);
	}
	free(v);
	if (skipped) {
		kp_buf_puts(b, "\nskipped:");
		for (int i = 0; i < KP_SKIP__COUNT; i++)
			if (dg->skipped[i])
				kp_buf_printf(b, " %s %llu", kp_skip_name((kp_skip)i), (unsigned long long)dg->skipped[i]);
		kp_buf_putc(b, '\n');
		for (int i = 0; i < dg->nskips; i++) {
			kp_buf_puts(b, "  ");
			kp_buf_puts_visible(b, dg->skips[i].path);
			kp_buf_printf(b, ":%llu: %s: ", (unsigned long long)dg->skips[i].line,
			              kp_skip_name(dg->skips[i].why));
			oneline(b, dg->skips[i].detail, strlen(dg->skips[i].detail), 300);
			kp_buf_putc(b, '\n');
		}
		if ((uint64_t)dg->nskips < skipped)
			kp_buf_printf(b, "  ... and %llu more (the first %d are listed)\n",
			              (unsigned long long)(skipped - (uint64_t)dg->nskips), KP_DIGEST_SKIPS);
	}
}
