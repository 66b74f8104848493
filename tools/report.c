/* The report of lint and check: each finding filtered (rule settings,
 * suppressions, --diff, the baseline) and written as text, JSON, SARIF
 * 2.1.0 or GitHub workflow commands. The directives are read in
 * suppress.c. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "tools/reportInt.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/quote.h"
#include "lib/advice.h"
#include "tools/review.h"
#include "planner/explain.h"

/* path relative to the repository root (r->rel), as GitHub and SARIF
 * consumers resolve it; r->rel_outside when it is not below the root (or
 * not a file: <stdin>, <command line>), then r->rel is path as given. */
static const char *rel_path(kp_report *r, const char *path)
{
	if (r->rel_of.len && strcmp(r->rel_of.data, path) == 0)
		return r->rel.data;
	kp_buf_clear(&r->rel_of);
	kp_buf_puts(&r->rel_of, path);
	kp_buf_clear(&r->rel);
	r->rel_outside = true;
	if (path[0] != '<' && r->root) {
		kp_arena a;
		kp_arena_init(&a);
		const char *abs = kp_path_abs(&a, r->cwd, path);
		if (kp_path_under(abs, r->root) && strcmp(abs, r->root)) {
			size_t n = strlen(r->root);
			kp_buf_puts(&r->rel, abs + n + (n > 1));
			r->rel_outside = false;
		} else {
			kp_buf_puts(&r->rel, abs);
		}
		kp_arena_free(&a);
	} else {
		kp_buf_puts(&r->rel, path);
	}
	return r->rel.data;
}


static void flush_buf(kp_report *r, bool force)
{
	if (r->buf.len && (force || r->buf.len > 65536)) {
		fwrite(r->buf.data, 1, r->buf.len, r->out);
		kp_buf_clear(&r->buf);
	}
}

static void write_sarif_result(kp_report *r, kp_buf *b, const kp_diag *g, bool first);
static void write_github_line(kp_report *r, kp_buf *b, const kp_diag *g);

void kp_report_file_read(kp_report *r, const char *path)
{
	const char *rel = rel_path(r, path);
	kp_list_push(r->a, &r->read, kp_arena_strndup(r->a, rel, strlen(rel)));
	r->read_sorted = false;
}

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

bool kp_report_was_read(kp_report *r, const char *file)
{
	if (!file || !r->read.n)
		return false;
	if (!r->read_sorted) {
		qsort(r->read.items, r->read.n, sizeof(void *), cmp_cstr);
		r->read_sorted = true;
	}
	return bsearch(&file, r->read.items, r->read.n, sizeof(void *), cmp_cstr) != NULL;
}

void kp_report_stmt_shape(kp_report *r, kp_source *src, uint32_t start, uint32_t end, const char *table)
{
	r->cur_src = src;
	r->cur_start = start;
	r->cur_end = end;
	if (r->baseline || r->record)
		kp_shape_of(&r->shape, src, start, end, table, &r->scratch_shapes);
}

void kp_report_stmt_fingerprint(kp_report *r, const kp_stmt *s, const kp_fp_opts *o)
{
	/* only a baseline reads it (kp_report_stmt_shape set the shape) */
	if (r->shape.set && s)
		r->shape.ast = kp_stmt_fingerprint(s, o);
}

void kp_report_stmt_clear(kp_report *r)
{
	r->cur_src = NULL;
	r->shape.set = false;
	kp_arena_reset(&r->scratch_shapes);
}

/* Does the change touch lines [first, last] of path? The diff names files
 * relative to the repository root (git diff), or to the working directory
 * (git diff --relative, read with --diff -); a file reached through a
 * symbolic link is the file it points to. */
static bool diff_touches(kp_report *r, const char *path, uint32_t first, uint32_t last)
{
	if (kp_diffscope_touches(r->diff, rel_path(r, path), first, last))
		return true;
	if (path[0] == '<')
		return false;
	kp_arena a;
	kp_arena_init(&a);
	bool hit = kp_diffscope_touches(r->diff, kp_path_rel(&a, r->cwd, path), first, last);
	char *real = hit ? NULL : realpath(path, NULL);
	if (real && r->root) {
		char *root = realpath(r->root, NULL);
		if (root && kp_path_under(real, root) && strcmp(real, root))
			hit = kp_diffscope_touches(r->diff, real + strlen(root) + (strlen(root) > 1), first, last);
		free(root);
	}
	free(real);
	kp_arena_free(&a);
	return hit;
}

/* --diff: does the change touch the finding's statement (or, outside a
 * statement, its line)? SQL taken out of application code is touched
 * when any line its text comes from is: the statement's own, or that of a
 * constant it is built from, declared elsewhere in the file. */
