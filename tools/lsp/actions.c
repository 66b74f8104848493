/* Code actions on the findings under the cursor:
 *   - the target's opt-in for a full scan it rejects (KP001), as the
 *     target table says (advisor/targets.c, docs/targets.md: Lindorm's
 *     /_*+ _l_allow_filtering_ *_/ hint after SELECT; the stores that run
 *     full scans have none), in SQL files and in application code's SQL;
 *   - a suppression comment in the one documented form, in the host
 *     language's comments for SQL in application code;
 *   - the mechanical rewrites: KP010 (a < b < c written a < b AND b < c),
 *     KP007 (the literal written in the key column's type), KP022 (a
 *     malformed keyplan:ignore repaired);
 *   - the schema change the advisor recommends for the statement's table,
 *     judged over the workload (the configured query files and the open
 *     documents), as an edit of the schema file that declares the table. */
#include "tools/lsp/lsp.h"

#include <ctype.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "keyplan.h"

static cJSON *text_edit(cJSON *range, const char *text)
{
	cJSON *e = cJSON_CreateObject();
	cJSON_AddItemToObject(e, "range", range);
	cJSON_AddStringToObject(e, "newText", text);
	return e;
}

/* {title, kind, diagnostics: [diag], edit: {changes: {uri: [edits]}}} */
static cJSON *action(const char *title, const char *kind, cJSON *diag, const char *uri, cJSON *edits, bool preferred)
{
	cJSON *a = cJSON_CreateObject();
	cJSON_AddStringToObject(a, "title", title);
	cJSON_AddStringToObject(a, "kind", kind);
	if (diag) {
		cJSON *ds = cJSON_AddArrayToObject(a, "diagnostics");
		cJSON_AddItemToArray(ds, diag);
	}
	if (preferred)
		cJSON_AddBoolToObject(a, "isPreferred", 1);
	cJSON *e = cJSON_AddObjectToObject(a, "edit");
	cJSON *ch = cJSON_AddObjectToObject(e, "changes");
	cJSON_AddItemToObject(ch, uri, edits);
	return a;
}

static cJSON *one_edit(kp_lsp *s, kp_lsp_doc *d, size_t a, size_t b, const char *text)
{
	cJSON *arr = cJSON_CreateArray();
	cJSON_AddItemToArray(arr, text_edit(kp_lsp_range(s, d, a, b), text));
	return arr;
}

/* A keyplan:ignore line before the statement, indented as its line, in
 * the comment syntax of the document's language. */
static cJSON *suppress(kp_lsp *s, kp_lsp_doc *d, size_t stmt, const kp_lsp_diag *g, cJSON *dj)
{
	size_t ls = stmt;
	while (ls > 0 && d->t.text[ls - 1] != '\n' && d->t.text[ls - 1] != '\r')
		ls--;
	size_t ind = ls;
	while (ind < d->t.len && (d->t.text[ind] == ' ' || d->t.text[ind] == '\t'))
		ind++;
	const char *id = kp_rule_get(g->rule)->id;
	const char *eol = memchr(d->t.text, '\r', d->t.len) && !memchr(d->t.text, '\n', d->t.len) ? "\r"
	                : ls >= 2 && d->t.text[ls - 2] == '\r' ? "\r\n" : "\n";
	kp_buf b = {0};
	kp_buf_put(&b, d->t.text + ls, ind - ls);
	switch (d->lang) {
	case KP_LANG_PYTHON:
		kp_buf_printf(&b, "# keyplan:ignore %s -- reason%s", id, eol);
		break;
	case KP_LANG_MYBATIS:
		kp_buf_printf(&b, "<!-- keyplan:ignore %s reason -->%s", id, eol);
		break;
	case KP_LANG_JAVA:
	case KP_LANG_KOTLIN:
	case KP_LANG_GO:
		kp_buf_printf(&b, "// keyplan:ignore %s -- reason%s", id, eol);
		break;
	default:
		kp_buf_printf(&b, "-- keyplan:ignore %s -- reason%s", id, eol);
		break;
	}
	kp_buf_putc(&b, 0);
	char title[128];
	snprintf(title, sizeof title, "Suppress %s %s for this statement", id, kp_rule_get(g->rule)->slug);
	cJSON *a = action(title, "quickfix", dj, d->uri, one_edit(s, d, ls, ls, b.data), false);
	kp_buf_free(&b);
	return a;
}

