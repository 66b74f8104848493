/* The simulation's engine against documented behaviour (docs/simulate.md):
 * a monotonic lead sends every write to the last region; N salt buckets
 * spread writes over N regions; a hash prefix spreads a monotonic key; a
 * Zipfian key concentrates reads as its formula says; splits happen at the
 * stated size. Each figure is exact or within the tolerance stated. */
#include <math.h>
#include <string.h>

#include "kp_test.h"
#include "tools/simulate/sim.h"

static kp_sim_config config(double hours, int steps)
{
	kp_sim_config c;
	memset(&c, 0, sizeof c);
	c.hours = hours;
	c.steps = steps;
	c.seed = 1;
	c.servers = 4;
	c.balance_count = true;
	c.key_buckets = 32;
	return c;
}

static kp_sim_part part(kp_value_dist dist, double distinct, bool hashed)
{
	kp_sim_part p;
	memset(&p, 0, sizeof p);
	p.dist = dist;
	p.distinct = distinct;
	p.theta = KP_ZIPF_THETA;
	p.hashed = hashed;
	return p;
}

static kp_sim_stream inserts(double rows_per_s)
{
	kp_sim_stream s;
	memset(&s, 0, sizeof s);
	s.rate = rows_per_s;
	s.rows_per_op = 1;
	s.insert = s.write = true;
	return s;
}

/* 100,000 rows of 100 bytes into regions that split past 1 MB: a
 * monotonic lead puts every write of every step on the last region. */
static void test_monotonic_lead_writes_only_the_last_region(void)
{
	kp_sim_design d = {.nparts = 2, .rows = 0, .row_bytes = 100, .presplit = 1};
	d.parts[0] = part(KP_VD_MONOTONIC, 0, false);
	d.parts[1] = part(KP_VD_UNIFORM, 0, false);
	kp_sim_store st;
	kp_sim_store_of(&st, KP_TARGET_PHOENIX, 1e6);
	kp_sim_config c = config(1, 100);
	kp_sim_stream w = inserts(100000.0 / 3600);
	kp_sim_result r;
	const char *err = NULL;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, &w, 1, &r, &err), 0);
	CU_ASSERT_DOUBLE_EQUAL(r.writes, 100000, 0.5);
	CU_ASSERT_DOUBLE_EQUAL(r.hottest_region_write_share, 1.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(r.final_hottest_region_write_share, 1.0, 1e-12);
	/* each split leaves a lower half that is never written again: a
	 * region past 10,000 rows (checked at each step's end, 1,000 rows a
	 * step) splits in two, and half of 10,001 to 11,000 rows stays behind
	 * (5,500, 5,250, ... down to 5,000) */
	CU_ASSERT_TRUE(r.regions >= 18 && r.regions <= 20);
	CU_ASSERT_EQUAL(r.splits, r.regions - 1);
	for (unsigned long long i = 0; i + 1 < r.regions; i++)
		CU_ASSERT_TRUE(r.region_rows[i] >= 5000 && r.region_rows[i] <= 5500);
	/* the writes are one band: all of a step's writes in the buckets of
	 * that step's keys, which move across the key space with time */
	double first = 0, last = 0;
	for (int k = 0; k < r.key_buckets; k++) {
		first += k < 2 ? r.write_cells[k] : 0;
		last += k >= r.key_buckets - 2 ? r.write_cells[(size_t)(r.time_steps - 1) * r.key_buckets + k] : 0;
	}
	CU_ASSERT_DOUBLE_EQUAL(first, 1000, 0.5);
	CU_ASSERT_DOUBLE_EQUAL(last, 1000, 0.5);
	kp_sim_result_free(&r);
}

/* SALT_BUCKETS = 8 pre-splits into 8 regions; a monotonic key behind the
 * salt grows 8 tails, one per bucket: the hottest region takes 1/8 of the
 * writes (within 0.1%, the rounding of rows to buckets). */
static void test_salt_buckets_spread_writes_over_n_regions(void)
{
	kp_sim_design d = {.nparts = 2, .rows = 0, .row_bytes = 100, .presplit = 8};
	d.parts[0] = part(KP_VD_FIXED, 8, true);
	d.parts[0].salt = true;
	d.parts[1] = part(KP_VD_MONOTONIC, 0, false);
	kp_sim_store st;
	kp_sim_store_of(&st, KP_TARGET_PHOENIX, 1e9);
	kp_sim_config c = config(1, 60);
	kp_sim_stream w = inserts(80000.0 / 3600);
	kp_sim_result r;
	const char *err = NULL;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, &w, 1, &r, &err), 0);
	CU_ASSERT_EQUAL(r.regions, 8);
	CU_ASSERT_EQUAL(r.splits, 0);
	CU_ASSERT_DOUBLE_EQUAL(r.hottest_region_write_share, 1.0 / 8, 1e-3);
	/* 8 regions on 4 servers, 2 each: a server takes 2/8 */
	CU_ASSERT_DOUBLE_EQUAL(r.hottest_server_write_share, 2.0 / 8, 2e-3);
	CU_ASSERT_DOUBLE_EQUAL(r.max_mean_server_load, 1.0, 1e-2);
	CU_ASSERT_DOUBLE_EQUAL(r.gini_region_load, 0, 1e-2);
	kp_sim_result_free(&r);
}

