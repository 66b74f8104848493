/* Advice as JSON: see advice.h. */
#include "lib/advice.h"

#include <string.h>

#include "base/quote.h"

void kp_advice_json(kp_buf *b, const kp_advice *x)
{
	kp_buf_putc(b, '{');
	kp_buf_printf(b, "\"rule\": \"%s\", \"kind\": \"%s\", \"table\": ", kp_rule_get(x->rule)->id, x->kind);
	kp_buf_json_str(b, x->table->name, x->table->name_len);
	kp_buf_puts(b, ", \"columns\": [");
	for (uint32_t c = 0; c < x->columns.n; c++) {
		const char *cn = x->columns.items[c];
		if (c)
			kp_buf_puts(b, ", ");
		kp_buf_json_str(b, cn, strlen(cn));
	}
	kp_buf_puts(b, "], \"message\": ");
	kp_buf_json_str(b, x->message, strlen(x->message));
	kp_buf_puts(b, ", \"key\": ");
	if (x->key)
		kp_buf_json_str(b, x->key, strlen(x->key));
	else
		kp_buf_puts(b, "null");
	kp_buf_puts(b, ", \"ddl\": ");
	if (x->ddl)
		kp_buf_json_str(b, x->ddl, strlen(x->ddl));
	else
		kp_buf_puts(b, "null");
	if (x->serves >= 0)
		kp_buf_printf(b, ", \"serves\": %d, \"of\": %d", x->serves, x->of);
	else
		kp_buf_puts(b, ", \"serves\": null, \"of\": null");
	if (x->before >= 0)
		kp_buf_printf(b, ", \"served_before\": %.15g, \"served_after\": %.15g, \"weight\": %.15g, "
		              "\"fanout\": %.15g, \"worse\": [", x->before, x->after, x->total, x->fanout);
	else if (x->fanout > 0)   /* a bucketed index table: its reads fan out */
		kp_buf_printf(b, ", \"served_before\": null, \"served_after\": null, \"weight\": null, "
		              "\"fanout\": %.15g, \"worse\": [", x->fanout);
	else
		kp_buf_puts(b, ", \"served_before\": null, \"served_after\": null, \"weight\": null, "
		            "\"fanout\": null, \"worse\": [");
	for (uint32_t w = 0; w < x->worse.n; w++) {
		const char *at = x->worse.items[w];
		if (w)
			kp_buf_puts(b, ", ");
		kp_buf_json_str(b, at, strlen(at));
	}
	kp_buf_printf(b, "], \"rank\": %d, \"recommended\": %s, \"excludes\": [", x->rank,
	              x->recommended ? "true" : "false");
	for (uint32_t i = 0; i < x->excludes.n; i++)
		kp_buf_printf(b, "%s%d", i ? ", " : "", ((const kp_advice *)x->excludes.items[i])->pos);
	kp_buf_puts(b, "], \"trades\": ");
	if (x->trades)
		kp_buf_json_str(b, x->trades, strlen(x->trades));
	else
		kp_buf_puts(b, "null");
	kp_buf_putc(b, '}');
}

static void json_cost(kp_buf *b, const char *name, const kp_cost *c)
{
	kp_buf_printf(b, "\"%s\": {\"rows_read\": %.15g, \"rows_written\": %.15g, \"hot_rows_written\": %.15g, "
	              "\"broken\": %.15g, \"refused\": %.15g, \"cost\": %.15g}", name, c->read, c->written, c->hot,
	              c->broken, c->refused, c->total);
}

static void json_class(kp_buf *b, kp_access a, bool rejected, kp_order o)
{
	kp_buf_printf(b, "{\"access\": \"%s\", \"rejected\": %s, \"order\": ", kp_access_name(a),
	              rejected ? "true" : "false");
	if (o != KP_ORDER_NONE)
		kp_buf_printf(b, "\"%s\"}", kp_order_name(o));
	else
		kp_buf_puts(b, "null}");
}

void kp_review_json(kp_buf *b, const kp_table_review *r)
{
	kp_buf_puts(b, "{\"table\": ");
	kp_buf_json_str(b, r->table->name, r->table->name_len);
	kp_buf_puts(b, ", \"key\": ");
	kp_buf_json_str(b, r->key, strlen(r->key));
	kp_buf_printf(b, ", \"rows\": %.15g, \"rows_default\": %s, \"writes\": %.15g, \"writes_default\": %s, "
	              "\"statements\": %.15g, ", r->rows, r->rows_default ? "true" : "false", r->writes,
	              r->writes_default ? "true" : "false", r->nstatements);
	kp_buf_printf(b, "\"workload\": {\"get\": %.15g, \"scan\": %.15g, \"filtered_scan\": %.15g, "
	              "\"rejected\": %.15g, \"sorted\": %.15g}, ", r->by_class[0], r->by_class[1], r->by_class[2],
	              r->by_class[3], r->by_class[4]);
	kp_buf_printf(b, "\"verdict\": \"%s\", \"recommended\": [", r->recommended.n ? "change" : "stands");
	for (uint32_t i = 0; i < r->recommended.n; i++)
		kp_buf_printf(b, "%s%d", i ? ", " : "", ((const kp_advice *)r->recommended.items[i])->pos);
	kp_buf_puts(b, "], ");
	json_cost(b, "before", &r->before);
	kp_buf_puts(b, ", ");
	json_cost(b, "after", &r->after);
	kp_buf_printf(b, ", \"rows_per_insert\": {\"before\": %d, \"after\": %d}, \"changes\": [",
	              r->rows_per_insert_before, r->rows_per_insert_after);
	for (uint32_t i = 0; i < r->changes.n; i++) {
		const kp_change *c = r->changes.items[i];
		uint32_t line, col;
		kp_source_linecol(c->q->src, c->q->off, &line, &col);
		kp_buf_puts(b, i ? ", {\"file\": " : "{\"file\": ");
		kp_buf_json_str(b, c->q->src->path, strlen(c->q->src->path));
		kp_buf_printf(b, ", \"line\": %u, \"column\": %u, \"statements\": %d, \"weight\": %.15g, \"before\": ",
		              line, col, c->count, c->weight);
		json_class(b, c->before, c->rejected_before, c->order_before);
		kp_buf_puts(b, ", \"after\": ");
		json_class(b, c->after, c->rejected_after, c->order_after);
		kp_buf_putc(b, '}');
	}
	kp_buf_puts(b, "], \"indexes\": [");
	for (uint32_t i = 0; i < r->fates.n; i++) {
		const kp_index_fate *f = r->fates.items[i];
		kp_buf_puts(b, i ? ", {\"name\": " : "{\"name\": ");
		kp_buf_json_str(b, f->index->name, strlen(f->index->name));
		kp_buf_printf(b, ", \"fate\": \"%s\", \"advice\": ", f->fate);
		if (f->by)
			kp_buf_printf(b, "%d", f->by->pos);
		else
			kp_buf_puts(b, "null");
		kp_buf_printf(b, ", \"read_weight\": %.15g}", f->read);
	}
	kp_buf_puts(b, "]}");
}
