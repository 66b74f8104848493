/* A heatmap compacted to display resolution, and the log colour scale.
 *
 * TiDB's Key Visualizer keeps its matrix at a fixed display size by
 * merging adjacent key ranges and time windows; it sums what they
 * hold (bytes or keys written and read). Here too: a display cell's sum is
 * the exact total of the source cells it merges. The colour divides that
 * sum by the cells merged, so a hot bucket merged with cold ones stays
 * visible (its load is spread over the merged cell, not dropped), and two
 * pictures compacted differently still read on one scale. */
#include "tools/simulate/sim_htmlInt.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static size_t ceil_div(size_t a, size_t b)
{
	return a / b + (a % b != 0);
}

int kp_sim_grid_compact(kp_sim_grid *g, const kp_sim_heatmap *h, size_t max_cols, size_t max_rows)
{
	*g = (kp_sim_grid){0};
	if (!h || !h->cells || h->key_buckets == 0 || h->time_steps == 0 ||
	    h->key_buckets > SIZE_MAX / h->time_steps) /* no array is that large */
		return 0;
	if (max_cols == 0)
		max_cols = 1;
	if (max_rows == 0)
		max_rows = 1;
	g->step_group = ceil_div(h->time_steps, max_cols);
	g->key_group = ceil_div(h->key_buckets, max_rows);
	g->cols = ceil_div(h->time_steps, g->step_group);
	g->rows = ceil_div(h->key_buckets, g->key_group);
	g->sum = calloc(g->cols * g->rows, sizeof *g->sum);
	if (!g->sum) {
		*g = (kp_sim_grid){0};
		return -1;
	}
	/* one pass in source order; a display row is a run of source buckets,
	 * found by a counter rather than a division per cell */
	for (size_t t = 0; t < h->time_steps; t++) {
		double *row_sums = g->sum + t / g->step_group;
		const double *src = h->cells + t * h->key_buckets;
		size_t r = 0, left = g->key_group;
		for (size_t k = 0; k < h->key_buckets; k++) {
			double v = src[k];
			if (!(v >= 0) || v > DBL_MAX) {
				g->invalid++;
			} else if (v > 0) {
				double *cell = row_sums + r * g->cols;
				*cell += v;
				if (*cell > DBL_MAX) {
					*cell = DBL_MAX;
					g->overflow = true;
				}
			}
			if (--left == 0) {
				r++;
				left = g->key_group;
			}
		}
	}
	return 0;
}

void kp_sim_grid_free(kp_sim_grid *g)
{
	free(g->sum);
	*g = (kp_sim_grid){0};
}

size_t kp_sim_grid_cells(const kp_sim_grid *g, const kp_sim_heatmap *h, size_t c, size_t r)
{
	size_t steps = h->time_steps - c * g->step_group, keys = h->key_buckets - r * g->key_group;
	if (steps > g->step_group)
		steps = g->step_group;
	if (keys > g->key_group)
		keys = g->key_group;
	return steps * keys;
}

double kp_sim_grid_mean(const kp_sim_grid *g, const kp_sim_heatmap *h, size_t c, size_t r)
{
	return g->sum[r * g->cols + c] / (double)kp_sim_grid_cells(g, h, c, r);
}

void kp_sim_scale_init(kp_sim_scale *s)
{
	*s = (kp_sim_scale){0};
}

void kp_sim_scale_add(kp_sim_scale *s, const kp_sim_grid *g, const kp_sim_heatmap *h)
{
	for (size_t r = 0; r < g->rows; r++)
		for (size_t c = 0; c < g->cols; c++) {
			double v = kp_sim_grid_mean(g, h, c, r);
			/* below the least normal double is no load: the scale's
			 * bottom must stay a positive number with a logarithm */
			if (!(v >= DBL_MIN))
				continue;
			if (!s->any || v > s->hi)
				s->hi = v;
			if (!s->any || v < s->min_positive)
				s->min_positive = v;
			s->any = true;
		}
}

void kp_sim_scale_finish(kp_sim_scale *s)
{
	if (!s->any) {
		s->lo = s->hi = 0;
		return;
	}
	s->lo = s->min_positive / 10;
	double floor_lo = s->hi / pow(10, KP_SIM_SCALE_DECADES);
	if (s->lo < floor_lo)
		s->lo = floor_lo;
}

int kp_sim_scale_level(const kp_sim_scale *s, double v)
{
	if (!s->any || !(v > s->lo) || !(v >= DBL_MIN))
		return 0;
	if (v >= s->hi)
		return KP_SIM_LEVELS - 1;
	double f = (log10(v) - log10(s->lo)) / (log10(s->hi) - log10(s->lo));
	int level = (int)lround(f * (KP_SIM_LEVELS - 1));
	return level < 0 ? 0 : level > KP_SIM_LEVELS - 1 ? KP_SIM_LEVELS - 1 : level;
}

int kp_sim_level_colour(int level)
{
	return (level * (KP_SIM_PALETTE_N - 1) + (KP_SIM_LEVELS - 1) / 2) / (KP_SIM_LEVELS - 1);
}