static bool in_diff(kp_report *r, const kp_diag *g)
{
	uint32_t first, last, col;
	if (g->src->host && g->src->map) {
		kp_source *h = g->src->host;
		uint32_t prev = 0;
		for (size_t i = 0; i < g->src->len; i++) {
			uint32_t line;
			kp_source_linecol(h, g->src->map[i], &line, &col);
			if (line != prev && diff_touches(r, h->path, line, line))
				return true;
			prev = line;
		}
		return false;
	}
	if (r->cur_src == g->src) {
		kp_source_linecol(g->src, r->cur_start, &first, &col);
		kp_source_linecol(g->src, r->cur_end > r->cur_start ? r->cur_end - 1 : r->cur_start, &last, &col);
	} else {
		kp_source_linecol(g->src, g->off, &first, &col);
		last = first;
	}
	return diff_touches(r, g->src->path, first, last);
}

/* Is the finding new? Findings in the baseline are not (and are counted);
 * with --write-baseline every finding is recorded. */
static bool is_new(kp_report *r, const kp_diag *g)
{
	if (!r->baseline && !r->record)
		return true;
	uint64_t v1;
	uint64_t fp = kp_fingerprint(&r->shape, g->rule, g->src, g->off, &v1);
	if (r->record) {
		uint32_t line, col;
		kp_source_linecol(g->src, g->off, &line, &col);
		kp_baseline_add(r->record, fp, g->rule, r->shape.set ? r->shape.table : NULL, rel_path(r, g->src->path),
		                line, r->shape.set ? r->shape.text : NULL);
	}
	if (r->baseline && kp_baseline_take(r->baseline, fp, v1)) {
		r->baselined++;
		return false;
	}
	return true;
}

static void push_index(uint32_t **a, uint32_t *n, uint32_t *cap, uint32_t v)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 256;
		*a = realloc(*a, *cap * sizeof **a);
		if (!*a)
			abort();
	}
	(*a)[(*n)++] = v;
}

/* A SARIF result, held until the end. GitHub refuses a run of more than
 * KP_SARIF_MAX_RESULTS results whole: past that many, a result takes the
 * place of the latest one of the lowest severity below its own, or is left
 * out itself; so the cap keeps the most severe, in input order. */
static void sarif_add(kp_report *r, const kp_diag *g, const char *text, size_t n)
{
	int sev = (int)g->severity;
	if (r->sarif_results >= KP_SARIF_MAX_RESULTS) {
		int low = 0;
		while (low < sev && r->nkept[low] == 0)
			low++;
		r->capped++;
		if (low >= sev)
			return;   /* nothing less severe to make room */
		r->recs[r->kept[low][--r->nkept[low]]].dropped = true;
		r->sarif_results--;
	}
	if (r->nrecs == r->caprecs) {
		r->caprecs = r->caprecs ? r->caprecs * 2 : 256;
		r->recs = realloc(r->recs, r->caprecs * sizeof *r->recs);
		if (!r->recs)
			abort();
	}
	kp_sarif_rec *x = &r->recs[r->nrecs];
	x->off = (uint32_t)r->sarif.len;
	if (text)
		kp_buf_put(&r->sarif, text, n);   /* formatted already (held) */
	else
		write_sarif_result(r, &r->sarif, g, true);
	x->len = (uint32_t)(r->sarif.len - x->off);
	x->dropped = false;
	push_index(&r->kept[sev], &r->nkept[sev], &r->capkept[sev], r->nrecs);
	r->nrecs++;
	r->sarif_results++;
}

/* The held SARIF results, in input order. */
static void sarif_flush_results(kp_report *r, kp_buf *b)
{
	bool first = true;
	for (uint32_t i = 0; i < r->nrecs; i++) {
		if (r->recs[i].dropped)
			continue;
		if (!first)
			kp_buf_putc(b, ',');
		kp_buf_put(b, r->sarif.data + r->recs[i].off, r->recs[i].len);
		first = false;
		if (b->len > 65536)
			flush_buf(r, false);
	}
	kp_buf_free(&r->sarif);
	free(r->recs);
	r->recs = NULL;
	r->nrecs = r->caprecs = 0;
	for (int k = 0; k < 3; k++) {
		free(r->kept[k]);
		r->kept[k] = NULL;
		r->nkept[k] = r->capkept[k] = 0;
	}
}

/* Findings' words kept for text, one slot an id (its low bits): ids are
 * given out in order, one a shape's full-scan path, so the shapes of a
 * run's full scans, up to WORDS_SLOTS of them, each keep theirs; one slot
 * for all of them missed on nearly every finding, the shapes taking turns. */
#define WORDS_SLOTS 256

static kp_diag_words *words_slot(kp_report *r, const kp_diag *g)
{
	if (!g->words)
		return NULL;
	if (!r->words) {
		r->words = calloc(WORDS_SLOTS, sizeof *r->words);
		if (!r->words)
			abort();
	}
	return &r->words[g->words & (WORDS_SLOTS - 1)];
}

