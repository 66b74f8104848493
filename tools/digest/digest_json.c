/* A digest as JSON and back (docs/digest-json.md, docs/schemas/digest.json).
 * What is written is everything a merge needs: reading a digest back and
 * merging it loses nothing a one-pass digest would have kept. */
#include "tools/digest/digest.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/quote.h"
#include "tools/digest/json.h"

/* The grouping the shapes were made with: the project's statement
 * fingerprint (grammar/fingerprint.h). A merge refuses digests made with
 * another; a change to the fingerprint that moves statements between
 * shapes must change this name. */
#define KP_DIGEST_SHAPES "kp_stmt_fingerprint/1"

static void str_or_null(kp_buf *b, const char *s)
{
	if (s)
		kp_buf_json_str(b, s, strlen(s));
	else
		kp_buf_puts(b, "null");
}

static void iso_time(kp_buf *b, int64_t us)
{
	int64_t s = us / 1000000, frac = us % 1000000;
	if (frac < 0) {
		frac += 1000000;
		s--;
	}
	time_t t = (time_t)s;
	struct tm tm;
	gmtime_r(&t, &tm);
	kp_buf_printf(b, "\"%04d-%02d-%02dT%02d:%02d:%02d.%06dZ\"", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
	              tm.tm_hour, tm.tm_min, tm.tm_sec, (int)frac);
}

static void stat_json(kp_buf *b, const char *name, const kp_dstat *st)
{
	kp_buf_printf(b, ", \"%s\": {\"n\": %llu, \"sum\": %llu, \"max\": %llu}", name, (unsigned long long)st->n,
	              (unsigned long long)st->sum, (unsigned long long)st->max);
}

static void num(kp_buf *b, double v)
{
	/* JSON has no inf: an estimate past the largest double (counts scaled
	 * by 1/R at a rate near DBL_MIN, or merged) is written as that double */
	if (!(v <= DBL_MAX && v >= -DBL_MAX))
		v = v < 0 ? -DBL_MAX : v > 0 ? DBL_MAX : 0;
	kp_buf_printf(b, "%.17g", v);
}

