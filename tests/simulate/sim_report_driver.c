/* Writes a report of a synthetic table for the browser test
 * (tests/tools/test_sim_browser.py): the textbook monotonic key.
 *
 * Table "events" keyed by (ts, device_id): ts only grows, so every write of
 * every step lands in the last key bucket (the region holding the largest
 * keys). The advised key (device_id, ts) spreads the same writes evenly over
 * every bucket. Reads follow the same shapes (newest rows first before,
 * one device's rows after). The names are hostile on purpose: if the
 * writer let one through as markup, the page would run script or break a
 * policy, and the browser would log it.
 *
 *   sim_report_driver OUT.html            the report above
 *   sim_report_driver OUT.html --large    1,000 buckets x 1,000 steps of
 *                                         noise, for size and speed */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/simulate/sim_html.h"

enum { KEYS = 10, STEPS = 60, WRITES = 1000, READS = 200 };

static double before_w[KEYS * STEPS], before_r[KEYS * STEPS], after_w[KEYS * STEPS], after_r[KEYS * STEPS];

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: sim_report_driver OUT.html [--large]\n");
		return 2;
	}
	int large = argc > 2 && strcmp(argv[2], "--large") == 0;
	size_t keys = large ? 1000 : KEYS, steps = large ? 1000 : STEPS;
	double *bw = before_w, *br = before_r, *aw = after_w, *ar = after_r;
	if (large) {
		bw = calloc(keys * steps, sizeof *bw);
		br = calloc(keys * steps, sizeof *br);
		aw = calloc(keys * steps, sizeof *aw);
		ar = calloc(keys * steps, sizeof *ar);
		if (!bw || !br || !aw || !ar)
			return 1;
	}
	unsigned long long x = 88172645463325252ull; /* xorshift64, fixed seed */
	for (size_t t = 0; t < steps; t++)
		for (size_t k = 0; k < keys; k++) {
			size_t i = t * keys + k;
			if (large) {
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				bw[i] = (double)(x % 100000);
				br[i] = (double)(x % 977);
				aw[i] = (double)(x % 1000);
				ar[i] = (double)(x % 31);
				continue;
			}
			bw[i] = k == keys - 1 ? WRITES : 0;
			br[i] = k == keys - 1 ? READS : 0;
			aw[i] = (double)WRITES / KEYS;
			ar[i] = (double)READS / KEYS;
		}
	static const kp_sim_fanout fan_before[] = {
		{"SELECT * FROM events\nWHERE ts > ? ORDER BY ts DESC LIMIT 10", "workload.sql:3:1", "scan", 1},
		{"SELECT * FROM events WHERE device_id = ?", "workload.sql:5:1", "full scan", 10}};
	static const kp_sim_fanout fan_after[] = {
		{"SELECT * FROM events\nWHERE ts > ? ORDER BY ts DESC LIMIT 10", "workload.sql:3:1", "full scan", 10},
		{"SELECT * FROM events WHERE device_id = ?", "workload.sql:5:1", "scan", 1}};
	static const char *const notes[] = {"ts: monotonic (type TIMESTAMP)",
	                                    "device_id: uniform over 10,000 values (annotation)",
	                                    "label <script>console.error('note ran')</script> \x1b[31m\xe2\x80\xae"};
	static const char *const assumptions[] = {"regions split at 256 MB (HBase's default)",
	                                          "3 region servers, regions assigned round-robin"};
	kp_sim_picture before = {
		.label = "as designed",
		.ddl = "CREATE TABLE events (ts TIMESTAMP, device_id VARCHAR, v DOUBLE,\n  PRIMARY KEY (ts, device_id))",
		.writes = {keys, steps, bw, 60, "\"<img src=x onerror=console.error(1)>", "~~~~"},
		.reads = {keys, steps, br, 60, NULL, NULL},
		.metrics = {1.0, 1.0, 3.0, 0.9, 9, 10, (unsigned long long)WRITES * STEPS, (unsigned long long)READS * STEPS},
		.fanout = fan_before,
		.nfanout = 2};
	kp_sim_picture after = {
		.label = "key (device_id, ts) instead of (ts, device_id)",
		.ddl = "CREATE TABLE events (ts TIMESTAMP, device_id VARCHAR, v DOUBLE,\n  PRIMARY KEY (device_id, ts))",
		.writes = {keys, steps, aw, 60, NULL, NULL},
		.reads = {keys, steps, ar, 60, NULL, NULL},
		.metrics = {0.1, 0.34, 1.02, 0.02, 9, 10, (unsigned long long)WRITES * STEPS, (unsigned long long)READS * STEPS},
		.fanout = fan_after,
		.nfanout = 2};
	kp_sim_table_report table = {
		.table = "events</title><script>console.error('table ran')</script>",
		.before = before,
		.after = &after,
		.nafter = 1,
		.notes = notes,
		.nnotes = 3};
	kp_sim_report report = {
		.title = "keyplan simulate",
		.target = "lindorm",
		.schema_path = "schema.sql",
		.workload_path = "workload.sql",
		.seed = 1,
		.hours = (double)steps / 60,
		.assumptions = assumptions,
		.nassumptions = 2,
		.tables = &table,
		.ntables = 1};
	FILE *out = fopen(argv[1], "wb");
	if (!out) {
		perror(argv[1]);
		return 1;
	}
	int rc = kp_sim_html_write(out, &report);
	if (fclose(out) != 0)
		rc = -1;
	if (large) {
		free(bw);
		free(br);
		free(aw);
		free(ar);
	}
	return rc ? 1 : 0;
}
