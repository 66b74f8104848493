/* The simulation's HTML report writer (tools/simulate/sim_html.h) on
 * synthetic reports: the palette against matplotlib's published viridis,
 * hostile text, determinism, empty and degenerate heatmaps, the
 * compaction's sums, the colour scale, failed writes. The browser's view
 * of a report is tests/tools/test_sim_browser.py. */
#include <CUnit/Basic.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kp_test.h"
#include "tools/simulate/sim_htmlInt.h"

/* the report written into memory; the caller frees it */
static char *write_report(const kp_sim_report *r, size_t *len)
{
	char *data = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&data, &n);
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT_EQUAL(kp_sim_html_write(f, r), 0);
	fclose(f);
	if (len)
		*len = n;
	return data;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* a one-table report around before (and after, when given) */
typedef struct fixture {
	kp_sim_table_report table;
	kp_sim_report report;
} fixture;

static void fixture_init(fixture *fx, const kp_sim_picture *before, const kp_sim_picture *after)
{
	memset(fx, 0, sizeof *fx);
	fx->table.table = "t";
	fx->table.before = *before;
	fx->table.after = after;
	fx->table.nafter = after ? 1 : 0;
	fx->report.title = "keyplan simulate";
	fx->report.target = "lindorm";
	fx->report.tables = &fx->table;
	fx->report.ntables = 1;
}

static void test_palette_is_matplotlib_viridis(void)
{
	/* matplotlib's viridis (_cm_listed.py) at entries 0, 64, 128, 192 and
	 * 255, as 8-bit sRGB: #440154 #3b528b #21918c #5ec962 #fde725 */
	static const struct {
		int index;
		unsigned char rgb[3];
	} ref[] = {{0, {0x44, 0x01, 0x54}},   {64, {0x3b, 0x52, 0x8b}},  {128, {0x21, 0x91, 0x8c}},
	           {192, {0x5e, 0xc9, 0x62}}, {255, {0xfd, 0xe7, 0x25}}};
	kp_sim_palette p;
	kp_sim_palette_viridis(&p);
	for (size_t i = 0; i < sizeof ref / sizeof ref[0]; i++)
		for (int c = 0; c < 3; c++)
			CU_ASSERT(abs((int)p.rgb[ref[i].index][c] - (int)ref[i].rgb[c]) <= 1);
	/* lightness rises from one end to the other (readable in greyscale) */
	double prev = -1;
	for (int i = 0; i < KP_SIM_PALETTE_N; i += 8) {
		double y = 0.2126 * p.rgb[i][0] + 0.7152 * p.rgb[i][1] + 0.0722 * p.rgb[i][2];
		CU_ASSERT(y > prev);
		prev = y;
	}
}

static void test_text_escapes_markup_controls_bidi_and_bad_utf8(void)
{
	kp_buf b = {0};
	kp_sim_html_text(&b, "<script>alert(\"x\" & 'y')</script>", false);
	ASSERT_STR(b.data, "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;");
	kp_buf_clear(&b);
	/* ESC, a C1 control (U+0085), RIGHT-TO-LEFT OVERRIDE, a first strong
	 * isolate, DEL, a tab, a line break */
	kp_sim_html_text(&b, "a\x1b[31mb\xc2\x85" "c\xe2\x80\xae" "d\xe2\x81\xa8" "e\x7f" "f\tg\nh", false);
	ASSERT_STR(b.data, "a&lt;U+001B&gt;[31mb&lt;U+0085&gt;c&lt;U+202E&gt;d&lt;U+2068&gt;e&lt;U+007F&gt;f g"
	                   "&lt;U+000A&gt;h");
	kp_buf_clear(&b);
	kp_sim_html_text(&b, "f\tg\nh\r\n", true);
	ASSERT_STR(b.data, "f\tg\nh\r\n");
	kp_buf_clear(&b);
	/* a stray continuation byte, an overlong '/', a surrogate, a cut
	 * sequence; valid UTF-8 (e, CJK, an emoji) passes */
	kp_sim_html_text(&b, "\x80|\xc0\xaf|\xed\xa0\x80|\xc3\xa9\xe8\xa1\xa8\xf0\x9f\x94\xa5|\xe8\xa1", false);
	ASSERT_STR(b.data, "\xef\xbf\xbd|\xef\xbf\xbd\xef\xbf\xbd|\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd|"
	                   "\xc3\xa9\xe8\xa1\xa8\xf0\x9f\x94\xa5|\xef\xbf\xbd\xef\xbf\xbd");
	kp_buf_clear(&b);
	kp_sim_html_text_cut(&b, "\xc3\xa9t\xc3\xa9<x>", 4);
	ASSERT_STR(b.data, "\xc3\xa9t\xc3\xa9&lt;\xe2\x80\xa6");
	kp_buf_clear(&b);
	kp_sim_html_text_cut(&b, "abc", 3);
	ASSERT_STR(b.data, "abc");
	kp_buf_free(&b);
}

