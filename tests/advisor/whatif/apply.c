/* A recommendation applied to a design's schema text (apply.h). */
#include "apply.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "design_files.h"

static bool file_exists(const char *rel)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", DESIGNS_DIR, rel);
	FILE *f = fopen(path, "rb");
	if (f)
		fclose(f);
	return f != NULL;
}

/* The schema's statements, each with the comment lines above it, split at
 * ";\n" (the design files end each statement so). */
typedef struct stmts {
	char *text;
	const char *part[128];
	int n;
} stmts;

static void split(stmts *s, const char *schema)
{
	s->text = strdup(schema);
	s->n = 0;
	for (char *at = s->text, *end; *at && s->n < 128; at = end + 2) {
		end = strstr(at, ";\n");
		if (!end) {
			if (at[strspn(at, " \n")])
				s->part[s->n++] = at;
			break;
		}
		*end = 0;
		s->part[s->n++] = at;
	}
}

/* Past the comment lines and blanks above a statement. */
static const char *head_of(const char *p)
{
	for (;;) {
		p += strspn(p, " \t\r\n");
		if (strncmp(p, "--", 2))
			return p;
		const char *nl = strchr(p, '\n');
		if (!nl)
			return p + strlen(p);
		p = nl + 1;
	}
}

/* Is statement p "CREATE TABLE name (" (any case, quoted or not)? */
static bool creates_table(const char *p, const char *name)
{
	p = head_of(p);
	if (strncasecmp(p, "CREATE", 6))
		return false;
	p += 6;
	p += strspn(p, " \t\r\n");
	if (!strncasecmp(p, "IMMUTABLE", 9)) {
		p += 9;
		p += strspn(p, " \t\r\n");
	}
	if (strncasecmp(p, "TABLE", 5))
		return false;
	p += 5;
	p += strspn(p, " \t\r\n");
	if (!strncasecmp(p, "IF NOT EXISTS", 13)) {
		p += 13;
		p += strspn(p, " \t\r\n");
	}
	bool quoted = *p == '"' || *p == '`';
	p += quoted;
	size_t n = strlen(name);
	if (strncasecmp(p, name, n))
		return false;
	p += n + quoted;
	return !(isalnum((unsigned char)*p) || *p == '_');
}

static const char *col_name(const kp_table *t, int c)
{
	return c >= 0 && c < t->ncols ? t->cols[c].name : "?";
}

/* An index the store creates by API (Tablestore's CreateIndex), as
 * keyplan's schema reads it: its declared parts, then what it covers. */
static void index_ddl(kp_buf *b, const kp_advice *x, int n, const char *lead)
{
	const kp_index *ix = x->index;
	const kp_table *t = ix->table;
	kp_buf_printf(b, "CREATE INDEX wi_%s_%d%s ON %s (", x->table->name, n, ix->search ? " USING SEARCH" : "",
	              x->table->name);
	if (lead && *lead)
		kp_buf_printf(b, "%s, ", lead);
	bool *in_key = calloc((size_t)t->ncols + 1, 1);
	int first = ix->tenant_lead ? 1 : 0;
	for (int i = first; i < ix->nuser; i++) {
		const kp_key_part *p = &ix->key.parts[i];
		kp_buf_printf(b, "%s%s%s", i > first ? ", " : "", col_name(t, p->col), p->desc ? " DESC" : "");
		if (p->col >= 0)
			in_key[p->col] = true;
	}
	kp_buf_puts(b, ")");
	for (int k = 0; k < t->pk.n; k++)
		if (t->pk.parts[k].col >= 0)
			in_key[t->pk.parts[k].col] = true;
	int inc = 0;
	for (int c = 0; ix->covers && c < t->ncols; c++)
		if (ix->covers[c] && !in_key[c])
			kp_buf_printf(b, "%s%s", inc++ ? ", " : " INCLUDE (", t->cols[c].name);
	if (inc)
		kp_buf_puts(b, ")");
	kp_buf_puts(b, ";\n");
	free(in_key);
}

void wi_plan_items(wi_plan *pl, const kp_table_review *v, const kp_advice *const *items, uint32_t n)
{
	memset(pl, 0, sizeof *pl);
	pl->v = v;
	for (uint32_t i = 0; i < n; i++) {
		const kp_advice *x = items[i];
		if (!strcmp(x->kind, "index_table")) {
			pl->skip = "an index table: a second table the application writes and its reads name";
			return;
		}
		if (x->newkey && !x->index) {
			if (!x->ddl) {
				snprintf(pl->why, sizeof pl->why, "a %s without DDL", x->kind);
				pl->skip = pl->why;
				return;
			}
			pl->create = x->ddl;
			continue;
		}
		if (x->ddl) {
			kp_buf_printf(&pl->after, "%s;\n", x->ddl);
			continue;
		}
		if (x->replaces)
			kp_buf_printf(&pl->after, "DROP INDEX %s ON %s;\n", x->replaces->name, x->table->name);
		/* a Tablestore rebuild_index led by a bucket column the advice adds
		 * to the table (its key words name it first): the column, stated
		 * -- distinct: N and uniform, as docs/annotations.md says to state
		 * it by hand, then the index led by it */
		char lead[128] = "";
		if (x->index && !strcmp(x->kind, "rebuild_index") && x->buckets > 0 && x->key && x->key[0] == '[') {
			const char *end = strchr(x->key, ']');
			size_t len = end ? (size_t)(end - x->key - 1) : 0;
			if (len > 0 && len < sizeof lead) {
				memcpy(lead, x->key + 1, len);
				lead[len] = 0;
				if (kp_table_column(x->table, lead, (uint32_t)len) < 0) {
					memcpy(pl->bucket, lead, len + 1);
					pl->nbuckets = x->buckets;
				}
			}
		}
		if (x->index) {
			index_ddl(&pl->after, x, (int)i, lead);
		} else if (!strcmp(x->kind, "search_index") && x->columns.n) {
			kp_buf_printf(&pl->after, "CREATE INDEX wi_%s_%u USING SEARCH ON %s (", x->table->name, i,
			              x->table->name);
			for (uint32_t c = 0; c < x->columns.n; c++)
				kp_buf_printf(&pl->after, "%s%s", c ? ", " : "", (char *)x->columns.items[c]);
			kp_buf_puts(&pl->after, ");\n");
		} else if (!x->replaces) {
			snprintf(pl->why, sizeof pl->why, "a %s with nothing to apply (no DDL, no index)", x->kind);
			pl->skip = pl->why;
			return;
		}
	}
}