static bool is_cmp(const char *p, size_t n)
{
	static const char *ops[] = {"<", "<=", ">", ">=", "=", "==", "!=", "<>"};
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
		if (strlen(ops[i]) == n && !memcmp(ops[i], p, n))
			return true;
	return false;
}

/* KP010: "a op1 b op2 c" (the finding's span) as "a op1 b AND b op2 c". */
static cJSON *chained(kp_lsp *s, kp_lsp_doc *d, const kp_lsp_diag *g, uint32_t base, size_t a, size_t b)
{
	const char *t = d->t.text;
	size_t ops[2], opl[2];
	int n = 0, depth = 0;
	char q = 0;
	for (size_t i = a; i < b; i++) {
		char c = t[i];
		if (q) {
			if (c == q)
				q = 0;
			continue;
		}
		if (c == '\'' || c == '"' || c == '`') {
			q = c;
		} else if (c == '(') {
			depth++;
		} else if (c == ')') {
			depth--;
		} else if (depth == 0 && strchr("<>=!", c)) {
			size_t k = i + 1;
			while (k < b && strchr("<>=", t[k]) && k - i < 2)
				k++;
			if (!is_cmp(t + i, k - i))
				return NULL;
			if (n == 2)
				return NULL;
			ops[n] = i;
			opl[n++] = k - i;
			i = k - 1;
		}
	}
	if (n != 2)
		return NULL;
	size_t ms = ops[0] + opl[0], me = ops[1];
	while (ms < me && isspace((unsigned char)t[ms]))
		ms++;
	while (me > ms && isspace((unsigned char)t[me - 1]))
		me--;
	if (ms == me)
		return NULL;
	kp_buf nb = {0};
	size_t left = ops[1];
	while (left > a && isspace((unsigned char)t[left - 1]))
		left--;
	if (left < a)
		return NULL;   /* not so (ops[1] >= a), but what a link-time inliner cannot see */
	kp_buf_put(&nb, t + a, left - a);
	kp_buf_puts(&nb, " AND ");
	kp_buf_put(&nb, t + ms, me - ms);
	kp_buf_putc(&nb, ' ');
	kp_buf_put(&nb, t + ops[1], b - ops[1]);
	kp_buf_putc(&nb, 0);
	char title[256];
	snprintf(title, sizeof title, "Write the chained comparison with AND: %.200s", nb.data);
	cJSON *r = action(title, "quickfix", kp_lsp_diag_json(s, d, base, g), d->uri, one_edit(s, d, a, b, nb.data), true);
	kp_buf_free(&nb);
	return r;
}

/* KP007: a number for a string column is quoted; a quoted number for a
 * numeric column loses its quotes. */
static cJSON *literal(kp_lsp *s, kp_lsp_doc *d, const kp_lsp_diag *g, uint32_t base, size_t a, size_t b)
{
	const char *t = d->t.text;
	if (b <= a)
		return NULL;
	kp_buf nb = {0};
	bool string_col = strstr(g->message, "CHAR") || strstr(g->message, "STRING") || strstr(g->message, "TEXT");
	if (t[a] == '\'' && b - a >= 2 && t[b - 1] == '\'') {
		size_t i = a + 1;
		if (i < b - 1 && (t[i] == '-' || t[i] == '+'))
			i++;
		bool num = i < b - 1;
		for (; i < b - 1; i++)
			num &= isdigit((unsigned char)t[i]) || t[i] == '.';
		if (!num || string_col) {
			return NULL;
		}
		kp_buf_put(&nb, t + a + 1, b - a - 2);
	} else {
		for (size_t i = a; i < b; i++)
			if (!isdigit((unsigned char)t[i]) && t[i] != '.' && t[i] != '-' && t[i] != '+') {
					return NULL;
			}
		if (!string_col) {
			return NULL;
		}
		kp_buf_putc(&nb, '\'');
		kp_buf_put(&nb, t + a, b - a);
		kp_buf_putc(&nb, '\'');
	}
	kp_buf_putc(&nb, 0);
	char title[256];
	snprintf(title, sizeof title, "Write %.*s as %s, the key column's type", (int)(b - a > 100 ? 100 : b - a), t + a,
	         nb.data);
	cJSON *r = action(title, "quickfix", kp_lsp_diag_json(s, d, base, g), d->uri, one_edit(s, d, a, b, nb.data), true);
	kp_buf_free(&nb);
	return r;
}

