/* The simulation's report: one self-contained HTML5 file.
 *
 * Nothing is loaded from anywhere: no script at all, no font (the
 * reader's own sans-serif and monospace), the pictures inline SVG drawn
 * here. Per table: each advised change beside the design as it is (writes
 * and reads over key space x time), on one colour scale per kind so the
 * two pictures compare; the legend; the metrics of every picture; the
 * regions each statement reads; what was inferred or assumed. The print
 * stylesheet keeps the page white, prints the colours, and keeps a pair of
 * pictures, a table row and a heading with what follows on one page.
 *
 * The document is written table by table (memory holds one table's
 * pictures); the same report gives the same bytes (no time, no path of the
 * machine, numbers through the C locale). */
#include "tools/simulate/sim_htmlInt.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char style[] =
	"<style>\n"
	":root{color-scheme:light}\n"
	"body{font:14px/1.45 system-ui,-apple-system,\"Segoe UI\",sans-serif;color:#1a1a1a;background:#fff;"
	"margin:16px 24px;max-width:1040px}\n"
	"h1{font-size:22px;margin:0 0 4px;overflow-wrap:anywhere}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ccc;overflow-wrap:anywhere}"
	"h3{font-size:14px;margin:0 0 4px}\n"
	"code,pre{font-family:ui-monospace,\"DejaVu Sans Mono\",monospace;font-size:12px}\n"
	"pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 6px;background:#f4f4f4;padding:4px 6px}\n"
	"dl.run{display:grid;grid-template-columns:max-content 1fr;gap:0 12px;margin:4px 0 12px}"
	"dl.run dt{font-weight:600}dl.run dd{margin:0;overflow-wrap:anywhere}\n"
	".pair{display:flex;flex-wrap:wrap;gap:16px;margin:8px 0 12px}\n"
	".pic{flex:0 0 480px;width:480px}\n"
	".pic h3{overflow-wrap:anywhere}\n"
	"svg{display:block;overflow:visible}svg text{font:11px system-ui,sans-serif;fill:#1a1a1a}\n"
	"svg line{stroke:#1a1a1a;stroke-width:1}svg .frame{fill:none;stroke:#1a1a1a;stroke-width:1}\n"
	"figure{margin:0 0 6px}figcaption{font-size:12px;color:#444}\n"
	"table{border-collapse:collapse;margin:6px 0 12px}th,td{border:1px solid #ccc;padding:3px 8px;"
	"text-align:left;vertical-align:top}td.n{text-align:right;font-variant-numeric:tabular-nums}"
	"th{background:#f0f0f0}\n"
	"td code{white-space:pre-wrap;overflow-wrap:anywhere}\n"
	".note{color:#444;font-size:12px}\n"
	"@page{margin:12mm}\n"
	"@media print{\n"
	"body{margin:0;max-width:none;color:#000;background:#fff}\n"
	".pair{flex-wrap:nowrap}.pic{flex:1 1 0;min-width:0;width:auto}\n"
	"svg.heat{width:100%;height:auto}\n"
	"*{-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
	"h2,h3{break-after:avoid}\n"
	".pair,figure,tr,.legends,pre{break-inside:avoid}\n"
	"thead{display:table-header-group}\n"
	"section.table{break-before:auto}\n"
	"}\n"
	"</style>\n";

static void text(kp_buf *b, const char *s)
{
	kp_sim_html_text(b, s, false);
}

static void run_facts(kp_buf *b, const kp_sim_report *r)
{
	kp_buf_puts(b, "<dl class=\"run\">");
	const char *names[3] = {"target", "schema", "workload"};
	const char *values[3] = {r->target, r->schema_path, r->workload_path};
	for (int i = 0; i < 3; i++) {
		if (!values[i])
			continue;
		kp_buf_printf(b, "<dt>%s</dt><dd>", names[i]);
		if (i)
			kp_buf_puts(b, "<code>");
		text(b, values[i]);
		kp_buf_puts(b, i ? "</code></dd>" : "</dd>");
	}
	kp_buf_puts(b, "<dt>seed</dt><dd>");
	kp_buf_printf(b, "%llu", r->seed);
	kp_buf_puts(b, "</dd><dt>simulated</dt><dd>");
	kp_sim_num(b, r->hours, 6);
	kp_buf_puts(b, " h</dd></dl>\n");
}

/* One picture's compacted heatmaps. */
typedef struct picture_grids {
	kp_sim_grid writes, reads;
} picture_grids;

