/* Where one operation lands (docs/simulate.md, "reads"): its plan on the
 * design says how many leading key parts it binds by = and whether a
 * range follows. A GET is a point; a SCAN or FILTERED SCAN reads a
 * stretch: inside one lane when it binds the lanes' parts (a share of the
 * lane by the cost model's selectivities), else the run of lanes that
 * share the parts it binds; a full scan every region. A read that cannot
 * compute a salt is one such read per bucket. The lane is drawn by the
 * values' distribution; within it, the stretch starts anywhere among its
 * rows, or at its newest rows for a read of the newest. */
#include "tools/simulate/simInt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Share of a part's rows one value bound by = keeps. */
static double sel_eq(const kp_sim_part *p)
{
	return p->distinct >= 1 && p->dist != KP_VD_MONOTONIC && p->dist != KP_VD_LATEST ? 1 / p->distinct
	                                                                                  : KP_SIM_SEL_EQ;
}

/* The share of rows a range on part i keeps: its -- range:, else the
 * default. */
static double sel_range(const kp_sim_design *d, int i)
{
	return i >= 0 && i < d->nparts && d->parts[i].range > 0 ? d->parts[i].range : KP_SIM_SEL_RANGE;
}

/* The first region that may hold rows of lane k. */
static int first_of_lane(const sim *s, int k)
{
	return sim_find(s, k, s->L.append ? -INFINITY : 0);
}

/* Share of lane k's value range inside region r, for lanes whose rows
 * spread evenly (their share of rows is their share of the range). */
static double spread_share(const sim *s, int k, int r)
{
	int el;
	double eo;
	sim_region_end(s, r, &el, &eo);
	if (s->rg[r].lane > k || el < k)
		return 0;
	double lo = s->rg[r].lane == k ? s->rg[r].off : 0, hi = el == k ? eo : 1;
	lo = lo < 0 ? 0 : lo;
	hi = hi > 1 ? 1 : hi;
	return hi > lo ? hi - lo : 0;
}

/* in_lane for lanes whose rows spread: per region, its whole lanes at
 * once (prefix sums of w), its two partial ones by their shares. */
static double in_spread_lanes(sim *s, const double *w, double g, bool point)
{
	int n = s->L.n;
	double *wc = malloc(sizeof(double) * (size_t)(n + 1));
	if (!wc)
		abort();
	wc[0] = 0;
	for (int k = 0; k < n; k++)
		wc[k + 1] = wc[k] + w[k];
	double fan = 0;
	for (int r = 0; r < s->nr; r++) {
		int el;
		double eo;
		sim_region_end(s, r, &el, &eo);
		int a = s->rg[r].lane, last = eo > 0 ? el : el - 1;
		last = last >= n ? n - 1 : last;
		if (last < a)
			continue;
		double p = 0;
		int ends[2] = {a, last};
		for (int e = 0; e < (a == last ? 1 : 2); e++) {
			int k = ends[e];
			double share = spread_share(s, k, r);
			if (share > 0)
				p += w[k] * (point ? share : fmin(1, share + g));
		}
		if (last > a + 1)
			p += wc[last] - wc[a + 1];   /* whole lanes: share 1 */
		s->P[r] += p;
		fan += p;
	}
	free(wc);
	return fan;
}

/* A point or a stretch of share g of one lane, the lane drawn by w. */
static double in_lane(sim *s, const double *w, double g, bool tail, bool point)
{
	if (!s->L.append && !tail)
		return in_spread_lanes(s, w, g, point);
	double fan = 0;
	for (int k = 0; k < s->L.n; k++) {
		if (w[k] <= 0)
			continue;
		double c = s->c[k];
		if (c <= 0) {
			s->P[sim_find(s, k, 0)] += w[k];
			fan += w[k];
			continue;
		}
		if (tail) {
			/* the newest rows: the end of the lane (a monotonic part
			 * grows there; rows that spread have no newest end: the
			 * lane's last stretch) */
			double hi = s->L.append ? c : 1, lo = hi - (g > 0 ? g * hi : (s->L.append ? 1 : 1e-9));
			int a = sim_find(s, k, lo < 0 ? 0 : lo), b = sim_find(s, k, s->L.append ? c - 1 : 1 - 1e-12);
			for (int r = a; r <= b; r++) {
				s->P[r] += w[k];
				fan += w[k];
			}
			continue;
		}
		for (int r = first_of_lane(s, k); r < s->nr && s->rg[r].lane <= k; r++) {
			double share = sim_lane_piece(s, k, r) / c;
			if (share <= 0)
				continue;
			double p = point ? share : fmin(1, share + g);
			s->P[r] += w[k] * p;
			fan += w[k] * p;
		}
	}
	return fan;
}

