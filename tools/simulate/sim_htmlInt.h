/* Inside the simulation's HTML report writer (sim_html.h is its contract).
 * One idea per file:
 *
 *   sim_html.c     the document: header, tables, metrics, fan-out, notes,
 *                  assumptions, the screen and print stylesheets
 *   sim_grid.c     a heatmap compacted to display resolution, and the log
 *                  colour scale that pictures of one table share
 *   sim_svg.c      the heatmap and its legend drawn as inline SVG
 *   sim_text.c     untrusted text escaped for HTML, numbers written the
 *                  same way on every machine
 *   sim_palette.c  the viridis colour map (sim_palette.h) */
#ifndef KP_SIMULATE_SIM_HTMLINT_H
#define KP_SIMULATE_SIM_HTMLINT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "tools/simulate/sim_html.h"
#include "tools/simulate/sim_palette.h"

/* Display resolution: a heatmap larger than this is compacted as TiDB's
 * Key Visualizer compacts its matrix, adjacent buckets and steps merged
 * into one display cell, so that 1,000 x 1,000 cells stay a small file. */
#define KP_SIM_MAX_KEY_ROWS 100
#define KP_SIM_MAX_TIME_COLS 200

/* A heatmap at display resolution. Display cell (c, r) merges source time
 * steps [c * step_group, (c + 1) * step_group) and key buckets
 * [r * key_group, (r + 1) * key_group), cut at the heatmap's edge (the last
 * column and row may merge fewer). sum is the exact total of the source
 * cells merged (operations are counts, exact in a double up to 2^53); the
 * colour shows sum / cells merged, the mean load of one source bucket in
 * one source step, so that pictures compacted differently still share one
 * scale. */
typedef struct kp_sim_grid {
	size_t cols, rows;          /* time columns, key rows */
	size_t step_group, key_group;
	double *sum;                /* heap, sum[r * cols + c] */
	size_t invalid;             /* source cells not a finite number >= 0,
	                               counted as 0 (the report says how many) */
	bool overflow;              /* a sum passed the largest double and was
	                               kept at it */
} kp_sim_grid;

/* Compacts h to at most max_cols x max_rows (each >= 1). An empty or
 * absent heatmap gives 0 x 0. Returns 0, or -1 when out of memory. */
int kp_sim_grid_compact(kp_sim_grid *g, const kp_sim_heatmap *h, size_t max_cols, size_t max_rows);
void kp_sim_grid_free(kp_sim_grid *g);
/* The number of source cells merged into display cell (c, r). */
size_t kp_sim_grid_cells(const kp_sim_grid *g, const kp_sim_heatmap *h, size_t c, size_t r);
/* The colour value of display cell (c, r): its sum over its cells. */
double kp_sim_grid_mean(const kp_sim_grid *g, const kp_sim_heatmap *h, size_t c, size_t r);

/* A log colour scale shared by every picture of one kind (writes or
 * reads) of one table. lo is one decade below the smallest load drawn, so
 * that any load is told apart from none, and at most KP_SIM_SCALE_DECADES
 * below hi; a load at or below lo and no load at all are the darkest
 * colour, hi is the brightest. */
#define KP_SIM_SCALE_DECADES 6
typedef struct kp_sim_scale {
	double lo, hi;
	double min_positive;        /* while adding */
	bool any;                   /* some cell holds load */
} kp_sim_scale;

void kp_sim_scale_init(kp_sim_scale *s);
void kp_sim_scale_add(kp_sim_scale *s, const kp_sim_grid *g, const kp_sim_heatmap *h);
void kp_sim_scale_finish(kp_sim_scale *s);
/* The palette entry for v: 0 for no load, else its place between lo and hi
 * on the log scale, in KP_SIM_LEVELS steps. */
#define KP_SIM_LEVELS 64
int kp_sim_scale_level(const kp_sim_scale *s, double v);
/* The palette index of a level */
int kp_sim_level_colour(int level);

/* SVG. The plot of a heatmap is KP_SIM_PLOT_W x KP_SIM_PLOT_H CSS pixels
 * at (KP_SIM_PLOT_X, KP_SIM_PLOT_Y) inside its figure's <svg>, whatever its
 * resolution: pictures line up and compare, and a test can find them. Time
 * runs left to right, keys from the smallest (top) to the largest
 * (bottom), as the Key Visualizer draws them. */
#define KP_SIM_SVG_W 480
#define KP_SIM_SVG_H 214
#define KP_SIM_PLOT_X 104
#define KP_SIM_PLOT_Y 8
#define KP_SIM_PLOT_W 360
#define KP_SIM_PLOT_H 160

/* Appends one heatmap's <svg>: its cells, frame and axes. kind is
 * "writes" or "reads"; id names the plot for readers and tests. */
void kp_sim_svg_heatmap(kp_buf *b, const kp_sim_heatmap *h, const kp_sim_grid *g, const kp_sim_scale *s,
                        const kp_sim_palette *p, const char *kind, const char *id);
/* Appends the legend of a scale: the colours from lo to hi with decade
 * ticks, and what a colour counts. */
void kp_sim_svg_legend(kp_buf *b, const kp_sim_scale *s, const kp_sim_palette *p, const char *kind);

/* Text. Appends s escaped for HTML text and attribute values: & < > " '
 * as entities, control characters and bidirectional overrides as
 * <U+XXXX>, bytes that are not UTF-8 as U+FFFD. multiline keeps line
 * breaks and tabs (statements and DDL, shown preformatted). NULL appends
 * nothing. */
void kp_sim_html_text(kp_buf *b, const char *s, bool multiline);
/* The same, cut after max_chars characters with an ellipsis. */
void kp_sim_html_text_cut(kp_buf *b, const char *s, size_t max_chars);
/* Appends a number in at most digits significant digits, locale-free
 * ("1.5", "2e+09"); "n/a" when it is not finite. */
void kp_sim_num(kp_buf *b, double v, int digits);
/* Appends a count with thousands separators (1,234,567). */
void kp_sim_count(kp_buf *b, unsigned long long v);
/* Appends a load for an axis or legend: 1, 10, 100, 1k, 10k, 1M, 1G. */
void kp_sim_short(kp_buf *b, double v);

#endif
