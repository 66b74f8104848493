/* Index tables (KP120's index_table, a reorder's companion): a second
 * table the application writes with every row, keyed by the columns a
 * read binds and then the table's key, spread when its lead would be a
 * write hotspot (hashed, or bucketed and read one scan per bucket),
 * concatenated so that it fits the target's key limits, with what it
 * leaves out said (a NULL key value). The proposals and secondary indexes
 * are index.c's. */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>

/* Weight of the statements qs that t keyed k serves as GET or SCAN; in
 * *ordered (when not NULL), of that the weight it serves in the ORDER BY's
 * order (a read the store must sort reads every row in range); in
 * *inorder (when not NULL), the weight of the ordered reads it returns in
 * their order, filtered or not (an ORDER BY past a multi-valued column,
 * docs/advice.md: one range in order, filtered, stopped after the LIMIT). */
static double proposal_serves(const kp_table *t, const kp_key *k, const kp_list *qs, kp_arena *scratch,
                              double *ordered, double *inorder)
{
	const kp_table *h = kpa_hypo_table(scratch, t, k, NULL, 0);
	double w = 0, wo = 0, wi = 0;
	u64map cache = {0};   /* by shape: statements alike plan alike */
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		kp_order o;
		kp_access a = kpa_cached_plan(&cache, 0, h, q, scratch, &o);
		if (kpa_served(a)) {
			w += q->weight;
			wo += o != KP_ORDER_SORT ? q->weight : 0;
		}
		if ((kpa_served(a) || a == KP_ACCESS_FILTERED) && (o == KP_ORDER_KEY || o == KP_ORDER_REVERSE))
			wi += q->weight;
	}
	kpa_map_free(&cache);
	kp_arena_reset(scratch);
	if (ordered)
		*ordered = wo;
	if (inorder)
		*inorder = wi;
	return w;
}

/* A copy of t with one more column, <t>_key, that holds the key columns
 * key->parts[from..] concatenated (zero-padded numbers, a separator after
 * each: seeds 004), and in *out the key with those parts replaced by it.
 * NULL when a column has no bounded width or the whole is too long. */
static kp_table *concat_table(kp_advisor *adv, const kp_table *t, const kp_key *key, int from, kp_key *out)
{
	long long len = 0;
	for (int i = from; i < key->n; i++) {
		const kp_column *c = &t->cols[key->parts[i].col];
		if (c->tclass == KP_T_INT || c->tclass == KP_T_TIME)
			len += 20 + 1;   /* a zero-padded 64-bit number and a separator */
		else if ((c->tclass == KP_T_STRING || c->tclass == KP_T_BINARY) && c->length > 0)
			len += c->length + 1;
		else
			return NULL;
	}
	if (len > 1024)
		return NULL;
	kp_table *tc = kp_arena_alloc(adv->a, sizeof(*tc));
	*tc = *t;
	tc->cols = kp_arena_alloc(adv->a, sizeof(kp_column) * (size_t)(t->ncols + 1));
	memcpy(tc->cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	kp_column *nc = &tc->cols[t->ncols];
	nc->name = (char *)kpa_free_column_name(adv, t, kp_arena_printf(adv->a, "%s_key", t->name));
	nc->name_len = (uint32_t)strlen(nc->name);
	nc->type_name = "VARCHAR";
	nc->tclass = KP_T_STRING;
	nc->length = len;
	nc->scale = -1;
	nc->key_pos = -1;
	tc->ncols = t->ncols + 1;
	out->n = from + 1;
	out->parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)(from + 1));
	memcpy(out->parts, key->parts, sizeof(kp_key_part) * (size_t)from);
	out->parts[from].col = t->ncols;
	return tc;
}

/* s without its ", so it keeps N key columns": a later sentence says how
 * many the key finally keeps (one count, not two that differ). */
static const char *without_count(kp_arena *a, const char *s)
{
	const char *at = strstr(s, ", so it keeps ");
	return at ? kp_arena_strndup(a, s, (size_t)(at - s)) : s;
}

