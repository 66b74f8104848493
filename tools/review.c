/* check's text report of the advice: a design review, table by table
 * (docs/advice.md). For each table: its key and its workload by class; the
 * one recommendation (or "the design stands") with the before -> after of
 * every statement whose class changes, its write cost and its migration;
 * then the alternatives, ranked, each with what it trades, and "pick one"
 * wherever two exclude each other; then its queries, one line per shape
 * (statements alike: kp_stmt_fingerprint) with their count, weight, class
 * and the advisor's findings on them, heaviest first. */
#include "tools/review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/quote.h"

static void bold(kp_buf *b, int color, const char *s)
{
	kp_buf_printf(b, "%s%s%s", color ? "\033[1m" : "", s, color ? "\033[0m" : "");
}

/* A class in words; a SCAN the store refuses (a sort Lindorm does not do)
 * is REJECTED SCAN, as explain would say it. */
static const char *class_name(kp_access a, bool rejected)
{
	switch (a) {
	case KP_ACCESS_GET: return "GET";
	case KP_ACCESS_SCAN: return rejected ? "REJECTED SCAN" : "SCAN";
	case KP_ACCESS_FILTERED: return rejected ? "REJECTED FILTERED SCAN" : "FILTERED SCAN";
	case KP_ACCESS_SEARCH: return "SEARCH";
	case KP_ACCESS_FULL: return rejected ? "REJECTED" : "full scan";
	default: return "no plan";
	}
}

static const char *order_words(kp_order o)
{
	return o == KP_ORDER_SORT ? ", sorted" : o == KP_ORDER_REVERSE ? ", read backwards" : "";
}

/* Weighted rows in words, into out (32 bytes): whole from 100 up, to the
 * hundredth below, as the review's counts of rows a value are. */
static const char *rows_words(char *out, double v)
{
	double r = v >= 100 || v <= -100 ? (double)(long long)(v + (v < 0 ? -0.5 : 0.5))
	                                 : (double)(long long)(v * 100 + (v < 0 ? -0.5 : 0.5)) / 100;
	if (!(v < 9e15 && v > -9e15))
		r = v;   /* past what a long long holds: as it is */
	snprintf(out, 32, "%.15g", r);
	return out;
}

/* Names, messages, keys and DDL carry input text: its control characters
 * are shown, never sent (base/quote.h). */
static void line(kp_buf *b, const char *head, const char *text, const char *tail)
{
	kp_buf_puts(b, head);
	kp_buf_puts_visible(b, text);
	kp_buf_puts(b, tail);
}

static void item(kp_buf *b, const kp_advice *x, const char *lead)
{
	kp_buf_printf(b, "    %s[%s] ", lead, kp_rule_get(x->rule)->id);
	line(b, "", x->message, "\n");
	/* an index recommended with a key change: the key its rows will have,
	 * the new key's columns appended as the message's words say, not the
	 * one judged on the table as it is (E101) */
	if (x->key_after)
		line(b, "        key: ", x->key_after, " (after the key change)\n");
	else if (x->key)
		line(b, "        key: ", x->key, "\n");
	if (x->serves >= 0)
		kp_buf_printf(b, "        serves: %d of %d (weight)\n", x->serves, x->of);
	/* the DDL's annotation lines (-- distinct: ...) each a line of its
	 * own, as a designer applies them */
	for (const char *d = x->ddl, *nl; d; d = nl ? nl + 1 : NULL) {
		nl = strchr(d, '\n');
		kp_buf_puts(b, "        ");
		kp_buf_put_visible(b, d, nl ? (size_t)(nl - d) : strlen(d));
		kp_buf_puts(b, nl ? "\n" : ";\n");
	}
	if (x->excludes.n) {
		kp_buf_puts(b, "        pick one: it excludes");
		for (uint32_t i = 0; i < x->excludes.n; i++) {
			const kp_advice *y = x->excludes.items[i];
			kp_buf_printf(b, "%s #%d %s", i ? "," : "", y->rank, y->kind);
		}
		kp_buf_putc(b, '\n');
	}
}

static void line_(kp_buf *b, const char *path)
{
	line(b, "      ", path, "");
}

/* A verdict that t stands names a target-limit error on t's own
 * declaration (KP110 at its name, its key clause or a key column: the
 * store refuses, or may refuse, the table as declared) and the
 * alternatives that fix it, so that "stands" is not read as "fine" with
 * the fix left as an alternative (E86: subscription's key may be 2212
 * bytes, Lindorm's limit 2 KB, shorten_key alternative #2). */
