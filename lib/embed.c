/* SQL embedded in application code, through the pipeline: see embed.h. */
#include "lib/embed.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advisor/targets.h"
#include "grammar/lexer.h"
#include "grammar/parser.h"

/* One finding of one variant. */
typedef struct finding {
	const kp_diag *g;
	unsigned variant;
	size_t host_off;        /* where it lies in the host file */
	int8_t hole;            /* KP035 of the variant's pasted text: how it
	                           was planned (HOLE_*), else -1 */
} finding;

/* How a variant with pasted text was planned, as its KP035 says. */
enum { HOLE_BOUND, HOLE_BETWEEN, HOLE_NOT_PLANNED };

static const char *const hole_what[] = {
	"it was planned with a bind parameter in its place",
	"it stands between statements: those around it were planned",
	"the statement was not planned",
};

/* The same finding: a KP035 at the same place is one finding whatever
 * else its variants paste or how they were planned (merged_hole). */
static bool same(const finding *a, const finding *b)
{
	if (a->g->rule != b->g->rule || a->g->severity != b->g->severity || a->host_off != b->host_off)
		return false;
	return (a->hole >= 0 && b->hole >= 0) || !strcmp(a->g->message, b->g->message);
}

/* How much of the pasted text s[0, len) a message quotes: at most 60
 * bytes, cut before a UTF-8 sequence the limit would split (the message
 * is UTF-8 in lint's JSON and the language server's). */
static uint32_t quoted_len(const char *s, uint32_t len)
{
	uint32_t n = len > 60 ? 60 : len;
	for (int k = 0; k < 3 && n > 0 && n < len && ((unsigned char)s[n] & 0xC0) == 0x80; k++)
		n--;
	return n;
}

static void interpolation(kp_diags *d, kp_arena *a, kp_source *host, const kp_host_variant *v, bool planned)
{
	uint32_t n = quoted_len(host->text + v->hole_off, v->hole_len);
	const char *what = hole_what[!planned ? HOLE_NOT_PLANNED : v->holes_between ? HOLE_BETWEEN : HOLE_BOUND];
	kp_diag *g = kp_diag_add(d, a, KP_R_INTERPOLATED, KP_SEV_WARNING, host, v->hole_off, v->hole_len,
	                         "interpolated SQL: `%.*s%s` is pasted into the statement text%s: an injection "
	                         "risk, and keyplan cannot check it fully (%s)", (int)n, host->text + v->hole_off,
	                         n < v->hole_len ? "..." : "",
	                         v->nholes > 1 ? kp_arena_printf(a, " (and %u more)", v->nholes - 1) : "", what);
	kp_diag_help(g, a, "pass the value as a bind parameter (?, :name, #{name}, %%s), or keep the dynamic "
	             "parts in MyBatis <if>/<choose> tags that keyplan can plan");
}

/* The construct a KP012 finding names, from the token it points at (as
 * grammar/parse.c reports them): WITH, a join keyword or the comma of a
 * comma join, UNION [ALL] / INTERSECT / EXCEPT, the SELECT of a subquery,
 * the ( of a derived table, OVER. */
static kp_construct construct_at(const kp_diag *g)
{
	if (!g->src || g->off >= g->src->len)
		return KP_CX_OTHER;
	kp_lexer lx;
	kp_token t, n;
	kp_lexer_init(&lx, g->src->text, g->src->len, g->off);
	int ty = kp_lex(&lx, &t), next = kp_lex(&lx, &n);
	if (t.off != g->off)
		return KP_CX_OTHER;
	switch (ty) {
	case TK_WITH: return KP_CX_CTE;
	case TK_JOIN: case TK_COMMA: return KP_CX_JOIN;
	case TK_UNION: return next == TK_ALL ? KP_CX_UNION_ALL : KP_CX_SETOP;
	case TK_INTERSECT: case TK_EXCEPT: return KP_CX_SETOP;
	case TK_SELECT: return KP_CX_SUBQUERY;
	case TK_LP: return KP_CX_DERIVED;
	case TK_OVER: return KP_CX_WINDOW;
	default:
		/* the word before JOIN: INNER, LEFT [OUTER], SEMI, ANTI ... */
		return next == TK_JOIN || next == TK_OUTER ? KP_CX_JOIN : KP_CX_OTHER;
	}
}