void kp_report_emit(kp_report *r, const kp_diags *d)
{
	for (const kp_diag *g = d->head; g; g = g->next) {
		kp_rule_setting *set = &r->rules[g->rule];
		if (set->set && set->off)
			continue;
		if (kp_report_suppressed(r, g))
			continue;
		/* a migration's effect on a query (KP130-KP134) is the schema
		 * change's: in scope whatever lines the diff touches */
		bool migration = g->rule >= KP_R_MIGRATION_BREAKS && g->rule <= KP_R_MIGRATION_PATH;
		if (r->diff && !migration && !in_diff(r, g)) {
			r->outside_diff++;
			continue;
		}
		if (!is_new(r, g))
			continue;
		kp_diag c = *g;
		if (set->set)
			c.severity = set->severity;
		if (r->sink) {
			r->sink(r->sink_ctx, &c);
			continue;
		}
		if (r->holding) {
			kp_report_hold(r, &c);   /* written in place later (hold.c) */
			continue;
		}
		switch (r->fmt) {
		case KP_FMT_TEXT:
			kp_diag_format_kept(&r->buf, &c, r->color, words_slot(r, &c));
			break;
		case KP_FMT_JSON:
			kp_buf_puts(&r->buf, r->written ? ",\n  " : "\n  ");
			kp_diag_json(&r->buf, &c);
			break;
		case KP_FMT_SARIF:
			sarif_add(r, &c, NULL, 0);
			break;
		case KP_FMT_GITHUB:
			write_github_line(r, &r->buf, &c);
			break;
		}
		r->written++;
		r->count[c.severity]++;
		r->reported[c.rule] = true;
		flush_buf(r, false);
	}
}

void kp_report_format(kp_report *r, kp_buf *b, const kp_diag *c)
{
	switch (r->fmt) {
	case KP_FMT_TEXT: kp_diag_format_kept(b, c, r->color, words_slot(r, c)); break;
	case KP_FMT_JSON: kp_diag_json(b, c); break;
	case KP_FMT_SARIF: write_sarif_result(r, b, c, true); break;
	case KP_FMT_GITHUB: write_github_line(r, b, c); break;
	}
}

void kp_report_commit(kp_report *r, kp_severity sev, kp_rule rule, const char *text, size_t n)
{
	kp_diag meta = {.rule = rule, .severity = sev};
	switch (r->fmt) {
	case KP_FMT_JSON:
		kp_buf_puts(&r->buf, r->written ? ",\n  " : "\n  ");
		kp_buf_put(&r->buf, text, n);
		break;
	case KP_FMT_SARIF:
		sarif_add(r, &meta, text, n);
		break;
	default:
		kp_buf_put(&r->buf, text, n);
	}
	r->written++;
	r->count[sev]++;
	r->reported[rule] = true;
	flush_buf(r, false);
}


int kp_report_worst(const kp_report *r)
{
	for (int s = KP_SEV_ERROR; s >= KP_SEV_INFO; s--)
		if (r->count[s])
			return s;
	return -1;
}

/* --------------------------------------------------------------- text */

static void write_summary_text(kp_buf *b, const kp_table_summary *s, int n, int color)
{
	if (n == 0)
		return;
	kp_buf_printf(b, "\n%ssummary%s (read weight per access class, now -> with the recommendation)\n",
	              color ? "\033[1m" : "", color ? "\033[0m" : "");
	/* every column as wide as its widest cell, so large counts and long
	 * table names keep the columns aligned */
	const char *head[6] = {"table", "GET", "SCAN", "FILTERED", "FULL SCAN", "SEARCH"};
	/* the full scans' column is named as the planner names what it holds:
	 * REJECTED where the store refuses every one of them (Lindorm), FULL
	 * SCAN where it runs them (Phoenix, Tablestore, generic: E100), both
	 * words where the run holds both */
	bool run = false, refused = false;
	for (int i = 0; i < n; i++) {
		run |= s[i].full_run;
		refused |= s[i].full_refused;
	}
	/* a read the store refuses is counted in the refused column, whatever
	 * its class (Lindorm's REJECTED FILTERED SCAN): the text counts what
	 * the store refuses where it says REJECTED; JSON keeps each read in
	 * its class (docs/advice-json.md, "summary") */
	kp_table_summary *t = n ? calloc((size_t)n, sizeof(*t)) : NULL;
	if (!t)
		return;
	for (int i = 0; i < n; i++) {
		t[i] = s[i];
		for (int k = 0; k < 3; k++) {
			t[i].before[k] -= s[i].refused[0][k];
			t[i].before[3] += s[i].refused[0][k];
			t[i].after[k] -= s[i].refused[1][k];
			t[i].after[3] += s[i].refused[1][k];
			refused |= s[i].refused[0][k] > 0 || s[i].refused[1][k] > 0;
		}
	}
	s = t;
	if (refused)
		head[4] = run ? "FULL/REJECTED" : "REJECTED";
	/* the SEARCH column only where a read goes through a search index */
	int nc = 4;
	for (int i = 0; i < n; i++)
		if (s[i].before[4] > 0 || s[i].after[4] > 0)
			nc = 5;
	int w[6];
	for (int k = 0; k < 6; k++)
		w[k] = (int)strlen(head[k]);
	if (w[0] < 24)
		w[0] = 24;
	char cell[64];
	for (int i = 0; i < n; i++) {
		if ((int)s[i].table->name_len > w[0])
			w[0] = (int)s[i].table->name_len;
		for (int k = 0; k < nc; k++) {
			int len = snprintf(cell, sizeof cell, "%.15g->%.15g", s[i].before[k], s[i].after[k]);
			if (len > w[k + 1])
				w[k + 1] = len;
		}
	}
	for (int k = 1; k < 6; k++)
		if (w[k] < 9)
			w[k] = 9;
	kp_buf_printf(b, "  %-*s %*s %*s %*s %*s", w[0], head[0], w[1], head[1], w[2], head[2], w[3], head[3],
	              w[4], head[4]);
	if (nc == 5)
		kp_buf_printf(b, " %*s", w[5], head[5]);
	kp_buf_putc(b, '\n');
	for (int i = 0; i < n; i++) {
		kp_buf_puts(b, "  ");
		size_t at = b->len;
		kp_buf_puts_visible(b, s[i].table->name);
		for (size_t k = b->len - at; k < (size_t)w[0]; k++)
			kp_buf_putc(b, ' ');
		for (int k = 0; k < nc; k++) {
			snprintf(cell, sizeof cell, "%.15g->%.15g", s[i].before[k], s[i].after[k]);
			kp_buf_printf(b, " %*s", w[k + 1], cell);
		}
		kp_buf_putc(b, '\n');
	}
	free(t);
}

