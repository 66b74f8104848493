/* Statements found in Java, Kotlin, Go and Python: the tokens of the host
 * scanners, the file's string constants, string expressions joined and
 * read into SQL. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/extractInt.h"

/* ---------------------------------------------------------- extraction */

static bool has_directive(const kp_source *src, const kp_htok *t)
{
	const char *p = src->text + t->off;
	for (size_t i = 0; i + 8 <= t->len; i++)
		if (p[i] == 'k' && !memcmp(p + i, "keyplan:", 8))
			return true;
	return false;
}

/* The replacement fields of str.format ({}, {0}, {name!r:>10}) become
 * holes; {{ and }} are braces. */
static void format_fields(kp_hbuild *b)
{
	kp_hbuild out;
	kp_hb_init(&out);
	const char *t = b->text.data;
	size_t n = b->text.len;
	unsigned h = 0;
	for (size_t i = 0; i < n || h < b->nholes;) {
		while (h < b->nholes && b->holes[h].at <= i) {
			kp_hb_hole(&out, b->holes[h].host, b->holes[h].len);
			h++;
		}
		if (i >= n)
			break;
		char c = t[i];
		if ((c == '{' || c == '}') && i + 1 < n && t[i + 1] == c) {
			kp_hb_put(&out, t + i, 1, b->map[i], false);
			i += 2;
			continue;
		}
		if (c == '{') {
			const char *close = memchr(t + i, '}', n - i);
			if (close) {
				size_t e = (size_t)(close - t) + 1;
				kp_hb_hole(&out, b->map[i], b->map[e - 1] + 1 - b->map[i]);
				i = e;
				continue;
			}
		}
		kp_hb_put(&out, t + i, 1, b->map[i], false);
		i++;
	}
	kp_hb_free(b);
	*b = out;
}

/* Reads the string expression that starts with the literal at i into x->b:
 * literals joined by + (and, in Python, by nothing), with any other
 * operand a hole. Returns the index of the token after it. */
/* Is there a line break between tokens a and b? */
static bool line_between(const extractor *x, const kp_htok *a, const kp_htok *b)
{
	uint32_t from = a->off + a->len;
	return b->off > from && memchr(x->src->text + from, '\n', b->off - from);
}

/* Is the literal at k the receiver of a method call other than format
 * (", ".join(cols), "?".repeat(n)), or Python's repeated string ("a" *
 * 50, "?, " * n)? Its value is the call's, pasted. */
static bool receiver(const extractor *x, size_t k)
{
	const kp_htok *T = x->tk.t;
	size_t d = kph_skip(x, k + 1, x->depth);
	if (x->lang == KP_LANG_PYTHON && T[d].type == KP_HT_OTHER && T[d].len == 1 && x->src->text[T[d].off] == '*')
		return true;
	return T[d].type == KP_HT_DOT && !kph_word_at(x, d + 1, "format") && !kph_word_at(x, d + 1, "formatted");
}

/* Does a line break after the operand token t end the expression? Go
 * inserts a semicolon after a name, a literal or a closing bracket; so
 * does Kotlin outside brackets. */
static bool line_ends_expr(const extractor *x, const kp_htok *t)
{
	if (!(t->type == KP_HT_OTHER || t->type == KP_HT_STR || t->type == KP_HT_CLOSE))
		return false;
	return x->lang == KP_LANG_GO || (x->lang == KP_LANG_KOTLIN && x->depth == 0);
}