/* A hash of the monotonic value leads (hash32(id), id): writes spread
 * over the key space, so as regions split the hottest one takes about
 * 1/regions (at most twice that: a region holds between half and all of
 * the split size). */
static void test_hash_prefix_spreads_a_monotonic_key(void)
{
	kp_sim_design d = {.nparts = 2, .rows = 0, .row_bytes = 100, .presplit = 1};
	d.parts[0] = part(KP_VD_UNIFORM, 0, true);
	d.parts[1] = part(KP_VD_MONOTONIC, 0, false);
	kp_sim_store st;
	kp_sim_store_of(&st, KP_TARGET_LINDORM, 1e6);
	kp_sim_config c = config(1, 200);
	kp_sim_stream w = inserts(200000.0 / 3600);
	kp_sim_result r;
	const char *err = NULL;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, &w, 1, &r, &err), 0);
	CU_ASSERT_TRUE(r.regions >= 20 && r.regions <= 40);
	CU_ASSERT_TRUE(r.final_hottest_region_write_share <= 2.0 / (double)r.regions);
	CU_ASSERT_TRUE(r.final_hottest_region_write_share >= 1.0 / (double)r.regions);
	/* the same key without the hash: everything on one region */
	d.parts[0] = part(KP_VD_MONOTONIC, 0, false);
	d.nparts = 1;
	kp_sim_result r2;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, &w, 1, &r2, &err), 0);
	CU_ASSERT_DOUBLE_EQUAL(r2.final_hottest_region_write_share, 1.0, 1e-12);
	kp_sim_result_free(&r);
	kp_sim_result_free(&r2);
}

/* GETs of a key drawn Zipfian over 100 values, one region per value: the
 * hottest region takes 1 / zeta(100, 0.99) of the reads, the most popular
 * value's share in YCSB's formula (rank r: 1 / (r^theta zeta)). */
static void test_zipfian_key_concentrates_reads_as_its_formula(void)
{
	kp_sim_design d = {.nparts = 1, .rows = 1e6, .row_bytes = 100, .presplit = 100};
	d.parts[0] = part(KP_VD_ZIPFIAN, 100, false);
	kp_sim_store st;
	kp_sim_store_of(&st, KP_TARGET_LINDORM, 1e12);
	kp_sim_config c = config(1, 10);
	kp_sim_stream g;
	memset(&g, 0, sizeof g);
	g.rate = 1000;
	g.loc.where = KP_SIM_KEYS;
	g.loc.neq = 1;
	g.loc.nkeys = 1;
	kp_sim_result r;
	const char *err = NULL;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, &g, 1, &r, &err), 0);
	CU_ASSERT_EQUAL(r.regions, 100);
	double max = 0, sum = 0;
	for (unsigned long long i = 0; i < r.regions; i++) {
		max = fmax(max, r.region_load[i]);
		sum += r.region_load[i];
	}
	CU_ASSERT_DOUBLE_EQUAL(sum, 3.6e6, 1e-3);
	double z = 0;
	for (int i = 1; i <= 100; i++)
		z += pow(i, -0.99);
	CU_ASSERT_DOUBLE_EQUAL(max / sum, 1 / z, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(g.regions_per_op, 1, 1e-9);
	/* the writes' normalizer agrees with the direct sum */
	CU_ASSERT_DOUBLE_EQUAL(kp_sim_zeta(100, 0.99), z, 1e-9);
	kp_sim_result_free(&r);
}

/* Reads by their plans: a full scan touches every region; a SCAN of a
 * tenant's range in (tenant 10 values, ts) touches the regions of that
 * tenant's lane; a rejected full scan loads nothing. */
