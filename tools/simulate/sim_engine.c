/* The engine (docs/simulate.md, "the engine"): time steps; in each, the
 * balancer, then every stream's operations on the regions (inserts
 * apportioned to the lanes by their shares, each lane's rows to the
 * regions it spans, or to the one holding its tail), then every region past
 * its split size split at its middle row. Work per step is O(lanes +
 * regions), whatever the number of rows: 10^8 rows cost what 10^3 do. */
#include "tools/simulate/simInt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void kp_sim_store_of(kp_sim_store *st, kp_target target, double region_bytes)
{
	memset(st, 0, sizeof *st);
	/* HBase 2.x's default SteppingSplitPolicy: 2 x hbase.hregion.memstore.flush.size
	 * (128 MB) while the table has one region on the server, then
	 * hbase.hregion.max.filesize (10 GB) */
	st->name = "hbase";
	st->split_first = 256.0 * 1024 * 1024;
	st->split_max = 10.0 * 1024 * 1024 * 1024;
	if (target == KP_TARGET_LINDORM) {
		st->name = "lindorm";
		st->split_assumed = true;     /* HBase-compatible; its default is not published */
	} else if (target == KP_TARGET_TABLESTORE) {
		st->name = "tablestore";
		st->split_first = st->split_max;
		st->first_part_whole = true;  /* a partition key value is never split */
		st->split_assumed = true;
	}
	if (region_bytes > 0)
		st->split_first = st->split_max = region_bytes;
}

/* ------------------------------------------------------------ regions */

static int pos_cmp(int la, double oa, int lb, double ob)
{
	if (la != lb)
		return la < lb ? -1 : 1;
	return oa < ob ? -1 : oa > ob ? 1 : 0;
}