size_t kph_read_chain(extractor *x, size_t i, bool *pyformat)
{
	const kp_htok *T = x->tk.t;
	bool py = x->lang == KP_LANG_PYTHON;
	size_t start = i;
	for (;;) {
		const hconst *ci = T[i].type == KP_HT_STR ? NULL : kph_find_const(x, &T[i]);
		if (ci)
			kph_decode_const(x, ci, 0);   /* the chain starts with a constant */
		else
			kp_hb_literal(&x->b, x->src->text, &T[i]);
		size_t j = kph_skip(x, i + 1, x->depth);
		if (py && T[j].type == KP_HT_STR) {
			i = j;
			continue;
		}
		while (T[j].type == KP_HT_PLUS) {
			size_t k = kph_skip(x, j + 1, x->depth);
			if (T[k].type == KP_HT_STR && !receiver(x, k))
				break;
			/* an operand that is not a literal: up to the next + at its
			 * level, or the end of the expression */
			int d = 0;
			size_t e = k, last = k;
			for (; e < x->tk.n; e++) {
				int ty = T[e].type;
				if (ty == KP_HT_EOF)
					break;
				if (ty == KP_HT_COMMENT)
					continue;
				/* (a + at the operand's start is a sign: " < " + +(n + 1)) */
				if (d == 0 && ((ty == KP_HT_PLUS && e > k) || ty == KP_HT_COMMA || ty == KP_HT_SEMI ||
				               ty == KP_HT_CLOSE || ty == KP_HT_ASSIGN || (ty == KP_HT_NL && x->depth == 0)))
					break;
				if (d == 0 && e > k && line_ends_expr(x, &T[last]) && line_between(x, &T[last], &T[e]))
					break;   /* the statement ended with its line */
				if (ty == KP_HT_OPEN)
					d++;
				else if (ty == KP_HT_CLOSE)
					d--;
				last = e;
			}
			if (e == k) {
				j = k;   /* a dangling +: the chain ends */
				goto out;
			}
			const hconst *c = last == k ? kph_find_const(x, &T[k]) : NULL;
			if (c) {
				kph_decode_const(x, c, 0);
			} else {
				kp_hb_hole(&x->b, T[k].off, T[last].off + T[last].len - T[k].off);
			}
			j = kph_skip(x, e, x->depth);
		}
		if (T[j].type == KP_HT_PLUS) {
			i = kph_skip(x, j + 1, x->depth);
			continue;
		}
out:;
		/* ("..." "...").format(...): past the parentheses around the
		 * expression (not a call's, but textwrap.dedent's and
		 * inspect.cleandoc's, which keep the fields) */
		size_t f = j;
		if (T[f].type == KP_HT_CLOSE && T[f].open == ')' && start >= 1 && T[start - 1].type == KP_HT_OPEN &&
		    T[start - 1].open == '(' &&
		    (!(start >= 2 && (T[start - 2].type == KP_HT_OTHER || T[start - 2].type == KP_HT_CLOSE)) ||
		     kph_word_at(x, start - 2, "dedent") || kph_word_at(x, start - 2, "cleandoc")))
			f = kph_skip(x, f + 1, x->depth);
		/* "...".strip().format(...): past methods that trim the text */
		while (T[f].type == KP_HT_DOT && f + 3 < x->tk.n && T[f + 2].type == KP_HT_OPEN &&
		       T[f + 3].type == KP_HT_CLOSE &&
		       (kph_word_at(x, f + 1, "strip") || kph_word_at(x, f + 1, "lstrip") ||
		        kph_word_at(x, f + 1, "rstrip") || kph_word_at(x, f + 1, "trimIndent") ||
		        kph_word_at(x, f + 1, "stripIndent") || kph_word_at(x, f + 1, "trim")))
			f = kph_skip(x, f + 4, x->depth);
		if (py && T[f].type == KP_HT_PCT)
			*pyformat = true;   /* "..." % args: Python's own formatting */
		if (T[f].type == KP_HT_DOT && T[f + 2].type == KP_HT_OPEN &&
		    (kph_word_at(x, f + 1, "format") || kph_word_at(x, f + 1, "formatted"))) {
			if (py)
				format_fields(&x->b);   /* "...{}...".format(args) */
			else
				*pyformat = true;       /* Kotlin's and Java's "...%s...".format(args) */
		}
		return j;
	}
}

/* Does the ( at T[p] open an annotation's arguments: @Name( or
 * @a.b.Name( ? */
static bool annotation(const extractor *x, size_t p)
{
	const kp_htok *T = x->tk.t;
	size_t a = p;
	while (a >= 3 && T[a - 1].type == KP_HT_OTHER && T[a - 2].type == KP_HT_DOT)
		a -= 2;
	return a >= 1 && T[a - 1].type == KP_HT_ANNOT;
}

/* Is the annotation whose arguments T[p] opens Spring Data's @Query
 * without nativeQuery = true, or JPA's @NamedQuery? Its string is JPQL
 * (entities and their fields), not SQL. */
