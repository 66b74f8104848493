/* The engine's private state, shared by sim_engine.c (regions, splits,
 * servers, steps) and sim_locate.c (where an operation lands). */
#ifndef KP_SIMULATE_SIM_INT_H
#define KP_SIMULATE_SIM_INT_H

#include "tools/simulate/sim.h"

/* A region: from its start (lane, offset) to the next region's start.
 * An offset is a share of the lane's value range (0..1) in a lane whose
 * rows spread, or a row number in a lane that grows at its tail. */
typedef struct sim_region {
	int lane;
	double off;
	double rows;            /* rows it holds */
	int server;
	int born;               /* creation order (the balancer moves the newest) */
	double w, r;            /* this step's writes and reads */
	double load;            /* writes and reads over the run */
} sim_region;

typedef struct sim {
	const kp_sim_design *d;
	const kp_sim_store *st;
	const kp_sim_config *cfg;
	kp_sim_lanes L;
	double *c;              /* per lane: rows it holds */
	double *cfinal;         /* per lane: rows at the end (the heatmap's key axis) */
	double *xstart;         /* per lane: where it starts on that axis (0..1), n + 1 entries */
	sim_region *rg;
	int nr, cap, born;
	double *srv_load;       /* per server: load over the run */
	double *srv_w;          /* per server: this step's writes */
	int *srv_count;         /* per server: regions */
	unsigned long long splits, unsplittable;
	bool moved;             /* regions were added since the balancer ran */
	double *P;              /* scratch: per region, the chance an operation touches it */
	int pcap;
} sim;

/* The end of region r: the next one's start, or (lanes, 0). */
static inline void sim_region_end(const sim *s, int r, int *lane, double *off)
{
	if (r + 1 < s->nr) {
		*lane = s->rg[r + 1].lane;
		*off = s->rg[r + 1].off;
	} else {
		*lane = s->L.n;
		*off = 0;
	}
}

/* Rows of lane k inside region r. */
double sim_lane_piece(const sim *s, int k, int r);
/* The region holding position (lane, off). */
int sim_find(const sim *s, int lane, double off);
/* Where (lane, off) sits on the heatmap's key axis (0..1). */
double sim_x(const sim *s, int lane, double off);

/* sim_locate.c: per region the chance one operation of loc touches it
 * (into s->P; for points, the chance one point lands there), and the
 * regions one operation touches on average. */
double sim_locate(sim *s, const kp_sim_locate *loc);

#endif