/* Advice for an index table of t keyed by user's columns and then t's key
 * columns, for the statements in qs. A lead that is itself a write hotspot
 * is spread: hashed when every statement binds it by = or IN (and it is no
 * enum, which a hash cannot spread), else by a bucket of the row key, read
 * as one scan per bucket. NULL when the target cannot hold the key. */
static kp_advice *index_table_keyed(kp_advisor *adv, kp_rule rule, const kp_table *t, const colset *user,
                                    const char *name, const kp_list *qs, const char *why, kp_arena *scratch,
                                    const double *need, double *served)
{
	const target_info *ti = kpa_target(adv->target);
	colset all = *user;
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col >= 0)
			kpa_colset_add(&all, t->pk.parts[i].col, false);
	kp_key nk;
	nk.n = all.n;
	nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)all.n);
	for (int i = 0; i < all.n; i++) {
		nk.parts[i].col = all.cols[i];
		nk.parts[i].desc = all.desc[i] && ti->desc_key;   /* else read backwards */
	}
	const kp_column *lead = &t->cols[user->cols[0]];
	enum { PLAIN, HASHED, BUCKETED } spread = PLAIN;
	int hc[16], nh = 0;
	if (kpa_index_hot(adv, t, user->cols, user->n)) {
		/* hashed over the leading columns up to a well-spread one (a hash
		 * of enums alone spreads nothing), when every statement binds them
		 * by = or IN and so computes the hash */
		bool spreads = false;
		for (int i = 0; i < user->n && !spreads; i++) {
			hc[nh++] = user->cols[i];
			spreads = !kpa_few_values(adv, t, user->cols[i]) && !kpa_coarse_time(&t->cols[user->cols[i]]);
		}
		spread = spreads ? HASHED : BUCKETED;
		for (uint32_t i = 0; i < qs->n && spread == HASHED; i++) {
			const kp_wquery *q = qs->items[i];
			colset eq = {0}, range = {0};
			kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
			for (int k = 0; k < nh; k++)
				if (!kpa_colset_has(&eq, hc[k]))
					spread = BUCKETED;
		}
	}
	kp_key judged = nk;
	if (spread == HASHED)
		judged = kpa_hashed_key(adv->a, &nk, hc, nh);
	/* a hash of a skewed lead (E110's zipfian project_id) gives every row
	 * of its busiest value one prefix, still a hotspot where a monotonic
	 * column follows (landing.c): bucketed by the row key instead, which
	 * varies within the value */
	if (spread == HASHED && kpa_key_hot_share(adv, t, &judged, NULL) > 0) {
		spread = BUCKETED;
		judged = nk;
	}
	double of = 0, fan = 0;
	for (uint32_t i = 0; i < qs->n; i++)
		of += ((const kp_wquery *)qs->items[i])->weight;
	double ordered, inorder;
	double serves = proposal_serves(t, &judged, qs, scratch, &ordered, &inorder);
	*served = serves;
	served[1] = ordered;
	served[2] = inorder;
	/* a shorter key must serve as much, in the reads' order too (one that
	 * leaves a sort serves no ordered read as well, nor one that drops the
	 * ORDER BY column a filtered read is returned in order by) */
	if (serves < need[0] || ordered < need[1] || inorder < need[2]) {
		adv->index_table_none = "a key of fewer of its columns serves less";
		return NULL;   /* fewer index columns serve less: the longer key is the candidate */
	}
	/* more key columns than 3 (KP104) or than the target allows: the key
	 * columns of t after the index columns become one concatenated column,
	 * when that serves the statements as well */
	const kp_table *src = t;
	const char *concat = "";
	int parts = nk.n + (spread != PLAIN);
	if ((parts > 3 || (ti->max_key_parts && parts > ti->max_key_parts)) && nk.n - user->n >= 2) {
		kp_key ck;
		kp_table *tc = concat_table(adv, t, &nk, user->n, &ck);
		if (tc) {
			kp_key cj = spread == HASHED ? kpa_hashed_key(adv->a, &ck, hc, nh) : ck;
			if (proposal_serves(tc, &cj, qs, scratch, &ordered, &inorder) >= serves && ordered >= served[1] &&
			    inorder >= served[2]) {
				kp_buf cn = {0};
				for (int i = user->n; i < nk.n; i++)
					kp_buf_printf(&cn, "%s%s", i > user->n ? ", " : "", t->cols[nk.parts[i].col].name);
				concat = kp_arena_printf(adv->a, "; its last key column %s holds the key columns %s of %s "
				                         "concatenated (zero-padded, with a separator below every value "
				                         "character), so it keeps %d key columns",
				                         tc->cols[t->ncols].name, cn.data, t->name, ck.n + (spread != PLAIN));
				kp_buf_free(&cn);
				src = tc;
				nk = ck;
				judged = cj;
				parts = nk.n + (spread != PLAIN);
			}
		}
	}
	if (ti->max_key_parts && parts > ti->max_key_parts) {
		adv->index_table_none = kp_arena_printf(adv->a, "it would have %d key columns%s, past the %d of %s", parts,
		                                        spread != PLAIN ? " with its hash or bucket" : "",
		                                        ti->max_key_parts, ti->name);
		return NULL;
	}
	if (!kpa_width_fits(adv, kpa_key_width(src, &nk), spread != PLAIN ? 4 : 0)) {
		adv->index_table_none = kp_arena_printf(adv->a, "its key would be wider than the %lld bytes of %s",
		                                        (long long)ti->max_key_bytes, ti->name);
		return NULL;   /* longer than the target's key */
	}
	kp_buf m = {0}, k = {0};
	/* the lead with its hash or bucket in one column: a name src lacks */
	const char *merged = kpa_free_column_name(adv, src, kp_arena_printf(adv->a, "%s_key", lead->name));
	char *ddl;
	bool own = false;   /* the hash or bucket has a key column of its own */
	if (spread == PLAIN) {
		kp_key_notation(&k, src, &nk);
		kp_buf b = {0};
		kp_table_ddl(&b, src, name, &nk, adv->target);
		ddl = kpa_bufdup(adv->a, &b);
		kp_buf_free(&b);
		kp_buf_printf(&m, "index_table: keep a second table %s keyed %s, written with every row of %s%s%s",
		              name, k.data, t->name, why, concat);
	} else if (spread == HASHED) {
		kp_buf hn = {0};
		for (int i = 0; i < nh; i++)
			kp_buf_printf(&hn, "%s%s", i ? ", " : "", t->cols[hc[i]].name);
		/* the key line as the target's DDL writes it: Lindorm's
		 * hash32() part, else the md5 prefix the writer computes */
		if (ti->hash_key_parts)
			kp_key_notation(&k, src, &judged);
		else {
			kp_buf_printf(&k, "[md5(%s).substr(0,4)]", hn.data);
			kp_key_notation(&k, src, &nk);
		}
		kp_buf_free(&hn);
		ddl = NULL;
		if (ti->hash_key_parts) {
			kp_buf b = {0};
			kp_table_ddl(&b, src, name, &judged, adv->target);
			ddl = kpa_bufdup(adv->a, &b);
			kp_buf_free(&b);
		} else if (parts > 3 && nh == 1 &&
		           (ddl = kpa_merged_lead_ddl(adv, src, name, &nk, merged, 4))) {
			kp_buf_clear(&k);
			kp_buf_printf(&k, "[md5(%s).substr(0,4) + %s]", lead->name, lead->name);
			for (int i = 1; i < nk.n; i++) {
				kp_buf_putc(&k, '[');
				kp_key_part_name(&k, src, &nk.parts[i]);
				kp_buf_puts(&k, nk.parts[i].desc ? " DESC]" : "]");
			}
			concat = kp_arena_printf(adv->a, "%s; %s holds the hash (4 hex characters of md5) followed by "
			                         "%s, zero-padded, in one key column, so it keeps %d key columns",
			                         without_count(adv->a, concat),
			                         merged, lead->name, nk.n);
		}
		if (!ddl) {
			ddl = kpa_lead_column_ddl(adv, src, name, &nk, kpa_free_column_name(adv, src, kp_arena_printf(adv->a, "%s_hash", lead->name)), true);
			own = true;
		}
		kp_buf_printf(&m, "index_table: keep a second table %s keyed %s, written with every row of %s%s; "
		              "led by a hash, since %s alone would be a write hotspot (its reads bind the hashed "
		              "columns by = or IN, so each computes the hash)%s", name, k.data, t->name, why,
		              lead->name, concat);
	} else {
		kp_buf_puts(&k, "[bucket]");
		kp_key_notation(&k, src, &nk);
		ddl = parts > 3 ? kpa_merged_lead_ddl(adv, src, name, &nk, merged, 3) : NULL;
		if (ddl) {
			kp_buf_clear(&k);
			kp_buf_printf(&k, "[bucket + %s]", lead->name);
			for (int i = 1; i < nk.n; i++) {
				kp_buf_putc(&k, '[');
				kp_key_part_name(&k, src, &nk.parts[i]);
				kp_buf_puts(&k, nk.parts[i].desc ? " DESC]" : "]");
			}
		}
		if (ddl)
			concat = kp_arena_printf(adv->a, "%s; %s holds the bucket (3 digits) followed by %s, "
			                         "zero-padded, in one key column, so it keeps %d key columns",
			                         without_count(adv->a, concat),
			                         merged, lead->name, nk.n);
		else {
			ddl = kpa_lead_column_ddl(adv, src, name, &nk, kpa_free_column_name(adv, src, "bucket"), false);
			own = true;
		}
		kp_buf_printf(&m, "index_table: keep a second table %s keyed %s, written with every row of %s%s; "
		              "led by bucket = hash of the key of %s %% %d, computed by the writer, since %s "
		              "alone would be a write hotspot: a read is %d scans (bucket = 0 to %d) merged%s",
		              name, k.data, t->name, why, t->name, KP_BUCKETS, lead->name, KP_BUCKETS, KP_BUCKETS - 1,
		              concat);
		fan = serves;
	}
	/* its DDL's key columns: a hash32() part is none, a hash or bucket
	 * merged into the lead's column adds none, one of their own adds one.
	 * More than 3 would draw KP104 itself (3 or more index columns and the
	 * table's key after them): not offered, the secondary index serves */
	if (nk.n + own > 3) {
		adv->index_table_none = kp_arena_printf(
			adv->a, "its DDL would have %d key columns%s, more than the 3 past which keyplan offers no "
			"index table (KP104: more than 3 key columns slow writes and cost storage)%s",
			nk.n + own, !own ? "" : spread == HASHED ? ", its hash one of its own" : ", its bucket one of its own",
			ti->max_key_parts ? kp_arena_printf(adv->a, ", not the %d %s allows", ti->max_key_parts, ti->name) : "");
		kp_buf_free(&m);
		kp_buf_free(&k);
		return NULL;
	}
	/* a key column of the copy that the table lets be NULL: a key column
	 * holds no NULL, so such a row has no place in the copy (designs4.md
	 * E27: a video without ADDED_DATE) */
	int nn = 0;
	for (int i = 0; i < user->n; i++) {
		const kp_column *uc = &t->cols[user->cols[i]];
		if (uc->key_pos < 0 && !uc->not_null)
			kp_buf_printf(&m, "%s%s", nn++ ? ", " : "; ", uc->name);
	}
	if (nn)
		kp_buf_printf(&m, " can be NULL in %s but %s a key column of this table, which holds no NULL: a row "
		              "without %s is not copied (the writer skips it, or writes a placeholder the reads then "
		              "see)", t->name, nn > 1 ? "each is" : "is", nn > 1 ? "one" : "it");
	/* its write cost, in words */
	kp_buf_printf(&m, "; every insert into %s then writes %d rows (the table, %s)", t->name, t->nindexes + 2,
	              t->nindexes ? "its indexes and this table" : "and this table");
	kp_advice *x = kpa_advise(adv, rule, "index_table", t, kpa_bufdup(adv->a, &m), kpa_bufdup(adv->a, &k), ddl);
	/* for the judge: a second table holding every column, keyed as its
	 * reads find it (a concatenated key column reads as the columns it
	 * holds; a bucketed one as its key, one scan per bucket) */
	{
		const kp_key *jk = src == t ? &judged : spread == HASHED ? &judged : NULL;
		kp_key plain = {0};
		if (!jk) {
			plain.n = all.n;
			plain.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)all.n);
			for (int i = 0; i < all.n; i++) {
				plain.parts[i].col = all.cols[i];
				plain.parts[i].desc = all.desc[i] && ti->desc_key;
			}
			jk = &plain;
		}
		if (src != t && spread == HASHED) {
			/* the hash over the plain key columns */
			kp_key pk2 = {0};
			pk2.n = all.n;
			pk2.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)all.n);
			for (int i = 0; i < all.n; i++) {
				pk2.parts[i].col = all.cols[i];
				pk2.parts[i].desc = all.desc[i] && ti->desc_key;
			}
			kp_key hk2 = kpa_hashed_key(adv->a, &pk2, hc, nh);
			jk = kpa_keydup(adv->a, &hk2);
		}
		bool *every = kp_arena_alloc(adv->a, sizeof(bool) * (size_t)(t->ncols + 1));
		for (int i = 0; i < t->ncols; i++)
			every[i] = true;
		kp_index *ix = kp_arena_alloc(adv->a, sizeof(*ix));
		ix->name = (char *)name;
		ix->table = (kp_table *)t;
		ix->kv = true;
		ix->nuser = user->n;
		ix->covers = every;
		ix->key = *kpa_keydup(adv->a, jk);
		x->index = ix;
		x->buckets = spread == BUCKETED ? KP_BUCKETS : 0;
	}
	x->serves = kpa_weight_int(serves);
	x->of = kpa_weight_int(of);
	x->fanout = fan;
	for (int j = 0; j < user->n; j++)
		kpa_advice_col(adv, x, t->cols[user->cols[j]].name);
	kp_buf_free(&m);
	kp_buf_free(&k);
	return x;
}

