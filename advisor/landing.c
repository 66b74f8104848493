/* Where a key's writes land (docs/advice.md, "Write concentration"): the
 * key walked left to right, each column classed by its evidence. A part
 * the writer spreads (a hash, a bucket filled from one, a column stated
 * uniform) ends the walk: no hotspot. A few-valued part multiplies the
 * insertion points by its values and the walk goes on. A monotonic part
 * ends it hot: new rows go to one point per value of the prefix before
 * it, the busiest taking the largest value's share. Any other part (many
 * values in no order) ends it: no hotspot, since a range-partitioned store
 * splits its regions inside a prefix. A key of few-valued parts only puts
 * its rows on as many points. A hash (or a bucket of one) of few-valued
 * columns spreads their values, not the rows of one value: every row of
 * the busiest value has one hash, so its share stays on one point, and a
 * column the prefix already holds (hashed or not) adds no values and no
 * share (E110 in tests/advisor/designs18.md: [hash32(project_id)]
 * [project_id][received_at] keeps the largest project's 6% on one point).
 * Where the store partitions by the first key
 * column alone (Tablestore's partition key), the walk stops after it. One
 * model for KP101/KP102 (hotspot.c), the judge's "on one region" cost
 * (judge_plan.c) and the index candidates (index.c, index_table.c). */
#include "advisor/advisorInt.h"

#include <math.h>
#include <string.h>

#define KPA_CONC_SEEN 32

/* Does the name hold the word w, '_'-separated? */
static bool has_word(const char *l, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = l; (p = strstr(p, w)); p++)
		if ((p == l || p[-1] == '_') && (p[n] == 0 || p[n] == '_' || (p[n] == 's' && (p[n + 1] == 0 || p[n + 1] == '_'))))
			return true;
	return false;
}

/* A column the writer fills from a hash, by its name: a bucket, a salt,
 * a hash (Jaeger's bucket, keyplan's own c_hash and bucket columns); not
 * a time bucket (an hour's bucket grows with the time). */
static bool writer_spread_name(const kp_column *c, bool *time_bucket)
{
	static const char *const spread[] = {"hash", "salt", "bucket", NULL};
	static const char *const time[] = {"time", "ts", "hour", "day", "minute", "second", "date", "week", "month",
	                                   "year", "epoch", NULL};
	char l[128];
	kpa_name_words(l, c->name, sizeof l);
	*time_bucket = false;
	int s = -1;
	for (int i = 0; spread[i] && s < 0; i++)
		if (has_word(l, spread[i]))
			s = i;
	if (s < 0)
		return false;
	if (s < 2)
		return true;   /* a hash of a time (ts_hash) spreads */
	for (int i = 0; time[i]; i++)
		if (has_word(l, time[i])) {
			*time_bucket = true;
			return false;
		}
	return true;
}

/* keyplan's own bucket of a rebuilt index (index_keep.c): an integer
 * column named <i>_bucket (or <i>_bucketN) leading the index i of its
 * table, which the writer fills from a hash of the table's key. Its name
 * carries the index's words (index_version_downloads_date_bucket), which
 * the name rule above would read as a time bucket: read back as the
 * spread keyplan named it, so the DDL keyplan advised stands. */
static bool own_index_bucket(const kp_table *t, int ci)
{
	const kp_column *c = &t->cols[ci];
	if (c->tclass != KP_T_INT)
		return false;
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		int lead = ix->tenant_lead ? 1 : 0;
		if (ix->name && ix->key.n > lead && ix->key.parts[lead].col == ci &&
		    kpa_is_index_bucket_name(c->name, ix->name))
			return true;
	}
	return false;
}

double kpa_zipf_top(double n, double theta)
{
	if (n <= 1)
		return 1;
	/* 1 / sum over i of i^-theta: the first values summed, the rest by
	 * the integral (n up to 1e15) */
	double sum = 0, m = n < 10000 ? n : 10000;
	for (double i = 1; i <= m; i++)
		sum += pow(i, -theta);
	if (n > m)
		sum += (pow(n + 0.5, 1 - theta) - pow(m + 0.5, 1 - theta)) / (1 - theta);
	return 1 / sum;
}