void kp_digest_json(const kp_digest *dg, kp_buf *b)
{
	/* the first line names the format: digest and check --workload know a
	 * digest from a log by it */
	kp_buf_printf(b, "{\"format\": \"keyplan-digest\", \"version\": 1, \"target\": \"%s\", \"shapes_by\": \"%s\",\n",
	              kp_target_name(dg->target), KP_DIGEST_SHAPES);
	kp_buf_printf(b, " \"k\": %u, \"schema\": %s, \"statements\": %llu, \"estimated\": ", dg->k,
	              dg->schema ? "true" : "false", (unsigned long long)dg->statements);
	num(b, dg->estimated);
	kp_buf_puts(b, ",\n \"inputs\": [");
	for (size_t i = 0; i < dg->ninputs; i++) {
		const kp_dinput *in = &dg->inputs[i];
		kp_buf_puts(b, i ? ",\n  {\"path\": " : "\n  {\"path\": ");
		str_or_null(b, in->path);
		kp_buf_puts(b, ", \"format\": ");
		str_or_null(b, in->format);
		kp_buf_puts(b, ", \"sample_rate\": ");
		num(b, in->sample_rate);
		kp_buf_printf(b, ", \"records\": %llu, \"statements\": %llu, \"skipped\": %llu}",
		              (unsigned long long)in->records, (unsigned long long)in->statements,
		              (unsigned long long)in->skipped);
	}
	uint64_t total = 0;
	for (int i = 0; i < KP_SKIP__COUNT; i++)
		total += dg->skipped[i];
	kp_buf_printf(b, "],\n \"skipped\": {\"total\": %llu", (unsigned long long)total);
	for (int i = 0; i < KP_SKIP__COUNT; i++)
		kp_buf_printf(b, ", \"%s\": %llu", kp_skip_name((kp_skip)i), (unsigned long long)dg->skipped[i]);
	kp_buf_puts(b, "},\n \"skips\": [");
	for (int i = 0; i < dg->nskips; i++) {
		const kp_dskipped *k = &dg->skips[i];
		kp_buf_puts(b, i ? ",\n  {\"path\": " : "\n  {\"path\": ");
		str_or_null(b, k->path);
		kp_buf_printf(b, ", \"line\": %llu, \"reason\": \"%s\", \"detail\": ", (unsigned long long)k->line,
		              kp_skip_name(k->why));
		str_or_null(b, k->detail);
		kp_buf_putc(b, '}');
	}
	kp_buf_puts(b, "],\n \"shapes\": [");
	kp_dshape **v = kp_digest_sorted(dg);
	for (size_t i = 0; i < dg->n; i++) {
		const kp_dshape *s = v[i];
		kp_buf_printf(b, "%s\n  {\"fingerprint\": \"%016llx\", \"count\": %llu, \"estimated\": ", i ? "," : "",
		              (unsigned long long)s->fp, (unsigned long long)s->count);
		num(b, s->estimated);
		kp_buf_puts(b, ", \"share\": ");
		num(b, dg->estimated > 0 ? s->estimated / dg->estimated : 0);
		kp_buf_puts(b, ", \"first_seen\": ");
		if (s->has_ts)
			iso_time(b, s->first_us);
		else
			kp_buf_puts(b, "null");
		kp_buf_puts(b, ", \"last_seen\": ");
		if (s->has_ts)
			iso_time(b, s->last_us);
		else
			kp_buf_puts(b, "null");
		kp_buf_puts(b, ",\n   \"examples\": [");
		for (int e = 0; e < s->nex; e++) {
			kp_buf_puts(b, e ? ", {\"sql\": " : "{\"sql\": ");
			str_or_null(b, s->ex[e].sql);
			kp_buf_puts(b, ", \"path\": ");
			str_or_null(b, s->ex[e].path);
			kp_buf_printf(b, ", \"line\": %llu}", (unsigned long long)s->ex[e].line);
		}
		kp_buf_puts(b, "],\n   \"plan\": ");
		if (s->planned) {
			kp_buf_puts(b, "{\"access\": ");
			str_or_null(b, s->access);
			kp_buf_printf(b, ", \"rejected\": %s, \"table\": ", s->rejected ? "true" : "false");
			str_or_null(b, s->table);
			kp_buf_puts(b, ", \"index\": ");
			str_or_null(b, s->index);
			kp_buf_printf(b, ", \"ranges\": %lld, \"varies\": %s, \"filter\": ", (long long)s->ranges,
			              s->varies ? "true" : "false");
			str_or_null(b, s->filter);
			kp_buf_puts(b, ", \"order\": ");
			str_or_null(b, s->order);
			kp_buf_putc(b, '}');
		} else {
			kp_buf_puts(b, "null");
		}
		stat_json(b, "time_us", &s->time_us);
		stat_json(b, "rows_scanned", &s->rows_scanned);
		stat_json(b, "rows_sent", &s->rows_sent);
		kp_buf_puts(b, ",\n   \"hot_keys\": [");
		for (int h = 0; h < s->nhot; h++) {
			const kp_topk *tk = &s->hot[h].tk;
			kp_buf_puts(b, h ? ", {\"column\": " : "{\"column\": ");
			str_or_null(b, s->hot[h].column);
			kp_buf_printf(b, ", \"k\": %u, \"n\": %llu, \"error\": %llu, \"values\": [", tk->k,
			              (unsigned long long)tk->n, (unsigned long long)kp_topk_err(tk));
			for (uint32_t j = 0; j < tk->n_items; j++) {
				kp_buf_puts(b, j ? ", {\"value\": " : "{\"value\": ");
				kp_buf_json_str(b, tk->items[j].value, tk->items[j].len);
				kp_buf_printf(b, ", \"count\": %llu, \"cut\": %s}", (unsigned long long)tk->items[j].count,
				              tk->items[j].cut ? "true" : "false");
			}
			kp_buf_puts(b, "]}");
		}
		kp_buf_puts(b, "]}");
	}
	free(v);
	kp_buf_puts(b, "]}\n");
}

/* ---- reading back ---- */

typedef struct rd {
	const char *path;
	const char *text;
	char *err;
} rd;

