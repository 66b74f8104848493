/* The simulation's text summary (the terminal) and its JSON
 * (docs/simulate-json.md, docs/schemas/simulate.schema.json). Numbers are
 * written to 6 significant digits, so the same run gives the same bytes. */
#include "tools/simulate/sim.h"

#include <string.h>

#include "base/quote.h"

static void jstr(kp_buf *b, const char *s)
{
	if (!s) {
		kp_buf_puts(b, "null");
		return;
	}
	kp_buf_json_str(b, s, strlen(s));
}

static void jnum(kp_buf *b, double v)
{
	if (v != v || v > 1e300 || v < -1e300)
		kp_buf_puts(b, "null");
	else
		kp_buf_printf(b, "%.6g", v == 0 ? 0.0 : v);
}

static void metrics(kp_buf *b, const kp_sim_result *r)
{
	kp_buf_puts(b, "{\"hottest_region_write_share\": ");
	jnum(b, r->hottest_region_write_share);
	kp_buf_puts(b, ", \"hottest_server_write_share\": ");
	jnum(b, r->hottest_server_write_share);
	kp_buf_puts(b, ", \"max_mean_server_load\": ");
	jnum(b, r->max_mean_server_load);
	kp_buf_puts(b, ", \"gini_region_load\": ");
	jnum(b, r->gini_region_load);
	kp_buf_printf(b, ", \"splits\": %llu, \"unsplittable\": %llu, \"regions\": %llu, \"writes\": ", r->splits,
	              r->unsplittable, r->regions);
	jnum(b, r->writes);
	kp_buf_puts(b, ", \"reads\": ");
	jnum(b, r->reads);
	kp_buf_puts(b, ", \"final_hottest_region_write_share\": ");
	jnum(b, r->final_hottest_region_write_share);
	kp_buf_puts(b, ", \"rows\": ");
	jnum(b, r->final_rows);
	kp_buf_putc(b, '}');
}

