/* check's text report of the advice: a design review, table by table
 * (docs/advice.md). For each table: its key and its workload by class; the
 * one recommendation (or "the design stands") with the before -> after of
 * every statement whose class changes, its write cost and its migration;
 * then the alternatives, ranked, each with what it trades, and "pick one"
 * wherever two exclude each other. */
#include "tools/review.h"

#include <string.h>

#include "base/quote.h"

static void bold(kp_buf *b, int color, const char *s)
{
	kp_buf_printf(b, "%s%s%s", color ? "\033[1m" : "", s, color ? "\033[0m" : "");
}

static const char *class_name(kp_access a, bool rejected)
{
	switch (a) {
	case KP_ACCESS_GET: return "GET";
	case KP_ACCESS_SCAN: return "SCAN";
	case KP_ACCESS_FILTERED: return "FILTERED SCAN";
	case KP_ACCESS_SEARCH: return "SEARCH";
	case KP_ACCESS_FULL: return rejected ? "REJECTED" : "full scan";
	default: return "no plan";
	}
}

static const char *order_words(kp_order o)
{
	return o == KP_ORDER_SORT ? ", sorted" : o == KP_ORDER_REVERSE ? ", read backwards" : "";
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
	if (x->key)
		line(b, "        key: ", x->key, "\n");
	if (x->serves >= 0)
		kp_buf_printf(b, "        serves: %d of %d (weight)\n", x->serves, x->of);
	if (x->ddl)
		line(b, "        ", x->ddl, ";\n");
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

static void table_review(kp_buf *b, const kp_advisor *adv, const kp_table_review *r, int color)
{
	kp_buf_printf(b, "\n  %s", color ? "\033[1m" : "");
	kp_buf_puts_visible(b, r->table->name);
	kp_buf_puts(b, color ? "\033[0m" : "");
	line(b, " keyed ", r->key, "\n");
	kp_buf_printf(b, "    workload: %.15g statement(s); weight GET %.15g, SCAN %.15g, FILTERED %.15g, full scan "
	              "%.15g, sorted %.15g; writes %.15g%s\n", r->nstatements, r->by_class[0], r->by_class[1],
	              r->by_class[2], r->by_class[3], r->by_class[4], r->writes,
	              r->writes_default ? " (none in the workload: assumed written at its read weight)" : "");
	kp_buf_printf(b, "    cost (weighted rows, %.15g rows assumed%s): read %.15g, written %.15g, on one region "
	              "%.15g\n", r->rows, r->rows_default ? " by default" : "", r->before.read, r->before.written,
	              r->before.hot);
	if (!r->recommended.n) {
		kp_buf_puts(b, "    recommendation: the design stands (no change keyplan tried pays)\n");
	} else {
		kp_buf_printf(b, "    recommendation: cost %.15g -> %.15g (read %.15g -> %.15g, written %.15g -> %.15g, "
		              "on one region %.15g -> %.15g)\n", r->before.total, r->after.total, r->before.read,
		              r->after.read, r->before.written, r->after.written, r->before.hot, r->after.hot);
		for (uint32_t i = 0; i < r->recommended.n; i++)
			item(b, r->recommended.items[i], i ? "and " : "");
		for (uint32_t i = 0; i < r->changes.n; i++) {
			const kp_change *c = r->changes.items[i];
			uint32_t ln, col;
			kp_source_linecol(c->q->src, c->q->stmt->off, &ln, &col);
			line_(b, c->q->src->path);
			kp_buf_printf(b, ":%u: %s%s -> %s%s (weight %.15g", ln,
			              class_name(c->before, c->rejected_before), order_words(c->order_before),
			              class_name(c->after, c->rejected_after), order_words(c->order_after), c->weight);
			if (c->count > 1)
				kp_buf_printf(b, ", %d statements alike", c->count);
			kp_buf_puts(b, ")\n");
		}
		if (r->rows_per_insert_after != r->rows_per_insert_before)
			kp_buf_printf(b, "      write cost: every insert now writes %d rows (%d now)\n",
			              r->rows_per_insert_after, r->rows_per_insert_before);
	}
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

void kp_review_text(kp_buf *b, const kp_advisor *adv, int color)
{
	if (!adv || (!adv->advice.n && !adv->reviews.n))
		return;
	kp_buf_puts(b, "\n");
	bold(b, color, "design review");
	kp_buf_puts(b, " (table by table: the recommendation, then the alternatives; docs/advice.md)\n");
	for (uint32_t i = 0; i < adv->reviews.n; i++)
		table_review(b, adv, adv->reviews.items[i], color);
}