static int bad(rd *r, const kp_json *at, const char *what)
{
	if (!r->err) {
		/* the line of the value the error is about */
		size_t line = 1;
		size_t off = at ? at->off : 0;
		for (size_t i = 0; i < off; i++)
			line += r->text[i] == '\n';
		size_t n = strlen(r->path) + strlen(what) + 64;
		r->err = malloc(n);
		if (!r->err)
			abort();
		snprintf(r->err, n, "%s:%zu: not a keyplan digest: %s", r->path, line, what);
	}
	return -1;
}

static char *dup_str(const kp_json *v)
{
	if (!v || v->kind != KP_J_STR)
		return NULL;
	char *p = malloc(v->len + 1);
	if (!p)
		abort();
	memcpy(p, v->s, v->len + 1);
	return p;
}

/* A field that is missing or of the wrong kind, named. */
static int bad_field(rd *r, const kp_json *at, const char *key, const char *want)
{
	char msg[160];
	snprintf(msg, sizeof msg, "'%.64s' is missing or not %s", key, want);
	return bad(r, at, msg);
}

static int u64_of(rd *r, const kp_json *o, const char *key, uint64_t *out)
{
	const kp_json *v = kp_json_get(o, key);
	if (!kp_json_u64(v, out))
		return bad_field(r, v ? v : o, key, "a whole number");
	return 0;
}

static int stat_of(rd *r, const kp_json *o, const char *key, kp_dstat *st)
{
	const kp_json *v = kp_json_get(o, key);
	if (!v || v->kind != KP_J_OBJ)
		return bad_field(r, v ? v : o, key, "an object");
	if (u64_of(r, v, "n", &st->n) || u64_of(r, v, "sum", &st->sum) || u64_of(r, v, "max", &st->max))
		return -1;
	return 0;
}

static int str_field(rd *r, const kp_json *o, const char *key, bool nullable, const kp_json **out)
{
	const kp_json *v = kp_json_get(o, key);
	if (!v || !(v->kind == KP_J_STR || (nullable && v->kind == KP_J_NULL)))
		return bad_field(r, v ? v : o, key, nullable ? "a string or null" : "a string");
	*out = v->kind == KP_J_STR ? v : NULL;
	return 0;
}