static void test_numbers_are_locale_free_and_guarded(void)
{
	kp_buf b = {0};
	kp_sim_num(&b, 0.1234567, 3);
	kp_buf_putc(&b, ' ');
	kp_sim_num(&b, NAN, 3);
	kp_buf_putc(&b, ' ');
	kp_sim_num(&b, -INFINITY, 3);
	kp_buf_putc(&b, ' ');
	kp_sim_num(&b, -0.0, 3);
	kp_buf_putc(&b, ' ');
	kp_sim_count(&b, 1234567);
	kp_buf_putc(&b, ' ');
	kp_sim_count(&b, 999);
	kp_buf_putc(&b, ' ');
	kp_sim_short(&b, 1e3);
	kp_buf_putc(&b, ' ');
	kp_sim_short(&b, 2.5e6);
	kp_buf_putc(&b, ' ');
	kp_sim_short(&b, 0.01);
	ASSERT_STR(b.data, "0.123 n/a n/a 0 1,234,567 999 1k 2.5M 0.01");
	kp_buf_free(&b);
}

/* a hostile report: every string a user controls tries to become markup
 * or to drive a terminal */
static void test_hostile_names_never_become_markup(void)
{
	static const double cells[4] = {0, 5, 0, 5};
	static const kp_sim_fanout fan[] = {{"SELECT '</code><script>x()</script>'\n FROM \"t\"", "w.sql:1:1\x1b[2J",
	                                     "get<b>", 1}};
	static const char *const notes[] = {"n\xe2\x80\xae<i>"};
	kp_sim_picture before = {.label = "<b onmouseover=\"x()\">as designed</b>",
	                         .ddl = "CREATE TABLE \"<t>\" (k INT PRIMARY KEY) -- '",
	                         .writes = {2, 2, cells, 1, "</text><script>k()</script>", "'\"&"},
	                         .reads = {2, 2, cells, 1, NULL, NULL},
	                         .fanout = fan,
	                         .nfanout = 1};
	fixture fx;
	fixture_init(&fx, &before, NULL);
	fx.table.table = "t<script>alert(1)</script>\x1b]0;title\x07";
	fx.table.notes = notes;
	fx.table.nnotes = 1;
	fx.report.title = "</title><script>t()</script>";
	fx.report.schema_path = "s\xe2\x80\xae.sql";
	fx.report.workload_path = "w\"'.sql";
	static const char *const assumptions[] = {"<style>body{display:none}</style>"};
	fx.report.assumptions = assumptions;
	fx.report.nassumptions = 1;
	size_t n;
	char *html = write_report(&fx.report, &n);
	CU_ASSERT_EQUAL(count(html, "<script"), 0);
	CU_ASSERT_EQUAL(count(html, "<style"), 1); /* the report's own */
	CU_ASSERT_EQUAL(count(html, "<b>") + count(html, "<b "), 0);
	CU_ASSERT_EQUAL(count(html, "<i>"), 0);
	CU_ASSERT(strstr(html, "<title>&lt;/title&gt;&lt;script&gt;t()&lt;/script&gt;</title>") != NULL);
	CU_ASSERT(strstr(html, "t&lt;script&gt;alert(1)&lt;/script&gt;&lt;U+001B&gt;]0;title&lt;U+0007&gt;") != NULL);
	CU_ASSERT(strstr(html, "s&lt;U+202E&gt;.sql") != NULL);
	CU_ASSERT(strstr(html, "w&quot;&#39;.sql") != NULL);
	CU_ASSERT(strstr(html, "SELECT &#39;&lt;/code&gt;&lt;script&gt;x()&lt;/script&gt;&#39;\n FROM &quot;t&quot;") != NULL);
	CU_ASSERT(strstr(html, "w.sql:1:1&lt;U+001B&gt;[2J") != NULL);
	CU_ASSERT(strstr(html, "1 (get&lt;b&gt;)") != NULL);
	CU_ASSERT(strstr(html, "<title>&lt;/text&gt;&lt;script&gt;k()&lt;/script&gt;</title>") != NULL);
	/* no raw control character and no bidirectional override anywhere */
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)html[i];
		CU_ASSERT(c >= 0x20 || c == '\n');
		CU_ASSERT(c != 0x7f);
	}
	CU_ASSERT(strstr(html, "\xe2\x80\xae") == NULL);
	free(html);
}