static bool jpql(const extractor *x, size_t p)
{
	if (x->lang == KP_LANG_PYTHON)
		return false;
	const kp_htok *T = x->tk.t;
	const kp_htok *nt = &T[p - 1];   /* the last part of the name */
	const char *name = x->src->text + nt->off;
	size_t n = nt->len;
	if (n && name[0] == '@')
		name++, n--;
	if (n == 10 && !memcmp(name, "NamedQuery", 10))
		return true;
	if (!(n == 5 && !memcmp(name, "Query", 5)))
		return false;
	int d = 0;
	for (size_t i = p; i < x->tk.n && T[i].type != KP_HT_EOF; i++) {
		if (T[i].type == KP_HT_OPEN)
			d++;
		else if (T[i].type == KP_HT_CLOSE && --d == 0)
			break;
		if (d == 1 && T[i].type == KP_HT_OTHER && T[i].len == 11 &&
		    !memcmp(x->src->text + T[i].off, "nativeQuery", 11) && T[i + 1].type == KP_HT_ASSIGN &&
		    T[i + 2].len == 4 && !memcmp(x->src->text + T[i + 2].off, "true", 4))
			return false;
	}
	return true;
}

/* Is the annotation whose arguments T[p] opens one whose strings are SQL:
 * MyBatis's @Select, @Insert, @Update, @Delete (their arrays are joined),
 * Spring Data's @Query with nativeQuery = true and @NativeQuery, JPA's
 * @NamedNativeQuery, Jdbi's @SqlQuery family? */
static bool sql_annotation(const extractor *x, size_t p)
{
	if (x->lang == KP_LANG_PYTHON)
		return false;
	const kp_htok *nt = &x->tk.t[p - 1];
	const char *name = x->src->text + nt->off;
	size_t n = nt->len;
	if (name[0] == '@')
		name++, n--;
	static const char *const mybatis[] = {"Select", "Insert", "Update", "Delete", NULL};
	for (size_t k = 0; mybatis[k]; k++)
		if (strlen(mybatis[k]) == n && !memcmp(name, mybatis[k], n))
			return true;
	if ((n == 11 && !memcmp(name, "NativeQuery", 11)) || (n == 16 && !memcmp(name, "NamedNativeQuery", 16)))
		return true;
	/* Jdbi's SQL objects: @SqlQuery, @SqlUpdate, @SqlBatch, @SqlCall,
	 * @SqlScript */
	static const char *const jdbi[] = {"SqlQuery", "SqlUpdate", "SqlBatch", "SqlCall", "SqlScript", NULL};
	for (size_t k = 0; jdbi[k]; k++)
		if (strlen(jdbi[k]) == n && !memcmp(name, jdbi[k], n))
			return true;
	return n == 5 && !memcmp(name, "Query", 5) && !jpql(x, p);
}

/* Calls that format their first argument: String.format, fmt.Sprintf ... */
static bool format_call(const char *name, size_t n)
{
	static const char *const f[] = {"format", "formatted", "Sprintf", "Fprintf", "Printf", "Errorf", NULL};
	for (size_t k = 0; f[k]; k++)
		if (strlen(f[k]) == n && !memcmp(name, f[k], n))
			return true;
	return false;
}

/* Does IntelliJ's language injection say the string at token i is SQL: a
 * comment "language=SQL" (or a dialect: PostgreSQL, MySQL, SQLite, H2,
 * HSQLDB ...) just before its declaration (//language=SQL val schema =
 * """..."""), or @Language("SQL") on it? The team's word. */
static bool dialect(const char *p, size_t n)
{
	static const char *const d[] = {"H2", "HSQLDB", "Oracle", "DB2", "Derby", "Sybase", "Redshift", "Snowflake",
	                                "ClickHouse", "Vertica", "Greenplum", "Exasol", "BigQuery", "Phoenix", NULL};
	for (size_t k = 0; k + 3 <= n; k++)
		if (!strncasecmp(p + k, "sql", 3))
			return true;
	for (size_t k = 0; d[k]; k++)
		if (strlen(d[k]) == n && !strncasecmp(p, d[k], n))
			return true;
	return false;
}