/* index_table_keyed on user's columns, or on the longest prefix of them
 * that serves qs as well when the whole would pass 3 key columns or the
 * target's key (an index table keyed as a 4-column key now, for the
 * statements a reorder makes worse: [a][b] and the rest concatenated).
 * NULL when no prefix does. */
kp_advice *kpa_index_table_advice(kp_advisor *adv, kp_rule rule, const kp_table *t, const colset *user,
                                  const char *name, const kp_list *qs, const char *why, kp_arena *scratch)
{
	/* the advice and the hypothetical table it is judged on outlive the
	 * caller's buffer: keep the name in the advisor's arena */
	name = kp_arena_strndup(adv->a, name, strlen(name));
	/* a name no earlier index table advised on t has (a reorder's
	 * companion and a proposal may share columns): applying all advice
	 * creates each */
	int same = 0;
	for (bool taken = true; taken;) {
		taken = false;
		const char *want = same ? kp_arena_printf(adv->a, "%s_%d", name, same + 1) : name;
		/* nor a table of the schema (one an earlier round made), in any case */
		taken = kp_catalog_find_nocase(adv->cat, want, (uint32_t)strlen(want)) != NULL;
		for (uint32_t i = 0; i < adv->advice.n && !taken; i++) {
			const kp_advice *y = adv->advice.items[i];
			taken = y->table == t && y->ddl && !strcmp(y->kind, "index_table") &&
			        !strncmp(y->ddl + 13, want, strlen(want)) && y->ddl[13 + strlen(want)] == ' ';
		}
		if (taken)
			same++;
		else
			name = want;
	}
	double full[3] = {0, 0, 0}, got[3];
	const char *none = NULL;   /* why the whole key is none */
	for (int u = user->n; u >= 1; u--) {
		colset cut = *user;
		cut.n = u;
		adv->index_table_none = NULL;
		kp_advice *x = index_table_keyed(adv, rule, t, &cut, name, qs, why, scratch, full, got);
		if (x)
			return x;
		if (u == user->n) {
			none = adv->index_table_none;
			full[0] = got[0];
			full[1] = got[1];
			full[2] = got[2];
		}
	}
	adv->index_table_none = none;
	return NULL;
}