int sim_find(const sim *s, int lane, double off)
{
	int lo = 0, hi = s->nr - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (pos_cmp(s->rg[mid].lane, s->rg[mid].off, lane, off) <= 0)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

double sim_lane_piece(const sim *s, int k, int r)
{
	const sim_region *g = &s->rg[r];
	if (g->lane > k)
		return 0;
	int el;
	double eo;
	sim_region_end(s, r, &el, &eo);
	if (el < k)
		return 0;
	double lo = g->lane == k ? g->off : 0;
	double hi = el == k ? eo : INFINITY;
	double c = s->c[k];
	if (!s->L.append) {
		if (hi > 1)
			hi = 1;
		if (lo < 0)
			lo = 0;
		return hi > lo ? c * (hi - lo) : 0;
	}
	double a = lo < 0 ? 0 : lo < c ? lo : c, b = hi < 0 ? 0 : hi < c ? hi : c;
	return b > a ? b - a : 0;
}

double sim_x(const sim *s, int lane, double off)
{
	if (lane >= s->L.n)
		return 1;
	double w = s->xstart[lane + 1] - s->xstart[lane];
	double f;
	if (s->L.append)
		f = s->cfinal[lane] > 0 ? off / s->cfinal[lane] : 0;
	else
		f = off;
	f = f < 0 ? 0 : f > 1 ? 1 : f;
	return s->xstart[lane] + w * f;
}

static void region_insert(sim *s, int at, int lane, double off, double rows, int server)
{
	if (s->nr == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->rg = realloc(s->rg, sizeof(sim_region) * (size_t)s->cap);
		if (!s->rg)
			abort();
	}
	memmove(s->rg + at + 1, s->rg + at, sizeof(sim_region) * (size_t)(s->nr - at));
	sim_region *g = &s->rg[at];
	memset(g, 0, sizeof *g);
	g->lane = lane;
	g->off = off;
	g->rows = rows;
	g->server = server;
	g->born = s->born++;
	s->nr++;
	s->srv_count[server]++;
	s->moved = true;
}

/* The split size of region r (HBase's SteppingSplitPolicy counts the
 * table's regions on its server). */
static double split_bytes(const sim *s, int r)
{
	return s->srv_count[s->rg[r].server] == 1 ? s->st->split_first : s->st->split_max;
}

/* The middle row of region r, as (lane, off): the row with half the
 * region's rows before it, in key order. Where the store never splits a
 * value of the first part, the boundary of whole values nearest to it.
 * False when there is none inside the region. */
static bool middle(const sim *s, int r, int *lane, double *off)
{
	const sim_region *g = &s->rg[r];
	int el;
	double eo;
	sim_region_end(s, r, &el, &eo);
	int last = el < s->L.n ? el : s->L.n - 1;
	double rows = 0;
	for (int k = g->lane; k <= last; k++)
		rows += sim_lane_piece(s, k, r);
	if (rows < 2)
		return false;
	double half = s->L.append ? floor(rows / 2) : rows / 2, cum = 0;
	if (s->L.whole > 0) {
		int W = s->L.whole, best = -1;
		double best_d = INFINITY;
		for (int k = g->lane; k <= last; k++) {
			if (k % W == 0 && pos_cmp(g->lane, g->off, k, 0) < 0 && pos_cmp(k, 0, el, eo) < 0 &&
			    fabs(cum - half) < best_d) {
				best_d = fabs(cum - half);
				best = k;
			}
			cum += sim_lane_piece(s, k, r);
		}
		if (best < 0)
			return false;
		*lane = best;
		*off = 0;
		return true;
	}
	for (int k = g->lane; k <= last; k++) {
		double q = sim_lane_piece(s, k, r);
		if (cum + q > half) {
			double lo = g->lane == k && g->off > 0 ? g->off : 0;
			double o = s->L.append ? lo + (half - cum) : lo + (half - cum) / s->c[k];
			if (pos_cmp(k, o, g->lane, g->off) <= 0 || pos_cmp(k, o, el, eo) >= 0)
				return false;
			*lane = k;
			*off = o;
			return true;
		}
		cum += q;
	}
	return false;
}

/* Every region past its split size is split at its middle row, in rounds
 * (each region once a round, in key order) until none is: a region's
 * daughters come out the same in any order, and a table stopped at
 * KP_SIM_REGIONS_MAX has split its largest regions first. The upper
 * daughter opens on the parent's server, as HBase opens both. */
static void split_all(sim *s)
{
	for (bool more = true; more;) {
		more = false;
		for (int r = 0; r < s->nr; r++) {
			if (!(s->rg[r].rows * s->d->row_bytes > split_bytes(s, r)))
				continue;
			int lane;
			double off;
			if (s->nr >= KP_SIM_REGIONS_MAX || !middle(s, r, &lane, &off)) {
				s->unsplittable++;
				continue;
			}
			double before = s->rg[r].rows;
			region_insert(s, r + 1, lane, off, 0, s->rg[r].server);
			int el;
			double eo;
			sim_region_end(s, r + 1, &el, &eo);
			double upper = 0;
			for (int k = lane; k <= (el < s->L.n ? el : s->L.n - 1); k++)
				upper += sim_lane_piece(s, k, r + 1);
			s->rg[r + 1].rows = upper;
			s->rg[r].rows = before - upper;
			s->splits++;
			s->moved = true;
			more = true;
			r++;   /* the upper daughter waits for the next round */
		}
	}
}

static int by_newest(const void *a, const void *b)
{
	const sim_region *x = *(sim_region *const *)a, *y = *(sim_region *const *)b;
	return x->born > y->born ? -1 : x->born < y->born;
}

/* The balancer, when regions were added since it last ran: round-robin
 * over the key order, or region counts evened by moving the newest
 * regions of the fullest servers to the emptiest. */
static void balance(sim *s)
{
	int S = s->cfg->servers;
	if (!s->moved)
		return;
	s->moved = false;
	if (!s->cfg->balance_count) {
		memset(s->srv_count, 0, sizeof(int) * (size_t)S);
		for (int r = 0; r < s->nr; r++) {
			s->rg[r].server = r % S;
			s->srv_count[r % S]++;
		}
		return;
	}
	int hi_t = (s->nr + S - 1) / S;
	sim_region **order = malloc(sizeof(sim_region *) * (size_t)s->nr);
	if (!order)
		abort();
	for (int r = 0; r < s->nr; r++)
		order[r] = &s->rg[r];
	qsort(order, (size_t)s->nr, sizeof *order, by_newest);
	/* the newest regions of servers above the ceiling move to the emptiest */
	for (int i = 0; i < s->nr; i++) {
		sim_region *g = order[i];
		if (s->srv_count[g->server] <= hi_t)
			continue;
		int lo = 0;
		for (int k = 1; k < S; k++)
			if (s->srv_count[k] < s->srv_count[lo])
				lo = k;
		s->srv_count[g->server]--;
		s->srv_count[lo]++;
		g->server = lo;
	}
	/* then until the counts differ by at most one */
	for (;;) {
		int hi = 0, lo = 0;
		for (int k = 1; k < S; k++) {
			if (s->srv_count[k] > s->srv_count[hi])
				hi = k;
			if (s->srv_count[k] < s->srv_count[lo])
				lo = k;
		}
		if (s->srv_count[hi] - s->srv_count[lo] <= 1)
			break;
		for (int i = 0; i < s->nr; i++)
			if (order[i]->server == hi) {
				order[i]->server = lo;
				s->srv_count[hi]--;
				s->srv_count[lo]++;
				break;
			}
	}
	free(order);
}

/* n rows apportioned to the lanes by their shares, whole rows each
 * (cumulative rounding: the lanes' rows sum to n exactly). */
static double lane_rows(const sim *s, double n, int k)
{
	return floor(n * s->L.cum[k + 1] + 0.5) - floor(n * s->L.cum[k] + 0.5);
}

/* amount spread over the heatmap's key buckets between x0 and x1. */
static void heat_add(double *row, int nb, double x0, double x1, double amount)
{
	if (amount <= 0)
		return;
	if (x1 < x0) {
		double t = x0;
		x0 = x1;
		x1 = t;
	}
	int b0 = (int)(x0 * nb), b1 = (int)(x1 * nb);
	b0 = b0 < 0 ? 0 : b0 >= nb ? nb - 1 : b0;
	b1 = b1 < 0 ? 0 : b1 >= nb ? nb - 1 : b1;
	if (b0 == b1 || x1 - x0 <= 0) {
		row[b0] += amount;
		return;
	}
	for (int b = b0; b <= b1; b++) {
		double lo = (double)b / nb, hi = (double)(b + 1) / nb;
		lo = lo < x0 ? x0 : lo;
		hi = hi > x1 ? x1 : hi;
		if (hi > lo)
			row[b] += amount * (hi - lo) / (x1 - x0);
	}
}

/* Inserts of n rows in one step: each lane's rows to the regions it
 * spans (rows that spread), or to the region holding its tail. */
static void insert_rows(sim *s, double n, bool writes, double *heat, int step)
{
	int nb = s->cfg->key_buckets;
	for (int k = 0, r = 0; k < s->L.n; k++) {
		double w = lane_rows(s, n, k);
		if (w <= 0)
			continue;
		if (s->L.append) {
			int t = sim_find(s, k, s->c[k]);
			s->rg[t].rows += w;
			if (writes)
				s->rg[t].w += w;
			if (heat)
				heat_add(heat, nb, sim_x(s, k, s->c[k]), sim_x(s, k, s->c[k] + w), w);
			if (s->cfg->keys_out && step >= -1)
				for (double q = 0; q < w; q++)
					fprintf(s->cfg->keys_out, "%d %d %.0f\n", step, k, s->c[k] + q);
			s->c[k] += w;
			continue;
		}
		while (r + 1 < s->nr && pos_cmp(s->rg[r + 1].lane, s->rg[r + 1].off, k, 0) <= 0)
			r++;
		for (int t = r; t < s->nr && s->rg[t].lane <= k; t++) {
			int el;
			double eo;
			sim_region_end(s, t, &el, &eo);
			double lo = s->rg[t].lane == k ? s->rg[t].off : 0, hi = el == k ? eo : 1;
			lo = lo < 0 ? 0 : lo;
			hi = hi > 1 ? 1 : hi;
			if (hi <= lo)
				continue;
			s->rg[t].rows += w * (hi - lo);
			if (writes)
				s->rg[t].w += w * (hi - lo);
		}
		if (heat)
			heat_add(heat, nb, sim_x(s, k, 0), sim_x(s, k, 1), w);
		s->c[k] += w;
	}
}

/* The rows each lane holds at the end, for the heatmap's key axis: a
 * dry run of the apportioning. */
static void plan_axis(sim *s, const kp_sim_stream *st, int ns, double step_s)
{
	int n = s->L.n;
	for (int k = 0; k < n; k++)
		s->cfinal[k] = lane_rows(s, floor(s->d->rows + 0.5), k);
	double *acc = calloc((size_t)ns + 1, sizeof(double));
	if (!acc)
		abort();
	for (int t = 0; t < s->cfg->steps; t++)
		for (int i = 0; i < ns; i++) {
			if (!st[i].insert)
				continue;
			double before = floor(acc[i] + 0.5);
			acc[i] += st[i].rate * st[i].rows_per_op * step_s;
			double rows = floor(acc[i] + 0.5) - before;
			for (int k = 0; k < n; k++)
				s->cfinal[k] += lane_rows(s, rows, k);
		}
	free(acc);
	double total = 0, mass = 0;
	for (int k = 0; k < n; k++)
		total += s->cfinal[k];
	s->xstart[0] = 0;
	for (int k = 0; k < n; k++) {
		/* a lane with no rows keeps a sliver by its share, so that reads
		 * of it still show */
		double w = total > 0 ? s->cfinal[k] / total : s->L.mass[k];
		mass += w;
		s->xstart[k + 1] = mass;
	}
	for (int k = 0; k <= n; k++)
		s->xstart[k] = mass > 0 ? s->xstart[k] / mass : (double)k / n;
}

/* The regions at the start: `presplit` equal ranges of the key (a
 * monotonic lead's rows all fall in one of them: the others stay empty). */
static void initial_regions(sim *s)
{
	int P = s->d->presplit > 1 ? s->d->presplit : 1;
	int S = s->cfg->servers;
	if (s->L.m == 0 && s->L.append) {
		for (int i = 0; i < P; i++)
			region_insert(s, s->nr, 0, i == P - 1 ? 0 : -(double)(P - 1 - i), 0, s->nr % S);
		return;
	}
	region_insert(s, 0, 0, 0, 0, 0);
	for (int i = 1; i < P; i++) {
		double x = (double)i * s->L.n / P;
		int lane = (int)floor(x);
		double off = s->L.append || s->L.whole ? 0 : x - lane;
		if (s->L.whole > 0)
			lane = (int)floor(x / s->L.whole + 0.5) * s->L.whole;
		if (lane >= s->L.n || pos_cmp(lane, off, s->rg[s->nr - 1].lane, s->rg[s->nr - 1].off) <= 0)
			continue;
		region_insert(s, s->nr, lane, off, 0, s->nr % S);
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The Gini coefficient of x[0..n) (sorts x). */
static double gini(double *x, int n)
{
	double sum = 0, acc = 0;
	for (int i = 0; i < n; i++)
		sum += x[i];
	if (n < 2 || sum <= 0)
		return 0;
	qsort(x, (size_t)n, sizeof(double), cmp_double);
	for (int i = 0; i < n; i++)
		acc += (double)(i + 1) * x[i];
	return 2 * acc / (n * sum) - (double)(n + 1) / n;
}

int kp_sim_run(const kp_sim_design *d, const kp_sim_store *st, const kp_sim_config *cfg, kp_sim_stream *streams,
               int nstreams, kp_sim_result *out, const char **err)
{
	memset(out, 0, sizeof *out);
	sim s;
	memset(&s, 0, sizeof s);
	s.d = d;
	s.st = st;
	s.cfg = cfg;
	int T = cfg->steps, nb = cfg->key_buckets, S = cfg->servers;
	double step_s = cfg->hours * 3600 / T;
	if (cfg->keys_out) {
		double total = d->rows;
		for (int i = 0; i < nstreams; i++)
			if (streams[i].insert)
				total += streams[i].rate * streams[i].rows_per_op * cfg->hours * 3600;
		if (total > 2e6) {
			*err = "the replay's key file is written for at most 2,000,000 rows";
			return -1;
		}
	}
	kp_sim_lanes_build(&s.L, d, st->first_part_whole, cfg->seed);
	int n = s.L.n;
	s.c = calloc((size_t)n + 1, sizeof(double));
	s.cfinal = calloc((size_t)n + 1, sizeof(double));
	s.xstart = calloc((size_t)n + 2, sizeof(double));
	s.srv_load = calloc((size_t)S, sizeof(double));
	s.srv_w = calloc((size_t)S, sizeof(double));
	s.srv_count = calloc((size_t)S, sizeof(int));
	out->write_cells = calloc((size_t)T * (size_t)nb, sizeof(double));
	out->read_cells = calloc((size_t)T * (size_t)nb, sizeof(double));
	double *acc = calloc((size_t)nstreams + 1, sizeof(double));
	double *fan = calloc((size_t)nstreams + 1, sizeof(double));
	if (!s.c || !s.cfinal || !s.xstart || !s.srv_load || !s.srv_w || !s.srv_count || !out->write_cells ||
	    !out->read_cells || !acc || !fan)
		abort();
	for (int i = 0; i < nstreams; i++)
		streams[i].ops = streams[i].regions_per_op = 0;   /* results of this run only */
	plan_axis(&s, streams, nstreams, step_s);
	initial_regions(&s);
	/* the starting rows, then the splits they would have caused */
	insert_rows(&s, floor(d->rows + 0.5), false, NULL, -1);
	split_all(&s);
	double wsum = 0, hot_w = 0, hot_s = 0, gini_sum = 0, gini_w = 0;
	double *loads = NULL;
	int loads_cap = 0;
	for (int t = 0; t < T; t++) {
		balance(&s);
		for (int r = 0; r < s.nr; r++)
			s.rg[r].w = s.rg[r].r = 0;
		double *wheat = out->write_cells + (size_t)t * nb, *rheat = out->read_cells + (size_t)t * nb;
		double step_w = 0, step_load = 0;
		for (int i = 0; i < nstreams; i++) {
			kp_sim_stream *q = &streams[i];
			if (q->insert) {
				double before = floor(acc[i] + 0.5);
				acc[i] += q->rate * q->rows_per_op * step_s;
				double rows = floor(acc[i] + 0.5) - before;
				insert_rows(&s, rows, true, wheat, t);
				q->ops += rows / (q->rows_per_op > 0 ? q->rows_per_op : 1);
				step_w += rows;
				continue;
			}
			double ops = q->rate * step_s;
			if (ops <= 0)
				continue;
			double per = sim_locate(&s, &q->loc);
			q->ops += ops;
			fan[i] += ops * per;
			if (q->loc.rejected)
				continue;   /* the store refuses it: no load */
			double mult = q->loc.where == KP_SIM_KEYS ? q->loc.nkeys : 1;
			for (int r = 0; r < s.nr; r++) {
				double a = ops * mult * s.P[r];
				if (a <= 0)
					continue;
				if (q->write) {
					s.rg[r].w += a;
					step_w += a;
				} else {
					s.rg[r].r += a;
				}
				int el;
				double eo;
				sim_region_end(&s, r, &el, &eo);
				heat_add(q->write ? wheat : rheat, nb, sim_x(&s, s.rg[r].lane, s.rg[r].off), sim_x(&s, el, eo), a);
			}
		}
		/* metrics of the step */
		double maxw = 0;
		memset(s.srv_w, 0, sizeof(double) * (size_t)S);
		if (loads_cap < s.nr) {
			loads_cap = s.nr * 2;
			loads = realloc(loads, sizeof(double) * (size_t)loads_cap);
			if (!loads)
				abort();
		}
		for (int r = 0; r < s.nr; r++) {
			sim_region *g = &s.rg[r];
			maxw = g->w > maxw ? g->w : maxw;
			s.srv_w[g->server] += g->w;
			s.srv_load[g->server] += g->w + g->r;
			g->load += g->w + g->r;
			loads[r] = g->w + g->r;
			step_load += g->w + g->r;
		}
		double maxs = 0;
		for (int i = 0; i < S; i++)
			maxs = s.srv_w[i] > maxs ? s.srv_w[i] : maxs;
		if (step_w > 0) {
			hot_w += maxw;
			hot_s += maxs;
			wsum += step_w;
			out->final_hottest_region_write_share = maxw / step_w;
		}
		if (step_load > 0) {
			gini_sum += gini(loads, s.nr) * step_load;
			gini_w += step_load;
		}
		out->writes += step_w;
		split_all(&s);
	}
	for (int i = 0; i < nstreams; i++) {
		streams[i].regions_per_op = streams[i].ops > 0 ? fan[i] / streams[i].ops : 0;
		if (!streams[i].insert && !streams[i].write && !streams[i].loc.rejected)
			out->reads += streams[i].ops;
	}
	out->hottest_region_write_share = wsum > 0 ? hot_w / wsum : 0;
	out->hottest_server_write_share = wsum > 0 ? hot_s / wsum : 0;
	double maxl = 0, suml = 0;
	for (int i = 0; i < S; i++) {
		maxl = s.srv_load[i] > maxl ? s.srv_load[i] : maxl;
		suml += s.srv_load[i];
	}
	out->max_mean_server_load = suml > 0 ? maxl / (suml / S) : 1;
	out->gini_region_load = gini_w > 0 ? gini_sum / gini_w : 0;
	out->splits = s.splits;
	out->unsplittable = s.unsplittable;
	out->regions = (unsigned long long)s.nr;
	out->key_buckets = nb;
	out->time_steps = T;
	out->step_seconds = step_s;
	for (int k = 0; k < n; k++)
		out->final_rows += s.c[k];
	out->region_rows = calloc((size_t)s.nr + 1, sizeof(double));
	out->region_load = calloc((size_t)s.nr + 1, sizeof(double));
	out->region_server = calloc((size_t)s.nr + 1, sizeof(int));
	if (!out->region_rows || !out->region_load || !out->region_server)
		abort();
	for (int r = 0; r < s.nr; r++) {
		out->region_rows[r] = s.rg[r].rows;
		out->region_load[r] = s.rg[r].load;
		out->region_server[r] = s.rg[r].server;
	}
	free(loads);
	free(acc);
	free(fan);
	free(s.c);
	free(s.cfinal);
	free(s.xstart);
	free(s.srv_load);
	free(s.srv_w);
	free(s.srv_count);
	free(s.rg);
	free(s.P);
	kp_sim_lanes_free(&s.L);
	return 0;
}

void kp_sim_result_free(kp_sim_result *r)
{
	free(r->write_cells);
	free(r->read_cells);
	free(r->region_rows);
	free(r->region_load);
	free(r->region_server);
	memset(r, 0, sizeof *r);
}