static void test_same_report_same_bytes(void)
{
	double cells[6 * 7];
	for (int i = 0; i < 6 * 7; i++)
		cells[i] = (i * 37) % 11;
	kp_sim_picture before = {.label = "as designed", .writes = {6, 7, cells, 60, "a", "z"},
	                         .reads = {6, 7, cells, 60, NULL, NULL}};
	kp_sim_picture after = {.label = "after", .writes = {7, 6, cells, 30, NULL, NULL}};
	fixture fx;
	fixture_init(&fx, &before, &after);
	size_t n1, n2;
	char *a = write_report(&fx.report, &n1);
	char *b = write_report(&fx.report, &n2);
	CU_ASSERT_EQUAL(n1, n2);
	CU_ASSERT(n1 == n2 && memcmp(a, b, n1) == 0);
	CU_ASSERT(strncmp(a, "<!DOCTYPE html>\n<html lang=\"en\">", 31) == 0);
	CU_ASSERT(strstr(a, "</html>\n") == a + n1 - 8);
	/* self-contained: nothing fetched, no script, a policy that forbids both */
	CU_ASSERT(strstr(a, "default-src 'none'; style-src 'unsafe-inline'") != NULL);
	CU_ASSERT_EQUAL(count(a, "src="), 0);
	CU_ASSERT_EQUAL(count(a, "href=\"http"), 0);
	CU_ASSERT_EQUAL(count(a, "url("), 0);
	CU_ASSERT_EQUAL(count(a, "@import"), 0);
	/* one pair: the design beside the advice, four heatmaps */
	CU_ASSERT_EQUAL(count(a, "class=\"pair\""), 1);
	CU_ASSERT_EQUAL(count(a, "<svg class=\"heat\""), 4);
	CU_ASSERT(strstr(a, "id=\"t1-p1-before-writes\"") != NULL);
	CU_ASSERT(strstr(a, "id=\"t1-p1-after-reads\"") != NULL);
	CU_ASSERT(strstr(a, "@media print{") != NULL);
	free(a);
	free(b);
}

static void test_empty_report_and_empty_heatmaps(void)
{
	kp_sim_report r = {0};
	char *html = write_report(&r, NULL);
	CU_ASSERT(strstr(html, "<p>No table was simulated.</p>") != NULL);
	CU_ASSERT(strstr(html, "<title>keyplan simulate</title>") != NULL);
	free(html);
	/* every string absent, heatmaps of no cells or no array */
	kp_sim_picture before = {.writes = {0, 5, NULL, 1, NULL, NULL}, .reads = {3, 0, NULL, 1, NULL, NULL}};
	kp_sim_table_report t = {.before = before};
	r.tables = &t;
	r.ntables = 1;
	html = write_report(&r, NULL);
	CU_ASSERT(strstr(html, "Table <code>(unnamed)</code>") != NULL);
	CU_ASSERT(strstr(html, "<h3>(no label)</h3>") != NULL);
	CU_ASSERT_EQUAL(count(html, ">no writes simulated</text>"), 1);
	CU_ASSERT_EQUAL(count(html, ">no reads simulated</text>"), 1);
	CU_ASSERT_EQUAL(count(html, "<path"), 0);
	CU_ASSERT(strstr(html, ">no writes in any picture</text>") != NULL);
	CU_ASSERT_EQUAL(count(html, "Regions touched per read"), 0);
	free(html);
}