static bool injected_sql(const extractor *x, size_t i)
{
	const kp_htok *T = x->tk.t;
	const char *text = x->src->text;
	unsigned assigns = 0;
	for (size_t k = i, n = 0; k > 0 && n < 12; k--, n++) {
		const kp_htok *t = &T[k - 1];
		if (t->type == KP_HT_COMMENT) {
			const char *p = text + t->off;
			for (size_t j = 0; j + 9 <= t->len; j++)
				if (!strncasecmp(p + j, "language=", 9)) {
					size_t a = j + 9, e = a;
					while (e < t->len && (isalnum((unsigned char)p[e]) || p[e] == '_'))
						e++;
					return dialect(p + a, e - a);
				}
			return false;
		}
		if (t->type == KP_HT_CLOSE && k >= 4 && T[k - 2].type == KP_HT_STR && T[k - 3].type == KP_HT_OPEN &&
		    T[k - 4].type == KP_HT_ANNOT && T[k - 4].len == 9 && !memcmp(text + T[k - 4].off, "@Language", 9))
			return T[k - 2].len > 2 && dialect(text + T[k - 2].off + 1, T[k - 2].len - 2);
		/* back over the declaration only: val name: Type =, modifiers,
		 * annotations without arguments */
		if (t->type == KP_HT_ASSIGN ? ++assigns > 1
		    : t->type == KP_HT_NL ? !(k >= 2 && T[k - 2].type == KP_HT_COMMENT)
		    : t->type != KP_HT_OTHER && t->type != KP_HT_ANNOT)
			return false;
	}
	return false;
}

/* Is the call named name (n bytes) a test's assertion, whose arguments
 * are values compared (assertEqual, assertEquals, assert_eq, assertIn,
 * AssertJ's isEqualTo)? */
static bool assertion(const char *name, size_t n)
{
	return (n >= 6 && !strncasecmp(name, "assert", 6)) || (n == 9 && !memcmp(name, "isEqualTo", 9));
}

/* Streaming: hands the pending statement over, now that the next one
 * (or NULL: the end of the file) is known. Its keyplan: comments are those
 * kp_host_assign_dirs gives it: inside it or before it (after the one
 * before), and one after it on its last line unless next ends before that
 * comment. What the consumer keeps stays (its arena is the file's from
 * now on), the rest is freed. */
static void hand_over(extractor *x, const kp_host_stmt *next)
{
	kp_host_stmt *st = x->pending;
	if (!st)
		return;
	kp_host_file *f = x->f;
	const char *t = f->src->text;
	unsigned k = x->dir_next, first = k;
	while (k < f->ndirs && f->dirs[k].off < st->end)
		k++;
	while (k < f->ndirs && !(next && next->end <= f->dirs[k].off) &&
	       !memchr(t + st->end, '\n', f->dirs[k].off - st->end))
		k++;   /* trailing: String q = "..."; // keyplan:ignore ... */
	st->dirs = f->dirs + first;
	st->ndirs = k - first;
	x->dir_next = k;
	x->pending = NULL;
	int slot = x->cur ^ 1;   /* the pending statement's arena */
	if (x->o->each(x->o->ctx, f, st)) {
		st->next = f->kept;
		f->kept = st;
		kp_arena *ka = malloc(sizeof *ka);
		if (!ka)
			abort();
		*ka = x->sa[slot];
		kp_list_push(x->a, &f->arenas, ka);
		kp_arena_init(&x->sa[slot]);
		return;
	}
	for (unsigned i = 0; i < st->nv; i++)
		kp_source_free(&st->v[i].sql);
	kp_arena_reset(&x->sa[slot]);
}

/* expected: the string is an assertion's argument (the value a test
 * expects: assertEqual(status, 'SELECT 10') compares PostgreSQL's command
 * tag), read as SQL by its shape alone */