static void picture_caption(kp_buf *b, const kp_sim_heatmap *h, const kp_sim_grid *g, const char *kind)
{
	kp_buf_printf(b, "<figcaption>%s: ", kind);
	if (!g->cols) {
		kp_buf_puts(b, "nothing to draw</figcaption>");
		return;
	}
	kp_sim_count(b, h->key_buckets);
	kp_buf_puts(b, " key buckets &#215; ");
	kp_sim_count(b, h->time_steps);
	kp_buf_puts(b, " steps");
	if (isfinite(h->step_seconds) && h->step_seconds > 0) {
		kp_buf_puts(b, " of ");
		kp_sim_num(b, h->step_seconds, 6);
		kp_buf_puts(b, " s");
	}
	if (g->key_group > 1 || g->step_group > 1) {
		kp_buf_puts(b, "; drawn as ");
		kp_sim_count(b, g->rows);
		kp_buf_puts(b, " &#215; ");
		kp_sim_count(b, g->cols);
		kp_buf_puts(b, " cells, each the sum of up to ");
		kp_sim_count(b, g->key_group);
		kp_buf_puts(b, " buckets &#215; ");
		kp_sim_count(b, g->step_group);
		kp_buf_puts(b, " steps, coloured by its mean");
	}
	if (g->invalid) {
		kp_buf_puts(b, "; ");
		kp_sim_count(b, g->invalid);
		kp_buf_puts(b, " cells were not a number &#8805; 0 and are drawn as no load");
	}
	if (g->overflow)
		kp_buf_puts(b, "; some sums passed the largest number and are drawn at it");
	kp_buf_puts(b, "</figcaption>");
}

static void picture(kp_buf *b, const kp_sim_picture *p, const picture_grids *pg, const kp_sim_scale *ws,
                    const kp_sim_scale *rs, const kp_sim_palette *pal, const char *id)
{
	kp_buf_puts(b, "<div class=\"pic\"><h3>");
	text(b, p->label ? p->label : "(no label)");
	kp_buf_puts(b, "</h3>");
	if (p->ddl) {
		kp_buf_puts(b, "<pre>");
		kp_sim_html_text(b, p->ddl, true);
		kp_buf_puts(b, "</pre>");
	}
	char sid[128];
	snprintf(sid, sizeof sid, "%s-writes", id);
	kp_buf_puts(b, "<figure>");
	kp_sim_svg_heatmap(b, &p->writes, &pg->writes, ws, pal, "writes", sid);
	picture_caption(b, &p->writes, &pg->writes, "writes");
	kp_buf_puts(b, "</figure><figure>");
	snprintf(sid, sizeof sid, "%s-reads", id);
	kp_sim_svg_heatmap(b, &p->reads, &pg->reads, rs, pal, "reads", sid);
	picture_caption(b, &p->reads, &pg->reads, "reads");
	kp_buf_puts(b, "</figure></div>");
}

static void share(kp_buf *b, double v)
{
	if (!isfinite(v)) {
		kp_buf_puts(b, "n/a");
		return;
	}
	kp_sim_num(b, v * 100, 4);
	kp_buf_putc(b, '%');
}

static void metrics_table(kp_buf *b, const kp_sim_table_report *t)
{
	size_t n = 1 + t->nafter;
	kp_buf_puts(b, "<table class=\"metrics\"><thead><tr><th>metric</th>");
	for (size_t i = 0; i < n; i++) {
		const kp_sim_picture *p = i ? &t->after[i - 1] : &t->before;
		kp_buf_puts(b, "<th>");
		text(b, p->label ? p->label : "(no label)");
		kp_buf_puts(b, "</th>");
	}
	kp_buf_puts(b, "</tr></thead><tbody>");
	static const char *const rows[] = {
		"writes on the hottest region", "writes on the hottest server", "max / mean server load",
		"Gini coefficient of region load", "region splits", "regions at the end", "writes simulated",
		"reads simulated"};
	for (size_t row = 0; row < sizeof rows / sizeof rows[0]; row++) {
		kp_buf_printf(b, "<tr><th scope=\"row\">%s</th>", rows[row]);
		for (size_t i = 0; i < n; i++) {
			const kp_sim_metrics *m = i ? &t->after[i - 1].metrics : &t->before.metrics;
			kp_buf_puts(b, "<td class=\"n\">");
			switch (row) {
			case 0: share(b, m->hottest_region_write_share); break;
			case 1: share(b, m->hottest_server_write_share); break;
			case 2: kp_sim_num(b, m->max_mean_server_load, 4); break;
			case 3: kp_sim_num(b, m->gini_region_load, 3); break;
			case 4: kp_sim_count(b, m->splits); break;
			case 5: kp_sim_count(b, m->regions); break;
			case 6: kp_sim_count(b, m->writes); break;
			default: kp_sim_count(b, m->reads); break;
			}
			kp_buf_puts(b, "</td>");
		}
		kp_buf_puts(b, "</tr>");
	}
	kp_buf_puts(b, "</tbody></table>\n");
}