/* The form of a KP012 at g whose target refuses it (advisor/dialect.c),
 * by the keyword it stands at; 0 for any other KP012. */
static kp_sql_form form_at(const kp_diag *g)
{
	if (!g->src || g->off >= g->src->len || !g->helps)
		return 0;
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, g->src->text, g->src->len, g->off);
	switch (kp_lex(&lx, &t)) {
	case TK_FOREIGN: return KP_F_FOREIGN_KEY;
	case TK_REFERENCES: return KP_F_REFERENCES;
	case TK_CHECK: return KP_F_CHECK;
	case TK_UNIQUE: return KP_F_UNIQUE;
	case TK_GENERATED: case TK_IDENTITY: case TK_AS: return KP_F_GENERATED;
	case TK_CHARACTER: case TK_CHARSET: return KP_F_CHARSET;
	case TK_RETURNING: return KP_F_RETURNING;
	case TK_ID: return KP_F_ON_CONFLICT;
	case TK_OR: return KP_F_INSERT_OR;
	case TK_DCOLON: return KP_F_PG_CAST;
	case TK_INSERT: return KP_F_INSERT_VERB;
	case TK_UPDATE: return KP_F_UPDATE_STMT;
	case TK_REPLACE: return KP_F_REPLACE_VERB;
	default: return 0;
	}
}

/* Did the grammar reject the statement? */
static bool rejected(const kp_diags *d)
{
	for (const kp_diag *g = d->head; g; g = g->next)
		if (g->rule == KP_R_SYNTAX || g->rule == KP_R_LEXICAL)
			return true;
	return false;
}

/* Is a rejected string a fragment (the grammar wanted more at its end:
 * "DELETE FROM t WHERE ") or a label (fewer than three words: "CREATE
 * TABLE", "drop-table"; or no white space at all: "create-spatial-index")? */
static bool fragment(const kp_diags *d, const kp_host_variant *v)
{
	if (kp_host_words(v->sql.text, v->sql.len) < 3)
		return true;
	bool space = false;
	for (size_t i = 0; i < v->sql.len && !space; i++)
		space = v->sql.text[i] == ' ' || v->sql.text[i] == '\t' || v->sql.text[i] == '\n' || v->sql.text[i] == '\r';
	if (!space)
		return true;   /* create-spatial-index: a name, not a statement */
	size_t e = v->sql.len;
	while (e > 0 && (v->sql.text[e - 1] == ' ' || v->sql.text[e - 1] == '\t' || v->sql.text[e - 1] == '\n' ||
	                 v->sql.text[e - 1] == '\r' || v->sql.text[e - 1] == ';'))
		e--;
	for (const kp_diag *g = d->head; g; g = g->next)
		if ((g->rule == KP_R_SYNTAX || g->rule == KP_R_LEXICAL) && g->src == &v->sql)
			return g->off >= e;
	return false;
}

/* The findings of every variant of st, each distinct one once, in the
 * order of the host file. */
/* Findings reported at a fragment of the file (a <sql> fragment, a
 * constant) already: by rule and place. */
typedef struct frag_seen {
	struct { int rule; size_t off; } *k;
	size_t n, cap;
} frag_seen;

static bool seen_before(frag_seen *fs, int rule, size_t off)
{
	for (size_t i = 0; i < fs->n; i++)
		if (fs->k[i].rule == rule && fs->k[i].off == off)
			return true;
	if (fs->n == fs->cap) {
		fs->cap = fs->cap ? fs->cap * 2 : 16;
		void *nk = realloc(fs->k, fs->cap * sizeof *fs->k);
		if (!nk)
			abort();
		fs->k = nk;
	}
	fs->k[fs->n].rule = rule;
	fs->k[fs->n++].off = off;
	return false;
}

/* "in the fragment at line N, included by 'a', 'b' and 3 more": the
 * statements of hf that read the fragment of st holding off. */
