/* keyplan simulate (docs/simulate.md): the command. Reads the schema and
 * the workload through the one pipeline (lib/), runs the advisor over them
 * for its models and its advised key changes, simulates each table as
 * designed and with each change (sim_build.c), and writes the text
 * summary, the JSON or the HTML report. */
#include "tools/simulate/sim.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/num.h"
#include "base/quote.h"
#include "lib/comments.h"
#include "lib/pipeline.h"
#include "tools/digest/digest_workload.h"
#include "tools/migrations.h"
#include "tools/sniff.h"
#ifdef KP_SIM_HTML
#include "tools/simulate/sim_html.h"
#endif

const char kp_simulate_usage[] =
	"usage: keyplan simulate --schema PATH... --workload PATH... [options]\n"
	"\n"
	"Simulates the region load of each table the workload touches: rows\n"
	"written into regions that split at the store's size, regions on region\n"
	"servers, reads on the regions their plans touch; as designed and with\n"
	"each key change the advisor proposes (reorder, hash prefix, salt). Says\n"
	"per table the share of writes on the hottest region and server, max/mean\n"
	"server load, the Gini coefficient of region load, splits, and regions\n"
	"touched per statement (docs/simulate.md). A workload statement may carry\n"
	"-- rate: N/s (else its -- weight: share of --rate); above a CREATE TABLE,\n"
	"-- rows:, -- row_bytes:, -- regions: and -- distribution: COLUMN uniform|\n"
	"monotonic|latest|zipfian [THETA]|fixed N (docs/annotations.md).\n"
	"\n"
	"options:\n"
	"  --schema PATH        schema file or folder of .sql files; may be repeated\n"
	"  --workload PATH      workload file or folder of .sql files, or a query log\n"
	"                       or digest (docs/digest.md: each shape weighted by its\n"
	"                       count); may be repeated\n"
	"  --hours N            simulated time (default 24; up to 8760)\n"
	"  --steps N            time steps (default 96; 1 to 2000)\n"
	"  --seed N             where skewed values fall in key order (default 1)\n"
	"  --rate N/s           statements per second without -- rate:, shared by\n"
	"                       their weights (default 1000/s; N/min, N/h)\n"
	"  --servers N          region servers (default 5; up to 1000)\n"
	"  --balance B          count (default: the balancer evens region counts) or\n"
	"                       round-robin (regions dealt over the key order)\n"
	"  --region-size BYTES  split every region past BYTES instead of the store's\n"
	"                       policy\n"
	"  --target T           lindorm (default), tablestore, phoenix or generic\n"
	"  --format F           text (default) or json (docs/simulate-json.md)\n"
	"  --report FILE        also write the HTML report (heatmaps, before/after)\n"
	"  --keys FILE          write the first table's inserted keys as designed, one\n"
	"                       'step lane offset' a line (the independent replay of\n"
	"                       tests/simulate; at most 2,000,000 rows)\n"
	"  -h, --help           show this help\n"
	"\n"
	"exit status: 0 simulated, 1 simulated but an input had errors or malformed\n"
	"annotations (reported on standard error), 2 usage or I/O error.\n";

static int usage_error(const char *fmt, const char *arg)
{
	kp_fprintf_visible(stderr, "keyplan simulate: ");
	kp_fprintf_visible(stderr, fmt, arg);
	kp_fprintf_visible(stderr, " (keyplan simulate --help lists the options)\n");
	return 2;
}

/* A number in [lo, hi] (whole when `whole`), or false. */
static bool number(const char *s, double lo, double hi, bool whole, double *out)
{
	double v;
	if (!kp_decimal(s, strlen(s), &v) || !(v >= lo && v <= hi) || (whole && v != floor(v)))
		return false;
	*out = v;
	return true;
}

typedef struct ctx {
	int problems;           /* errors and malformed annotations reported */
	kp_source *log_src;     /* a query log or digest as the workload: its shapes ... */
	const double *log_weights; /* ... weighted by their counts */
	size_t log_n, log_next;
} ctx;

static void report(ctx *c, const kp_diag *g)
{
	kp_buf b = {0};
	kp_diag_format(&b, g, 0);
	fwrite(b.data, 1, b.len, stderr);
	kp_buf_free(&b);
	c->problems++;
}

/* Errors that keep a statement from being simulated (it does not parse,
 * names no table, or a schema statement fails), and malformed
 * annotations; not the lint findings of a plan: a full scan, refused or
 * not, is part of the picture (the simulation shows where it lands). */