static void limit_words(kp_buf *b, const kp_advisor *adv, const kp_table *t)
{
	const kp_diag *g = adv->d ? adv->d->head : NULL;
	for (; g; g = g->next) {
		if (g->rule != KP_R_TARGET || g->severity != KP_SEV_ERROR || !g->src || g->src != t->src)
			continue;
		bool own = g->off == t->off || (t->pk_off && g->off == t->pk_off);
		for (int k = 0; k < t->pk.n && !own; k++) {
			int c = t->pk.parts[k].col;
			own = c >= 0 && t->cols[c].src == g->src && t->cols[c].off == g->off;
		}
		if (own)
			break;
	}
	if (!g)
		return;
	uint32_t ln, col;
	kp_source_linecol(g->src, g->off, &ln, &col);
	size_t pn;
	const char *path = kp_source_path_shown(g->src, &pn);
	kp_buf_puts(b, ", but the target's limits refuse or may refuse it as declared (KP110 at ");
	kp_buf_printf(b, "%.*s:%u:%u: ", (int)pn, path, ln, col);
	kp_buf_puts_visible(b, g->message);
	kp_buf_puts(b, ")");
	int n = 0;
	for (uint32_t i = 0; i < adv->advice.n; i++) {
		const kp_advice *x = adv->advice.items[i];
		if (x->table != t || x->recommended || x->rank <= 0)
			continue;
		if (x->rule != KP_R_TARGET && strcmp(x->kind, "shorten_key") && strcmp(x->kind, "numeric_key") &&
		    strcmp(x->kind, "fewer_key_columns") && strcmp(x->kind, "fewer_column_families"))
			continue;
		kp_buf_printf(b, "%s #%d %s", n++ ? "," : ": see alternative", x->rank, x->kind);
	}
	if (!n)
		kp_buf_puts(b, ": no change keyplan tried fixes it");
}