static const char *includers(const kp_host_file *hf, const kp_host_stmt *st, size_t off, kp_arena *a)
{
	const kp_host_range *u = NULL;
	for (unsigned k = 0; k < st->nuses; k++)
		if (st->uses[k].off <= off && off < st->uses[k].end && (!u || st->uses[k].off >= u->off))
			u = &st->uses[k];
	if (!u)
		return NULL;
	uint32_t line, col;
	kp_source_linecol(hf->src, u->off, &line, &col);
	kp_buf b = {0};
	kp_buf_printf(&b, "in the %s at line %u, %s by ", hf->lang == KP_LANG_MYBATIS ? "<sql> fragment" : "constant",
	              line, hf->lang == KP_LANG_MYBATIS ? "included" : "used");
	unsigned n = 0;
	if (hf->nreaders) {
		/* streamed: the readers found before the first statement */
		size_t lo = 0, hi = hf->nreaders;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (hf->readers[mid].off < u->off)
				lo = mid + 1;
			else
				hi = mid;
		}
		const kp_host_readers *r = lo < hf->nreaders && hf->readers[lo].off == u->off ? &hf->readers[lo] : NULL;
		for (; r && n < r->n; n++)
			if (n < KP_HOST_READERS_NAMED && r->name[n]) {
				kp_buf_printf(&b, "%s'%s'", n ? ", " : "", r->name[n]);
			} else if (n < KP_HOST_READERS_NAMED) {
				kp_source_linecol(hf->src, r->first[n], &line, &col);
				kp_buf_printf(&b, "%sthe statement at line %u", n ? ", " : "", line);
			}
	}
	for (const kp_host_stmt *o = hf->head; o; o = o->next) {
		bool reads = false;
		for (unsigned k = 0; k < o->nuses && !reads; k++)
			reads = o->uses[k].off == u->off;
		if (!reads)
			continue;
		if (n < KP_HOST_READERS_NAMED) {
			kp_buf_puts(&b, n ? ", " : "");
			if (o->name) {
				kp_buf_printf(&b, "'%s'", o->name);
			} else {
				kp_source_linecol(hf->src, o->off, &line, &col);
				kp_buf_printf(&b, "the statement at line %u", line);
			}
		}
		n++;
	}
	if (n > KP_HOST_READERS_NAMED)
		kp_buf_printf(&b, " and %u more", n - KP_HOST_READERS_NAMED);
	const char *r = kp_arena_strndup(a, b.data, b.len);
	kp_buf_free(&b);
	return r;
}

/* A KP035 at one place whose variants say different things (what else
 * they paste, how they were planned): one message for them all, naming
 * how many of the statement's variants paste it; NULL when they all say
 * the same. */
static const char *merged_hole(const kp_host_stmt *st, const finding *fs, const size_t *mem, size_t nm,
                               kp_arena *a)
{
	const kp_diag *g0 = fs[mem[0]].g;
	bool differ = false;
	for (size_t k = 1; k < nm && !differ; k++)
		differ = strcmp(fs[mem[k]].g->message, g0->message) != 0;
	if (!differ)
		return NULL;
	unsigned kinds[3] = {0}, nkinds = 0;
	for (size_t k = 0; k < nm; k++)
		if (fs[mem[k]].hole >= 0 && fs[mem[k]].hole <= HOLE_NOT_PLANNED && kinds[fs[mem[k]].hole]++ == 0)
			nkinds++;
	uint32_t len = g0->len > 60 ? 60 : g0->len;
	const char *text = g0->src && g0->off + (size_t)len <= g0->src->len ? g0->src->text + g0->off : "";
	if (*text)
		len = quoted_len(text, g0->off + (size_t)g0->len <= g0->src->len ? g0->len : len);
	kp_buf b = {0};
	kp_buf_printf(&b, "interpolated SQL: `%.*s%s` is pasted into the statement text", (int)(*text ? len : 0), text,
	              *text && len < g0->len ? "..." : "");
	if (st->nv > 1)
		kp_buf_printf(&b, " in %zu of its %u variants", nm, st->nv);
	kp_buf_puts(&b, ": an injection risk, and keyplan cannot check it fully (");
	if (nkinds == 1) {
		for (int k = 0; k < 3; k++)
			if (kinds[k])
				kp_buf_puts(&b, hole_what[k]);
	} else {
		static const char *const short_what[] = {"planned with a bind parameter in its place",
		                                         "standing between statements planned", "not planned"};
		bool first = true;
		for (int k = 0; k < 3; k++)
			if (kinds[k]) {
				kp_buf_printf(&b, "%s%s in %u", first ? "" : ", ", short_what[k], kinds[k]);
				first = false;
			}
	}
	kp_buf_puts(&b, ")");
	const char *r = kp_arena_strndup(a, b.data, b.len);
	kp_buf_free(&b);
	return r;
}