static void test_zero_load_is_all_darkest(void)
{
	static const double zeros[12] = {0};
	kp_sim_picture before = {.label = "as designed", .writes = {3, 4, zeros, 1, NULL, NULL},
	                         .reads = {3, 4, zeros, 1, NULL, NULL}};
	fixture fx;
	fixture_init(&fx, &before, NULL);
	char *html = write_report(&fx.report, NULL);
	/* the background in the darkest colour and no cell drawn over it */
	CU_ASSERT_EQUAL(count(html, "<rect width=\"4\" height=\"3\" fill=\"#440154\"/>"), 2);
	CU_ASSERT_EQUAL(count(html, "<path"), 0);
	CU_ASSERT(strstr(html, ">no writes in any picture</text>") != NULL);
	CU_ASSERT(strstr(html, ">no reads in any picture</text>") != NULL);
	free(html);
}

static void test_one_huge_cell_is_the_only_bright_one(void)
{
	double cells[4 * 3];
	for (int i = 0; i < 12; i++)
		cells[i] = 1;
	cells[7] = 1e300; /* step 1, bucket 3 */
	kp_sim_heatmap h = {4, 3, cells, 1, NULL, NULL};
	kp_sim_grid g;
	CU_ASSERT_EQUAL_FATAL(kp_sim_grid_compact(&g, &h, 200, 100), 0);
	kp_sim_scale s;
	kp_sim_scale_init(&s);
	kp_sim_scale_add(&s, &g, &h);
	kp_sim_scale_finish(&s);
	CU_ASSERT_DOUBLE_EQUAL(s.hi, 1e300, 1e285);
	CU_ASSERT_DOUBLE_EQUAL(s.lo, 1e294, 1e279); /* six decades below */
	CU_ASSERT_EQUAL(kp_sim_scale_level(&s, 1e300), KP_SIM_LEVELS - 1);
	CU_ASSERT_EQUAL(kp_sim_scale_level(&s, 1), 0);
	kp_sim_grid_free(&g);
	kp_sim_picture before = {.label = "x", .writes = h};
	fixture fx;
	fixture_init(&fx, &before, NULL);
	char *html = write_report(&fx.report, NULL);
	/* one path, in viridis' brightest colour, one cell wide at (1, 3) */
	CU_ASSERT_EQUAL(count(html, "<path"), 1);
	CU_ASSERT(strstr(html, "<path fill=\"#fde725\" d=\"M1 3h1v1h-1z\"/>") != NULL);
	free(html);
}

static void test_nan_inf_and_negative_cells_are_counted_as_no_load(void)
{
	double cells[3 * 2] = {NAN, 2, INFINITY, -1, 2, 2};
	kp_sim_heatmap h = {3, 2, cells, 1, NULL, NULL};
	kp_sim_grid g;
	CU_ASSERT_EQUAL_FATAL(kp_sim_grid_compact(&g, &h, 200, 100), 0);
	CU_ASSERT_EQUAL(g.invalid, 3);
	CU_ASSERT_EQUAL(g.sum[0 * g.cols + 0], 0);  /* NaN */
	CU_ASSERT_EQUAL(g.sum[1 * g.cols + 0], 2);
	CU_ASSERT_EQUAL(g.sum[2 * g.cols + 0], 0);  /* inf */
	CU_ASSERT_EQUAL(g.sum[0 * g.cols + 1], 0);  /* -1 */
	kp_sim_grid_free(&g);
	/* sums past the largest double stay at it and are said to */
	static double big[1000];
	for (int i = 0; i < 1000; i++)
		big[i] = DBL_MAX;
	kp_sim_heatmap hb = {1000, 1, big, 1, NULL, NULL};
	CU_ASSERT_EQUAL_FATAL(kp_sim_grid_compact(&g, &hb, 1, 1), 0);
	CU_ASSERT(g.overflow);
	CU_ASSERT_EQUAL(g.sum[0], DBL_MAX);
	kp_sim_grid_free(&g);
	/* a load below the least normal double is no load: the scale keeps a
	 * positive bottom with a logarithm */
	double tiny[2] = {5e-324, 1e-310};
	kp_sim_heatmap ht = {2, 1, tiny, 1, NULL, NULL};
	CU_ASSERT_EQUAL_FATAL(kp_sim_grid_compact(&g, &ht, 200, 100), 0);
	kp_sim_scale s;
	kp_sim_scale_init(&s);
	kp_sim_scale_add(&s, &g, &ht);
	kp_sim_scale_finish(&s);
	CU_ASSERT(!s.any);
	CU_ASSERT_EQUAL(kp_sim_scale_level(&s, 5e-324), 0);
	kp_sim_grid_free(&g);
	kp_sim_picture before = {.label = "x", .writes = h, .reads = hb,
	                         .metrics = {NAN, INFINITY, NAN, -INFINITY, 0, 0, 0, 0}};
	fixture fx;
	fixture_init(&fx, &before, NULL);
	fx.report.hours = NAN;
	char *html = write_report(&fx.report, NULL);
	CU_ASSERT(strstr(html, "; 3 cells were not a number &#8805; 0 and are drawn as no load") != NULL);
	CU_ASSERT(strstr(html, "some sums passed the largest number and are drawn at it") != NULL);
	CU_ASSERT(strstr(html, "<dt>simulated</dt><dd>n/a h</dd>") != NULL);
	CU_ASSERT(strstr(html, "<th scope=\"row\">writes on the hottest region</th><td class=\"n\">n/a</td>") != NULL);
	CU_ASSERT(strstr(html, "<th scope=\"row\">Gini coefficient of region load</th><td class=\"n\">n/a</td>") != NULL);
	CU_ASSERT_EQUAL(count(html, "nan"), 0);
	CU_ASSERT_EQUAL(count(html, "inf"), 0);
	free(html);
}