static char *dup0(kp_arena *a, const char *s)
{
	return s ? kp_arena_strndup(a, s, strlen(s)) : NULL;
}

void kp_report_impact(kp_report *r, const kp_impact *x)
{
	kp_impact *c = kp_arena_alloc(r->a, sizeof(*c));
	*c = *x;
	c->file = dup0(r->a, rel_path(r, x->file));
	c->table = dup0(r->a, x->table);
	for (int k = 0; k < 2; k++)
		c->plan[k] = dup0(r->a, x->plan[k]);
	c->statement = dup0(r->a, x->statement);
	c->variant = dup0(r->a, x->variant);
	kp_list_push(r->a, &r->impacts, c);
}

static void write_impact_text(kp_report *r, kp_buf *b)
{
	if (!r->impact_mode)
		return;
	kp_buf_printf(b, "\n%smigration impact%s (workload queries whose plan the schema change changes)\n",
	              r->color ? "\033[1m" : "", r->color ? "\033[0m" : "");
	if (!r->impacts.n)
		kp_buf_puts(b, "  none: every workload query plans as before\n");
	for (uint32_t i = 0; i < r->impacts.n; i++) {
		const kp_impact *x = r->impacts.items[i];
		kp_buf_puts(b, "  ");
		kp_buf_puts_visible(b, x->file);
		kp_buf_printf(b, ":%u:%u: %s", x->line, x->col, x->change);
		if (x->variant) {
			kp_buf_puts(b, " (");
			kp_buf_puts_visible(b, x->variant);
			kp_buf_putc(b, ')');
		}
		if (x->statement) {
			kp_buf_puts(b, "\n      query:  ");
			kp_buf_puts_visible(b, x->statement);
		}
		kp_buf_puts(b, "\n      before: ");
		kp_buf_puts_visible(b, x->plan[0]);
		kp_buf_puts(b, "\n      after:  ");
		kp_buf_puts_visible(b, x->plan[1]);
		kp_buf_putc(b, '\n');
	}
}

static void json_impact(kp_buf *b, const kp_report *r)
{
	kp_buf_puts(b, "\"impact\": [");
	for (uint32_t i = 0; i < r->impacts.n; i++) {
		const kp_impact *x = r->impacts.items[i];
		kp_buf_puts(b, i ? ",\n  {\"file\": " : "\n  {\"file\": ");
		kp_buf_json_str(b, x->file, strlen(x->file));
		kp_buf_printf(b, ", \"line\": %u, \"column\": %u, \"table\": ", x->line, x->col);
		if (x->table)
			kp_buf_json_str(b, x->table, strlen(x->table));
		else
			kp_buf_puts(b, "null");
		kp_buf_printf(b, ", \"change\": \"%s\", \"statement\": ", x->change);
		kp_buf_json_str(b, x->statement ? x->statement : "", x->statement ? strlen(x->statement) : 0);
		kp_buf_puts(b, ", \"variant\": ");
		if (x->variant)
			kp_buf_json_str(b, x->variant, strlen(x->variant));
		else
			kp_buf_puts(b, "null");
		for (int k = 0; k < 2; k++) {
			kp_buf_printf(b, ", \"%s\": {\"access\": ", k ? "after" : "before");
			if (x->access[k])
				kp_buf_printf(b, "\"%s\"", x->access[k]);
			else
				kp_buf_puts(b, "null");
			kp_buf_puts(b, ", \"order\": ");
			if (x->order[k])
				kp_buf_printf(b, "\"%s\"", x->order[k]);
			else
				kp_buf_puts(b, "null");
			kp_buf_puts(b, ", \"plan\": ");
			kp_buf_json_str(b, x->plan[k], strlen(x->plan[k]));
			kp_buf_putc(b, '}');
		}
		kp_buf_putc(b, '}');
	}
	kp_buf_puts(b, r->impacts.n ? "\n]" : "]");
}

/* --------------------------------------------------------------- JSON */