static void report_diags(ctx *c, const kp_event *ev)
{
	bool failed = ev->phase == KP_EV_END || ev->role == KP_ROLE_SCHEMA || !ev->stmt ||
	              (!kp_stmt_is_ddl(ev->stmt->kind) && (!ev->planned || !ev->plan.table));
	for (const kp_diag *g = ev->d->head; g; g = g->next)
		if ((failed && g->severity == KP_SEV_ERROR) || g->rule == KP_R_UNKNOWN_DIRECTIVE)
			report(c, g);
}

typedef struct weigh_ctx {
	kp_event *ev;
} weigh_ctx;

static void weigh(void *arg, const char *p, const char *end, bool at_line_start)
{
	kp_event *ev = ((weigh_ctx *)arg)->ev;
	(void)at_line_start;
	kp_comment_trim(&p, &end);
	double w;
	const char *q;
	int r = kp_weight_parse(p, end, &w, &q);
	if (r > 0)
		ev->weight = w;
	else if (r < 0)
		kp_diag_add(ev->d, ev->a, KP_R_UNKNOWN_DIRECTIVE, KP_SEV_WARNING, ev->src, (uint32_t)(p - ev->src->text),
		            (uint32_t)(end - p), "malformed weight '%.*s': expected -- weight: N with 0 <= N <= 1000000",
		            (int)(end - q), q);
}

static int on_event(void *arg, kp_event *ev)
{
	ctx *c = arg;
	if (ev->phase == KP_EV_PARSED && ev->role == KP_ROLE_WORKLOAD) {
		weigh_ctx w = {ev};
		if (ev->src == c->log_src && c->log_next < c->log_n)
			ev->weight = c->log_weights[c->log_next++];   /* a log's shape: its count */
		else
			kp_comments(ev->src, ev->lead, ev->start, false, weigh, &w);
	}
	if (ev->phase == KP_EV_DONE || ev->phase == KP_EV_END)
		report_diags(c, ev);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads path (a file, or a folder's .sql files: a schema's in migration
 * order, a workload's in name order) in role r.
 * Returns -1 (reported) when it cannot be read. */
static int read_path(kp_pipe *p, const char *path, kp_role r, kp_arena *a)
{
	ctx *c = p->ctx;
	struct stat st;
	if (strcmp(path, "-") && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		DIR *dir = opendir(path);
		if (!dir) {
			kp_fprintf_visible(stderr, "keyplan simulate: %s: %s\n", path, strerror(errno));
			return -1;
		}
		char **names = NULL;
		size_t n = 0, cap = 0;
		struct dirent *e;
		while ((e = readdir(dir))) {
			size_t len = strlen(e->d_name);
			if (len < 5 || strcmp(e->d_name + len - 4, ".sql") || e->d_name[0] == '.')
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				names = realloc(names, sizeof(char *) * cap);
				if (!names)
					abort();
			}
			names[n++] = kp_arena_printf(a, "%s/%s", path, e->d_name);
		}
		closedir(dir);
		if (!n) {
			/* as explain, lint and check: an empty folder is an error,
			 * not a quiet simulation of nothing */
			fprintf(stderr, "keyplan simulate: %s: no .sql files in this folder\n", path);
			return -1;
		}
		if (r != KP_ROLE_SCHEMA) {
			qsort(names, n, sizeof(char *), cmp_str);
		} else {
			/* a schema folder applies in migration order, as check
			 * reads it (V2__ before V10__, as Flyway) */
			kp_diags md = {0};
			if (kp_migration_sort((const char **)names, (uint32_t)n, &md, a) < 0) {
				for (const kp_diag *g = md.head; g; g = g->next)
					fprintf(stderr, "keyplan simulate: %s: %s\n", g->file ? g->file : path, g->message);
				free(names);
				return -1;
			}
		}
		int rc = 0;
		for (size_t i = 0; i < n && rc == 0; i++)
			rc = read_path(p, names[i], r, a);
		free(names);
		return rc;
	}
	/* one error for a binary file, as lint's: not one per NUL byte, and
	 * not a look for a log's first line in /dev/zero that never ends */
	const char *why = kp_sniff_path(path, r == KP_ROLE_WORKLOAD);
	if (why) {
		kp_fprintf_visible(stderr, "keyplan simulate: %s: %s\n", path, why);
		return -1;
	}
	/* standard input and a pipe (bash's <(...)) are read once: the look
	 * for a log's format would take what the read needs */
	bool once = !strcmp(path, "-") ||
	            (stat(path, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)));
	if (r == KP_ROLE_WORKLOAD && !once && kp_digest_is_log(path)) {
		/* a query log or a digest (docs/digest.md): one statement per
		 * shape, weighted by its count */
		kp_source *src = kp_arena_alloc(a, sizeof *src);
		kp_log_workload w;
		char *err = NULL;
		if (kp_digest_workload(p, path, src, &w, &err) < 0) {
			kp_fprintf_visible(stderr, "keyplan simulate: %s\n", err ? err : path);
			free(err);
			return -1;
		}
		if (w.skipped)
			kp_fprintf_visible(stderr, "keyplan simulate: %s: %llu of its lines or records skipped (keyplan digest %s "
			        "lists them)\n", path, (unsigned long long)w.skipped, path);
		kp_pipe_keep(p, src);
		c->log_src = src;
		c->log_weights = w.weights;
		c->log_n = w.n;
		c->log_next = 0;
		kp_pipe_source(p, src, r);
		c->log_src = NULL;
		kp_log_workload_free(&w);
		return 0;
	}
	kp_diags d = {0};
	kp_source *src = kp_pipe_read(p, path, &d, a);
	if (!src) {
		/* a file that cannot be read ends the run: one line, as the
		 * other errors of the command line are worded */
		for (const kp_diag *g = d.head; g; g = g->next)
			fprintf(stderr, "keyplan simulate: %s: %s\n", g->file ? g->file : path, g->message);
		return -1;
	}
	kp_pipe_source(p, src, r);
	return 0;
}