static void add_stmt(extractor *x, uint32_t off, uint32_t end, bool pyformat, bool check_sql, bool expected,
                     kp_host_evidence ev)
{
	kp_host_variant v;
	int mode = !check_sql ? KP_HB_ANY : ev == KP_HE_CALL ? KP_HB_CALLED : ev == KP_HE_NAME ? KP_HB_NAMED
	         : expected ? KP_HB_SHAPE : KP_HB_STATEMENT;
	if (ev == KP_HE_NOT_SQL || !kp_hb_finish(&x->b, x->lang, pyformat, mode, x->src, &v))
		return;
	if ((ev == KP_HE_NONE || ev == KP_HE_NAME) &&
	    (kp_host_prose(v.sql.text, v.sql.len) || kp_host_jpql(v.sql.text, v.sql.len) ||
	     (x->o && kp_entity_index_named(x->o->entities, v.sql.text, v.sql.len)) ||
	     kp_host_jpql_paths(v.sql.text, v.sql.len))) {
		kp_source_free(&v.sql);   /* a sentence or JPQL, not a statement */
		return;
	}
	if (x->dry) {
		/* where it is and which constants it reads, for the statements
		 * after it that name a constant's readers */
		kp_source_free(&v.sql);
		kp_host_file *f = x->f;
		for (unsigned k = 0; k < x->nuses; k++) {
			size_t lo = 0, hi = f->nreaders;
			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;
				if (f->readers[mid].off < x->uses[k].off)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo == f->nreaders || f->readers[lo].off != x->uses[k].off)
				continue;   /* cannot be: every constant read is used */
			kp_host_readers *r = &f->readers[lo];
			if (r->n < KP_HOST_READERS_NAMED)
				r->first[r->n] = off;
			r->n++;
		}
		return;
	}
	bool each = x->o && x->o->each;
	kp_arena *a = each ? &x->sa[x->cur] : x->a;
	kp_host_stmt *st = kp_arena_alloc(a, sizeof *st);
	st->evidence = ev;
	st->scope = x->fn.scope;
	if (x->nuses) {
		st->uses = kp_arena_alloc(a, x->nuses * sizeof *st->uses);
		memcpy(st->uses, x->uses, x->nuses * sizeof *st->uses);
		st->nuses = x->nuses;
	}
	st->off = off;
	st->end = end;
	st->total = 1;
	st->v = kp_arena_alloc(a, sizeof *st->v);
	st->v[0] = v;
	st->nv = 1;
	if (!each) {
		kp_host_add_stmt(x->f, &x->tail, st);
		return;
	}
	hand_over(x, st);
	x->pending = st;
	x->cur ^= 1;
}

void kp_host_add_stmt(kp_host_file *f, kp_host_stmt **tail, kp_host_stmt *st)
{
	if (*tail)
		(*tail)->next = st;
	else
		f->head = st;
	*tail = st;
}

/* brackets: whether each is an annotation's (, an array inside a MyBatis
 * one, and where it opens */
enum { B_PLAIN, B_ANNOT, B_SQLANNOT, B_ARRAY, B_JPQL };

/* The statements of the file, in order: to x->f's list, or (streaming)
 * handed over one by one; consumed marks literals appended to a builder. */