double kpa_zipf_read_share(double n, double theta)
{
	if (n <= 1)
		return 1;
	/* the sum over i of p_i^2, p_i = top / i^theta: the first values
	 * summed, the rest by the integral of x^-2theta */
	double top = kpa_zipf_top(n, theta), sum = 0, m = n < 10000 ? n : 10000;
	for (double i = 1; i <= m; i++)
		sum += pow(i, -2 * theta);
	if (n > m) {
		double e = 1 - 2 * theta;
		sum += fabs(e) < 1e-9 ? log((n + 0.5) / (m + 0.5)) : (pow(n + 0.5, e) - pow(m + 0.5, e)) / e;
	}
	return top * top * sum;
}

void kpa_col_conc(kp_advisor *adv, const kp_table *t, int ci, kpa_colconc *out)
{
	memset(out, 0, sizeof(*out));
	out->kind = KPA_CONC_OPEN;
	if (ci < 0 || ci >= t->ncols)
		return;
	const kp_column *c = &t->cols[ci];
	const kpa_notes *nt = kpa_notes_of(adv, t);
	const char *r;
	bool tb = false;
	if (nt->dist[ci] == KPA_DIST_UNIFORM) {
		out->kind = KPA_CONC_SPREAD;
		out->why = kp_arena_printf(adv->a, "uniform as annotated (-- distribution: %s uniform)", c->name);
		return;
	}
	if (nt->dist[ci] == KPA_DIST_MONOTONIC) {
		out->kind = KPA_CONC_MONO;
		out->why = kp_arena_printf(adv->a, "monotonic as annotated (-- distribution: %s %s)", c->name,
		                           nt->latest[ci] ? "latest" : "monotonic");
		return;
	}
	if (writer_spread_name(c, &tb)) {
		out->kind = KPA_CONC_SPREAD;
		out->why = "filled by the writer from a hash, by its name";
		return;
	}
	if (tb && own_index_bucket(t, ci)) {
		out->kind = KPA_CONC_SPREAD;
		out->why = "filled by the writer from a hash: the bucket named after the index it leads, as keyplan "
		           "names a rebuilt index's";
		return;
	}
	if ((r = kpa_monotonic_reason(c)) || (tb && (r = "a time bucket by its name"))) {
		out->kind = KPA_CONC_MONO;
		const char *ev = kpa_monotonic_evidence(adv, t, ci), *rg = ev ? NULL : kpa_range_evidence(adv, t, ci);
		out->why = ev || rg ? kp_arena_printf(adv->a, "%s, and %s", r, ev ? ev : rg) : r;
		out->by_name = !ev && !c->auto_increment && c->tclass != KP_T_TIME;
		return;
	}
	double tv = kpa_type_values(c);
	if (nt->distinct[ci] >= 1 || tv >= 1 || kpa_enum_reason(c)) {
		out->kind = KPA_CONC_FEW;
		if (nt->distinct[ci] >= 1) {
			out->values = nt->distinct[ci];
			out->why = kp_arena_printf(adv->a, "%.15g values as annotated, -- distinct: %s", out->values, c->name);
		} else if (tv >= 1) {
			out->values = tv;
			out->why = kp_arena_printf(adv->a, "%.15g values by its type", tv);
		} else {
			out->values = KP_ENUM_VALUES;
			out->why = kp_arena_printf(adv->a, "enum-like by its name, %d values by default (-- distinct: %s N "
			                           "states them)", KP_ENUM_VALUES, c->name);
		}
		out->top = 1 / out->values;
		if (nt->dist[ci] == KPA_DIST_SKEWED) {
			out->top = kpa_zipf_top(out->values, nt->dist_arg[ci]);
			out->why = kp_arena_printf(adv->a, "%s, zipfian as annotated: its largest value holds %.3g%% of the "
			                           "rows", out->why, 100 * out->top);
		}
		return;
	}
	if (kpa_coarse_time(c)) {
		out->kind = KPA_CONC_MONO;
		out->why = "a calendar unit by its type or name";
		out->by_name = true;
		return;
	}
	/* a shared prefix (KP103) spreads unless its values arrive in order */
	if ((r = kpa_monotonic_evidence(adv, t, ci))) {
		out->kind = KPA_CONC_MONO;
		out->why = r;
	}
}

/* The facts of column ci: from cc when given, else worked out. */
static const kpa_colconc *fact(kp_advisor *adv, const kp_table *t, const kpa_colconc *cc, int ci, kpa_colconc *tmp)
{
	if (cc && ci >= 0 && ci < t->ncols)
		return &cc[ci];
	kpa_col_conc(adv, t, ci, tmp);
	return tmp;
}