/* the display cells' sums against a brute-force sum of the source cells
 * they cover, on sizes that divide and sizes that do not */
static void check_compaction(size_t keys, size_t steps, size_t want_cols, size_t want_rows)
{
	double *cells = malloc(keys * steps * sizeof *cells);
	CU_ASSERT_FATAL(cells != NULL);
	unsigned long long x = 0x9e3779b97f4a7c15ull, total = 0;
	for (size_t i = 0; i < keys * steps; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		cells[i] = (double)(x % 1000003);
		total += x % 1000003;
	}
	kp_sim_heatmap h = {keys, steps, cells, 1, NULL, NULL};
	kp_sim_grid g;
	CU_ASSERT_EQUAL_FATAL(kp_sim_grid_compact(&g, &h, KP_SIM_MAX_TIME_COLS, KP_SIM_MAX_KEY_ROWS), 0);
	CU_ASSERT_EQUAL(g.cols, want_cols);
	CU_ASSERT_EQUAL(g.rows, want_rows);
	double grid_total = 0;
	size_t covered = 0, wrong = 0;
	for (size_t r = 0; r < g.rows; r++)
		for (size_t c = 0; c < g.cols; c++) {
			double s = 0;
			size_t n = 0;
			for (size_t t = c * g.step_group; t < (c + 1) * g.step_group && t < steps; t++)
				for (size_t k = r * g.key_group; k < (r + 1) * g.key_group && k < keys; k++) {
					s += cells[t * keys + k];
					n++;
				}
			wrong += s != g.sum[r * g.cols + c] || n != kp_sim_grid_cells(&g, &h, c, r);
			grid_total += g.sum[r * g.cols + c];
			covered += n;
		}
	CU_ASSERT_EQUAL(wrong, 0);
	CU_ASSERT_EQUAL(covered, keys * steps);
	CU_ASSERT_EQUAL((unsigned long long)grid_total, total);
	CU_ASSERT_EQUAL(g.invalid, 0);
	kp_sim_grid_free(&g);
	free(cells);
}

static void test_compaction_sums_are_exact(void)
{
	check_compaction(1000, 1000, 200, 100); /* groups of 5 steps x 10 buckets */
	check_compaction(1001, 999, 200, 91);   /* 5 steps (the last 4), 11 buckets */
	check_compaction(7, 3, 3, 7);           /* small: drawn as it is */
	check_compaction(101, 401, 134, 51);    /* 3 steps (the last 2), 2 buckets (the last 1) */
}