static void table_review(kp_buf *b, const kp_advisor *adv, const kp_table_review *r, int color)
{
	kp_buf_printf(b, "\n  %s", color ? "\033[1m" : "");
	kp_buf_puts_visible(b, r->table->name);
	kp_buf_puts(b, color ? "\033[0m" : "");
	if (r->table->pk.n)
		line(b, " keyed ", r->key, "\n");
	else   /* generic: a table without a primary key */
		kp_buf_puts(b, " (no primary key: a heap table)\n");
	kp_buf_printf(b, "    workload: %.15g statement(s); weight GET %.15g, SCAN %.15g, FILTERED %.15g, full scan "
	              "%.15g, sorted %.15g; writes %.15g%s\n", r->nstatements, r->by_class[0], r->by_class[1],
	              r->by_class[2], r->by_class[3], r->by_class[4], r->writes,
	              r->writes_default ? " (none in the workload: assumed written at its read weight)" : "");
	/* weighted rows rounded as the counts before them are: whole from 100
	 * up, to the hundredth below (a stated count's share: 1554838.70967742
	 * rows read is 1554839, E53) */
	char rd[32], wr[32], hot[32];
	kp_buf_printf(b, "    cost (weighted rows, %.15g rows %s; ", r->rows, r->rows_default ? "assumed by default" : "stated");
	if (r->values)   /* the counts known before the default */
		line(b, "", r->values, "; ");
	kp_buf_printf(b, "by default %.15g rows a value of %s key column bound by = and %.15g%% of those in a range): read "
	              "%s, written %s, on one region %s", r->per_value, r->values ? "any other" : "a",
	              r->in_range * 100, rows_words(rd, r->before.read), rows_words(wr, r->before.written),
	              rows_words(hot, r->before.hot));
	if (r->before.refused > 0)
		kp_buf_printf(b, "; %s %.15g (weight: they do not run%s, not counted in rows read)",
		              r->refused_words ? r->refused_words : "refused by the store", r->before.refused,
		              r->refused_words && strcmp(r->refused_words, "refused by the store") ? " or cannot succeed" : "");
	kp_buf_putc(b, '\n');
	if (!r->recommended.n) {
		kp_buf_puts(b, "    recommendation: the design stands (no change keyplan tried pays)");
		limit_words(b, adv, r->table);
		kp_buf_putc(b, '\n');
		if (r->assumes)
			line(b, "      assumes: ", r->assumes, "\n");
	} else {
		char t0[32], t1[32], r0[32], r1[32], w0[32], w1[32], h0[32], h1[32], k0[32], k1[32];
		/* every term of the sum named: rows read, rows written at their
		 * rate, the indexes' rows kept (E82's dropped index, 3000000 of
		 * its 3329000, was in the sum and not in the words) */
		kp_buf_printf(b, "    recommendation: cost %s -> %s (read %s -> %s, written %s -> %s at %.15g rows read each",
		              rows_words(t0, r->before.total), rows_words(t1, r->after.total), rows_words(r0, r->before.read),
		              rows_words(r1, r->after.read), rows_words(w0, r->before.written),
		              rows_words(w1, r->after.written), KP_WRITE_RATE);
		if (r->before.kept > 0 || r->after.kept > 0)
			kp_buf_printf(b, ", indexes kept %s -> %s", rows_words(k0, r->before.kept), rows_words(k1, r->after.kept));
		kp_buf_printf(b, "; on one region %s -> %s", rows_words(h0, r->before.hot), rows_words(h1, r->after.hot));
		if (r->before.refused > 0 || r->after.refused > 0)
			kp_buf_printf(b, ", refused %.15g -> %.15g", r->before.refused, r->after.refused);
		/* reads refused before cost no rows; once they run, their rows
		 * count in read: the line says so, so that a rise in rows read is
		 * not shown without its reason */
		if (r->after.refused < r->before.refused)
			kp_buf_printf(b, "; the reads of weight %.15g %s today now run, their rows counted in read",
			              r->before.refused - r->after.refused,
			              r->refused_words ? r->refused_words : "refused by the store");
		/* the one-time copy in the cost (docs/advice.md, "What a change
		 * costs once"; advisor21) */
		if (r->after.migration > 0) {
			char m0[32], m1[32];
			kp_buf_printf(b, "; its copy once %s weighted rows, %s a run in cost",
			              rows_words(m0, r->after.migration), rows_words(m1, r->after.migration_run));
		}
		kp_buf_puts(b, ")\n");
		for (uint32_t i = 0; i < r->recommended.n; i++)
			item(b, r->recommended.items[i], i ? "and " : "");
		for (uint32_t i = 0; i < r->changes.n; i++) {
			const kp_change *c = r->changes.items[i];
			uint32_t ln, col;
			kp_source_linecol(c->q->src, c->q->off, &ln, &col);
			line_(b, c->q->src->path);
			kp_buf_printf(b, ":%u: %s%s -> %s%s (weight %.15g", ln,
			              class_name(c->before, c->rejected_before), order_words(c->order_before),
			              class_name(c->after, c->rejected_after), order_words(c->order_after), c->weight);
			if (c->count > 1)
				kp_buf_printf(b, ", %d statements alike", c->count);
			kp_buf_puts(b, ")\n");
		}
		if (r->write_cost)
			line(b, "      write cost: ", r->write_cost, "\n");
		if (r->assumes)
			line(b, "      assumes: ", r->assumes, "\n");
		if (r->instead)
			line(b, "      or instead: ", r->instead, "\n");
	}
	/* the table's own indexes: kept, widened or dropped */
	if (r->indexes)
		line(b, "    indexes: ", r->indexes, "\n");
	bool head = false;
	for (uint32_t i = 0; i < adv->advice.n; i++) {
		const kp_advice *x = adv->advice.items[i];
		if (x->table != r->table || x->recommended)
			continue;
		if (!head)
			kp_buf_puts(b, "    alternatives, ranked:\n");
		head = true;
		char lead[32];
		snprintf(lead, sizeof lead, "#%d ", x->rank);
		item(b, x, lead);
		if (x->trades)
			line(b, "        trades: ", x->trades, "\n");
	}
}

/* The workload of a table, one entry per shape (and table or view named). */
typedef struct qshape {
	const kp_wquery *q;     /* its first statement */
	uint64_t key;           /* shape and the table or view it names */
	double weight;          /* summed */
	uint32_t count;         /* statements */
	uint32_t first;         /* its first statement's place in the workload */
} qshape;

/* The advisor's findings on statements (KP120), by where they start. */
typedef struct qfind {
	const kp_source *src;
	uint32_t off;
	kp_rule rule;
} qfind;

static int by_weight(const void *a, const void *b)
{
	const qshape *x = a, *y = b;
	if (x->weight != y->weight)
		return x->weight < y->weight ? 1 : -1;
	return x->first < y->first ? -1 : x->first > y->first;
}

static int by_place(const void *a, const void *b)
{
	const qfind *x = a, *y = b;
	if (x->src != y->src)
		return x->src < y->src ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off ? 1 : (int)x->rule - (int)y->rule;
}

/* Shapes shown per table; the rest are summed on one line. */
#define KP_REVIEW_SHAPES 20