/* Edit distance, small strings only (rule IDs and slugs). */
static int distance(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b);
	if (n > 40 || m > 40)
		return 99;
	int row[41];
	for (size_t j = 0; j <= m; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= n; i++) {
		int prev = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= m; j++) {
			int cur = row[j];
			int ca = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]) ||
			         (a[i - 1] == '_' && b[j - 1] == '-') ? 0 : 1;
			int best = prev + ca;
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			prev = cur;
		}
	}
	return row[m];
}

/* KP022: the directive's words repaired. */
static cJSON *directive(kp_lsp *s, kp_lsp_doc *d, const kp_lsp_diag *g, uint32_t base, size_t a, size_t b)
{
	const char *t = d->t.text;
	if (b < a)
		return NULL;
	kp_buf nb = {0};
	const char *title = NULL;
	char tbuf[256];
	if (strstr(g->message, "is not a rule: write the reason after")) {
		kp_buf_puts(&nb, "-- ");
		kp_buf_put(&nb, t + a, b - a);
		title = "Mark the reason with ' -- '";
	} else if (strstr(g->message, "unknown rule '") && b > a + 1 && t[b - 1] == ':') {
		kp_buf_put(&nb, t + a, b - a - 1);
		kp_buf_puts(&nb, " --");
		title = "Write the reason after ' -- '";
	} else if (strstr(g->message, "unknown rule '") && b > a) {
		int best = 3;
		const char *fix = NULL;
		for (int r = 0; r < KP_R__COUNT; r++) {
			const kp_rule_info *ri = kp_rule_get((kp_rule)r);
			int di = distance(t + a, b - a, ri->id), ds = distance(t + a, b - a, ri->slug);
			if (di < best) {
				best = di;
				fix = ri->id;
			}
			if (ds < best) {
				best = ds;
				fix = ri->slug;
			}
		}
		if (!fix) {
			return NULL;
		}
		kp_buf_puts(&nb, fix);
		snprintf(tbuf, sizeof tbuf, "Change '%.*s' to the rule '%s'", (int)(b - a > 60 ? 60 : b - a), t + a, fix);
		title = tbuf;
	} else {
		return NULL;
	}
	kp_buf_putc(&nb, 0);
	cJSON *r = action(title, "quickfix", kp_lsp_diag_json(s, d, base, g), d->uri, one_edit(s, d, a, b, nb.data), true);
	kp_buf_free(&nb);
	return r;
}

/* ------------------------------------------------------------ advisor */

typedef struct advice_pick {
	const char *table;
	char *kind, *message, *ddl, *key;
	int serves, of;
	bool found;
	int names;              /* how names compare */
	bool costed;            /* the write cost below is known */
	int ins_before, ins_after;        /* rows one inserted row writes */
	double written_before, written_after; /* the workload's weighted rows written */
} advice_pick;

static bool same_name(const char *a, const char *b, int names)
{
	return names == KP_NAMES_NOCASE ? !strcasecmp(a, b) : !strcmp(a, b);
}

static char *dupn(const char *s)
{
	if (!s)
		return NULL;
	char *p = strdup(s);
	if (!p)
		abort();
	return p;
}

static void on_advice(void *ctx, const keyplan_advice *a)
{
	advice_pick *p = ctx;
	const char *t = keyplan_advice_table(a);
	/* only the judge's recommendation for the table, never an alternative
	 * judged worse or a fix judged for one query alone; when the design
	 * stands there is no action */
	if (p->found || !t || !same_name(t, p->table, p->names) || !keyplan_advice_ddl(a) ||
	    !keyplan_advice_recommended(a))
		return;
	p->found = true;
	p->kind = dupn(keyplan_advice_kind(a));
	p->message = dupn(keyplan_advice_message(a));
	p->ddl = dupn(keyplan_advice_ddl(a));
	p->key = dupn(keyplan_advice_key(a));
	p->serves = keyplan_advice_serves(a, &p->of);
	p->costed = keyplan_advice_write_cost(a, &p->ins_before, &p->ins_after, &p->written_before, &p->written_after) == 1;
}

static bool has_ext(const char *path)
{
	return kp_lang_of_path(path) >= 0;
}