static void test_reads_bound_by_their_plans(void)
{
	kp_sim_design d = {.nparts = 2, .rows = 0, .row_bytes = 100, .presplit = 1};
	d.parts[0] = part(KP_VD_FIXED, 10, false);
	d.parts[1] = part(KP_VD_MONOTONIC, 0, false);
	kp_sim_store st;
	kp_sim_store_of(&st, KP_TARGET_LINDORM, 1e6);
	kp_sim_config c = config(1, 50);
	kp_sim_stream s[4];
	memset(s, 0, sizeof s);
	s[0] = inserts(100000.0 / 3600);
	s[1].rate = 10;
	s[1].loc.where = KP_SIM_FULL;
	s[2].rate = 10;
	s[2].loc.where = KP_SIM_RANGES;
	s[2].loc.neq = 1;
	s[2].loc.nkeys = 1;
	s[3].rate = 10;
	s[3].loc.where = KP_SIM_FULL;
	s[3].loc.rejected = true;
	kp_sim_result r;
	const char *err = NULL;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, s, 4, &r, &err), 0);
	/* 10 tails: the hottest region takes a tenth */
	CU_ASSERT_DOUBLE_EQUAL(r.final_hottest_region_write_share, 0.1, 1e-3);
	CU_ASSERT_TRUE(s[1].regions_per_op > 5 && s[1].regions_per_op <= (double)r.regions);
	/* a tenant's lane holds about a tenth of the regions, at least one */
	CU_ASSERT_TRUE(s[2].regions_per_op >= 1 && s[2].regions_per_op < s[1].regions_per_op / 4);
	CU_ASSERT_DOUBLE_EQUAL(r.reads, 2 * 10 * 3600, 1e-6);
	kp_sim_result_free(&r);
}

/* A read that cannot compute the salt is one scan per bucket: with 4
 * buckets pre-split into 4 regions, it touches all 4; a read of the newest
 * rows of a monotonic key loads the region holding its end every time. */
static void test_per_bucket_and_newest_reads(void)
{
	kp_sim_design d = {.nparts = 2, .rows = 40000, .row_bytes = 100, .presplit = 4};
	d.parts[0] = part(KP_VD_FIXED, 4, true);
	d.parts[0].salt = true;
	d.parts[1] = part(KP_VD_MONOTONIC, 0, false);
	kp_sim_store st;
	kp_sim_store_of(&st, KP_TARGET_PHOENIX, 1e9);
	kp_sim_config c = config(1, 10);
	kp_sim_stream q;
	memset(&q, 0, sizeof q);
	q.rate = 10;
	q.loc.where = KP_SIM_RANGES;
	q.loc.neq = 1;
	q.loc.has_range = true;
	q.loc.nkeys = 1;
	q.loc.per_bucket = 4;
	kp_sim_result r;
	const char *err = NULL;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, &q, 1, &r, &err), 0);
	CU_ASSERT_EQUAL(r.regions, 4);
	CU_ASSERT_DOUBLE_EQUAL(q.regions_per_op, 4, 1e-9);
	for (int i = 0; i < 4; i++)
		CU_ASSERT_DOUBLE_EQUAL(r.region_load[i], 36000, 1e-6);
	kp_sim_result_free(&r);
	/* the newest 10% of a monotonic key of 100,000 rows in regions of
	 * 10,000 at most: the last region, every time */
	kp_sim_design m = {.nparts = 1, .rows = 100000, .row_bytes = 100, .presplit = 1};
	m.parts[0] = part(KP_VD_MONOTONIC, 0, false);
	kp_sim_store_of(&st, KP_TARGET_PHOENIX, 1e6);
	memset(&q, 0, sizeof q);
	q.rate = 10;
	q.loc.where = KP_SIM_RANGES;
	q.loc.has_range = true;
	q.loc.nkeys = 1;
	q.loc.tail = true;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&m, &st, &c, &q, 1, &r, &err), 0);
	CU_ASSERT_TRUE(r.regions >= 10);
	CU_ASSERT_DOUBLE_EQUAL(r.region_load[r.regions - 1], 36000, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(r.region_load[0], 0, 1e-9);
	CU_ASSERT_TRUE(q.regions_per_op >= 2 && q.regions_per_op <= 4);
	kp_sim_result_free(&r);
	/* a GET of the newest row (a latest key): the last region alone; a GET
	 * of any row: the regions by their rows */
	q.loc.where = KP_SIM_KEYS;
	q.loc.has_range = false;
	q.loc.neq = 1;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&m, &st, &c, &q, 1, &r, &err), 0);
	CU_ASSERT_DOUBLE_EQUAL(r.region_load[r.regions - 1], 36000, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(q.regions_per_op, 1, 1e-9);
	kp_sim_result_free(&r);
	q.loc.tail = false;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&m, &st, &c, &q, 1, &r, &err), 0);
	CU_ASSERT_TRUE(r.region_load[r.regions - 1] < 36000 / 5.0);
	CU_ASSERT_TRUE(r.region_load[0] > 0);
	kp_sim_result_free(&r);
}

/* Tablestore never splits a partition key value: 3 values behind a
 * monotonic part stay 3 partitions, however large. */