static void test_scale_is_log_and_shared(void)
{
	/* before: 1000 on one bucket; after: 100 on each of ten */
	double before[10] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1000}, after[10];
	for (int i = 0; i < 10; i++)
		after[i] = 100;
	kp_sim_heatmap hb = {10, 1, before, 1, NULL, NULL}, ha = {10, 1, after, 1, NULL, NULL};
	kp_sim_grid gb, ga;
	CU_ASSERT_EQUAL_FATAL(kp_sim_grid_compact(&gb, &hb, 200, 100), 0);
	CU_ASSERT_EQUAL_FATAL(kp_sim_grid_compact(&ga, &ha, 200, 100), 0);
	kp_sim_scale s;
	kp_sim_scale_init(&s);
	kp_sim_scale_add(&s, &gb, &hb);
	kp_sim_scale_add(&s, &ga, &ha);
	kp_sim_scale_finish(&s);
	CU_ASSERT_DOUBLE_EQUAL(s.hi, 1000, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.lo, 10, 1e-9); /* a decade below the least load */
	CU_ASSERT_EQUAL(kp_sim_scale_level(&s, 0), 0);
	CU_ASSERT_EQUAL(kp_sim_scale_level(&s, 10), 0);
	CU_ASSERT_EQUAL(kp_sim_scale_level(&s, 100), 32); /* half way on the log scale: 31.5 rounded */
	CU_ASSERT_EQUAL(kp_sim_scale_level(&s, 1000), KP_SIM_LEVELS - 1);
	CU_ASSERT_EQUAL(kp_sim_level_colour(0), 0);
	CU_ASSERT_EQUAL(kp_sim_level_colour(KP_SIM_LEVELS - 1), KP_SIM_PALETTE_N - 1);
	/* compacted 1,000 buckets: a hot one among ten merged keeps its
	 * share (the mean), a uniform load keeps its value */
	double *wide = calloc(1000, sizeof *wide);
	CU_ASSERT_FATAL(wide != NULL);
	wide[999] = 1000;
	kp_sim_heatmap hw = {1000, 1, wide, 1, NULL, NULL};
	kp_sim_grid gw;
	CU_ASSERT_EQUAL_FATAL(kp_sim_grid_compact(&gw, &hw, 200, 100), 0);
	CU_ASSERT_EQUAL(gw.rows, 100);
	CU_ASSERT_DOUBLE_EQUAL(kp_sim_grid_mean(&gw, &hw, 0, 99), 100, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(kp_sim_grid_mean(&gw, &hw, 0, 98), 0, 1e-9);
	kp_sim_grid_free(&gw);
	free(wide);
	kp_sim_grid_free(&gb);
	kp_sim_grid_free(&ga);
}

static void test_large_heatmaps_stay_small_and_fast(void)
{
	/* 1,000 buckets x 1,000 steps of noise (the worst case for the runs
	 * of equal colour), writes and reads, before and after */
	size_t keys = 1000, steps = 1000;
	double *cells = malloc(keys * steps * sizeof *cells);
	CU_ASSERT_FATAL(cells != NULL);
	unsigned long long x = 88172645463325252ull;
	for (size_t i = 0; i < keys * steps; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		cells[i] = (double)(x % 100000);
	}
	kp_sim_picture before = {.label = "as designed", .writes = {keys, steps, cells, 36, NULL, NULL},
	                         .reads = {keys, steps, cells, 36, NULL, NULL}};
	kp_sim_picture after = before;
	after.label = "after";
	fixture fx;
	fixture_init(&fx, &before, &after);
	clock_t t0 = clock();
	size_t n;
	char *html = write_report(&fx.report, &n);
	double cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
	printf("\n    4 heatmaps of 1,000 x 1,000 noisy cells: %zu bytes, %.3f s CPU\n", n, cpu);
	CU_ASSERT(n < 2 * 1024 * 1024);
	CU_ASSERT(strstr(html, "drawn as 100 &#215; 200 cells, each the sum of up to 10 buckets &#215; 5 steps") != NULL);
	free(html);
	free(cells);
}