static int read_shape(rd *r, kp_digest *dg, const kp_json *o)
{
	const kp_json *sh, *fs, *ls;
	if (!o || o->kind != KP_J_OBJ)
		return bad(r, o, "a shape must be an object");
	if (str_field(r, o, "fingerprint", false, &sh) || str_field(r, o, "first_seen", true, &fs) ||
	    str_field(r, o, "last_seen", true, &ls))
		return -1;
	uint64_t fp = 0;
	if (sh->len != 16)
		return bad(r, sh, "a fingerprint is 16 hexadecimal digits");
	for (size_t i = 0; i < 16; i++) {
		char c = sh->s[i];
		int h = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
		if (h < 0)
			return bad(r, sh, "a fingerprint is 16 hexadecimal digits");
		fp = fp << 4 | (uint64_t)h;
	}
	kp_dshape *s = kp_digest_shape(dg, fp);
	if (s->count || s->nex)
		return bad(r, sh, "a shape listed twice");
	double est;
	if (u64_of(r, o, "count", &s->count))
		return -1;
	if (!kp_json_num(kp_json_get(o, "estimated"), &est))
		return bad_field(r, o, "estimated", "a number");
	s->estimated = est;
	if (fs && ls) {
		if (!kp_log_time(fs->s, fs->len, &s->first_us) || !kp_log_time(ls->s, ls->len, &s->last_us))
			return bad(r, fs, "first_seen or last_seen is not a time");
		s->has_ts = true;
	}
	const kp_json *ex = kp_json_get(o, "examples");
	if (!ex || ex->kind != KP_J_ARR)
		return bad_field(r, ex ? ex : o, "examples", "an array");
	for (size_t i = 0; i < ex->n && s->nex < KP_DIGEST_EXAMPLES; i++) {
		const kp_json *e = ex->items[i], *sql, *path;
		uint64_t line;
		if (str_field(r, e, "sql", false, &sql) || str_field(r, e, "path", false, &path) ||
		    u64_of(r, e, "line", &line))
			return -1;
		kp_dexample *d = &s->ex[s->nex++];
		d->sql = dup_str(sql);
		d->path = dup_str(path);
		d->line = line;
	}
	const kp_json *pl = kp_json_get(o, "plan");
	if (!pl || (pl->kind != KP_J_NULL && pl->kind != KP_J_OBJ))
		return bad_field(r, pl ? pl : o, "plan", "an object or null");
	if (pl->kind == KP_J_OBJ) {
		const kp_json *acc, *tab, *idx, *fil, *ord, *rej = kp_json_get(pl, "rejected"),
		              *var = kp_json_get(pl, "varies");
		int64_t ranges;
		if (str_field(r, pl, "access", false, &acc) || str_field(r, pl, "table", true, &tab) ||
		    str_field(r, pl, "index", true, &idx) || str_field(r, pl, "filter", true, &fil) ||
		    str_field(r, pl, "order", true, &ord))
			return -1;
		if (!rej || rej->kind != KP_J_BOOL || !var || var->kind != KP_J_BOOL ||
		    !kp_json_i64(kp_json_get(pl, "ranges"), &ranges))
			return bad(r, pl, "rejected, varies or ranges");
		s->varies = var->b;
		s->planned = true;
		s->access = dup_str(acc);
		s->rejected = rej->b;
		s->table = dup_str(tab);
		s->index = dup_str(idx);
		s->filter = dup_str(fil);
		s->order = dup_str(ord);
		s->ranges = ranges;
	}
	if (stat_of(r, o, "time_us", &s->time_us) || stat_of(r, o, "rows_scanned", &s->rows_scanned) ||
	    stat_of(r, o, "rows_sent", &s->rows_sent))
		return -1;
	const kp_json *hot = kp_json_get(o, "hot_keys");
	if (!hot || hot->kind != KP_J_ARR)
		return bad_field(r, hot ? hot : o, "hot_keys", "an array");
	for (size_t i = 0; i < hot->n; i++) {
		const kp_json *h = hot->items[i], *col, *vals;
		uint64_t k, n;
		if (str_field(r, h, "column", false, &col) || u64_of(r, h, "k", &k) || u64_of(r, h, "n", &n))
			return -1;
		if (k != dg->k)
			return bad(r, h, "hot values kept with another k");
		vals = kp_json_get(h, "values");
		if (!vals || vals->kind != KP_J_ARR)
			return bad_field(r, vals ? vals : h, "values", "an array");
		kp_dhot *dh = kp_dshape_hot(s, col->s, dg->k);
		for (size_t j = 0; j < vals->n; j++) {
			const kp_json *it = vals->items[j], *val, *cut = kp_json_get(it, "cut");
			uint64_t c;
			if (str_field(r, it, "value", false, &val) || u64_of(r, it, "count", &c))
				return -1;
			kp_topk_add_counted(&dh->tk, val->s, val->len, cut && cut->kind == KP_J_BOOL && cut->b, c);
		}
		dh->tk.n += n;
		kp_topk_settle(&dh->tk);
	}
	return 0;
}