static void merge(const kp_embed_sink *sink, const kp_host_file *hf, const kp_host_stmt *st, finding *fs, size_t n,
                  frag_seen *seen, kp_arena *a)
{
	bool *in = kp_arena_alloc(a, st->nv ? st->nv : 1);
	bool *done = kp_arena_alloc(a, n ? n : 1);
	size_t *mem = kp_arena_alloc(a, (n ? n : 1) * sizeof *mem);
	kp_diag **groups = kp_arena_alloc(a, (n ? n : 1) * sizeof *groups);
	size_t *at = kp_arena_alloc(a, (n ? n : 1) * sizeof *at);
	size_t ng = 0;
	for (size_t i = 0; i < n; i++) {
		if (done[i])
			continue;
		/* a finding in a fragment the statement reads: once per file, at
		 * the fragment, naming the statements that read it */
		const char *frag = fs[i].host_off < st->off || fs[i].host_off >= st->end
		                 ? includers(hf, st, fs[i].host_off, a) : NULL;
		size_t nm = 0;
		memset(in, 0, st->nv);
		for (size_t k = i; k < n; k++)
			if (!done[k] && (frag ? fs[k].g->rule == fs[i].g->rule && fs[k].host_off == fs[i].host_off
			                      : same(&fs[i], &fs[k]))) {
				done[k] = true;
				in[fs[k].variant] = !frag;
				mem[nm++] = k;
			}
		if (frag && seen_before(seen, fs[i].g->rule, fs[i].host_off) && !sink->each_fragment)
			continue;
		const char *hole = fs[i].hole >= 0 ? merged_hole(st, fs, mem, nm, a) : NULL;
		const char *when = st->nv > 1 && !frag ? kp_host_describe(st, in, a) : NULL;
		kp_diag *g = kp_arena_alloc(a, sizeof *g);
		*g = *fs[i].g;
		g->next = NULL;
		if (hole)
			g->message = hole;
		if (when)
			g->message = kp_arena_printf(a, "%s: %s", when, g->message);
		if (frag)
			g->message = kp_arena_printf(a, "%s (%s)", g->message, frag);
		if (hole || when || frag)
			g->words = 0;   /* its message is no longer its id's (base/diag.h) */
		/* insertion, stable: findings mostly come in order already */
		size_t k = ng++;
		while (k > 0 && at[k - 1] > fs[i].host_off) {
			groups[k] = groups[k - 1];
			at[k] = at[k - 1];
			k--;
		}
		groups[k] = g;
		at[k] = fs[i].host_off;
	}
	kp_diags out = {0};
	for (size_t i = 0; i < ng; i++) {
		kp_diag *g = groups[i];
		if (out.tail)
			out.tail->next = g;
		else
			out.head = g;
		out.tail = g;
		out.count[g->severity]++;
	}
	sink->emit(sink->ctx, &out, a);
}

/* One file's run: where its statements go. */
typedef struct embed {
	kp_pipe *p;
	kp_source *src;
	kp_lang lang;
	kp_role r;
	const kp_embed_sink *sink;
	kp_host_file *hf;
	kp_arena *a;            /* the extraction's */
	bool *keep;
	bool started;           /* the extraction's findings and the file's
	                           comments are out */
	kp_diag *out;           /* the last of the extraction's findings out */
	kp_arena sa;            /* a statement's findings */
	frag_seen seen;
} embed;

/* Before the first statement: the extraction's findings, then every
 * keyplan: comment of the file. */