static void json_advice(kp_buf *b, const kp_advisor *adv)
{
	kp_buf_puts(b, "\"advice\": [");
	for (uint32_t i = 0; adv && i < adv->advice.n; i++) {
		kp_buf_puts(b, i ? ",\n  " : "\n  ");
		kp_advice_json(b, adv->advice.items[i]);
	}
	kp_buf_puts(b, adv && adv->advice.n ? "\n]" : "]");
}

static void json_review(kp_buf *b, const kp_advisor *adv)
{
	kp_buf_puts(b, "\"review\": [");
	for (uint32_t i = 0; i < adv->reviews.n; i++) {
		kp_buf_puts(b, i ? ",\n  " : "\n  ");
		kp_review_json(b, adv->reviews.items[i]);
	}
	kp_buf_puts(b, adv->reviews.n ? "\n]" : "]");
}

static void json_summary(kp_buf *b, const kp_table_summary *s, int n)
{
	static const char *k[] = {"get", "scan", "filtered_scan", "rejected", "search"};
	kp_buf_puts(b, "\"summary\": [");
	for (int i = 0; i < n; i++) {
		kp_buf_puts(b, i ? ",\n  {\"table\": " : "\n  {\"table\": ");
		kp_buf_json_str(b, s[i].table->name, s[i].table->name_len);
		for (int side = 0; side < 2; side++) {
			kp_buf_printf(b, ", \"%s\": {", side ? "after" : "before");
			for (int j = 0; j < 5; j++)
				kp_buf_printf(b, "%s\"%s\": %.15g", j ? ", " : "", k[j], side ? s[i].after[j] : s[i].before[j]);
			kp_buf_putc(b, '}');
		}
		kp_buf_putc(b, '}');
	}
	kp_buf_puts(b, n ? "\n]" : "]");
}

/* -------------------------------------------------------------- SARIF */

static const char *sarif_level(kp_severity s)
{
	return s == KP_SEV_ERROR ? "error" : s == KP_SEV_WARNING ? "warning" : "note";
}

/* How many times the line hash h was seen before in this run (0 the first
 * time), counting this one. */
static uint32_t fp_occurrence(kp_report *r, uint64_t h)
{
	if (2 * (r->fp_n + 1) > r->fp_cap) {
		uint32_t cap = r->fp_cap ? 2 * r->fp_cap : 1024;
		uint64_t *keys = calloc(cap, sizeof *keys);
		uint32_t *seen = calloc(cap, sizeof *seen);
		if (!keys || !seen)
			abort();
		for (uint32_t i = 0; i < r->fp_cap; i++)
			if (r->fp_seen[i]) {
				uint32_t k = (uint32_t)r->fp_keys[i] & (cap - 1);
				while (seen[k])
					k = (k + 1) & (cap - 1);
				keys[k] = r->fp_keys[i];
				seen[k] = r->fp_seen[i];
			}
		free(r->fp_keys);
		free(r->fp_seen);
		r->fp_keys = keys;
		r->fp_seen = seen;
		r->fp_cap = cap;
	}
	uint32_t k = (uint32_t)h & (r->fp_cap - 1);
	while (r->fp_seen[k] && r->fp_keys[k] != h)
		k = (k + 1) & (r->fp_cap - 1);
	if (!r->fp_seen[k]) {
		r->fp_keys[k] = h;
		r->fp_n++;
	}
	return r->fp_seen[k]++;
}

/* A stable fingerprint, as GitHub's own primaryLocationLineHash: a hash of
 * the rule, the file and the text of the flagged line (white space left
 * out), then ":" and the how-manieth result with that hash this is. Adding
 * lines elsewhere in the file changes neither part; two results on lines
 * of the same text get different fingerprints (GitHub merges alerts that
 * share one). */
static void fingerprint(kp_report *r, kp_buf *b, const kp_diag *g, const char *path)
{
	size_t len;
	const char *line = kp_source_line_text(g->src, g->off, &len);
	uint64_t h = 1469598103934665603ull;
	const char *parts[3] = {kp_rule_get(g->rule)->id, path, NULL};
	for (int i = 0; i < 2; i++)
		for (const char *p = parts[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * 1099511628211ull;
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			h = (h ^ (unsigned char)line[i]) * 1099511628211ull;
	kp_buf_printf(b, "%016llx:%u", (unsigned long long)h, fp_occurrence(r, h) + 1);
}

/* Percent-encodes path as a URI path (RFC 3986 unreserved and '/' stay). */
static void uri_escape(kp_buf *u, const char *path)
{
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("/-._~", *p))
			kp_buf_putc(u, (char)*p);
		else
			kp_buf_printf(u, "%%%02X", *p);
	}
}

/* An artifactLocation's members: a URI relative to %SRCROOT% (the
 * repository root, given in the run's originalUriBaseIds) for files below
 * it, an absolute file: URI for the others. */
