/* The heatmap and its legend, drawn as inline SVG.
 *
 * Every display cell of a level of the colour scale goes into one <path>
 * for that level, as runs of equal cells along a key row: a smooth
 * picture is a few hundred bytes, and even a noisy 100 x 200 grid stays
 * near 300 KB. The darkest level is the plot's background. Coordinates are
 * whole cells in a nested <svg> whose viewBox the browser stretches to the
 * fixed plot size, edges kept crisp. */
#include "tools/simulate/sim_htmlInt.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static void put_colour(kp_buf *b, const kp_sim_palette *p, int index)
{
	kp_buf_printf(b, "#%02x%02x%02x", p->rgb[index][0], p->rgb[index][1], p->rgb[index][2]);
}

/* the ticks of an axis of length total: 0 and multiples of a round step
 * (1, 2 or 5 times a power of ten), at most about six */
static double tick_step(double total)
{
	double raw = total / 5, mag = pow(10, floor(log10(raw)));
	if (raw / mag <= 1)
		return mag;
	if (raw / mag <= 2)
		return 2 * mag;
	if (raw / mag <= 5)
		return 5 * mag;
	return 10 * mag;
}

static void time_axis(kp_buf *b, const kp_sim_heatmap *h)
{
	const char *unit = "steps";
	double total = (double)h->time_steps, per_step = 1;
	if (isfinite(h->step_seconds) && h->step_seconds > 0) {
		double seconds = h->step_seconds * (double)h->time_steps;
		if (seconds >= 2 * 3600) {
			unit = "h";
			per_step = h->step_seconds / 3600;
		} else if (seconds >= 120) {
			unit = "min";
			per_step = h->step_seconds / 60;
		} else {
			unit = "s";
			per_step = h->step_seconds;
		}
		total = per_step * (double)h->time_steps;
	}
	if (!(total > 0) || !isfinite(total))
		return;
	double step = tick_step(total);
	for (int i = 0; i <= 10 && i * step <= total * (1 + 1e-9); i++) {
		double x = KP_SIM_PLOT_X + KP_SIM_PLOT_W * (i * step / total);
		kp_buf_puts(b, "<line x1=\"");
		kp_sim_num(b, x, 6);
		kp_buf_puts(b, "\" x2=\"");
		kp_sim_num(b, x, 6);
		kp_buf_printf(b, "\" y1=\"%d\" y2=\"%d\"/><text x=\"", KP_SIM_PLOT_Y + KP_SIM_PLOT_H,
		              KP_SIM_PLOT_Y + KP_SIM_PLOT_H + 4);
		kp_sim_num(b, x, 6);
		kp_buf_printf(b, "\" y=\"%d\" text-anchor=\"middle\">", KP_SIM_PLOT_Y + KP_SIM_PLOT_H + 16);
		kp_sim_num(b, i * step, 4);
		kp_buf_puts(b, "</text>");
	}
	kp_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">time (%s)</text>",
	              KP_SIM_PLOT_X + KP_SIM_PLOT_W / 2, KP_SIM_PLOT_Y + KP_SIM_PLOT_H + 34, unit);
}

static void key_axis(kp_buf *b, const kp_sim_heatmap *h)
{
	kp_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">"
	                 "key space</text>",
	              14, KP_SIM_PLOT_Y + KP_SIM_PLOT_H / 2, 14, KP_SIM_PLOT_Y + KP_SIM_PLOT_H / 2);
	const char *ends[2] = {h->key_first, h->key_last};
	const int ys[2] = {KP_SIM_PLOT_Y + 10, KP_SIM_PLOT_Y + KP_SIM_PLOT_H};
	for (int i = 0; i < 2; i++) {
		kp_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", KP_SIM_PLOT_X - 4, ys[i]);
		if (ends[i]) {
			kp_buf_puts(b, "<title>");
			kp_sim_html_text(b, ends[i], false);
			kp_buf_puts(b, "</title>");
			kp_sim_html_text_cut(b, ends[i], 10);
		} else {
			kp_buf_puts(b, i ? "last key" : "first key");
		}
		kp_buf_puts(b, "</text>");
	}
	kp_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", KP_SIM_PLOT_X - 4,
	              KP_SIM_PLOT_Y + KP_SIM_PLOT_H / 2 + 4);
	kp_sim_count(b, h->key_buckets);
	kp_buf_puts(b, " buckets</text>");
}

