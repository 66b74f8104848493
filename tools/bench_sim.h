/* bench --simulate: keyplan simulate on 10^8 row writes over about 1,000
 * regions (issue 29's bound: at most 10 s), best of `runs`. */
#ifndef KP_BENCH_SIM_H
#define KP_BENCH_SIM_H

int bench_simulate(const char *keyplan, const char *dir, int runs);

#endif