void kp_sim_json(FILE *out, const kp_sim_doc *doc)
{
	kp_buf b = {0};
	const kp_sim_config *c = &doc->cfg;
	kp_buf_puts(&b, "{\n  \"version\": 1,\n  \"target\": ");
	jstr(&b, doc->target);
	kp_buf_puts(&b, ",\n  \"schema\": [");
	for (int i = 0; i < doc->nschemas; i++) {
		kp_buf_puts(&b, i ? ", " : "");
		jstr(&b, doc->schemas[i]);
	}
	kp_buf_puts(&b, "],\n  \"workload\": [");
	for (int i = 0; i < doc->nworkloads; i++) {
		kp_buf_puts(&b, i ? ", " : "");
		jstr(&b, doc->workloads[i]);
	}
	kp_buf_puts(&b, "],\n  \"hours\": ");
	jnum(&b, c->hours);
	kp_buf_printf(&b, ",\n  \"steps\": %d,\n  \"step_seconds\": ", c->steps);
	jnum(&b, c->hours * 3600 / c->steps);
	kp_buf_printf(&b, ",\n  \"seed\": %llu,\n  \"servers\": %d,\n  \"balance\": \"%s\",\n  \"rate\": ",
	              (unsigned long long)c->seed, c->servers, c->balance_count ? "count" : "round-robin");
	jnum(&b, doc->rate);
	kp_buf_printf(&b, ",\n  \"rate_default\": %s,\n  \"store\": {\"name\": ", doc->rate_default ? "true" : "false");
	jstr(&b, doc->store.name);
	kp_buf_puts(&b, ", \"split_first_bytes\": ");
	jnum(&b, doc->store.split_first);
	kp_buf_puts(&b, ", \"split_max_bytes\": ");
	jnum(&b, doc->store.split_max);
	kp_buf_printf(&b, ", \"first_part_whole\": %s, \"assumed\": %s},\n  \"assumptions\": [",
	              doc->store.first_part_whole ? "true" : "false", doc->store.split_assumed ? "true" : "false");
	for (int i = 0; i < doc->nassumptions; i++) {
		kp_buf_puts(&b, i ? ",\n    " : "\n    ");
		jstr(&b, doc->assumptions[i]);
	}
	kp_buf_puts(&b, "\n  ],\n  \"tables\": [");
	for (int i = 0; i < doc->ntables; i++) {
		const kp_sim_tab *t = &doc->tables[i];
		kp_buf_puts(&b, i ? ",\n    {" : "\n    {");
		kp_buf_puts(&b, "\"table\": ");
		jstr(&b, t->table);
		kp_buf_puts(&b, ", \"rows\": ");
		jnum(&b, t->rows);
		kp_buf_printf(&b, ", \"rows_default\": %s, \"row_bytes\": ", t->rows_default ? "true" : "false");
		jnum(&b, t->row_bytes);
		kp_buf_printf(&b, ", \"row_bytes_default\": %s, \"write_rate\": ", t->row_bytes_default ? "true" : "false");
		jnum(&b, t->write_rate);
		kp_buf_puts(&b, ", \"read_rate\": ");
		jnum(&b, t->read_rate);
		kp_buf_printf(&b, ", \"writes_assumed\": %s,\n     \"notes\": [", t->writes_assumed ? "true" : "false");
		for (int k = 0; k < t->nnotes; k++) {
			kp_buf_puts(&b, k ? ", " : "");
			jstr(&b, t->notes[k]);
		}
		kp_buf_puts(&b, "],\n     \"pictures\": [");
		for (int j = 0; j < t->npics; j++) {
			const kp_sim_pic *p = &t->pics[j];
			kp_buf_puts(&b, j ? ",\n       {" : "\n       {");
			kp_buf_puts(&b, "\"label\": ");
			jstr(&b, p->label);
			kp_buf_puts(&b, ", \"kind\": ");
			jstr(&b, p->kind);
			kp_buf_puts(&b, ", \"key\": ");
			jstr(&b, p->key);
			kp_buf_printf(&b, ", \"recommended\": %s,\n        \"ddl\": ", p->recommended ? "true" : "false");
			jstr(&b, p->ddl);
			kp_buf_puts(&b, ",\n        \"lanes\": ");
			jstr(&b, p->lanes);
			kp_buf_puts(&b, ",\n        \"metrics\": ");
			metrics(&b, &p->res);
			kp_buf_puts(&b, ",\n        \"advisor_write_concentration\": ");
			if (p->advisor_hot < 0)
				kp_buf_puts(&b, "null");
			else
				jnum(&b, p->advisor_hot);
			kp_buf_puts(&b, ",\n        \"statements\": [");
			for (int k = 0; k < p->nfan; k++) {
				const kp_sim_fan *f = &p->fan[k];
				kp_buf_puts(&b, k ? ",\n          {" : "\n          {");
				kp_buf_puts(&b, "\"location\": ");
				jstr(&b, f->location);
				kp_buf_puts(&b, ", \"access\": ");
				jstr(&b, f->access);
				kp_buf_puts(&b, ", \"index\": ");
				jstr(&b, f->index);
				kp_buf_puts(&b, ", \"rate\": ");
				jnum(&b, f->rate);
				kp_buf_printf(&b, ", \"rate_annotated\": %s, \"write\": %s, \"rejected\": %s, \"regions_per_statement\": ",
				              f->rate_annotated ? "true" : "false", f->write ? "true" : "false",
				              f->rejected ? "true" : "false");
				jnum(&b, f->regions);
				kp_buf_puts(&b, ", \"statement\": ");
				jstr(&b, f->statement);
				kp_buf_putc(&b, '}');
			}
			kp_buf_puts(&b, p->nfan ? "\n        ]}" : "]}");
		}
		kp_buf_puts(&b, "\n     ]}");
	}
	kp_buf_puts(&b, doc->ntables ? "\n  ]\n}\n" : "]\n}\n");
	fwrite(b.data, 1, b.len, out);
	kp_buf_free(&b);
}

static void pct(kp_buf *b, double v)
{
	kp_buf_printf(b, "%6.1f%%", v * 100);
}

