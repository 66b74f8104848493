/* The report of lint and check: each finding filtered (rule settings,
 * suppressions, --diff, the baseline) and written as text, JSON, SARIF
 * 2.1.0 or GitHub workflow commands. The directives are read in
 * suppress.c. */
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

void kp_report_stmt_shape(kp_report *r, kp_source *src, uint32_t start, uint32_t end, const char *table)
{
	r->cur_src = src;
	r->cur_start = start;
	r->cur_end = end;
	if (r->baseline || r->record)
		kp_shape_of(&r->shape, src, start, end, table, &r->scratch_shapes);
}

void kp_report_stmt_clear(kp_report *r)
{
	r->cur_src = NULL;
	r->shape.set = false;
	kp_arena_reset(&r->scratch_shapes);
}

/* --diff: does the change touch the finding's statement (or, outside a
 * statement, its line)? */
static bool in_diff(kp_report *r, const kp_diag *g)
{
	uint32_t first, last, col;
	if (r->cur_src == g->src) {
		kp_source_linecol(g->src, r->cur_start, &first, &col);
		kp_source_linecol(g->src, r->cur_end > r->cur_start ? r->cur_end - 1 : r->cur_start, &last, &col);
	} else {
		kp_source_linecol(g->src, g->off, &first, &col);
		last = first;
	}
	return kp_diffscope_touches(r->diff, rel_path(r, g->src->path), first, last);
}

/* Is the finding new? Findings in the baseline are not (and are counted);
 * with --write-baseline every finding is recorded. */
static bool is_new(kp_report *r, const kp_diag *g)
{
	if (!r->baseline && !r->record)
		return true;
	uint64_t fp = kp_fingerprint(&r->shape, g->rule, g->src, g->off);
	if (r->record) {
		uint32_t line, col;
		kp_source_linecol(g->src, g->off, &line, &col);
		kp_baseline_add(r->record, fp, g->rule, r->shape.set ? r->shape.table : NULL, rel_path(r, g->src->path),
		                line, r->shape.set ? r->shape.text : NULL);
	}
	if (r->baseline && kp_baseline_take(r->baseline, fp)) {
		r->baselined++;
		return false;
	}
	return true;
}