static void sarif_location(kp_report *r, kp_buf *b, const char *path)
{
	const char *rel = rel_path(r, path);
	kp_buf u = {0};
	if (!r->rel_outside) {
		uri_escape(&u, rel);
		kp_buf_puts(b, "\"uri\": ");
		kp_buf_json_str(b, u.data, u.len);
		kp_buf_puts(b, ", \"uriBaseId\": \"%SRCROOT%\"");
	} else {
		if (rel[0] == '/')
			kp_buf_puts(&u, "file://");
		uri_escape(&u, rel);
		kp_buf_puts(b, "\"uri\": ");
		kp_buf_json_str(b, u.data, u.len);
	}
	kp_buf_free(&u);
}

static void write_sarif_header(kp_report *r, kp_buf *b)
{
	kp_buf_puts(b, "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
	               "  \"version\": \"2.1.0\",\n  \"runs\": [{\n    \"tool\": {\"driver\": {\n"
	               "      \"name\": \"keyplan\", \"version\": \"" KEYPLAN_VERSION "\",\n"
	               "      \"informationUri\": ");
	const char *docs = r->docs ? r->docs : KEYPLAN_DOCS_URI;
	kp_buf_json_str(b, docs, strlen(docs));
	kp_buf_puts(b, ",\n      \"rules\": [");
	for (int i = 0; i < KP_R__COUNT; i++) {
		const kp_rule_info *ri = kp_rule_get((kp_rule)i);
		kp_buf_puts(b, i ? ",\n        {" : "\n        {");
		kp_buf_printf(b, "\"id\": \"%s\", \"name\": \"%s\", ", ri->id, ri->slug);
		kp_buf_puts(b, "\"shortDescription\": {\"text\": ");
		kp_buf_json_str(b, ri->summary, strlen(ri->summary));
		kp_buf_puts(b, "}, \"fullDescription\": {\"text\": ");
		kp_buf help = {0};
		kp_buf_printf(&help, "%s (%s): %s.", ri->id, ri->slug, ri->summary);
		kp_buf_json_str(b, help.data, help.len);
		kp_buf_clear(&help);
		kp_buf_puts(b, "}, \"help\": {\"text\": ");
		kp_buf_printf(&help, "%s. See docs/rules/%s.md for why it matters and how to fix it.", ri->summary, ri->id);
		kp_buf_json_str(b, help.data, help.len);
		kp_buf_clear(&help);
		/* the rule's page as code scanning shows it */
		const char *page = r->rule_page ? r->rule_page(ri->id) : NULL;
		if (page) {
			kp_buf_puts(b, ", \"markdown\": ");
			kp_buf_json_str(b, page, strlen(page));
		}
		kp_buf_printf(&help, "%s/rules/%s.md", docs, ri->id);
		kp_buf_puts(b, "}, \"helpUri\": ");
		kp_buf_json_str(b, help.data, help.len);
		kp_buf_free(&help);
		kp_buf_printf(b, ", \"defaultConfiguration\": {\"level\": \"%s\"}", sarif_level(ri->severity));
		/* an injection risk is a security alert in code scanning (CWE-89) */
		if (i == KP_R_INTERPOLATED)
			kp_buf_puts(b, ", \"properties\": {\"tags\": [\"security\", \"external/cwe/cwe-89\"], "
			               "\"security-severity\": \"8.8\", \"precision\": \"medium\"}");
		kp_buf_putc(b, '}');
	}
	kp_buf_puts(b, "\n      ]\n    }},\n    \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": ");
	kp_buf u = {0};
	kp_buf_puts(&u, "file://");
	uri_escape(&u, r->root);
	if (u.data[u.len - 1] != '/')
		kp_buf_putc(&u, '/');
	kp_buf_json_str(b, u.data, u.len);
	kp_buf_free(&u);
	kp_buf_puts(b, ", \"description\": {\"text\": \"the repository root\"}}},\n"
	               "    \"columnKind\": \"unicodeCodePoints\",\n    \"results\": [");
}

static void write_sarif_result(kp_report *r, kp_buf *b, const kp_diag *g, bool first)
{
	{
		const kp_rule_info *ri = kp_rule_get(g->rule);
		uint32_t l1, c1, l2, c2;
		kp_source_linecol(g->src, g->off, &l1, &c1);
		kp_source_linecol_end(g->src, g->off, g->len, &l2, &c2);
		if (l2 == l1 && c2 <= c1)
			c2 = c1 + 1;
		kp_buf_puts(b, first ? "\n      {" : ",\n      {");
		kp_buf_printf(b, "\"ruleId\": \"%s\", \"ruleIndex\": %d, \"level\": \"%s\", \"message\": {\"text\": ",
		              ri->id, (int)g->rule, sarif_level(g->severity));
		kp_buf msg = {0};
		kp_buf_puts(&msg, g->message);
		for (const kp_help *h = g->helps; h; h = h->next)
			kp_buf_printf(&msg, "\nhelp: %s", h->message);
		kp_buf_json_str(b, msg.data, msg.len);
		kp_buf_free(&msg);
		kp_buf_puts(b, "}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {");
		sarif_location(r, b, g->src->path);
		kp_buf_printf(b, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u, \"endLine\": %u, "
		              "\"endColumn\": %u}}}]", l1, c1, l2, c2);
		if (g->notes) {
			kp_buf_puts(b, ", \"relatedLocations\": [");
			int id = 1;
			for (const kp_note *n = g->notes; n; n = n->next, id++) {
				uint32_t nl, nc;
				kp_source_linecol(n->src, n->off, &nl, &nc);
				kp_buf_printf(b, "%s{\"id\": %d, \"physicalLocation\": {\"artifactLocation\": {",
				              id > 1 ? ", " : "", id);
				sarif_location(r, b, n->src->path);
				kp_buf_printf(b, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u}}, \"message\": {\"text\": ",
				              nl, nc);
				kp_buf_json_str(b, n->message, strlen(n->message));
				kp_buf_puts(b, "}}");
			}
			kp_buf_putc(b, ']');
		}
		kp_buf_puts(b, ", \"partialFingerprints\": {\"primaryLocationLineHash\": \"");
		fingerprint(r, b, g, rel_path(r, g->src->path));
		kp_buf_puts(b, "\"}}");
	}
}

