/* A key design as lanes (docs/simulate.md, "the key model"). The parts
 * before the first monotonic one decide where a row lands: their value
 * combinations, in key order, are the lanes, each with its share of the
 * writes (uniform, fixed, zipfian as YCSB's generator draws it). A
 * monotonic part after them makes each lane grow at its end, one row after
 * the last (its tail); a monotonic lead is one lane that only grows at its
 * end. More combinations than KP_SIM_LANES_MAX: the lanes are the values of
 * the first part, or slices of its value range when it has more. */
#include "tools/simulate/sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* SplitMix64: a seeded stream, the same on every machine. */
static uint64_t next_u64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

double kp_sim_zeta(double n, double theta)
{
	/* summed as YCSB's ZipfianGenerator does, up to 10^6 terms; the rest
	 * by the Euler-Maclaurin formula (integral and end correction, whose
	 * error is below 1e-12 of the sum there). Remembered: every picture
	 * of a table asks again. */
	static struct {
		double n, theta, z;
	} memo[8];
	static int next;
	for (int i = 0; i < 8; i++)
		if (memo[i].n == n && memo[i].theta == theta && memo[i].z > 0)
			return memo[i].z;
	double k = n < 1e6 ? n : 1e6, z = 0;
	for (double i = k; i >= 1; i--)
		z += pow(i, -theta);
	if (n > k)
		z += (pow(n, 1 - theta) - pow(k, 1 - theta)) / (1 - theta) + (pow(n, -theta) - pow(k, -theta)) / 2;
	memo[next].n = n;
	memo[next].theta = theta;
	memo[next].z = z;
	next = (next + 1) % 8;
	return z;
}

/* Values of a part the lanes can count: 0 when unbounded (or a
 * monotonic value hashed: each row a new value). */
static double part_values(const kp_sim_part *p)
{
	if (p->dist == KP_VD_MONOTONIC || p->dist == KP_VD_LATEST)
		return 0;
	return p->distinct >= 1 ? floor(p->distinct) : 0;
}

/* The shares of the d values of p, by their place in key order: alike,
 * or zipfian with the ranks shuffled over the key order (YCSB's scrambled
 * zipfian: a popular value may sort anywhere). */