static void scan(extractor *x, uint8_t *consumed)
{
	kp_source *src = x->src;
	unsigned char kind[256];
	open_br lvl[256];       /* each bracket open, and the call it opens */
	x->depth = 0;
	x->ncarry = 0;
	x->fn = (struct fn_state){0};
	kph_window(&x->tk, src, x->lang, 0, 0);
	kph_names_reset(x, false);
	for (;;) {
		const kp_htok *T = x->tk.t;
		/* literals a builder of the window before took */
		memset(consumed, 0, x->tk.n + 1);
		for (size_t q = 0, c = 0; q < x->tk.n && c < x->ncarry; q++) {
			while (c < x->ncarry && x->carry[c] < T[q].off)
				c++;
			if (c < x->ncarry && x->carry[c] == T[q].off)
				consumed[q] = 1;
		}
		size_t i = x->tk.lo;
		while (i < x->tk.hi && T[i].type != KP_HT_EOF) {
			const kp_htok *t = &T[i];
			int inner = x->depth > 0 && x->depth <= 256 ? kind[x->depth - 1] : B_PLAIN;
			kph_fn_step(x, i, x->depth > 0 && x->depth <= 256 ? lvl[x->depth - 1].open : 0);
			switch (t->type) {
			case KP_HT_OPEN:
				if (x->depth < 256) {
					kind[x->depth] = t->open == '(' && annotation(x, i)
					              ? (jpql(x, i) ? B_JPQL : sql_annotation(x, i) ? B_SQLANNOT : B_ANNOT)
					              : (t->open == '{' || t->open == '[') && inner == B_SQLANNOT ? B_ARRAY
					              : inner == B_JPQL ? B_JPQL : B_PLAIN;
					lvl[x->depth].open = t->open;
					lvl[x->depth].name = i > 0 && T[i - 1].type == KP_HT_OTHER ? T[i - 1].off : 0;
					lvl[x->depth].len = i > 0 && T[i - 1].type == KP_HT_OTHER ? T[i - 1].len : 0;
				}
				x->depth++;
				i++;
				continue;
			case KP_HT_CLOSE:
				if (x->depth > 0)
					x->depth--;
				i++;
				continue;
			case KP_HT_OTHER:
				/* BASE + " WHERE ...": a chain that starts with a constant */
				if (!kph_find_const(x, t) || T[kph_skip(x, i + 1, x->depth)].type != KP_HT_PLUS ||
				    (i > 0 && (T[i - 1].type == KP_HT_PLUS || T[i - 1].type == KP_HT_DOT))) {
					i++;
					continue;
				}
				/* fall through */
			case KP_HT_STR: {
				if (inner == B_JPQL) {
					i++;   /* JPQL names entities, not tables */
					continue;
				}
				kp_hb_clear(&x->b);
				x->nuses = 0;
				bool pyformat = false;
				/* the evidence: the calls around it (through format calls),
				 * a SQL annotation, or the name it is assigned to */
				kp_host_evidence ev = KP_HE_NONE;
				for (int d = x->depth; d > 0 && d <= 256 && ev == KP_HE_NONE; d--) {
					if (kind[d - 1] == B_SQLANNOT || kind[d - 1] == B_ARRAY) {
						ev = KP_HE_CALL;
						break;
					}
					const open_br *o = &lvl[d - 1];
					if (kind[d - 1] != B_PLAIN || o->open != '(' || !o->len)
						break;
					const char *nm = src->text + o->name;
					ev = kp_host_call_evidence_at(src->text, o->name, o->len, x->calls);
					if (ev == KP_HE_NONE && format_call(nm, o->len)) {
						pyformat |= x->lang != KP_LANG_PYTHON && d == x->depth;
						continue;
					}
					break;
				}
				if (ev == KP_HE_NONE && injected_sql(x, i))
					ev = KP_HE_CALL;
				bool expected = x->depth > 0 && x->depth <= 256 && lvl[x->depth - 1].open == '(' &&
				                assertion(src->text + lvl[x->depth - 1].name, lvl[x->depth - 1].len);
				if (ev == KP_HE_NONE && i >= 2 && T[i - 1].type == KP_HT_ASSIGN) {
					size_t nm = i - 2;
					if (nm >= 2 && T[nm - 1].type == KP_HT_OTHER && T[nm - 1].len == 1 &&
					    src->text[T[nm - 1].off] == ':')
						nm -= 2;   /* name: Type = "..." */
					if (T[nm].type == KP_HT_OTHER)
						ev = kph_passed(x, nm) ? KP_HE_CALL
						   : kp_host_sql_name(src->text + T[nm].off, T[nm].len) ? KP_HE_NAME
						   : kp_host_text_name(src->text + T[nm].off, T[nm].len) ? KP_HE_NOT_SQL
						   : KP_HE_NONE;
				}
				if (consumed[i]) {
					i++;   /* appended to a builder read already */
					continue;
				}
				size_t j = kph_read_chain(x, i, &pyformat);
				/* a builder: what the method appends to it, in order */
				size_t root = kph_builder_root(x, i);
				uint32_t bend = 0;
				if (root != SIZE_MAX && !kph_follow_builder(x, root, j, &pyformat, consumed, &bend)) {
					i = j > i ? j : i + 1;   /* conditional appends: not known */
					continue;
				}
				if (ev == KP_HE_NONE && root != SIZE_MAX)   /* where the builder goes, its name */
					ev = kph_passed(x, root) ? KP_HE_CALL
					   : kp_host_sql_name(src->text + T[root].off, T[root].len) ? KP_HE_NAME : KP_HE_NONE;
				if (root != SIZE_MAX && kph_prefix_use(x, root, j))
					ev = KP_HE_NONE;   /* q + table: what runs is longer (a fragment says nothing) */
				int later = root != SIZE_MAX ? kph_formatted_later(x, root, j) : 0;
				if (later == 1)
					pyformat = true;   /* sql = "..."; ... sql % args */
				else if (later == 2)
					format_fields(&x->b);   /* query = "...{}..."; ... query.format(i) */
				/* the definition of a constant used as a prefix: NAME = "..." */
				const hconst *pc = i >= 2 && T[i - 1].type == KP_HT_ASSIGN ? kph_any_const(x, &T[i - 2]) : NULL;
				bool prefix = pc && pc->first == T[i].off && pc->used && !pc->twice;
				if (prefix) {
					i = j > i ? j : i + 1;   /* planned where it is used */
					continue;
				}
				/* an annotation's array of strings: MyBatis joins them with
				 * a space */
				while (inner == B_ARRAY && T[j].type == KP_HT_COMMA) {
					size_t k = kph_skip(x, j + 1, x->depth);
					if (T[k].type != KP_HT_STR)
						break;
					kp_hb_put(&x->b, " ", 1, T[k].off, false);
					j = kph_read_chain(x, k, &pyformat);
				}
				size_t last = j > i ? j - 1 : i;
				while (last > i && T[last].type == KP_HT_COMMENT)
					last--;
				uint32_t send = T[last].off + T[last].len;
				add_stmt(x, t->off, bend > send ? bend : send, pyformat, true, expected, ev);
				i = j > i ? j : i + 1;
				continue;
			}
			default:
				i++;
			}
		}
		if (i >= x->tk.n)
			i = x->tk.n - 1;
		if (T[i].type == KP_HT_EOF && kph_at_end(&x->tk, src))
			break;
		/* the next window goes on from where this one stopped, with the
		 * literals a builder here took beyond it */
		x->ncarry = 0;
		for (size_t q = i; q < x->tk.n; q++)
			if (consumed[q]) {
				if (x->ncarry == x->carrycap) {
					x->carrycap = x->carrycap ? x->carrycap * 2 : 64;
					uint32_t *nc = realloc(x->carry, x->carrycap * sizeof *nc);
					if (!nc)
						abort();
					x->carry = nc;
				}
				x->carry[x->ncarry++] = T[q].off;
			}
		kph_next_window(&x->tk, src, x->lang, i);
		kph_names_reset(x, false);
	}
}