kpa_colconc *kpa_table_conc(kp_advisor *adv, const kp_table *t, kp_arena *a)
{
	kpa_colconc *cc = kp_arena_alloc(a, sizeof(kpa_colconc) * (size_t)(t->ncols + 1));
	for (int c = 0; c < t->ncols; c++)
		kpa_col_conc(adv, t, c, &cc[c]);
	return cc;
}

/* Do rows share the values of column ci of t? Other columns follow it in
 * t's own key, which needs them to tell its rows apart (E71's slot, then
 * api_key and route); a column that ends the key (E60's visit id) may be
 * one row a value. Nor where the annotations say a value holds at most
 * KP_FEW_VALUES rows (-- rows: over -- distinct:): a counter that names
 * one entity (E89's accession number, 10 analyses each) is written a
 * burst of its few rows at a time, as any entity's key is, and the next
 * value's hash lands elsewhere; a slot every writer shares holds a time's
 * writes (unstated, it is taken as shared). */
static bool shared_value(kp_advisor *adv, const kp_table *t, int ci)
{
	const kpa_notes *nt = kpa_notes_of(adv, t);
	if (nt->rows > 0 && nt->distinct[ci] >= 1 && nt->rows / nt->distinct[ci] <= KP_FEW_VALUES)
		return false;
	for (int i = 0; i + 1 < t->pk.n; i++)
		if (t->pk.parts[i].col == ci)
			return true;
	return false;
}

/* Was column c counted in the prefix? Counts it if not. */
static bool seen_col(int *seen, int *n, int c)
{
	for (int i = 0; i < *n; i++)
		if (seen[i] == c)
			return true;
	if (*n < KPA_CONC_SEEN)
		seen[(*n)++] = c;
	return false;
}

void kpa_cols_conc(kp_advisor *adv, const kp_table *t, const kp_key_part *parts, int n, const kpa_colconc *cc,
                   kpa_conc *out)
{
	memset(out, 0, sizeof(*out));
	out->col = -1;
	out->points = 1;
	double share = 1;
	bool first_only = kpa_target(adv->target)->partition_lead;
	kpa_colconc tmp;
	/* the columns the prefix holds, hashed or not: a column counted once
	 * (a value of [hash(a)][a] is a value of a, with a's share) */
	int seen[KPA_CONC_SEEN], nseen = 0;
	for (int i = 0; i < n; i++) {
		const kp_key_part *p = &parts[i];
		out->end = i;
		if (p->col < 0) {
			if (p->nhash == 0)
				return;   /* an expression part: not judged */
			/* a hash spreads if one of its columns has many values at a
			 * time (not few, not a calendar unit). Where the store
			 * partitions by the first column (Tablestore), a monotonic
			 * column hashed alone into it has one value at a time that rows
			 * share (other columns follow it in the key: E71's minute slot, every
			 * counter of the minute under one md5(slot) + slot, a
			 * partition key value that cannot split), so its hash alone
			 * spreads nothing. (A range-partitioned store splits a hash
			 * value's range by the columns after it: not judged so there.) */
			double vals = 1, top = 1;
			bool spread = false;
			for (int h = 0; h < p->nhash; h++) {
				int hc = p->hash_cols[h];
				if (hc < 0)
					continue;
				const kpa_colconc *f = fact(adv, t, cc, hc, &tmp);
				if (f->kind == KPA_CONC_FEW) {
					if (seen_col(seen, &nseen, hc))
						continue;
					vals *= f->values;
					top *= f->top;
				} else if (!kpa_coarse_time(&t->cols[hc]) &&
				           !(first_only && p->nhash == 1 && f->kind == KPA_CONC_MONO && shared_value(adv, t, hc))) {
					spread = true;
				}
			}
			/* a bucket (the hash modulo p->buckets) has no more values than
			 * that, where its columns have more (E71): spread evenly where a
			 * hashed column varies within every value of the prefix, else
			 * the bucket of the busiest value holds at least its share */
			if (p->buckets > 0 && (spread || vals > p->buckets)) {
				vals = p->buckets;
				top = spread || top < 1.0 / p->buckets ? 1.0 / p->buckets : top;
			} else if (spread) {
				return;
			}
			out->points *= vals;
			share *= top;
			if (out->npre < KPA_CONC_PRE)
				out->pre[out->npre++] = i;
			/* a spliced bucket shares one key column with the part after
			 * it: the partition key is both (E66: 16 buckets of each of
			 * insurer_id's 40 values; E71: 16 ends of slot's range) */
			if (first_only && !p->buckets)
				break;
			continue;
		}
		const kpa_colconc *f = fact(adv, t, cc, p->col, &tmp);
		if (f->kind == KPA_CONC_SPREAD || f->kind == KPA_CONC_OPEN)
			return;
		if (f->kind == KPA_CONC_MONO) {
			out->col = p->col;
			out->share = share;
			out->why = f->why;
			out->by_name = f->by_name;
			return;
		}
		if (!seen_col(seen, &nseen, p->col)) {
			out->points *= f->values;
			share *= f->top;
		}
		if (out->npre < KPA_CONC_PRE)
			out->pre[out->npre++] = i;
		if (first_only)
			break;
	}
	/* few-valued parts to the end (or the partition key): the rows land on
	 * as many points as their values */
	out->share = share;
}