/* Runs of len lanes: from the start of each group of G lanes (the group
 * drawn by w), or, with G == 0, from any lane (drawn by w). */
static double runs(sim *s, const double *w, int G, int len)
{
	int n = s->L.n;
	double fan = 0;
	double *wc = malloc(sizeof(double) * (size_t)(n + 1));
	if (!wc)
		abort();
	wc[0] = 0;
	for (int k = 0; k < n; k++)
		wc[k + 1] = wc[k] + w[k];
	if (G > 0) {
		for (int j = 0; j * G < n; j++) {
			int a = j * G, b = a + G < n ? a + G : n;
			double wj = wc[b] - wc[a];
			if (wj <= 0)
				continue;
			int end = a + len < n ? a + len : n;
			for (int r = first_of_lane(s, a); r < s->nr && s->rg[r].lane < end; r++) {
				int el;
				double eo;
				sim_region_end(s, r, &el, &eo);
				if (el < a || (el == a && eo <= 0))
					continue;   /* ends before the group's first row */
				s->P[r] += wj;
				fan += wj;
			}
		}
		free(wc);
		return fan;
	}
	/* a run starting at lane q covers [q, q + len): a region over lanes
	 * [ra, rb] is touched from q in [ra - len + 1, rb] */
	for (int r = 0; r < s->nr; r++) {
		int el;
		double eo;
		sim_region_end(s, r, &el, &eo);
		int ra = s->rg[r].lane, rb = eo > 0 ? el : el - 1;
		rb = rb >= n ? n - 1 : rb;
		if (rb < ra)
			continue;
		int q0 = ra - len + 1 < 0 ? 0 : ra - len + 1, q1 = rb;
		double p = wc[q1 + 1] - wc[q0];
		s->P[r] += p;
		fan += p;
	}
	free(wc);
	return fan;
}

double sim_locate(sim *s, const kp_sim_locate *loc)
{
	if (s->pcap < s->nr) {
		s->pcap = s->nr * 2;
		s->P = realloc(s->P, sizeof(double) * (size_t)s->pcap);
		if (!s->P)
			abort();
	}
	memset(s->P, 0, sizeof(double) * (size_t)s->nr);
	if (loc->where == KP_SIM_FULL || loc->rejected) {
		for (int r = 0; r < s->nr && !loc->rejected; r++)
			s->P[r] = 1;
		return s->nr;
	}
	const kp_sim_lanes *L = &s->L;
	int n = L->n;
	double *w = malloc(sizeof(double) * (size_t)n);
	if (!w)
		abort();
	memcpy(w, L->mass, sizeof(double) * (size_t)n);
	if (loc->per_bucket > 0 && L->m > 0) {
		/* one read per value of the salt (the first part): each bucket's
		 * lanes weigh 1 in all */
		int G = (int)L->stride[0];
		for (int a = 0; a < n; a += G) {
			double sum = 0;
			for (int k = a; k < a + G && k < n; k++)
				sum += w[k];
			for (int k = a; k < a + G && k < n; k++)
				w[k] = sum > 0 ? w[k] / sum : 0;
		}
	}
	bool point = loc->where == KP_SIM_KEYS;
	int m = L->m, neq = loc->neq;
	double fan;
	if (m == 0 || (m > 0 && neq >= m) || (m < 0 && neq >= 1)) {
		double g = 0;
		if (!point && m >= 0) {
			g = 1;
			for (int i = m; i < neq && i < s->d->nparts; i++)
				g *= sel_eq(&s->d->parts[i]);
			if (loc->has_range)
				g *= sel_range(s->d, neq);
		}
		fan = in_lane(s, w, g, loc->tail, point);
	} else if (m > 0 && neq >= 1) {
		int G = (int)L->stride[neq - 1];
		int len = loc->has_range ? (int)fmax(1, floor(G * sel_range(s->d, neq) + 0.5)) : G;
		fan = runs(s, w, G, len);
	} else {
		fan = runs(s, w, 0, (int)fmax(1, floor(n * (loc->has_range ? sel_range(s->d, 0) : KP_SIM_SEL_RANGE) + 0.5)));
	}
	free(w);
	if (point && loc->nkeys > 1) {
		/* distinct regions among nkeys points */
		fan = 0;
		for (int r = 0; r < s->nr; r++)
			fan += 1 - pow(1 - fmin(1, s->P[r]), loc->nkeys);
	}
	if (loc->per_bucket > 0 && L->m <= 0)
		fan *= loc->per_bucket;
	return fan;
}