/* Is there a window after this one (for the passes over every token)? */
static bool more(const extractor *x)
{
	return !(x->tk.hi >= x->tk.n - 1 && kph_at_end(&x->tk, x->src));
}

void kp_host_extract(kp_host_file *out, kp_source *src, kp_lang lang, kp_arena *a)
{
	kp_host_extract_with(out, src, lang, NULL, a);
}

void kp_host_extract_with(kp_host_file *out, kp_source *src, kp_lang lang, const kp_host_opts *o, kp_arena *a)
{
	const char *const *sql_calls = o ? o->sql_calls : NULL;
	memset(out, 0, sizeof *out);
	out->mappers = o ? o->mappers : NULL;
	out->src = src;
	out->lang = lang;
	if (lang == KP_LANG_MYBATIS) {
		kp_mybatis_extract(out, o, a);
		return;
	}
	extractor x = {.f = out, .src = src, .lang = lang, .a = a, .calls = sql_calls};
	kp_hb_init(&x.b);
	/* what the whole file says, in one pass over its tokens: its
	 * constants and which are read by other strings, the names passed to
	 * SQL calls, the names appended to, the keyplan: comments */
	size_t ccap = 0;
	passed_state *ps = calloc(1, sizeof *ps);
	if (!ps)
		abort();
	kp_name_set plus = {0};
	scope_state *ss = calloc(1, sizeof *ss);
	if (!ss)
		abort();
	kp_list dirs = {0};
	for (kph_window(&x.tk, src, lang, 0, 0);; kph_next_window(&x.tk, src, lang, x.tk.hi)) {
		const kp_htok *T = x.tk.t;
		kph_find_consts(&x, &ccap, ss);
		kph_find_used(&x, &plus);
		kph_find_passed(&x, ps);
		for (size_t k = x.tk.lo; k < x.tk.hi && k + 3 < x.tk.n; k++)
			if (T[k].type == KP_HT_OTHER && (kph_word_at(&x, k + 1, "+=") ||
			    (T[k + 1].type == KP_HT_DOT && kph_word_at(&x, k + 2, "append") && T[k + 3].type == KP_HT_OPEN) ||
			    (T[k + 1].type == KP_HT_ASSIGN && kph_same_name(&x, &T[k], &T[k + 2]) &&
			     T[k + 3].type == KP_HT_PLUS))) {
				uint32_t bit = kph_name_hash(src->text + T[k].off, T[k].len) & 0xffff;
				x.appended[bit >> 3] |= (uint8_t)(1u << (bit & 7));
			}
		/* every keyplan: comment, wherever it is (between joined literals too) */
		for (size_t i = x.tk.lo; i < x.tk.hi; i++)
			if (T[i].type == KP_HT_COMMENT && has_directive(src, &T[i])) {
				kp_host_comment *c = kp_arena_alloc(a, sizeof *c);
				c->off = T[i].off;
				c->end = T[i].off + T[i].len;
				kp_list_push(a, &dirs, c);
			}
		if (!more(&x))
			break;
	}
	kph_scope_end(&x, ss);
	kph_index_passed(&x);
	kph_resolve_used(&x, &plus);
	free(ps);
	free(ss);
	uint8_t *consumed = calloc(x.tk.cap + 1, 1);   /* literals appended to a builder */
	if (!consumed)
		abort();
	x.o = o;
	out->dirs = kp_arena_alloc(a, (dirs.n ? dirs.n : 1) * sizeof *out->dirs);
	for (uint32_t k = 0; k < dirs.n; k++)
		out->dirs[k] = *(kp_host_comment *)dirs.items[k];
	out->ndirs = dirs.n;
	if (o && o->each) {
		/* the users of a constant a statement reads are named in its
		 * findings: where they are is found first (when any constant is
		 * read by another string) */
		unsigned nused = 0;
		for (size_t c = 0; c < x.nconsts; c++)
			nused += x.consts[c].used && !x.consts[c].twice;
		if (nused) {
			/* constants are found in file order: readers are by offset */
			out->readers = kp_arena_alloc(a, nused * sizeof *out->readers);
			for (size_t c = 0; c < x.nconsts; c++)
				if (x.consts[c].used && !x.consts[c].twice)
					out->readers[out->nreaders++].off = x.consts[c].first;
			x.dry = true;
			scan(&x, consumed);
			x.dry = false;
		}
		kp_arena_init(&x.sa[0]);
		kp_arena_init(&x.sa[1]);
		scan(&x, consumed);
		hand_over(&x, NULL);
		kp_arena_free(&x.sa[0]);
		kp_arena_free(&x.sa[1]);
	} else {
		scan(&x, consumed);
		kp_host_assign_dirs(out);
	}
	free(x.tk.t);
	free(x.consts);
	free(x.chash);
	free(x.passed);
	free(x.passed_ix);
	free(x.fns);
	free(x.carry);
	const char *stats = getenv("KP_HOST_STATS");
	if (stats && !strcmp(stats, "stats"))
		fprintf(stderr, "keyplan: builder scan: %lu tokens indexed, %lu uses of builders' names read\n",
		        x.ix.indexed, x.ix.read);
	kph_names_reset(&x, true);
	free(consumed);
	kp_hb_free(&x.b);
}