static void test_axes_legend_and_pairs(void)
{
	/* 24 steps of an hour: hours, ticked every 5; 1,000 at most, 10 at
	 * least: decades 10 to 1k on the legend */
	double w[2 * 24], r[2 * 24];
	for (int i = 0; i < 48; i++) {
		w[i] = i % 2 ? 1000 : 100;
		r[i] = 3 + (i % 2); /* less than a decade: the ends are named */
	}
	kp_sim_picture before = {.label = "as designed", .writes = {2, 24, w, 3600, "a", "z"},
	                         .reads = {2, 24, r, 3600, NULL, NULL}};
	kp_sim_picture after[2] = {{.label = "first", .writes = {2, 24, w, 3600, NULL, NULL}},
	                           {.label = "second", .writes = {2, 24, w, 3600, NULL, NULL}}};
	kp_sim_table_report tables[2] = {{.table = "one", .before = before, .after = after, .nafter = 2},
	                                 {.table = "two", .before = before}};
	kp_sim_report rep = {.title = "x", .tables = tables, .ntables = 2};
	char *html = write_report(&rep, NULL);
	/* every heatmap with cells: the design twice and each change in table
	 * one (the changes have no reads), the design in table two */
	CU_ASSERT_EQUAL(count(html, ">time (h)</text>"), 2 * 3 + 2);
	CU_ASSERT(strstr(html, "text-anchor=\"middle\">20</text><text x=\"284\" y=\"202\" text-anchor=\"middle\">"
	                       "time (h)</text>") != NULL);
	CU_ASSERT(strstr(html, "text-anchor=\"middle\">0</text>") != NULL);
	CU_ASSERT_EQUAL(count(html, "text-anchor=\"middle\">25</text>"), 0);
	CU_ASSERT(strstr(html, "text-anchor=\"middle\">1k</text>") != NULL);
	CU_ASSERT(strstr(html, ">&#8804; 0.3</text>") != NULL);
	CU_ASSERT(strstr(html, "text-anchor=\"end\">4</text>") != NULL);
	/* table one: the design beside each of two changes; table two alone */
	CU_ASSERT_EQUAL(count(html, "class=\"pair\""), 3);
	CU_ASSERT(strstr(html, "id=\"t1-p2-after-writes\"") != NULL);
	CU_ASSERT(strstr(html, "id=\"t2-p1-before-writes\"") != NULL);
	CU_ASSERT(strstr(html, "id=\"t2-p1-after-writes\"") == NULL);
	CU_ASSERT(strstr(html, "<nav><ul><li><a href=\"#t1\">one</a></li><li><a href=\"#t2\">two</a></li></ul></nav>") !=
	          NULL);
	CU_ASSERT(strstr(html, "<th>metric</th><th>as designed</th><th>first</th><th>second</th>") != NULL);
	free(html);
}

static void test_failed_write_returns_minus_one(void)
{
	FILE *f = fopen("/dev/null", "r");
	CU_ASSERT_FATAL(f != NULL);
	kp_sim_report r = {0};
	CU_ASSERT_EQUAL(kp_sim_html_write(f, &r), -1);
	fclose(f);
	/* a stream that fills up in the middle of a table */
	static const double cells[4] = {1, 2, 3, 4};
	kp_sim_picture before = {.label = "x", .writes = {2, 2, cells, 1, NULL, NULL}};
	fixture fx;
	fixture_init(&fx, &before, NULL);
	char small[4096];
	f = fmemopen(small, sizeof small, "w");
	CU_ASSERT_FATAL(f != NULL);
	setvbuf(f, NULL, _IONBF, 0);
	CU_ASSERT_EQUAL(kp_sim_html_write(f, &fx.report), -1);
	fclose(f);
}

KPT_SUITE("sim_html", NULL, NULL,
	{"the palette is matplotlib's viridis, lightness rising", test_palette_is_matplotlib_viridis},
	{"text: markup escaped, controls and bidi as <U+XXXX>, bad UTF-8 as U+FFFD",
	 test_text_escapes_markup_controls_bidi_and_bad_utf8},
	{"numbers are locale-free and NaN/inf are n/a", test_numbers_are_locale_free_and_guarded},
	{"hostile names never become markup", test_hostile_names_never_become_markup},
	{"the same report gives the same bytes, self-contained", test_same_report_same_bytes},
	{"an empty report and empty heatmaps", test_empty_report_and_empty_heatmaps},
	{"zero load is all the darkest colour", test_zero_load_is_all_darkest},
	{"one huge cell is the only bright one", test_one_huge_cell_is_the_only_bright_one},
	{"NaN, inf and negative cells count as no load, and are said to",
	 test_nan_inf_and_negative_cells_are_counted_as_no_load},
	{"the compaction's sums are exact", test_compaction_sums_are_exact},
	{"the colour scale is log and shared by a table's pictures", test_scale_is_log_and_shared},
	{"1,000 x 1,000 heatmaps stay small and fast", test_large_heatmaps_stay_small_and_fast},
	{"time axis, legend ticks, pairs and tables", test_axes_legend_and_pairs},
	{"a failed write returns -1", test_failed_write_returns_minus_one})