void kp_sim_svg_heatmap(kp_buf *b, const kp_sim_heatmap *h, const kp_sim_grid *g, const kp_sim_scale *s,
                        const kp_sim_palette *p, const char *kind, const char *id)
{
	kp_buf_printf(b, "<svg class=\"heat\" id=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	                 "role=\"img\" aria-label=\"%s over key space and time\">",
	              id, KP_SIM_SVG_W, KP_SIM_SVG_H, KP_SIM_SVG_W, KP_SIM_SVG_H, kind);
	if (g->cols && g->rows) {
		kp_buf_printf(b, "<svg x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %zu %zu\" "
		                 "preserveAspectRatio=\"none\" shape-rendering=\"crispEdges\">",
		              KP_SIM_PLOT_X, KP_SIM_PLOT_Y, KP_SIM_PLOT_W, KP_SIM_PLOT_H, g->cols, g->rows);
		kp_buf_printf(b, "<rect width=\"%zu\" height=\"%zu\" fill=\"", g->cols, g->rows);
		put_colour(b, p, kp_sim_level_colour(0));
		kp_buf_puts(b, "\"/>");
		kp_buf paths[KP_SIM_LEVELS] = {{0}};
		for (size_t r = 0; r < g->rows; r++) {
			for (size_t c = 0; c < g->cols;) {
				int level = kp_sim_scale_level(s, kp_sim_grid_mean(g, h, c, r));
				size_t run = 1;
				while (c + run < g->cols && kp_sim_scale_level(s, kp_sim_grid_mean(g, h, c + run, r)) == level)
					run++;
				if (level > 0)
					kp_buf_printf(&paths[level], "M%zu %zuh%zuv1h-%zuz", c, r, run, run);
				c += run;
			}
		}
		for (int level = 1; level < KP_SIM_LEVELS; level++) {
			if (paths[level].len) {
				kp_buf_puts(b, "<path fill=\"");
				put_colour(b, p, kp_sim_level_colour(level));
				kp_buf_puts(b, "\" d=\"");
				kp_buf_put(b, paths[level].data, paths[level].len);
				kp_buf_puts(b, "\"/>");
			}
			kp_buf_free(&paths[level]);
		}
		kp_buf_puts(b, "</svg>");
	} else {
		kp_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">no %s simulated</text>",
		              KP_SIM_PLOT_X + KP_SIM_PLOT_W / 2, KP_SIM_PLOT_Y + KP_SIM_PLOT_H / 2, kind);
	}
	kp_buf_printf(b, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", KP_SIM_PLOT_X,
	              KP_SIM_PLOT_Y, KP_SIM_PLOT_W, KP_SIM_PLOT_H);
	key_axis(b, h);
	time_axis(b, h);
	kp_buf_puts(b, "</svg>");
}

void kp_sim_svg_legend(kp_buf *b, const kp_sim_scale *s, const kp_sim_palette *p, const char *kind)
{
	enum { BAR_Y = 4, BAR_H = 14 };
	kp_buf_printf(b, "<svg class=\"legend\" width=\"%d\" height=\"48\" viewBox=\"0 0 %d 48\" role=\"img\" "
	                 "aria-label=\"colour scale of %s\">",
	              KP_SIM_SVG_W, KP_SIM_SVG_W, kind);
	kp_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>", KP_SIM_PLOT_X - 6, BAR_Y + 11, kind);
	kp_buf_printf(b, "<svg x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d 1\" "
	                 "preserveAspectRatio=\"none\" shape-rendering=\"crispEdges\">",
	              KP_SIM_PLOT_X, BAR_Y, KP_SIM_PLOT_W, BAR_H, s->any ? KP_SIM_LEVELS : 1);
	for (int level = 0; level < (s->any ? KP_SIM_LEVELS : 1); level++) {
		kp_buf_printf(b, "<rect x=\"%d\" width=\"1\" height=\"1\" fill=\"", level);
		put_colour(b, p, kp_sim_level_colour(level));
		kp_buf_puts(b, "\"/>");
	}
	kp_buf_puts(b, "</svg>");
	kp_buf_printf(b, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", KP_SIM_PLOT_X, BAR_Y,
	              KP_SIM_PLOT_W, BAR_H);
	const int label_y = BAR_Y + BAR_H + 14;
	if (!s->any) {
		kp_buf_printf(b, "<text x=\"%d\" y=\"%d\">no %s in any picture</text>", KP_SIM_PLOT_X, label_y, kind);
		kp_buf_puts(b, "</svg>");
		return;
	}
	double llo = log10(s->lo), lhi = log10(s->hi);
	int first = (int)ceil(llo - 1e-9), last = (int)floor(lhi + 1e-9), ticks = 0;
	for (int e = first; e <= last; e++) {
		double x = KP_SIM_PLOT_X + KP_SIM_PLOT_W * ((e - llo) / (lhi - llo));
		kp_buf_puts(b, "<line x1=\"");
		kp_sim_num(b, x, 6);
		kp_buf_puts(b, "\" x2=\"");
		kp_sim_num(b, x, 6);
		kp_buf_printf(b, "\" y1=\"%d\" y2=\"%d\"/><text x=\"", BAR_Y + BAR_H, BAR_Y + BAR_H + 3);
		kp_sim_num(b, x, 6);
		kp_buf_printf(b, "\" y=\"%d\" text-anchor=\"middle\">", label_y);
		kp_sim_short(b, pow(10, e));
		kp_buf_puts(b, "</text>");
		ticks++;
	}
	if (ticks < 2) {
		/* less than a decade between the ends: name the ends instead */
		kp_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"start\">&#8804; ", KP_SIM_PLOT_X, label_y + 12);
		kp_sim_short(b, s->lo);
		kp_buf_printf(b, "</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">", KP_SIM_PLOT_X + KP_SIM_PLOT_W,
		              label_y + 12);
		kp_sim_short(b, s->hi);
		kp_buf_puts(b, "</text>");
	}
	kp_buf_puts(b, "</svg>");
}