static int str_eq(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static const kp_sim_fanout *find_fanout(const kp_sim_picture *p, const kp_sim_fanout *f)
{
	for (size_t i = 0; i < p->nfanout; i++)
		if (str_eq(p->fanout[i].statement, f->statement) && str_eq(p->fanout[i].location, f->location))
			return &p->fanout[i];
	return NULL;
}

/* One row per statement of any picture (in the order the pictures list
 * them, each once), one column per picture: how it reads there. */
static void fanout_table(kp_buf *b, const kp_sim_table_report *t)
{
	size_t n = 1 + t->nafter, total = 0;
	for (size_t i = 0; i < n; i++)
		total += i ? t->after[i - 1].nfanout : t->before.nfanout;
	if (!total)
		return;
	kp_buf_puts(b, "<h3>Regions touched per read</h3><table class=\"fanout\"><thead><tr><th>statement</th>"
	               "<th>location</th>");
	for (size_t i = 0; i < n; i++) {
		const kp_sim_picture *p = i ? &t->after[i - 1] : &t->before;
		kp_buf_puts(b, "<th>");
		text(b, p->label ? p->label : "(no label)");
		kp_buf_puts(b, "</th>");
	}
	kp_buf_puts(b, "</tr></thead><tbody>");
	for (size_t i = 0; i < n; i++) {
		const kp_sim_picture *p = i ? &t->after[i - 1] : &t->before;
		for (size_t j = 0; j < p->nfanout; j++) {
			const kp_sim_fanout *f = &p->fanout[j];
			int seen = 0;
			for (size_t k = 0; k < i && !seen; k++)
				seen = find_fanout(k ? &t->after[k - 1] : &t->before, f) != NULL;
			for (size_t k = 0; k < j && !seen; k++)
				seen = str_eq(p->fanout[k].statement, f->statement) &&
				       str_eq(p->fanout[k].location, f->location);
			if (seen)
				continue;
			kp_buf_puts(b, "<tr><td><code>");
			kp_sim_html_text(b, f->statement, true);
			kp_buf_puts(b, "</code></td><td><code>");
			text(b, f->location);
			kp_buf_puts(b, "</code></td>");
			for (size_t k = 0; k < n; k++) {
				const kp_sim_fanout *g = find_fanout(k ? &t->after[k - 1] : &t->before, f);
				kp_buf_puts(b, "<td class=\"n\">");
				if (g) {
					kp_sim_num(b, g->regions_per_read, 4);
					if (g->access) {
						kp_buf_puts(b, " (");
						text(b, g->access);
						kp_buf_puts(b, ")");
					}
				} else {
					kp_buf_puts(b, "&#8212;");
				}
				kp_buf_puts(b, "</td>");
			}
			kp_buf_puts(b, "</tr>");
		}
	}
	kp_buf_puts(b, "</tbody></table>\n");
}

static void list(kp_buf *b, const char *const *items, size_t n)
{
	kp_buf_puts(b, "<ul>");
	for (size_t i = 0; i < n; i++) {
		kp_buf_puts(b, "<li>");
		text(b, items[i]);
		kp_buf_puts(b, "</li>");
	}
	kp_buf_puts(b, "</ul>\n");
}

static int table_section(kp_buf *b, const kp_sim_table_report *t, size_t index, const kp_sim_palette *pal)
{
	size_t n = 1 + t->nafter;
	picture_grids *grids = calloc(n, sizeof *grids);
	if (!grids)
		return -1;
	int rc = 0;
	kp_sim_scale ws, rs;
	kp_sim_scale_init(&ws);
	kp_sim_scale_init(&rs);
	for (size_t i = 0; i < n && rc == 0; i++) {
		const kp_sim_picture *p = i ? &t->after[i - 1] : &t->before;
		if (kp_sim_grid_compact(&grids[i].writes, &p->writes, KP_SIM_MAX_TIME_COLS, KP_SIM_MAX_KEY_ROWS) ||
		    kp_sim_grid_compact(&grids[i].reads, &p->reads, KP_SIM_MAX_TIME_COLS, KP_SIM_MAX_KEY_ROWS))
			rc = -1;
		else {
			kp_sim_scale_add(&ws, &grids[i].writes, &p->writes);
			kp_sim_scale_add(&rs, &grids[i].reads, &p->reads);
		}
	}
	if (rc == 0) {
		kp_sim_scale_finish(&ws);
		kp_sim_scale_finish(&rs);
		kp_buf_printf(b, "<section class=\"table\" id=\"t%zu\"><h2>Table <code>", index + 1);
		text(b, t->table ? t->table : "(unnamed)");
		kp_buf_puts(b, "</code></h2>\n");
		char id[96];
		/* each advised change beside the design as it is; with no
		 * advice, the design alone */
		for (size_t i = 0; i < (t->nafter ? t->nafter : 1); i++) {
			kp_buf_printf(b, "<div class=\"pair\" id=\"t%zu-pair%zu\">", index + 1, i + 1);
			snprintf(id, sizeof id, "t%zu-p%zu-before", index + 1, i + 1);
			picture(b, &t->before, &grids[0], &ws, &rs, pal, id);
			if (t->nafter) {
				snprintf(id, sizeof id, "t%zu-p%zu-after", index + 1, i + 1);
				picture(b, &t->after[i], &grids[i + 1], &ws, &rs, pal, id);
			}
			kp_buf_puts(b, "</div>\n");
		}
		kp_buf_puts(b, "<div class=\"legends\">");
		kp_sim_svg_legend(b, &ws, pal, "writes");
		kp_sim_svg_legend(b, &rs, pal, "reads");
		kp_buf_puts(b, "<p class=\"note\">Colour: operations on one key bucket in one time step, on a "
		               "log scale shared by the pictures of this table (writes and reads each their own); "
		               "the darkest colour is no load, or a load of at most the scale's lowest value.</p>"
		               "</div>\n");
		kp_buf_puts(b, "<h3>Metrics</h3>");
		metrics_table(b, t);
		fanout_table(b, t);
		if (t->nnotes) {
			kp_buf_puts(b, "<h3>Inferred and assumed</h3>");
			list(b, t->notes, t->nnotes);
		}
		kp_buf_puts(b, "</section>\n");
	}
	for (size_t i = 0; i < n; i++) {
		kp_sim_grid_free(&grids[i].writes);
		kp_sim_grid_free(&grids[i].reads);
	}
	free(grids);
	return rc;
}

/* Writes what b holds to out and empties it: the document goes out table
 * by table, so memory holds one table's pictures, not the whole report. */
static int flush(kp_buf *b, FILE *out)
{
	int rc = b->len && fwrite(b->data, 1, b->len, out) != b->len ? -1 : 0;
	kp_buf_clear(b);
	return rc;
}

static int document(kp_buf *b, FILE *out, const kp_sim_report *r)
{
	const char *title = r->title ? r->title : "keyplan simulate";
	kp_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	               "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	               "style-src 'unsafe-inline'\">\n<title>");
	text(b, title);
	kp_buf_puts(b, "</title>\n");
	kp_buf_puts(b, style);
	kp_buf_puts(b, "</head>\n<body>\n<header><h1>");
	text(b, title);
	kp_buf_puts(b, "</h1>\n");
	run_facts(b, r);
	kp_buf_puts(b, "</header>\n");
	if (r->ntables > 1) {
		kp_buf_puts(b, "<nav><ul>");
		for (size_t i = 0; i < r->ntables; i++) {
			kp_buf_printf(b, "<li><a href=\"#t%zu\">", i + 1);
			text(b, r->tables[i].table ? r->tables[i].table : "(unnamed)");
			kp_buf_puts(b, "</a></li>");
		}
		kp_buf_puts(b, "</ul></nav>\n");
	}
	kp_sim_palette pal;
	kp_sim_palette_viridis(&pal);
	if (!r->ntables)
		kp_buf_puts(b, "<p>No table was simulated.</p>\n");
	for (size_t i = 0; i < r->ntables; i++) {
		if (table_section(b, &r->tables[i], i, &pal)) {
			errno = ENOMEM;
			return -1;
		}
		if (flush(b, out))
			return -1;
	}
	kp_buf_puts(b, "<section class=\"assumptions\"><h2>Assumptions</h2>\n");
	if (r->nassumptions)
		list(b, r->assumptions, r->nassumptions);
	kp_buf_puts(b, "<p class=\"note\">Pictures: time runs left to right, keys from the smallest (top) to "
	               "the largest (bottom), as the Key Visualizer draws them. A picture larger than ");
	kp_buf_printf(b, "%d key rows &#215; %d time columns", KP_SIM_MAX_KEY_ROWS, KP_SIM_MAX_TIME_COLS);
	kp_buf_puts(b, " is compacted: adjacent buckets and steps are summed into one cell, coloured by the "
	               "mean of what it merges. Colours: viridis (perceptually uniform, readable with "
	               "colour-vision deficiencies and in greyscale).</p>\n</section>\n</body>\n</html>\n");
	return flush(b, out);
}

int kp_sim_html_write(FILE *out, const kp_sim_report *r)
{
	kp_buf b = {0};
	int rc = document(&b, out, r);
	if (rc == 0 && fflush(out) != 0)
		rc = -1;
	kp_buf_free(&b);
	return rc;
}