void kp_report_emit(kp_report *r, const kp_diags *d)
{
	for (const kp_diag *g = d->head; g; g = g->next) {
		kp_rule_setting *set = &r->rules[g->rule];
		if (set->set && set->off)
			continue;
		if (kp_report_suppressed(r, g))
			continue;
		if (r->diff && !in_diff(r, g)) {
			r->outside_diff++;
			continue;
		}
		if (!is_new(r, g))
			continue;
		kp_diag c = *g;
		if (set->set)
			c.severity = set->severity;
		switch (r->fmt) {
		case KP_FMT_TEXT:
			kp_diag_format(&r->buf, &c, r->color);
			break;
		case KP_FMT_JSON:
			kp_buf_puts(&r->buf, r->written ? ",\n  " : "\n  ");
			kp_diag_json(&r->buf, &c);
			break;
		case KP_FMT_SARIF:
			/* past GitHub's limit a run is refused whole: keep the first */
			if (r->sarif_results >= KP_SARIF_MAX_RESULTS) {
				r->capped++;
				break;
			}
			write_sarif_result(r, &r->buf, &c, r->sarif_results == 0);
			r->sarif_results++;
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
	kp_buf_printf(b, "\n%ssummary%s (weight per access class, now -> with the advised indexes)\n",
	              color ? "\033[1m" : "", color ? "\033[0m" : "");
	/* every column as wide as its widest cell, so large counts and long
	 * table names keep the columns aligned */
	static const char *head[5] = {"table", "GET", "SCAN", "FILTERED", "REJECTED"};
	int w[5];
	for (int k = 0; k < 5; k++)
		w[k] = (int)strlen(head[k]);
	if (w[0] < 24)
		w[0] = 24;
	char cell[64];
	for (int i = 0; i < n; i++) {
		if ((int)s[i].table->name_len > w[0])
			w[0] = (int)s[i].table->name_len;
		for (int k = 0; k < 4; k++) {
			int len = snprintf(cell, sizeof cell, "%.15g->%.15g", s[i].before[k], s[i].after[k]);
			if (len > w[k + 1])
				w[k + 1] = len;
		}
	}
	for (int k = 1; k < 5; k++)
		if (w[k] < 9)
			w[k] = 9;
	kp_buf_printf(b, "  %-*s %*s %*s %*s %*s\n", w[0], head[0], w[1], head[1], w[2], head[2], w[3], head[3],
	              w[4], head[4]);
	for (int i = 0; i < n; i++) {
		kp_buf_printf(b, "  %-*s", w[0], s[i].table->name);
		for (int k = 0; k < 4; k++) {
			snprintf(cell, sizeof cell, "%.15g->%.15g", s[i].before[k], s[i].after[k]);
			kp_buf_printf(b, " %*s", w[k + 1], cell);
		}
		kp_buf_putc(b, '\n');
	}
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
		kp_buf_printf(b, "  %s:%u: %s\n      before: %s\n      after:  %s\n", x->file, x->line, x->change,
		              x->plan[0], x->plan[1]);
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
		kp_buf_printf(b, ", \"change\": \"%s\"", x->change);
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
	static const char *k[] = {"get", "scan", "filtered_scan", "rejected"};
	kp_buf_puts(b, "\"summary\": [");
	for (int i = 0; i < n; i++) {
		kp_buf_puts(b, i ? ",\n  {\"table\": " : "\n  {\"table\": ");
		kp_buf_json_str(b, s[i].table->name, s[i].table->name_len);
		for (int side = 0; side < 2; side++) {
			kp_buf_printf(b, ", \"%s\": {", side ? "after" : "before");
			for (int j = 0; j < 4; j++)
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

/* A stable fingerprint: rule, file, and the text of the flagged line
 * (FNV-1a), so results survive edits elsewhere in the file. */
static void fingerprint(kp_buf *b, const kp_diag *g, const char *path)
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
	kp_buf_printf(b, "%016llx", (unsigned long long)h);
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
	               "      \"informationUri\": \"" KEYPLAN_DOCS_URI "\",\n      \"rules\": [");
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
		kp_buf_free(&help);
		kp_buf_printf(b, "}, \"helpUri\": \"%s/rules/%s.md\", \"defaultConfiguration\": {\"level\": \"%s\"}}",
		              KEYPLAN_DOCS_URI, ri->id, sarif_level(ri->severity));
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
		fingerprint(b, g, rel_path(r, g->src->path));
		kp_buf_puts(b, "\"}}");
	}
}

/* ------------------------------------------------------------- GitHub */

/* Escaping of the Actions toolkit: data escapes % CR LF, properties also
 * escape : and , (toolkit/packages/core/src/command.ts). */
static void gh_escape(kp_buf *b, const char *s, bool property)
{
	for (; *s; s++) {
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
			kp_buf_printf(&m, "%u results; GitHub code scanning takes at most %d per run, so only the "
			              "first %d are in this file", r->sarif_results + r->capped, KP_SARIF_MAX_RESULTS,
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
	kp_buf *b = &r->buf;
	switch (r->fmt) {
	case KP_FMT_TEXT:
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
				kp_buf_printf(b, "%s %s: %s/rules/%s.md\n", ri->id, ri->slug, KEYPLAN_DOCS_URI, ri->id);
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
		}
		if (r->impact_mode) {
			kp_buf_puts(b, ",\n");
			json_impact(b, r);
		}
		kp_buf_puts(b, "}\n");
		break;
	case KP_FMT_SARIF:
		kp_buf_puts(b, r->sarif_results ? "\n    ]" : "]");
		write_sarif_invocation(r, b);
		kp_buf_puts(b, "\n  }]\n}\n");
		if (r->capped)
			fprintf(stderr, "keyplan: warning: %u results; GitHub code scanning takes at most %d per SARIF "
			        "run, so only the first %d were written\n", r->sarif_results + r->capped,
			        KP_SARIF_MAX_RESULTS, KP_SARIF_MAX_RESULTS);
		break;
	case KP_FMT_GITHUB:
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
	return ferror(r->out) ? -1 : 0;
}