static void start(embed *e)
{
	if (e->started)
		return;
	e->started = true;
	e->sink->emit(e->sink->ctx, &e->hf->d, e->a);
	e->out = e->hf->d.tail;
	for (unsigned k = 0; e->sink->comment && k < e->hf->ndirs; k++)
		e->sink->comment(e->sink->ctx, e->src, e->hf->dirs[k].off, e->hf->dirs[k].end, 0, 0, true);
}

/* The extraction's findings added since they went out (a mapper's variant
 * found past the limits while its statement was read): out now, before
 * the statement's own. */
static void late(embed *e)
{
	kp_host_file *f = e->hf;
	if (f->d.tail == e->out)
		return;
	kp_diags d = {0};
	d.head = e->out ? e->out->next : f->d.head;
	d.tail = f->d.tail;
	for (const kp_diag *g = d.head; g; g = g->next)
		d.count[g->severity]++;
	e->sink->emit(e->sink->ctx, &d, e->a);
	e->out = f->d.tail;
}

/* Plans st's variants and reports its findings. Returns whether something
 * now points into its SQL (the schema it changed, the advisor). */
static bool plan_stmt(embed *e, const kp_host_stmt *st)
{
	kp_pipe *p = e->p;
	kp_source *src = e->src;
	const kp_embed_sink *sink = e->sink;
	kp_host_file *hf = e->hf;
	kp_arena *sa = &e->sa;
	bool kept = false;
	if (sink->want && !sink->want(sink->ctx, hf, st))
		return false;
	kp_arena_reset(sa);
	/* the function it runs in: DDL made again in another is not seen */
	kp_catalog_host_scope(p->cat, hf->src->path, st->scope);
	for (unsigned k = 0; sink->comment && k < st->ndirs; k++)
		sink->comment(sink->ctx, src, st->dirs[k].off, st->dirs[k].end, st->off, st->end, false);
	size_t n = 0, cap = 16;
	finding *fs = malloc(cap * sizeof *fs);
	if (!fs)
		abort();
	for (unsigned vi = 0; vi < st->nv; vi++) {
		kp_host_variant *v = &st->v[vi];
		kp_diags d = {0};
		bool planned = v->holes_planned;
		if (planned && kp_pipe_sql(p, &v->sql, e->r, &d, sa))
			kept = true;
		if (planned && v->nholes) {
			/* a pasted value whose place keyplan guessed wrong: the
			 * statement is unknown, not wrong */
			for (const kp_diag *g = d.head; g && planned; g = g->next)
				planned = g->rule != KP_R_SYNTAX && g->rule != KP_R_LEXICAL;
			if (!planned)
				d = (kp_diags){0};
		}
		if (st->evidence == KP_HE_NONE && e->lang != KP_LANG_MYBATIS && rejected(&d)) {
			/* no SQL call takes it and the grammar rejects it: a
			 * fragment or a label says nothing, anything else is a
			 * note at most */
			if (fragment(&d, v))
				continue;
			for (kp_diag *g = d.head; g; g = g->next) {
				d.count[g->severity]--;
				d.count[KP_SEV_INFO]++;
				g->severity = KP_SEV_INFO;
				g->message = kp_arena_printf(sa, "if this string is SQL (no SQL call takes it): %s",
				                             g->message);
				g->words = 0;   /* base/diag.h */
			}
		}
		if (v->empty_trim && rejected(&d)) {
			/* every branch inside a <set> or <trim> absent: MyBatis
			 * writes it, but a caller passes at least one value */
			for (kp_diag *g = d.head; g; g = g->next) {
				d.count[g->severity]--;
				d.count[KP_SEV_INFO]++;
				g->severity = KP_SEV_INFO;
				g->message = kp_arena_printf(sa, "%s (a <set> or <trim> with every branch absent: the "
				                             "caller must pass at least one of its values)", g->message);
				g->words = 0;   /* base/diag.h */
			}
		}
		/* a construct keyplan does not plan, in application code: a
		 * note (the statement may run on another database), unless
		 * the target's own grammar refuses it in a string the code
		 * runs as SQL: then it stays the error it is in a .sql file */
		for (kp_diag *g = d.head; g; g = g->next)
			if (g->rule == KP_R_UNSUPPORTED && g->severity == KP_SEV_ERROR) {
				kp_sql_form f = st->evidence != KP_HE_NONE ? form_at(g) : 0;
				if (f && kp_target_refuses_form(p->target, f))
					continue;   /* its help says the store's words already */
				const char *why = st->evidence != KP_HE_NONE
				                ? kp_target_refuses(p->target, construct_at(g)) : NULL;
				if (why) {
					kp_diag_help(g, sa, "%s", why);
					continue;
				}
				d.count[g->severity]--;
				d.count[KP_SEV_INFO]++;
				g->severity = KP_SEV_INFO;
			}
		const kp_diag *hole_g = NULL;
		if (v->nholes) {
			interpolation(&d, sa, src, v, planned);
			hole_g = d.tail;
			if (!planned && sink->unplanned)
				sink->unplanned(sink->ctx, st, v, &d, sa);
		}
		for (const kp_diag *g = d.head; g; g = g->next) {
			if (n == cap) {
				cap *= 2;
				finding *nf = realloc(fs, cap * sizeof *fs);
				if (!nf)
					abort();
				fs = nf;
			}
			kp_source *where;
			int8_t hole = g != hole_g ? -1 : !planned ? HOLE_NOT_PLANNED : v->holes_between ? HOLE_BETWEEN : HOLE_BOUND;
			fs[n++] = (finding){g, vi, kp_source_origin(g->src, g->off, &where), hole};
		}
	}
	merge(sink, hf, st, fs, n, &e->seen, sa);
	free(fs);
	if (st->total > st->nv) {
		unsigned nif = 0, nchoose = 0;
		for (unsigned c = 0; c < st->nchoices; c++)
			st->choices[c].is_choose ? nchoose++ : nif++;
		kp_diags d = {0};
		/* the count is a product: past 2^53 %.0f prints noise digits, past
		 * DBL_MAX (1024 <if>) "inf" */
		char many[48];
		const char *bound = st->total_bound ? "at most " : "";
		if (st->total < 1e15)
			snprintf(many, sizeof many, "%s%.0f", bound, st->total);
		else if (st->total <= DBL_MAX)
			snprintf(many, sizeof many, "%s%.3g", st->total_bound ? "at most about " : "about ", st->total);
		else
			snprintf(many, sizeof many, "more than %.3g", DBL_MAX);
		kp_diag_add(&d, sa, KP_R_VARIANTS, KP_SEV_INFO, src, st->off, 0,
		            "'%s' has %s variants (%u <if>, %u <choose>); %u are planned: every branch "
		            "absent, every branch present, each branch alone and each left out, then a fixed "
		            "sample (at most %d)", st->name ? st->name : "statement", many, nif, nchoose,
		            st->nv, KP_HOST_MAX_VARIANTS);
		sink->emit(sink->ctx, &d, sa);
	}
	if (sink->stmt_done)
		sink->stmt_done(sink->ctx);
	return kept;
}

