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
	kp_buf_puts(b, "]}");
}