/* ------------------------------------------------------------- GitHub */

/* Escaping of the Actions toolkit: data escapes % CR LF, properties also
 * escape : and , (toolkit/packages/core/src/command.ts). */
static void gh_escape(kp_buf *b, const char *s, bool property)
{
	const char *end = s + strlen(s);
	for (; *s; s++) {
		uint32_t cp;
		size_t n = (size_t)(end - s);
		size_t k = *s != '\r' && *s != '\n' ? kp_unsafe_char(s, n, &cp) : 0;
		if (!k && (unsigned char)*s >= 0x80) {
			size_t v = kp_utf8_len(s, n);
			if (v) {   /* a character, whole */
				kp_buf_put(b, s, v);
				s += v - 1;
				continue;
			}
			k = 1;   /* a byte that is not UTF-8: <XX> */
		}
		if (k) {
			kp_buf_put_visible(b, s, k);   /* never a raw control in the log */
			s += k - 1;
			continue;
		}
		switch (*s) {
		case '%': kp_buf_puts(b, "%25"); break;
		case '\r': kp_buf_puts(b, "%0D"); break;
		case '\n': kp_buf_puts(b, "%0A"); break;
		case ':': if (property) kp_buf_puts(b, "%3A"); else kp_buf_putc(b, ':'); break;
		case ',': if (property) kp_buf_puts(b, "%2C"); else kp_buf_putc(b, ','); break;
		default: kp_buf_putc(b, *s);
		}
	}
}

static void write_github_line(kp_report *r, kp_buf *b, const kp_diag *g)
{
	{
		const kp_rule_info *ri = kp_rule_get(g->rule);
		uint32_t l1, c1, l2, c2;
		kp_source_linecol(g->src, g->off, &l1, &c1);
		kp_source_linecol_end(g->src, g->off, g->len, &l2, &c2);
		kp_buf_printf(b, "::%s file=", g->severity == KP_SEV_ERROR ? "error" :
		              g->severity == KP_SEV_WARNING ? "warning" : "notice");
		gh_escape(b, rel_path(r, g->src->path), true);
		kp_buf_printf(b, ",line=%u,col=%u,endLine=%u,endColumn=%u,title=", l1, c1, l2, c2);
		gh_escape(b, ri->id, true);
		kp_buf_puts(b, "::");
		kp_buf msg = {0};
		kp_buf_printf(&msg, "%s [%s %s]", g->message, ri->id, ri->slug);
		for (const kp_help *h = g->helps; h; h = h->next)
			kp_buf_printf(&msg, "\nhelp: %s", h->message);
		gh_escape(b, msg.data, false);
		kp_buf_free(&msg);
		kp_buf_putc(b, '\n');
	}
}

void kp_report_begin(kp_report *r, kp_arena *a, FILE *out, kp_format fmt, int color)
{
	r->a = a;
	r->out = out;
	r->fmt = fmt;
	r->color = color;
	r->words = NULL;
	kp_arena_init(&r->scratch);
	kp_arena_init(&r->scratch_shapes);
	char *wd = getcwd(NULL, 0);
	r->cwd = kp_arena_strndup(a, wd ? wd : "/", strlen(wd ? wd : "/"));
	free(wd);
	char *root = kp_repo_root(r->cwd);
	r->root = kp_arena_strndup(a, root, strlen(root));
	free(root);
	if (fmt == KP_FMT_JSON)
		kp_buf_puts(&r->buf, "{\"version\": 1, \"diagnostics\": [");
	else if (fmt == KP_FMT_SARIF)
		write_sarif_header(r, &r->buf);
}

void kp_report_fail(kp_report *r, const char *msg)
{
	r->fatal = msg;
}

/* The run's invocation: whether it succeeded, and the notifications a
 * reader of the SARIF file must see (the error that stopped it, results
 * left out over the cap). */