static void test_tablestore_never_splits_a_partition_key_value(void)
{
	kp_sim_design d = {.nparts = 2, .rows = 0, .row_bytes = 100, .presplit = 1};
	d.parts[0] = part(KP_VD_FIXED, 3, false);
	d.parts[1] = part(KP_VD_MONOTONIC, 0, false);
	kp_sim_store st;
	kp_sim_store_of(&st, KP_TARGET_TABLESTORE, 1e5);
	kp_sim_config c = config(1, 20);
	kp_sim_stream w = inserts(30000.0 / 3600);
	kp_sim_result r;
	const char *err = NULL;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, &w, 1, &r, &err), 0);
	CU_ASSERT_EQUAL(r.regions, 3);
	CU_ASSERT_TRUE(r.unsplittable > 0);
	kp_sim_store_of(&st, KP_TARGET_LINDORM, 1e5);
	kp_sim_result r2;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, &w, 1, &r2, &err), 0);
	CU_ASSERT_TRUE(r2.regions > 3);
	kp_sim_result_free(&r);
	kp_sim_result_free(&r2);
}

/* HBase's SteppingSplitPolicy: 256 MB while the region is its server's
 * only one of the table, 10 GB after. */
static void test_stepping_split_policy(void)
{
	kp_sim_store st;
	kp_sim_store_of(&st, KP_TARGET_PHOENIX, 0);
	CU_ASSERT_DOUBLE_EQUAL(st.split_first, 256.0 * 1024 * 1024, 0);
	CU_ASSERT_DOUBLE_EQUAL(st.split_max, 10.0 * 1024 * 1024 * 1024, 0);
	CU_ASSERT_FALSE(st.split_assumed);
	kp_sim_store_of(&st, KP_TARGET_TABLESTORE, 0);
	CU_ASSERT_TRUE(st.split_assumed);
	CU_ASSERT_TRUE(st.first_part_whole);
	/* 1 GB of uniform rows on one server: the first region splits at 256
	 * MB, the daughters on the same server wait for 10 GB */
	kp_sim_design d = {.nparts = 1, .rows = 1e7, .row_bytes = 100, .presplit = 1};
	d.parts[0] = part(KP_VD_UNIFORM, 0, false);
	kp_sim_store_of(&st, KP_TARGET_PHOENIX, 0);
	kp_sim_config c = config(1, 4);
	c.servers = 1;
	kp_sim_result r;
	const char *err = NULL;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, NULL, 0, &r, &err), 0);
	CU_ASSERT_EQUAL(r.regions, 2);
	CU_ASSERT_EQUAL(r.splits, 1);
	kp_sim_result_free(&r);
}

/* The same seed gives the same figures; another seed moves the popular
 * values of a zipfian key, not their shares. */
static void test_deterministic_for_a_seed(void)
{
	kp_sim_design d = {.nparts = 2, .rows = 0, .row_bytes = 100, .presplit = 1};
	d.parts[0] = part(KP_VD_ZIPFIAN, 1000, false);
	d.parts[1] = part(KP_VD_MONOTONIC, 0, false);
	kp_sim_store st;
	kp_sim_store_of(&st, KP_TARGET_LINDORM, 1e6);
	kp_sim_config c = config(2, 40);
	kp_sim_stream w = inserts(100000.0 / 3600);
	kp_sim_result a, b;
	const char *err = NULL;
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, &w, 1, &a, &err), 0);
	w = inserts(100000.0 / 3600);
	CU_ASSERT_EQUAL_FATAL(kp_sim_run(&d, &st, &c, &w, 1, &b, &err), 0);
	CU_ASSERT_EQUAL(a.regions, b.regions);
	CU_ASSERT_EQUAL(memcmp(a.write_cells, b.write_cells, sizeof(double) * (size_t)(a.time_steps * a.key_buckets)), 0);
	CU_ASSERT_EQUAL(a.hottest_region_write_share, b.hottest_region_write_share);
	kp_sim_result_free(&a);
	kp_sim_result_free(&b);
}

KPT_SUITE("simulate", NULL, NULL,
	{"a monotonic lead writes only the last region", test_monotonic_lead_writes_only_the_last_region},
	{"N salt buckets spread writes over N regions", test_salt_buckets_spread_writes_over_n_regions},
	{"a hash prefix spreads a monotonic key", test_hash_prefix_spreads_a_monotonic_key},
	{"a zipfian key concentrates reads as its formula says", test_zipfian_key_concentrates_reads_as_its_formula},
	{"reads touch the regions their plans bound", test_reads_bound_by_their_plans},
	{"a read per bucket, a read of the newest rows", test_per_bucket_and_newest_reads},
	{"Tablestore never splits a partition key value", test_tablestore_never_splits_a_partition_key_value},
	{"HBase's stepping split policy", test_stepping_split_policy},
	{"deterministic for a seed", test_deterministic_for_a_seed})