void kpa_key_conc(kp_advisor *adv, const kp_table *t, const kp_key *k, const kpa_colconc *cc, kpa_conc *out)
{
	kpa_cols_conc(adv, t, k->parts, k->n, cc, out);
}

bool kpa_conc_hot(const kpa_conc *c)
{
	return c->share >= 1.0 / KP_FEW_VALUES * (1 - 1e-9);
}

double kpa_key_hot_share(kp_advisor *adv, const kp_table *t, const kp_key *k, const kpa_colconc *cc)
{
	kpa_conc c;
	if (k->n == 0)
		return 0;
	kpa_key_conc(adv, t, k, cc, &c);
	return kpa_conc_hot(&c) ? c.share : 0;
}

const char *kpa_conc_words(kp_advisor *adv, const kp_table *t, const kp_key_part *parts, const kpa_conc *c)
{
	kp_buf b = {0};
	kp_buf pre = {0};
	for (int i = 0; i < c->npre; i++) {
		const kp_key_part *p = &parts[c->pre[i]];
		kpa_colconc f;
		if (p->col >= 0) {
			kpa_col_conc(adv, t, p->col, &f);
			kp_buf_printf(&pre, "%s%s (%s)", i ? ", " : "", t->cols[p->col].name, f.why);
		} else {
			if (p->buckets > 0)
				kp_buf_printf(&pre, "%sa bucket (a hash modulo %d)", i ? ", " : "", p->buckets);
			else {
				kp_buf_printf(&pre, "%sa hash of ", i ? ", " : "");
				for (int h = 0; h < p->nhash; h++)
					if (p->hash_cols[h] >= 0)
						kp_buf_printf(&pre, "%s%s", h ? ", " : "", t->cols[p->hash_cols[h]].name);
				kp_buf_puts(&pre, " (one hash a value: a value's rows share it)");
			}
		}
	}
	if (c->col >= 0 && c->npre == 0)
		kp_buf_printf(&b, "%s leads it, %s: every new row is written at its end (one insertion point)",
		              t->cols[c->col].name, c->why);
	else if (c->col >= 0)
		kp_buf_printf(&b, "%s grows monotonically (%s) after %s: new rows go to %.15g insertion points, the end "
		              "of each prefix value's range, the busiest taking %.3g%% of the writes",
		              t->cols[c->col].name, c->why, pre.data, c->points, 100 * c->share);
	else
		kp_buf_printf(&b, "its rows land on the %.15g values of %s, the busiest taking %.3g%% of the writes",
		              c->points, pre.data, 100 * c->share);
	const char *s = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	kp_buf_free(&pre);
	return s;
}

int kpa_index_parts(const kp_table *t, const int *cols, int n, kp_key_part *parts)
{
	int m = 0;
	for (int i = 0; i < n && m < KP_REORDER_MAX; i++) {
		memset(&parts[m], 0, sizeof parts[m]);
		parts[m++].col = cols[i];
	}
	/* the table's key follows an index's columns in every index row */
	for (int i = 0; i < t->pk.n && m < KP_REORDER_MAX; i++) {
		bool dup = false;
		for (int k = 0; k < m; k++)
			dup |= parts[k].col == t->pk.parts[i].col;
		if (!dup && t->pk.parts[i].col >= 0)
			parts[m++] = t->pk.parts[i];
	}
	return m;
}

const char *kpa_cols_hot(kp_advisor *adv, const kp_table *t, const int *cols, int n)
{
	kp_key_part parts[KP_REORDER_MAX];
	int m = kpa_index_parts(t, cols, n, parts);
	kpa_conc c;
	kpa_cols_conc(adv, t, parts, m, NULL, &c);
	return kpa_conc_hot(&c) ? kpa_conc_words(adv, t, parts, &c) : NULL;
}