/* The advisor's recommendation for table t, over the workspace's schema
 * and workload, as an edit of the schema file declaring t. */
static cJSON *advise(kp_lsp *s, kp_lsp_doc *d, const kp_table *t, cJSON *dj)
{
	kp_lsp_ws *w = d->ws;
	keyplan_options o = {kp_target_name(w->target), NULL, NULL, NULL};
	keyplan *k;
	if (!t->src || keyplan_open(&o, &k) < 0) {
		cJSON_Delete(dj);
		return NULL;
	}
	for (uint32_t i = 0; i < w->nschemas; i++)
		keyplan_feed_string(k, KEYPLAN_SCHEMA, w->schemas[i].path, w->schemas[i].src->text, w->schemas[i].src->len);
	/* the workload: the configured query files (the open text of those that
	 * are open), then the other open query documents */
	char **fed = NULL;
	size_t nfed = 0;
	for (uint32_t i = 0; i < w->cfg.include.n; i++) {
		glob_t g;
		if (glob(w->cfg.include.items[i], 0, NULL, &g) == 0)
			for (size_t j = 0; j < g.gl_pathc; j++) {
				const char *p = g.gl_pathv[j];
				if (!has_ext(p) || kp_lsp_ws_schema(w, p))
					continue;
				char *uri = kp_path_to_uri(p);
				kp_lsp_doc *od = kp_lsp_find_doc(s, uri);
				free(uri);
				if (od && od->lang >= 0)
					continue;   /* fed below, with its unsaved text */
				keyplan_feed_file(k, KEYPLAN_WORKLOAD, p);
			}
		globfree(&g);
	}
	for (uint32_t i = 0; i < s->ndocs; i++) {
		kp_lsp_doc *od = s->docs[i];
		if (od->ws != w || od->lang < 0 || kp_lsp_doc_schema(od))
			continue;
		/* SQL, or application code (a Java statement's table gets the
		 * advice its SQL file's would) */
		keyplan_feed_text(k, KEYPLAN_WORKLOAD, od->path, od->t.text, od->t.len);
	}
	(void)fed;
	(void)nfed;
	advice_pick p = {t->name, NULL, NULL, NULL, NULL, -1, -1, false, w->pipe.cat->names, false, 0, 0, 0, 0};
	keyplan_advise(k, on_advice, &p);
	keyplan_close(k);
	cJSON *res = NULL;
	uint32_t a, e;
	if (p.found && kp_lsp_ws_decl(w, t->src, t->off, &a, &e)) {
		/* a new definition of t replaces its DDL; anything else (an
		 * index, an index table) follows it */
		size_t after = e;
		const char *txt = t->src->text;
		if (after < t->src->len && txt[after] == ';')
			after++;
		bool replaces = false;
		const char *q = p.ddl;
		/* past the annotation lines the DDL starts with (-- distinct: of
		 * a bucket column it adds: advisor/annotations.c), which go
		 * above the new definition with it */
		while (!strncmp(q, "--", 2) && strchr(q, '\n'))
			q = strchr(q, '\n') + 1;
		if (!strncasecmp(q, "CREATE TABLE ", 13)) {
			q += 13;
			size_t n = strlen(t->name);
			replaces = !strncasecmp(q, t->name, n) && (q[n] == ' ' || q[n] == '(');
		}
		kp_buf nt = {0};
		if (replaces)
			kp_buf_printf(&nt, "%s", p.ddl);
		else
			kp_buf_printf(&nt, "\n%s;", p.ddl);
		kp_buf_putc(&nt, 0);
		cJSON *loc = kp_lsp_location(s, t->src->path, t->src, replaces ? a : after, replaces ? e : after);
		cJSON *range = cJSON_DetachItemFromObject(loc, "range");
		char *uri = strdup(cJSON_GetObjectItemCaseSensitive(loc, "uri")->valuestring);
		cJSON_Delete(loc);
		cJSON *edits = cJSON_CreateArray();
		cJSON_AddItemToArray(edits, text_edit(range, nt.data));
		kp_buf title = {0};
		kp_buf_printf(&title, "Apply the advisor's recommendation for %s (%s): %s", t->name, p.kind, p.message);
		if (p.costed)
			kp_buf_printf(&title, " [write cost: an insert writes %d row%s (now %d); rows written by the workload %.6g "
			              "(now %.6g)]", p.ins_after, p.ins_after == 1 ? "" : "s", p.ins_before, p.written_after,
			              p.written_before);
		kp_buf_putc(&title, 0);
		res = action(title.data, "refactor.rewrite", dj, uri, edits, false);
		kp_buf_free(&title);
		kp_buf_free(&nt);
		free(uri);
		dj = NULL;
	}
	cJSON_Delete(dj);
	free(p.kind);
	free(p.message);
	free(p.ddl);
	free(p.key);
	return res;
}