void kp_host_assign_dirs(kp_host_file *f)
{
	/* a directive belongs to the statement it trails on that statement's
	 * last line, else to the next statement (or the one holding it, for a
	 * MyBatis element); directives and statements are in file order, so
	 * each statement's are a slice */
	const char *t = f->src->text;
	kp_host_stmt *prev = NULL, *st = f->head;
	unsigned k = 0;
	for (kp_host_stmt *s = f->head; s; s = s->next) {
		s->dirs = f->dirs;
		s->ndirs = 0;
	}
	for (; k < f->ndirs; k++) {
		const kp_host_comment *c = &f->dirs[k];
		while (st && st->end <= c->off) {
			prev = st;
			st = st->next;
		}
		kp_host_stmt *owner = st;
		if (prev && prev->end <= c->off && !memchr(t + prev->end, '\n', c->off - prev->end))
			owner = prev;   /* trailing: String q = "..."; // keyplan:ignore ... */
		if (!owner)
			continue;
		if (owner->ndirs == 0)
			owner->dirs = f->dirs + k;
		owner->ndirs++;
	}
}

void kp_host_file_free(kp_host_file *f)
{
	for (kp_host_stmt *st = f->head; st; st = st->next)
		for (unsigned i = 0; i < st->nv; i++)
			kp_source_free(&st->v[i].sql);
	for (kp_host_stmt *st = f->kept; st; st = st->next)
		for (unsigned i = 0; i < st->nv; i++)
			kp_source_free(&st->v[i].sql);
	for (uint32_t i = 0; i < f->arenas.n; i++) {
		kp_arena_free(f->arenas.items[i]);
		free(f->arenas.items[i]);
	}
	f->head = f->kept = NULL;
	f->arenas = (kp_list){0};
}