#ifdef KP_SIM_HTML
/* The report's contract (sim_html.h) filled from the document. */
static int write_html(const char *path, const kp_sim_doc *doc, kp_arena *a, char *err, size_t errlen)
{
	kp_sim_report rep;
	memset(&rep, 0, sizeof rep);
	rep.title = "keyplan simulate";
	rep.target = doc->target;
	rep.schema_path = doc->nschemas ? doc->schemas[0] : NULL;
	rep.workload_path = doc->nworkloads ? doc->workloads[0] : NULL;
	rep.seed = doc->cfg.seed;
	rep.hours = doc->cfg.hours;
	rep.assumptions = doc->assumptions;
	rep.nassumptions = (size_t)doc->nassumptions;
	kp_sim_table_report *tabs = kp_arena_alloc(a, sizeof *tabs * (size_t)(doc->ntables + 1));
	for (int i = 0; i < doc->ntables; i++) {
		const kp_sim_tab *t = &doc->tables[i];
		kp_sim_table_report *tr = &tabs[i];
		tr->table = t->table;
		tr->notes = t->notes;
		tr->nnotes = (size_t)t->nnotes;
		kp_sim_picture *pics = kp_arena_alloc(a, sizeof *pics * (size_t)(t->npics + 1));
		for (int j = 0; j < t->npics; j++) {
			const kp_sim_pic *p = &t->pics[j];
			kp_sim_picture *q = &pics[j];
			q->label = p->label;
			q->ddl = p->ddl;
			kp_sim_heatmap h = {(size_t)p->res.key_buckets, (size_t)p->res.time_steps, p->res.write_cells,
			                    p->res.step_seconds, NULL, NULL};
			q->writes = h;
			h.cells = p->res.read_cells;
			q->reads = h;
			q->metrics.hottest_region_write_share = p->res.hottest_region_write_share;
			q->metrics.hottest_server_write_share = p->res.hottest_server_write_share;
			q->metrics.max_mean_server_load = p->res.max_mean_server_load;
			q->metrics.gini_region_load = p->res.gini_region_load;
			q->metrics.splits = p->res.splits;
			q->metrics.regions = p->res.regions;
			q->metrics.writes = (unsigned long long)(p->res.writes + 0.5);
			q->metrics.reads = (unsigned long long)(p->res.reads + 0.5);
			kp_sim_fanout *f = kp_arena_alloc(a, sizeof *f * (size_t)(p->nfan + 1));
			for (int k = 0; k < p->nfan; k++) {
				f[k].statement = p->fan[k].statement;
				f[k].location = p->fan[k].location;
				f[k].access = p->fan[k].access;
				f[k].regions_per_read = p->fan[k].regions;
			}
			q->fanout = f;
			q->nfanout = (size_t)p->nfan;
		}
		tr->before = pics[0];
		tr->after = pics + 1;
		tr->nafter = (size_t)(t->npics - 1);
	}
	rep.tables = tabs;
	rep.ntables = (size_t)doc->ntables;
	/* a regular file is replaced whole at the end; anything else (a
	 * device, a FIFO, /dev/stdout) is written where it is: a file renamed
	 * over it would replace it */
	struct stat st;
	bool in_place = stat(path, &st) == 0 && !S_ISREG(st.st_mode);
	/* the temporary file is made new (mkstemp), never opened through
	 * whatever already lies at PATH.tmp (a link to another file) */
	char *tmp = in_place ? (char *)path : kp_arena_printf(a, "%s.tmp-XXXXXX", path);
	int fd = in_place ? -1 : mkstemp(tmp);
	if (fd >= 0) {   /* readable as fopen's file was (mkstemp's is 0600) */
		mode_t um = umask(0);
		umask(um);
		fchmod(fd, 0666 & ~um);
	}
	FILE *f = in_place ? fopen(tmp, "w") : fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			remove(tmp);
		}
		return -1;
	}
	int rc = kp_sim_html_write(f, &rep);
	if (in_place) {
		if (fclose(f) != 0 || rc < 0) {
			snprintf(err, errlen, "%s: %s", path, rc < 0 ? "write error" : strerror(errno));
			return -1;
		}
		return 0;
	}
	if (fclose(f) != 0 || rc < 0 || rename(tmp, path) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		remove(tmp);
		return -1;
	}
	return 0;
}
#endif