static int read_doc(rd *r, kp_digest *dg, const kp_json *o)
{
	const kp_json *f = kp_json_get(o, "format"), *by = kp_json_get(o, "shapes_by"), *tg = kp_json_get(o, "target");
	if (!f || f->kind != KP_J_STR || strcmp(f->s, "keyplan-digest"))
		return bad(r, o, "format is not \"keyplan-digest\"");
	uint64_t ver, k, statements;
	if (u64_of(r, o, "version", &ver))
		return -1;
	if (ver != 1)
		return bad(r, o, "version 1 is the only one read");
	if (!by || by->kind != KP_J_STR || strcmp(by->s, KP_DIGEST_SHAPES))
		return bad(r, by ? by : o, "shapes made by another shape function (shapes_by)");
	if (!tg || tg->kind != KP_J_STR || strcmp(tg->s, kp_target_name(dg->target)))
		return bad(r, tg ? tg : o, "made for another target (give the same --target)");
	if (u64_of(r, o, "k", &k) || u64_of(r, o, "statements", &statements))
		return -1;
	if (k != dg->k)
		return bad(r, o, "hot values kept with another k (give the same --top-values)");
	double est;
	if (!kp_json_num(kp_json_get(o, "estimated"), &est))
		return bad_field(r, o, "estimated", "a number");
	const kp_json *sch = kp_json_get(o, "schema");
	dg->schema |= sch && sch->kind == KP_J_BOOL && sch->b;
	dg->statements += statements;
	dg->estimated += est;
	const kp_json *ins = kp_json_get(o, "inputs");
	if (!ins || ins->kind != KP_J_ARR)
		return bad_field(r, ins ? ins : o, "inputs", "an array");
	for (size_t i = 0; i < ins->n; i++) {
		const kp_json *in = ins->items[i], *path, *fmt;
		kp_dinput d = {0};
		if (str_field(r, in, "path", false, &path) || str_field(r, in, "format", false, &fmt) ||
		    u64_of(r, in, "records", &d.records) || u64_of(r, in, "statements", &d.statements) ||
		    u64_of(r, in, "skipped", &d.skipped) || !kp_json_num(kp_json_get(in, "sample_rate"), &d.sample_rate) ||
		    !(d.sample_rate >= DBL_MIN && d.sample_rate <= 1))   /* as --sample-rate: counts / R stay finite */
			return r->err ? -1 : bad_field(r, in, "sample_rate", "a number with 0 < R <= 1");
		kp_dinput *ni = realloc(dg->inputs, (dg->ninputs + 1) * sizeof *ni);
		if (!ni)
			abort();
		dg->inputs = ni;
		d.path = dup_str(path);
		d.format = dup_str(fmt);
		dg->inputs[dg->ninputs++] = d;
	}
	const kp_json *sk = kp_json_get(o, "skipped");
	if (!sk || sk->kind != KP_J_OBJ)
		return bad_field(r, sk ? sk : o, "skipped", "an object");
	for (int i = 0; i < KP_SKIP__COUNT; i++) {
		uint64_t n;
		if (u64_of(r, sk, kp_skip_name((kp_skip)i), &n))
			return -1;
		dg->skipped[i] += n;
	}
	const kp_json *sks = kp_json_get(o, "skips");
	if (!sks || sks->kind != KP_J_ARR)
		return bad_field(r, sks ? sks : o, "skips", "an array");
	for (size_t i = 0; i < sks->n; i++) {
		const kp_json *e = sks->items[i], *path, *why, *det;
		uint64_t line;
		if (str_field(r, e, "path", false, &path) || str_field(r, e, "reason", false, &why) ||
		    str_field(r, e, "detail", false, &det) || u64_of(r, e, "line", &line))
			return -1;
		int w = -1;
		for (int j = 0; j < KP_SKIP__COUNT; j++)
			if (!strcmp(why->s, kp_skip_name((kp_skip)j)))
				w = j;
		if (w < 0)
			return bad(r, why, "an unknown skip reason");
		if (dg->nskips < KP_DIGEST_SKIPS) {
			kp_dskipped *d = &dg->skips[dg->nskips++];
			d->path = dup_str(path);
			d->line = line;
			d->why = (kp_skip)w;
			d->detail = dup_str(det);
		}
	}
	const kp_json *shapes = kp_json_get(o, "shapes");
	if (!shapes || shapes->kind != KP_J_ARR)
		return bad_field(r, shapes ? shapes : o, "shapes", "an array");
	for (size_t i = 0; i < shapes->n; i++)
		if (read_shape(r, dg, shapes->items[i]))
			return -1;
	return 0;
}

int kp_digest_read(kp_digest *dg, const char *path, const char *text, size_t len, char **err)
{
	kp_arena a;
	kp_arena_init(&a);
	size_t off;
	const char *why;
	rd r = {.path = path, .text = text};
	int rc = -1;
	kp_json *o = kp_json_parse(&a, text, len, &off, &why);
	if (!o) {
		kp_json at = {.off = off};
		bad(&r, &at, why);
	} else if (o->kind != KP_J_OBJ) {
		bad(&r, o, "not a JSON object");
	} else {
		/* read into a digest of its own, merged when whole: a damaged
		 * digest adds nothing */
		kp_digest one;
		kp_digest_init(&one, dg->target, dg->k);
		rc = read_doc(&r, &one, o);
		if (!rc)
			kp_digest_merge(dg, &one);
		kp_digest_free(&one);
	}
	kp_arena_free(&a);
	*err = r.err;
	return rc;
}