static uint64_t mix64(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

/* Per table, its queries one line per shape: where the first is, how many
 * statements and how much weight it has, its class now, and the advisor's
 * findings on it (every statement alike has the same). */
static void table_queries(kp_buf *b, const kp_advisor *adv, const kp_table_review *r, const qfind *f, size_t nf)
{
	uint32_t cap = 16;
	while (cap < adv->queries.n * 2 + 2)
		cap *= 2;
	qshape *s = NULL;
	uint32_t n = 0, *slot = NULL;
	double total = 0;
	uint32_t statements = 0;
	for (uint32_t i = 0; i < adv->queries.n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		if (q->base != r->table || q->plan.access == KP_ACCESS_NONE)
			continue;
		if (!slot) {
			slot = calloc(cap, sizeof(uint32_t));
			s = malloc(sizeof(qshape) * (adv->queries.n + 1));
			if (!slot || !s)
				abort();
		}
		uint64_t key = q->shape ^ mix64((uint64_t)(uintptr_t)q->plan.table);
		uint32_t h = (uint32_t)mix64(key) & (cap - 1);
		while (slot[h] && s[slot[h] - 1].key != key)
			h = (h + 1) & (cap - 1);
		if (!slot[h]) {
			s[n] = (qshape){q, key, 0, 0, i};
			slot[h] = ++n;
		}
		qshape *e = &s[slot[h] - 1];
		e->weight += q->weight;
		e->count += q->count;
		total += q->weight;
		statements += q->count;
	}
	if (!n) {
		free(slot);
		free(s);
		return;
	}
	qsort(s, n, sizeof(qshape), by_weight);   /* heaviest first, then in the workload's order */
	kp_buf_printf(b, "    queries planned: %u statement(s) in %u shape(s), one line per shape, heaviest first:\n", statements,
	              n);
	for (uint32_t i = 0; i < n && i < KP_REVIEW_SHAPES; i++) {
		const qshape *e = &s[i];
		const kp_wquery *q = e->q;
		uint32_t ln, col;
		kp_source_linecol(q->src, q->off, &ln, &col);
		line_(b, q->src->path);
		kp_buf_printf(b, ":%u: %s%s%s (weight %.15g", ln, class_name(q->plan.access, q->plan.rejected),
		              order_words(q->plan.order), q->plan.table && q->plan.table != r->table ? ", through a view" : "",
		              e->weight);
		if (e->count > 1)
			kp_buf_printf(b, ", %u statements alike", e->count);
		kp_buf_putc(b, ')');
		/* the advisor's findings on its first statement */
		qfind key = {q->src, q->off, 0};
		size_t lo = 0, hi = nf;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (by_place(&f[mid], &key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t k = lo, shown = 0; k < nf && f[k].src == q->src && f[k].off == q->off; k++)
			if (!k || k == lo || f[k].rule != f[k - 1].rule)
				kp_buf_printf(b, "%s%s %s", shown++ ? ", " : " [", kp_rule_get(f[k].rule)->id,
				              kp_rule_get(f[k].rule)->slug);
		if (lo < nf && f[lo].src == q->src && f[lo].off == q->off)
			kp_buf_putc(b, ']');
		kp_buf_putc(b, '\n');
	}
	if (n > KP_REVIEW_SHAPES) {
		double rest = 0;
		uint32_t rs = 0;
		for (uint32_t i = KP_REVIEW_SHAPES; i < n; i++) {
			rest += s[i].weight;
			rs += s[i].count;
		}
		kp_buf_printf(b, "      and %u more shape(s): %u statement(s), weight %.15g of %.15g\n", n - KP_REVIEW_SHAPES,
		              rs, rest, total);
	}
	free(slot);
	free(s);
}

void kp_review_text(kp_buf *b, const kp_advisor *adv, int color)
{
	if (!adv || (!adv->advice.n && !adv->reviews.n))
		return;
	kp_buf_puts(b, "\n");
	bold(b, color, "design review");
	kp_buf_puts(b, " (table by table: the recommendation, then the alternatives; docs/advice.md)\n");
	/* the advisor's findings on workload statements, by place */
	size_t nf = 0, fcap = 0;
	qfind *f = NULL;
	for (const kp_diag *g = adv->d ? adv->d->head : NULL; g; g = g->next) {
		if (!g->src || g->rule != KP_R_UNSERVED)
			continue;
		if (nf == fcap) {
			fcap = fcap ? fcap * 2 : 64;
			f = realloc(f, sizeof(qfind) * fcap);
			if (!f)
				abort();
		}
		f[nf++] = (qfind){g->src, g->off, g->rule};
	}
	if (nf > 1)
		qsort(f, nf, sizeof(qfind), by_place);
	for (uint32_t i = 0; i < adv->reviews.n; i++) {
		table_review(b, adv, adv->reviews.items[i], color);
		table_queries(b, adv, adv->reviews.items[i], f, nf);
	}
	free(f);
}