void kp_lsp_code_action(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	kp_lsp_doc *d = kp_lsp_doc_of(s, id, params);
	if (!d)
		return;
	const cJSON *range = cJSON_GetObjectItemCaseSensitive(params, "range");
	size_t from, to;
	if (!range || !kp_lsp_offset(s, d, cJSON_GetObjectItemCaseSensitive(range, "start"), &from) ||
	    !kp_lsp_offset(s, d, cJSON_GetObjectItemCaseSensitive(range, "end"), &to)) {
		kp_rpc_error(&s->out, id, KP_RPC_INVALID_PARAMS, "params.range is missing or malformed");
		return;
	}
	cJSON *arr = cJSON_CreateArray();
	bool advised = false;
	kp_plan_opts po;
	memset(&po, 0, sizeof po);
	kp_target_plan_opts(&po, d->ws->target);
	for (uint32_t i = 0; i < d->nrefs; i++) {
		const kp_lsp_ref *r = &d->refs[i];
		if (r->base > to || r->base + r->len < from)
			continue;
		for (uint32_t k = 0; k < r->c->ndiags; k++) {
			const kp_lsp_diag *g = &r->c->diags[k];
			size_t a = r->base + g->off, b = r->base + g->end;
			if (b < from || a > to)
				continue;
			uint32_t sb;
			const kp_lsp_stmt *st = kp_lsp_stmt_at(d, a, &sb);
			size_t kw = st ? (size_t)sb + st->kw_end : 0;
			if (g->rule == KP_R_FULL_SCAN && st && st->is_select && st->label && !strcmp(st->label, "REJECTED") &&
			    po.full_scan_optin && kw >= 6 && kw <= d->t.len && !strncasecmp(d->t.text + kw - 6, "SELECT", 6)) {
				/* the hint right after the SELECT keyword (in application
				 * code, inside the literal that holds it) */
				kp_buf title = {0}, hint = {0};
				kp_buf_printf(&title, "Opt in to the full scan: %s", po.full_scan_optin);
				kp_buf_putc(&title, 0);
				kp_buf_printf(&hint, " %s", po.full_scan_optin);
				kp_buf_putc(&hint, 0);
				cJSON_AddItemToArray(arr, action(title.data, "quickfix", kp_lsp_diag_json(s, d, r->base, g), d->uri,
				                                 one_edit(s, d, kw, kw, hint.data), false));
				kp_buf_free(&title);
				kp_buf_free(&hint);
			}
			cJSON *x = NULL;
			if (d->lang == KP_LANG_SQL && g->rule == KP_R_CHAINED_CMP)
				x = chained(s, d, g, r->base, a, b);
			else if (d->lang == KP_LANG_SQL && g->rule == KP_R_TYPE_MISMATCH)
				x = literal(s, d, g, r->base, a, b);
			else if (g->rule == KP_R_UNKNOWN_DIRECTIVE)
				x = directive(s, d, g, r->base, a, b);
			if (x)
				cJSON_AddItemToArray(arr, x);
			if (g->rule != KP_R_UNKNOWN_DIRECTIVE)
				cJSON_AddItemToArray(arr, suppress(s, d, st ? sb + st->start : a, g,
				                                   kp_lsp_diag_json(s, d, r->base, g)));
			if (!advised && st && st->table &&
			    (g->rule == KP_R_FULL_SCAN || g->rule == KP_R_HASH_PREFIX || g->rule == KP_R_FILTERED_SCAN)) {
				kp_table *t = kp_catalog_find(d->ws->pipe.cat, st->table, (uint32_t)strlen(st->table));
				cJSON *adv = t ? advise(s, d, t, kp_lsp_diag_json(s, d, r->base, g)) : NULL;
				if (adv)
					cJSON_AddItemToArray(arr, adv);
				advised = true;
			}
		}
	}
	kp_rpc_result(&s->out, id, arr);
}