void wi_plan_table(wi_plan *pl, const kp_table_review *v)
{
	wi_plan_items(pl, v, (const kp_advice *const *)v->recommended.items, v->recommended.n);
}

/* The schema with every table of plans applied that is not skipped. */
char *wi_applied_schema(const char *schema, wi_plan *plans, int n)
{
	stmts s;
	split(&s, schema);
	kp_buf b = {0};
	for (int i = 0; i < s.n; i++) {
		const wi_plan *with = NULL;
		for (int k = 0; k < n; k++)
			if (!plans[k].skip && plans[k].create && creates_table(s.part[i], plans[k].v->table->name))
				with = &plans[k];
		const wi_plan *adds = NULL;   /* a bucket column a rebuilt index adds */
		for (int k = 0; k < n; k++)
			if (!plans[k].skip && plans[k].bucket[0] && creates_table(s.part[i], plans[k].v->table->name))
				adds = &plans[k];
		/* an index the key change makes again on its new table (its DDL
		 * creates it after the table's): made once, not twice */
		bool again = false, a_table = false;
		for (int k = 0; k < n; k++) {
			again |= !plans[k].skip && plans[k].create;
			a_table |= creates_table(s.part[i], plans[k].v->table->name);
		}
		if (again && !a_table) {
			kp_buf part = {0};
			kp_buf_puts(&part, s.part[i]);
			for (int k = 0; k < n && part.len; k++) {
				if (plans[k].skip || !plans[k].create)
					continue;
				kp_buf kept = {0};
				put_not_recreated(&kept, part.data, part.len, plans[k].create);
				kp_buf_free(&part);
				part = kept;
				/* without its ";\n" for the next plan */
				if (part.len >= 2)
					part.len -= 2;
				if (part.data)
					part.data[part.len] = 0;
			}
			if (part.len)
				kp_buf_printf(&b, "%s;\n", part.data);
			kp_buf_free(&part);
			continue;
		}
		const char *h = head_of(s.part[i]);
		const char *stmt = with ? with->create : h;
		kp_buf_printf(&b, "%.*s", (int)(h - s.part[i]), s.part[i]);
		const char *pk = NULL;
		for (const char *at = stmt; adds && (at = strstr(at, "PRIMARY KEY")); at++)
			pk = at;
		if (adds && pk) {
			kp_buf_printf(&b, "-- distinct: %s %d\n-- distribution: %s uniform\n", adds->bucket, adds->nbuckets,
			              adds->bucket);
			kp_buf_printf(&b, "%.*s%s BIGINT, %s;\n", (int)(pk - stmt), stmt, adds->bucket, pk);
		} else {
			kp_buf_printf(&b, "%s;\n", stmt);
		}
	}
	for (int k = 0; k < n; k++)
		if (!plans[k].skip && plans[k].after.data)
			kp_buf_puts(&b, plans[k].after.data);
	free(s.text);
	char *out = strdup(b.data ? b.data : "");
	kp_buf_free(&b);
	return out;
}

const kp_table *wi_table_named(const kp_catalog *cat, const char *name)
{
	return kp_catalog_find_nocase(cat, name, (uint32_t)strlen(name));
}

static int col_of(const kp_table *t, const char *name)
{
	for (int c = 0; c < t->ncols; c++)
		if (!strcasecmp(t->cols[c].name, name))
			return c;
	return -1;
}

/* A key column of t (of its key or an index's) that the table had not
 * before: statements must bind it. */
const char *wi_new_bound_column(const kp_table *old, const kp_table *t)
{
	const kp_key *keys[65];
	int nk = 0;
	keys[nk++] = &t->pk;
	for (int i = 0; i < t->nindexes && nk < 65; i++)
		keys[nk++] = &t->indexes[i]->key;
	for (int k = 0; k < nk; k++)
		for (int p = 0; p < keys[k]->n; p++) {
			int c = keys[k]->parts[p].col;
			if (c >= 0 && col_of(old, t->cols[c].name) < 0)
				return t->cols[c].name;
		}
	return NULL;
}

/* The design's workload applied by hand (tests/advisor/whatif/EN.workload.sql,
 * each statement rewritten as the advice's "reads to rewrite" words say),
 * or NULL. */
char *wi_hand_workload(const char *id)
{
	char rel[512];
	snprintf(rel, sizeof rel, "whatif/%s.workload.sql", id);
	return file_exists(rel) ? strdup(rel) : NULL;
}