/* What the options say (keyplan simulate's defaults for check --report). */
typedef struct sim_opts {
	double hours, steps, seed, rate, servers, region_size;
	bool rate_default, balance_count;
} sim_opts;

static const sim_opts defaults = {24, 96, 1, 1000, 5, 0, true, true};

/* The document of every table the advisor's workload touches. Returns 0,
 * or -1 with *err set. */
static int simulate(kp_sim_doc *doc, kp_advisor *adv, kp_target target, const sim_opts *o, FILE *keys, kp_arena *a,
                    kp_diags *rate_d, const char **err)
{
	kp_arena scratch;
	kp_arena_init(&scratch);
	kp_sim_build b;
	memset(&b, 0, sizeof b);
	b.adv = adv;
	b.a = a;
	b.scratch = &scratch;
	b.d = rate_d;
	kp_sim_store_of(&b.store, target, o->region_size);
	b.cfg.hours = o->hours;
	b.cfg.steps = (int)o->steps;
	b.cfg.seed = (uint64_t)o->seed;
	b.cfg.servers = (int)o->servers;
	b.cfg.balance_count = o->balance_count;
	b.cfg.key_buckets = 64;
	b.rate = o->rate;
	b.keys_out = keys;
	doc->target = kp_target_name(target);
	doc->cfg = b.cfg;
	doc->rate = o->rate;
	doc->rate_default = o->rate_default;
	doc->store = b.store;
	const char **as = kp_arena_alloc(a, sizeof(char *) * 8);
	int na = 0;
	as[na++] = "Rows arrive as the key's values do: the parts before the first monotonic one choose a lane by their "
	           "distribution, a monotonic part appends at the lane's end.";
	as[na++] = "Operations are spread over each time step in aggregate; regions split at the end of a step, at their "
	           "middle row.";
	as[na++] = "A range read covers 10% of what its bound key parts select, an equality on a key part with uncounted "
	           "values 1% (the cost model's selectivities, docs/advice.md).";
	as[na++] = "Reads through secondary indexes and index tables load those tables, which are not simulated.";
	if (doc->store.split_assumed)
		as[na++] = target == KP_TARGET_TABLESTORE
		           ? "Tablestore does not publish its split size: 10 GB assumed, never inside a partition key value."
		           : "Lindorm does not publish its split size: HBase's defaults assumed (256 MB, then 10 GB).";
	doc->assumptions = as;
	doc->nassumptions = na;
	int rc = kp_sim_build_doc(&b, doc, err);
	if (o->rate_default && doc->shared)
		as[doc->nassumptions++] = "No --rate: 1000 statements per second shared by weight.";
	kp_arena_free(&scratch);
	return rc;
}