void kp_sim_text(FILE *out, const kp_sim_doc *doc)
{
	kp_buf b = {0};
	const kp_sim_config *c = &doc->cfg;
	kp_buf_printf(&b, "keyplan simulate: %s, %.6g h in %d steps of %.6g s, seed %llu, %d region servers (%s)\n",
	              doc->target, c->hours, c->steps, c->hours * 3600 / c->steps, (unsigned long long)c->seed,
	              c->servers, c->balance_count ? "balanced by region count" : "round-robin over the key order");
	kp_buf_printf(&b, "store: %s, regions split past %.6g MB", doc->store.name, doc->store.split_first / 1048576);
	if (doc->store.split_max != doc->store.split_first)
		kp_buf_printf(&b, " while alone on their server, then past %.6g MB", doc->store.split_max / 1048576);
	kp_buf_printf(&b, "%s%s\n", doc->store.first_part_whole ? "; a first key part's value is never split" : "",
	              doc->store.split_assumed ? " (assumed: docs/simulate.md)" : "");
	if (doc->shared)
		kp_buf_printf(&b, "rate: %.6g statements/s shared by weight among %d statement(s) without -- rate:%s\n",
		              doc->rate, doc->shared, doc->rate_default ? " (the default; --rate N/s)" : "");
	else
		kp_buf_puts(&b, "rate: every statement states its own (-- rate:)\n");
	if (doc->ntables == 0)
		kp_buf_puts(&b, "\nno table is read or written by the workload: nothing to simulate\n");
	for (int i = 0; i < doc->ntables; i++) {
		const kp_sim_tab *t = &doc->tables[i];
		kp_buf_puts(&b, "\ntable ");
		kp_buf_puts_visible(&b, t->table);
		kp_buf_printf(&b, ": %.6g rows at the start%s, %.6g bytes a row%s; %.6g rows written/s, %.6g reads/s\n",
		              t->rows, t->rows_default ? " (default)" : "", t->row_bytes,
		              t->row_bytes_default ? " (estimated)" : "", t->write_rate, t->read_rate);
		for (int k = 0; k < t->nnotes; k++) {
			kp_buf_puts(&b, "  ");
			kp_buf_puts_visible(&b, t->notes[k]);
			kp_buf_putc(&b, '\n');
		}
		kp_buf_puts(&b, "  hot region  hot server  max/mean  gini  splits  regions  picture\n");
		for (int j = 0; j < t->npics; j++) {
			const kp_sim_pic *p = &t->pics[j];
			const kp_sim_result *r = &p->res;
			kp_buf_puts(&b, "   ");
			pct(&b, r->hottest_region_write_share);
			kp_buf_puts(&b, "     ");
			pct(&b, r->hottest_server_write_share);
			kp_buf_printf(&b, "  %8.2f  %4.2f  %6llu  %7llu  ", r->max_mean_server_load, r->gini_region_load,
			              r->splits, r->regions);
			kp_buf_puts_visible(&b, p->label);
			if (j == 0 && p->key) {
				kp_buf_puts(&b, " ");
				kp_buf_puts_visible(&b, p->key);
			}
			kp_buf_putc(&b, '\n');
		}
		const kp_sim_pic *p0 = &t->pics[0];
		if (p0->advisor_hot >= 0)
			kp_buf_printf(&b, "  the advisor's write concentration as designed: %.1f%% of the rows written to "
			              "the table and its indexes land on one region\n", p0->advisor_hot * 100);
		for (int j = 0; j < t->npics; j++) {
			const kp_sim_pic *p = &t->pics[j];
			kp_buf_puts(&b, j ? "  regions per statement, " : "  regions per statement, ");
			kp_buf_puts_visible(&b, p->label);
			kp_buf_puts(&b, ":\n");
			for (int k = 0; k < p->nfan; k++) {
				const kp_sim_fan *f = &p->fan[k];
				kp_buf_puts(&b, "    ");
				kp_buf_puts_visible(&b, f->location);
				kp_buf_printf(&b, " %s", f->access);
				if (f->index) {
					kp_buf_puts(&b, " ");
					kp_buf_puts_visible(&b, f->index);
				}
				kp_buf_printf(&b, ", %.6g/s%s: ", f->rate, f->rate_annotated ? " (annotated)" : "");
				if (!strcmp(f->access, "insert"))
					kp_buf_puts(&b, "grows the table");
				else if (f->index)
					kp_buf_puts(&b, "reads the index table (not simulated)");
				else
					kp_buf_printf(&b, "%.3g region(s)%s", f->regions, f->rejected ? ", rejected: runs nowhere" : "");
				kp_buf_putc(&b, '\n');
			}
		}
	}
	if (doc->nassumptions) {
		kp_buf_puts(&b, "\nassumptions:\n");
		for (int i = 0; i < doc->nassumptions; i++)
			kp_buf_printf(&b, "  %s\n", doc->assumptions[i]);
	}
	fwrite(b.data, 1, b.len, out);
	kp_buf_free(&b);
}