/* Streaming: a statement as the extractor finds it. */
static bool each(void *ctx, kp_host_file *f, kp_host_stmt *st)
{
	embed *e = ctx;
	e->hf = f;
	start(e);
	late(e);
	bool kept = plan_stmt(e, st);
	if (kept)
		*e->keep = true;
	return kept;
}

kp_host_file *kp_embed_run(kp_pipe *p, kp_source *src, kp_lang lang, kp_role r, const kp_embed_sink *sink,
                           kp_arena *a, bool *keep)
{
	kp_host_file *hf = kp_arena_alloc(a, sizeof *hf);
	embed e = {.p = p, .src = src, .lang = lang, .r = r, .sink = sink, .hf = hf, .a = a, .keep = keep};
	kp_arena_init(&e.sa);
	/* statements are planned as they are found: a file's statements are
	 * never all in memory (what a finding in a constant or a <sql>
	 * fragment names is found first) */
	kp_host_opts o = {p->sql_calls, p->mappers, each, &e, p->entities, p->database_id,
	                  p->target == KP_TARGET_GENERIC ? NULL : kp_target_name(p->target)};
	kp_host_extract_with(hf, src, lang, &o, a);
	start(&e);
	late(&e);
	kp_arena_free(&e.sa);
	free(e.seen.k);
	return hf;
}