int kp_sim_check_report(kp_advisor *adv, kp_target target, const char *path, char *err, size_t errlen)
{
#ifndef KP_SIM_HTML
	(void)adv;
	(void)target;
	snprintf(err, errlen, "--report %s: this build has no HTML report writer (tools/simulate/sim_html.c)", path);
	return -1;
#else
	kp_arena a;
	kp_arena_init(&a);
	kp_diags rate_d = {0};
	kp_sim_doc doc;
	memset(&doc, 0, sizeof doc);
	const char *why = NULL;
	int rc = simulate(&doc, adv, target, &defaults, NULL, &a, &rate_d, &why);
	if (rc < 0)
		snprintf(err, errlen, "--report %s: %s", path, why ? why : "the simulation failed");
	for (const kp_diag *g = rate_d.head; g; g = g->next) {
		kp_buf b = {0};
		kp_diag_format(&b, g, 0);
		fwrite(b.data, 1, b.len, stderr);
		kp_buf_free(&b);
	}
	if (rc == 0)
		rc = write_html(path, &doc, &a, err, errlen);
	kp_sim_doc_free(&doc);
	kp_arena_free(&a);
	return rc;
#endif
}

int kp_cmd_simulate(int argc, char **argv)
{
	kp_arena a;
	kp_arena_init(&a);
	const char **schemas = kp_arena_alloc(&a, sizeof(char *) * (size_t)(argc + 1));
	const char **workloads = kp_arena_alloc(&a, sizeof(char *) * (size_t)(argc + 1));
	int nschemas = 0, nworkloads = 0, rc = 0;
	const char *format = "text", *report_path = NULL, *keys_path = NULL;
	kp_target target = KP_TARGET_LINDORM;
	sim_opts so = defaults;
	for (int i = 0; i < argc; i++) {
		const char *o = argv[i];
		if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
			fputs(kp_simulate_usage, stdout);
			goto out;
		}
		const char *name = o, *val = NULL;
		const char *eq = strchr(o, '=');
		char opt[64];
		if (o[0] == '-' && o[1] == '-' && eq && (size_t)(eq - o) < sizeof opt) {
			memcpy(opt, o, (size_t)(eq - o));
			opt[eq - o] = 0;
			name = opt;
			val = eq + 1;
		}
		static const char *const with_value[] = {"--schema", "--workload", "--hours", "--steps", "--seed", "--rate",
		                                         "--servers", "--balance", "--region-size", "--target", "--format",
		                                         "--report", "--keys", NULL};
		bool known = false;
		for (int j = 0; with_value[j]; j++)
			known |= !strcmp(name, with_value[j]);
		if (!known) {
			rc = usage_error(o[0] == '-' ? "unknown option '%s'" : "unexpected argument '%s': give files with "
			                 "--schema and --workload", o);
			goto out;
		}
		if (!val) {
			if (i + 1 >= argc) {
				rc = usage_error("%s needs a value", name);
				goto out;
			}
			val = argv[++i];
		}
		if (!strcmp(name, "--schema"))
			schemas[nschemas++] = val;
		else if (!strcmp(name, "--workload"))
			workloads[nworkloads++] = val;
		else if (!strcmp(name, "--hours")) {
			if (!number(val, 1e-6, 8760, false, &so.hours)) {
				rc = usage_error("--hours takes a number of hours above 0 and up to 8760, not '%s'", val);
				goto out;
			}
		} else if (!strcmp(name, "--steps")) {
			if (!number(val, 1, 2000, true, &so.steps)) {
				rc = usage_error("--steps takes a whole number from 1 to 2000, not '%s'", val);
				goto out;
			}
		} else if (!strcmp(name, "--seed")) {
			if (!number(val, 0, 9007199254740992.0, true, &so.seed)) {
				rc = usage_error("--seed takes a whole number from 0 to 2^53, not '%s'", val);
				goto out;
			}
		} else if (!strcmp(name, "--rate")) {
			char *text = kp_arena_printf(&a, "rate: %s", val);
			const char *why;
			if (kp_rate_parse(text, text + strlen(text), &so.rate, &why) <= 0) {
				rc = usage_error("--rate takes N/s (or N/min, N/h) with 0 <= N/s <= 1e9, not '%s'", val);
				goto out;
			}
			so.rate_default = false;
		} else if (!strcmp(name, "--servers")) {
			if (!number(val, 1, 1000, true, &so.servers)) {
				rc = usage_error("--servers takes a whole number from 1 to 1000, not '%s'", val);
				goto out;
			}
		} else if (!strcmp(name, "--balance")) {
			if (strcmp(val, "count") && strcmp(val, "round-robin")) {
				rc = usage_error("--balance takes count or round-robin, not '%s'", val);
				goto out;
			}
			so.balance_count = !strcmp(val, "count");
		} else if (!strcmp(name, "--region-size")) {
			if (!number(val, 1, 1e15, false, &so.region_size)) {
				rc = usage_error("--region-size takes a number of bytes from 1 to 1e15, not '%s'", val);
				goto out;
			}
		} else if (!strcmp(name, "--target")) {
			if (kp_target_parse(&target, val) < 0) {
				rc = usage_error("--target takes lindorm, tablestore, phoenix or generic, not '%s'", val);
				goto out;
			}
		} else if (!strcmp(name, "--format")) {
			if (strcmp(val, "text") && strcmp(val, "json")) {
				rc = usage_error("--format takes text or json, not '%s'", val);
				goto out;
			}
			format = val;
		} else if (!strcmp(name, "--report")) {
#ifndef KP_SIM_HTML
			rc = usage_error("--report: this build has no HTML report writer (tools/simulate/sim_html.c), '%s' "
			                 "not written", val);
			goto out;
#endif
			report_path = val;
		} else if (!strcmp(name, "--keys")) {
			keys_path = val;
		}
	}
	if (!nschemas) {
		rc = usage_error("%s", "no schema: give --schema PATH");
		goto out;
	}
	if (!nworkloads) {
		rc = usage_error("%s", "no workload: give --workload PATH (the statements whose load is simulated)");
		goto out;
	}
	kp_pipe pipe;
	kp_pipe_init(&pipe, target);
	ctx c = {0};
	pipe.fn = on_event;
	pipe.ctx = &c;
	pipe.plan_schema_writes = false;
	kp_diags adv_d = {0};
	kp_advisor adv;
	kp_advisor_init(&adv, pipe.cat, target, &a, &adv_d);
	pipe.adv = &adv;
	for (int i = 0; i < nschemas && rc == 0; i++)
		if (read_path(&pipe, schemas[i], KP_ROLE_SCHEMA, &a) < 0)
			rc = 2;
	for (int i = 0; i < nworkloads && rc == 0; i++)
		if (read_path(&pipe, workloads[i], KP_ROLE_WORKLOAD, &a) < 0)
			rc = 2;
	FILE *keys = NULL;
	if (rc == 0 && keys_path && !(keys = fopen(keys_path, "w"))) {
		kp_fprintf_visible(stderr, "keyplan simulate: %s: %s\n", keys_path, strerror(errno));
		rc = 2;
	}
	kp_sim_doc doc;
	memset(&doc, 0, sizeof doc);
	if (rc == 0) {
		kp_advisor_run(&adv);
		for (const kp_diag *g = adv_d.head; g; g = g->next)
			if (g->rule == KP_R_UNKNOWN_DIRECTIVE)
				report(&c, g);
		kp_diags rate_d = {0};
		doc.schemas = schemas;
		doc.nschemas = nschemas;
		doc.workloads = workloads;
		doc.nworkloads = nworkloads;
		const char *err = NULL;
		if (simulate(&doc, &adv, target, &so, keys, &a, &rate_d, &err) < 0) {
			kp_fprintf_visible(stderr, "keyplan simulate: %s\n", err ? err : "the simulation failed");
			rc = 2;
		}
		for (const kp_diag *g = rate_d.head; g; g = g->next)
			report(&c, g);
	}
	if (keys && fclose(keys) != 0 && rc == 0) {
		kp_fprintf_visible(stderr, "keyplan simulate: %s: %s\n", keys_path, strerror(errno));
		rc = 2;
	}
	if (rc == 0) {
		if (!strcmp(format, "json"))
			kp_sim_json(stdout, &doc);
		else
			kp_sim_text(stdout, &doc);
#ifdef KP_SIM_HTML
		char err[1024];
		if (report_path && write_html(report_path, &doc, &a, err, sizeof err) < 0) {
			kp_fprintf_visible(stderr, "keyplan simulate: %s\n", err);
			rc = 2;
		}
#else
		(void)report_path;
#endif
		if (fflush(stdout) != 0) {
			kp_fprintf_visible(stderr, "keyplan simulate: <stdout>: write error\n");
			rc = 2;
		}
		if (rc == 0 && c.problems)
			rc = 1;
	}
	kp_sim_doc_free(&doc);
	kp_pipe_free(&pipe);
out:
	kp_arena_free(&a);
	return rc;
}