static void write_sarif_invocation(kp_report *r, kp_buf *b)
{
	kp_buf_printf(b, ",\n    \"invocations\": [{\"executionSuccessful\": %s", r->fatal ? "false" : "true");
	if (r->fatal || r->capped) {
		kp_buf_puts(b, ", \"toolExecutionNotifications\": [");
		if (r->fatal) {
			kp_buf_puts(b, "{\"level\": \"error\", \"message\": {\"text\": ");
			kp_buf_json_str(b, r->fatal, strlen(r->fatal));
			kp_buf_puts(b, "}}");
		}
		if (r->capped) {
			kp_buf m = {0};
			kp_buf_printf(&m, "%u results; GitHub code scanning takes at most %d per run, so the %d most "
			              "severe are in this file", r->sarif_results + r->capped, KP_SARIF_MAX_RESULTS,
			              KP_SARIF_MAX_RESULTS);
			kp_buf_printf(b, "%s{\"level\": \"warning\", \"message\": {\"text\": ", r->fatal ? ", " : "");
			kp_buf_json_str(b, m.data, m.len);
			kp_buf_puts(b, "}}");
			kp_buf_free(&m);
		}
		kp_buf_putc(b, ']');
	}
	kp_buf_puts(b, "}]");
}

int kp_report_end(kp_report *r, const kp_advisor *adv, const kp_table_summary *sums, int nsums)
{
	kp_report_file_end(r);   /* a run stopped in a file: what it held */
	kp_buf *b = &r->buf;
	/* a failed run (exit 2) says so in every format, and writes no impact,
	 * advice or summary that would pass for a whole run's */
	bool failed = r->fatal != NULL;
	switch (r->fmt) {
	case KP_FMT_TEXT:
		if (!failed)
			write_impact_text(r, b);
		kp_review_text(b, adv, r->color);
		write_summary_text(b, sums, nsums, r->color);
		if (r->written || adv)
			kp_buf_printf(b, "\n%u error(s), %u warning(s), %u info\n", r->count[KP_SEV_ERROR],
			              r->count[KP_SEV_WARNING], r->count[KP_SEV_INFO]);
		if (r->baselined)
			kp_buf_printf(b, "%s%u finding(s) in the baseline not shown\n", r->written || adv ? "" : "\n",
			              r->baselined);
		/* where each rule reported is explained (also: keyplan rules ID) */
		for (int i = 0; i < KP_R__COUNT; i++)
			if (r->reported[i]) {
				const kp_rule_info *ri = kp_rule_get((kp_rule)i);
				kp_buf_printf(b, "%s %s: %s/rules/%s.md (keyplan rules %s)\n", ri->id, ri->slug,
				              r->docs ? r->docs : KEYPLAN_DOCS_URI, ri->id, ri->id);
			}
		if (failed) {
			kp_buf_puts(b, "\nkeyplan: the run failed, the report is incomplete: ");
			kp_buf_puts_visible(b, r->fatal);
			kp_buf_putc(b, '\n');
		}
		break;
	case KP_FMT_JSON:
		kp_buf_puts(b, r->written ? "\n]" : "]");
		if (adv) {
			kp_buf_puts(b, ",\n");
			json_advice(b, adv);
			kp_buf_puts(b, ",\n");
			json_summary(b, sums, nsums);
			kp_buf_puts(b, ",\n");
			json_review(b, adv);
		} else if (failed && r->check) {
			kp_buf_puts(b, ",\n\"advice\": [],\n\"summary\": []");   /* check's required fields */
		}
		if (r->impact_mode && !failed) {
			kp_buf_puts(b, ",\n");
			json_impact(b, r);
		}
		if (failed) {
			kp_buf_puts(b, ",\n\"error\": ");
			kp_buf_json_str(b, r->fatal, strlen(r->fatal));
		}
		kp_buf_puts(b, "}\n");
		break;
	case KP_FMT_SARIF:
		sarif_flush_results(r, b);
		kp_buf_puts(b, r->sarif_results ? "\n    ]" : "]");
		write_sarif_invocation(r, b);
		kp_buf_puts(b, "\n  }]\n}\n");
		if (r->capped)
			fprintf(stderr, "keyplan: warning: %u results; GitHub code scanning takes at most %d per SARIF "
			        "run, so the %d most severe were written\n", r->sarif_results + r->capped,
			        KP_SARIF_MAX_RESULTS, KP_SARIF_MAX_RESULTS);
		break;
	case KP_FMT_GITHUB:
		if (failed) {
			kp_buf_puts(b, "::error title=keyplan failed::");
			gh_escape(b, r->fatal, false);
			kp_buf_putc(b, '\n');
		}
		break;
	}
	flush_buf(r, true);
	kp_buf_free(b);
	kp_arena_free(&r->scratch);
	kp_arena_free(&r->scratch_shapes);
	for (uint32_t i = 0; i < r->anchors.n; i++)
		kp_source_free(r->anchors.items[i]);
	r->anchors.n = 0;
	kp_buf_free(&r->rel_of);
	kp_buf_free(&r->rel);
	if (r->words) {
		for (int i = 0; i < WORDS_SLOTS; i++)
			kp_diag_words_free(&r->words[i]);
		free(r->words);
		r->words = NULL;
	}
	free(r->fp_keys);
	free(r->fp_seen);
	r->fp_keys = NULL;
	r->fp_seen = NULL;
	r->fp_cap = r->fp_n = 0;
	return ferror(r->out) ? -1 : 0;
}