static double *part_masses(const kp_sim_part *p, int d, uint64_t *seed)
{
	double *m = malloc(sizeof(double) * (size_t)d);
	if (!m)
		abort();
	if (p->dist != KP_VD_ZIPFIAN) {
		for (int i = 0; i < d; i++)
			m[i] = 1.0 / d;
		return m;
	}
	int *perm = malloc(sizeof(int) * (size_t)d);
	if (!perm)
		abort();
	for (int i = 0; i < d; i++)
		perm[i] = i;
	for (int i = d - 1; i > 0; i--) {
		int j = (int)(next_u64(seed) % (uint64_t)(i + 1));
		int t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	double z = kp_sim_zeta(d, p->theta);
	for (int r = 0; r < d; r++)
		m[perm[r]] = pow(r + 1, -p->theta) / z;
	free(perm);
	return m;
}

static void finish(kp_sim_lanes *l)
{
	l->cum = malloc(sizeof(double) * (size_t)(l->n + 1));
	if (!l->cum)
		abort();
	double s = 0;
	for (int k = 0; k < l->n; k++) {
		l->cum[k] = s;
		s += l->mass[k];
	}
	/* normalized: the shares sum to exactly what the apportioning reads */
	for (int k = 0; k < l->n; k++) {
		l->cum[k] /= s;
		l->mass[k] /= s;
	}
	l->cum[l->n] = 1;
}

int kp_sim_lanes_build(kp_sim_lanes *l, const kp_sim_design *d, bool first_part_whole, uint64_t seed)
{
	memset(l, 0, sizeof *l);
	uint64_t s = seed ^ 0x6b6579706c616e00ull;   /* "keyplan" */
	int mono = -1;
	for (int i = 0; i < d->nparts && mono < 0; i++)
		if (!d->parts[i].hashed && (d->parts[i].dist == KP_VD_MONOTONIC || d->parts[i].dist == KP_VD_LATEST))
			mono = i;
	if (d->nparts == 0 || mono == 0) {
		l->n = 1;
		l->mass = malloc(sizeof(double));
		if (!l->mass)
			abort();
		l->mass[0] = 1;
		l->append = mono == 0;
		l->m = 0;
		l->whole = first_part_whole ? 1 : 0;
		l->why = mono == 0 ? "the key leads with a monotonic value: one lane, every new row after the last"
		                   : "no key: one lane";
		finish(l);
		return 0;
	}
	int pre = mono < 0 ? d->nparts : mono;
	double D = 1;
	bool bounded = true;
	for (int i = 0; i < pre && bounded; i++) {
		double v = part_values(&d->parts[i]);
		if (v == 0 || D * v > KP_SIM_LANES_MAX)
			bounded = false;
		else
			D *= v;
	}
	if (bounded) {
		/* every combination of the leading parts, in key order */
		l->n = (int)D;
		l->m = pre;
		l->append = mono >= 0;
		l->mass = malloc(sizeof(double) * (size_t)l->n);
		if (!l->mass)
			abort();
		for (int k = 0; k < l->n; k++)
			l->mass[k] = 1;
		double stride = D;
		for (int i = 0; i < pre; i++) {
			int v = (int)part_values(&d->parts[i]);
			stride /= v;
			l->stride[i] = stride;
			double *pm = part_masses(&d->parts[i], v, &s);
			for (int k = 0; k < l->n; k++)
				l->mass[k] *= pm[(int)((double)k / stride) % v];
			free(pm);
		}
		l->whole = first_part_whole ? (int)l->stride[0] : 0;
		l->why = l->append ? "one lane per value of the parts before the monotonic one; each grows at its end"
		                   : "one lane per value of the key's parts";
		finish(l);
		return 0;
	}
	double d0 = part_values(&d->parts[0]);
	if (d0 >= 1 && d0 <= KP_SIM_LANES_MAX) {
		/* the first part's values; the later parts spread rows within each */
		l->n = (int)d0;
		l->m = 1;
		l->stride[0] = 1;
		l->mass = part_masses(&d->parts[0], l->n, &s);
		l->whole = first_part_whole ? 1 : 0;
		l->why = "one lane per value of the first key part, rows spread within each by the later parts";
		finish(l);
		return 0;
	}
	/* slices of the first part's value range */
	l->n = KP_SIM_LANES_MAX;
	l->m = -1;
	l->mass = malloc(sizeof(double) * (size_t)l->n);
	if (!l->mass)
		abort();
	const kp_sim_part *p = &d->parts[0];
	if (p->dist == KP_VD_ZIPFIAN) {
		/* the most popular values each at a place of their own, the tail
		 * alike over the slices */
		double N = d0 >= 1 ? d0 : 1e9;
		double z = kp_sim_zeta(N, p->theta), top = 0;
		for (int k = 0; k < l->n; k++)
			l->mass[k] = 0;
		for (int r = 0; r < l->n; r++) {
			double mr = pow(r + 1, -p->theta) / z;
			l->mass[next_u64(&s) % (uint64_t)l->n] += mr;
			top += mr;
		}
		double rest = top < 1 ? (1 - top) / l->n : 0;
		for (int k = 0; k < l->n; k++)
			l->mass[k] += rest;
		l->why = "slices of the first key part's values, its most popular values placed at random";
	} else {
		for (int k = 0; k < l->n; k++)
			l->mass[k] = 1.0 / l->n;
		l->why = "slices of the first key part's values, alike";
	}
	finish(l);
	return 0;
}

void kp_sim_lanes_free(kp_sim_lanes *l)
{
	free(l->mass);
	free(l->cum);
	memset(l, 0, sizeof *l);
}
