/* The advisor's fixpoint on random schemas and workloads: every advised
 * DDL parses under its target and keeps its limits, no advised index is a
 * hotspot, every statement a key change makes worse is named, the judge's
 * recommendation breaks no served read, and applied back it leaves nothing
 * more to recommend. (Split from test_advisor.c, which holds each rule's
 * own cases.) KP_FIXPOINT_SEED and KP_FIXPOINT_ROUNDS choose the rounds. */
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

typedef struct gcol {
	const char *name;       /* column name (its name decides hot or not) */
	const char *type;       /* declared type */
	bool text;              /* string literals */
} gcol;

static const gcol gpool[] = {
	{"ts", "BIGINT", false},          {"created_at", "BIGINT", false}, {"status", "VARCHAR(8)", true},
	{"device_id", "VARCHAR(32)", true}, {"user_id", "BIGINT", false},  {"region", "VARCHAR(8)", true},
	{"phone", "VARCHAR(20)", true},   {"seq", "BIGINT", false},        {"metric", "VARCHAR(16)", true},
	{"tenant", "VARCHAR(16)", true},  {"severity", "VARCHAR(8)", true}, {"account", "BIGINT", false},
};

/* Is "file:line" of q in the advice's list of statements made worse? */
static bool names_worse(const kp_advice *x, const kp_wquery *q)
{
	uint32_t line, col;
	kp_source_linecol(q->src, q->off, &line, &col);
	char at[64];
	snprintf(at, sizeof at, "%s:%u", q->src->path, line);
	for (uint32_t i = 0; i < x->worse.n; i++)
		if (!strcmp(x->worse.items[i], at))
			return true;
	return false;
}

/* Does the recommendation on t keep q served (a GET, SCAN or SEARCH as the
 * review's before -> after has its shape, or unchanged)? A recommended key
 * change lists as reads to rewrite only those the recommendation reads
 * through the new key, not those an index of the same recommendation
 * serves (a Tablestore search index its policy reads first: round 26). */
static bool kept_served(const kp_advisor *adv, const kp_wquery *q)
{
	for (uint32_t i = 0; i < adv->reviews.n; i++) {
		const kp_table_review *r = adv->reviews.items[i];
		if (r->table != q->base || !r->recommended.n)
			continue;
		for (uint32_t k = 0; k < r->changes.n; k++) {
			const kp_change *ch = r->changes.items[k];
			if (ch->q->shape == q->shape)
				return !ch->rejected_after && (ch->after == KP_ACCESS_GET || ch->after == KP_ACCESS_SCAN ||
				                               ch->after == KP_ACCESS_SEARCH);
		}
		return true;
	}
	return false;
}

/* Findings of rules lo..hi whose message starts with prefix (NULL: any). */
static int count_rules(const run *r, kp_rule lo, kp_rule hi, const char *prefix)
{
	int n = 0;
	for (const kp_diag *g = r->d.head; g; g = g->next)
		n += g->rule >= lo && g->rule <= hi && (!prefix || !strncmp(g->message, prefix, strlen(prefix)));
	return n;
}

/* A fix whose DDL redefines the table: its literal DDL is planned with the
 * workload as written. */
static bool key_change(const kp_advice *x)
{
	return x->ddl && !strncmp(x->ddl, "CREATE TABLE t ", 15);
}

/* The fixes applied for the fixpoint: those the planner judges from the DDL
 * alone with the workload as written. */
static bool applicable(const kp_advice *x, kp_target target)
{
	return !strcmp(x->kind, "reorder_key") || !strcmp(x->kind, "desc_key") ||
	       (!strcmp(x->kind, "hash_prefix") && target == KP_TARGET_LINDORM);
}

/* KP120 findings whose help says "see the advice below" that have no
 * advice on their table naming a key the help names: the help promises
 * advice that is not there. */
static int unkept_promises(const run *r, int round)
{
	int bad = 0;
	for (const kp_diag *g = r->d.head; g; g = g->next) {
		if (g->rule != KP_R_UNSERVED || !g->helps || !strstr(g->helps->message, "(see the advice below)"))
			continue;
		bool kept = false;
		for (uint32_t i = 0; i < r->adv.advice.n && !kept; i++) {
			const kp_advice *x = r->adv.advice.items[i];
			kept = x->rule == KP_R_UNSERVED && x->table && !strcmp(x->table->name, "t") && x->key &&
			       strstr(g->helps->message, x->key);
		}
		if (!kept) {
			fprintf(stderr, "\n  round %d: KP120 promises advice there is none of: %s", round, g->helps->message);
			bad++;
		}
	}
	return bad;
}

/* Random schemas and weighted workloads (KP_FIXPOINT_SEED, KP_FIXPOINT_ROUNDS; 200 rounds by default):
 * - every advised DDL parses under its target and draws no KP110;
 * - no advised index table or index is itself a write hotspot (KP101-KP103),
 *   and no advised index table draws KP104/KP105 (any number of index
 *   columns);
 * - no fix whose DDL redefines the table, planned as written with the
 *   workload as written, leaves a served statement unserved without naming
 *   it; a reorder names one only together with an index table right after
 *   it, a bucket or hash column the writer fills says how to rewrite them;
 * - every KP120 whose help says "see the advice below" has advice on its
 *   table with a key the help names;
 * - applying all advice together (the KP121 reorder if advised, else the
 *   first such key change; every secondary index; every index table),
 *   check again draws no new hotspot,
 *   key-shape or reorder advice. */
static void test_fixpoint_random(void)
{
	const char *env = getenv("KP_FIXPOINT_SEED");
	uint64_t seed = env ? strtoull(env, NULL, 10) : 20261123;
	env = getenv("KP_FIXPOINT_ROUNDS");
	int rounds = env ? atoi(env) : 200;
	uint64_t saved = rng;
	rng = seed * 2654435761u + 1;
	int npool = (int)(sizeof gpool / sizeof gpool[0]), checked_ddl = 0, applied = 0, judged = 0;
	for (int round = 0; round < rounds; round++) {
		kp_target target = (kp_target)rnd(4);
		int pick[5];
		for (int i = 0; i < 5; i++) {
			int c;
			bool dup;
			do {
				c = (int)rnd((uint32_t)npool);
				dup = false;
				for (int j = 0; j < i; j++)
					dup |= pick[j] == c;
			} while (dup);
			pick[i] = c;
		}
		int nkey = 1 + (int)rnd(3);
		kp_buf schema = {0}, work = {0};
		kp_buf_puts(&schema, "CREATE TABLE t (");
		for (int i = 0; i < 5; i++)
			kp_buf_printf(&schema, "%s %s, ", gpool[pick[i]].name, gpool[pick[i]].type);
		kp_buf_puts(&schema, "v INT, PRIMARY KEY (");
		for (int i = 0; i < nkey; i++)
			kp_buf_printf(&schema, "%s%s", i ? ", " : "", gpool[pick[i]].name);
		kp_buf_puts(&schema, "));");
		int nq = 1 + (int)rnd(5);
		double w[8];
		for (int q = 0; q < nq; q++) {
			w[q] = 1 + rnd(5000);
			kp_buf_puts(&work, "SELECT * FROM t WHERE ");
			int terms = 0;
			for (int i = 0; i < 5; i++) {
				uint32_t k = rnd(6);
				const gcol *g = &gpool[pick[i]];
				if (k > 1)
					continue;
				kp_buf_printf(&work, "%s%s %s %s", terms++ ? " AND " : "", g->name, k ? ">" : "=",
				              g->text ? "'x'" : "5");
			}
			if (!terms)
				kp_buf_puts(&work, "v = 1");
			if (rnd(3) == 0)
				kp_buf_printf(&work, " ORDER BY %s%s", gpool[pick[rnd((uint32_t)nkey)]].name, rnd(2) ? " DESC" : "");
			kp_buf_puts(&work, " LIMIT 10;\n");
		}
		run r;
		run_advisor_w(&r, schema.data, work.data, target, w, nq);
		/* the judge never recommends a design that makes a served read a
		 * full scan */
		for (uint32_t i = 0; i < r.adv.reviews.n; i++) {
			const kp_table_review *v = r.adv.reviews.items[i];
			if (v->after.broken)
				fprintf(stderr, "\n  round %d: the recommendation %s breaks %g\n%s\n%s", round,
				        recommended(&r, v->table->name), v->after.broken, schema.data, work.data);
			CU_ASSERT_EQUAL(v->after.broken, 0);
		}
		/* every KP120 that points at the advice below has advice */
		CU_ASSERT_EQUAL(unkept_promises(&r, round), 0);
		int hot_before = count_rules(&r, KP_R_HOT_MONOTONIC, KP_R_HOT_PREFIX, NULL);
		int shape_before = count_rules(&r, KP_R_MANY_KEY_COLUMNS, KP_R_NUMERIC_STRING, NULL);
		const kp_advice *apply = NULL;
		for (uint32_t i = 0; i < r.adv.advice.n; i++) {
			const kp_advice *x = r.adv.advice.items[i];
			/* a statement made worse: a reordered key only with an index
			 * table right after it; the correctness fixes (a unique key, a
			 * numeric key) name it; no other fix makes one worse */
			bool named_ok = !strcmp(x->kind, "unique_key") || !strcmp(x->kind, "numeric_key");
			/* a key column the writer fills (a bucket, a hash): the reads it
			 * lists must bind it, and say how */
			if ((!strcmp(x->kind, "salt_buckets") && target != KP_TARGET_PHOENIX) ||
			    (!strcmp(x->kind, "hash_prefix") && target != KP_TARGET_LINDORM)) {
				named_ok = true;
				CU_ASSERT_TRUE(!x->worse.n || strstr(x->message, "; reads to rewrite (") ||
				               (strstr(x->message, "; makes worse: ") && !x->recommended));
			}
			/* the hotspot fixes are proposed whatever they break (issue 21:
			 * rules only propose); the judge never recommends one that
			 * breaks a served read, and its message names the reads */
			if ((!strcmp(x->kind, "hash_prefix") || !strcmp(x->kind, "reverse_key")) && x->worse.n) {
				CU_ASSERT_TRUE(strstr(x->message, "; makes worse: ") || strstr(x->message, "; reads to rewrite ("));
				named_ok |= !x->recommended;
			}
			/* a FILTERED SCAN made a full scan is named, with its before -> after
			 * (REJECTED FILTERED SCAN where the store refuses it today) */
			bool filtered_only = x->worse.n && !x->with && (strstr(x->message, "(FILTERED SCAN -> ") ||
			                                                strstr(x->message, "(REJECTED FILTERED SCAN -> "));
			/* an index the planner prefers may leave a read filtered that
			 * the key served: a candidate, costed by the judge (which never
			 * admits a served read made a full scan: checked below) */
			if (!strcmp(x->kind, "secondary_index") || !strcmp(x->kind, "index_table") ||
			    !strcmp(x->kind, "search_index"))
				named_ok = true;
			if (x->worse.n && !named_ok && !filtered_only) {
				if (strcmp(x->kind, "reorder_key"))
					fprintf(stderr, "\n  round %d: %s %s makes %s worse\n%s\n%s", round, x->kind, x->key,
					        (char *)x->worse.items[0], schema.data, work.data);
				CU_ASSERT_STRING_EQUAL(x->kind, "reorder_key");
				/* with an index table right after it that keeps them
				 * served, or a candidate the judge never recommends */
				CU_ASSERT_TRUE((i + 1 < r.adv.advice.n && x->with == r.adv.advice.items[i + 1] &&
				                !strcmp(((kp_advice *)r.adv.advice.items[i + 1])->kind, "index_table")) ||
				               (!x->with && !x->recommended));
			}
			if (!x->ddl)
				continue;
			/* the DDL parses under the target and keeps its limits */
			bool index = !strcmp(x->kind, "secondary_index") || !strcmp(x->kind, "search_index");
			kp_buf s2 = {0};
			if (index)
				kp_buf_printf(&s2, "%s\n", schema.data);
			kp_buf_printf(&s2, "%s;", x->ddl);
			run r2;
			run_advisor(&r2, s2.data, "", target);
			checked_ddl++;
			if (r2.d.count[KP_SEV_ERROR] || count_rule(&r2, KP_R_TARGET))
				fprintf(stderr, "\n  round %d %s: DDL %s draws errors\n", round, x->kind, x->ddl);
			CU_ASSERT_EQUAL(count_rule(&r2, KP_R_TARGET), 0);
			CU_ASSERT_EQUAL(r2.d.count[KP_SEV_ERROR], 0);
			/* an advised index or index table is no hotspot itself */
			if (index || !strcmp(x->kind, "index_table")) {
				int hot = index ? count_rules(&r2, KP_R_HOT_MONOTONIC, KP_R_HOT_PREFIX, "index idx_")
				                : count_rules(&r2, KP_R_HOT_MONOTONIC, KP_R_HOT_PREFIX, NULL);
				if (hot)
					fprintf(stderr, "\n  round %d: advised %s is a hotspot: %s\n", round, x->kind, x->ddl);
				CU_ASSERT_EQUAL(hot, 0);
			}
			/* an index table, on any number of index columns, keeps to 3
			 * key columns and short keys (no KP104/KP105 of its own) */
			if (!strcmp(x->kind, "index_table")) {
				int shape = count_rule(&r2, KP_R_MANY_KEY_COLUMNS) + count_rule(&r2, KP_R_LONG_KEY);
				if (shape)
					fprintf(stderr, "\n  round %d: advised index table draws KP104/KP105: %s\n%s\n%s", round, x->ddl,
					        schema.data, work.data);
				CU_ASSERT_EQUAL(shape, 0);
			}
			/* a key change: every statement served now and not on the
			 * new key is named */
			if (key_change(x)) {
				/* a key change keeps to 3 key columns (a unique key adds one
				 * on purpose) */
				if (strcmp(x->kind, "unique_key")) {
					if (count_rule(&r2, KP_R_MANY_KEY_COLUMNS))
						fprintf(stderr, "\n  round %d: %s draws KP104: %s\n", round, x->kind, x->ddl);
					CU_ASSERT_EQUAL(count_rule(&r2, KP_R_MANY_KEY_COLUMNS), 0);
				}
				const kp_table *nt = kp_catalog_find(&r2.t.cat, "t", 1);
				CU_ASSERT_PTR_NOT_NULL_FATAL(nt);
				kp_arena pa;
				kp_arena_init(&pa);
				for (uint32_t qi = 0; qi < r.adv.queries.n; qi++) {
					const kp_wquery *q = r.adv.queries.items[qi];
					kp_plan p;
					kp_diags d = {0};
					kp_plan_opts o;
					kp_target_plan_opts(&o, target);
					kp_plan_on_table(&p, nt, q->stmt, &o, q->src, &pa, &d);
					bool now = q->plan.access == KP_ACCESS_GET || q->plan.access == KP_ACCESS_SCAN;
					bool then = p.access == KP_ACCESS_GET || p.access == KP_ACCESS_SCAN;
					bool kept = x->recommended && kept_served(&r.adv, q);
					if (now && !then && !names_worse(x, q) && !kept)
						fprintf(stderr, "\n  round %d: %s %s silently breaks %s", round, x->kind, x->key,
						        kp_source_line_text(q->src, q->off, &(size_t){0}));
					CU_ASSERT_TRUE(!now || then || names_worse(x, q) || kept);
					kp_arena_reset(&pa);
					judged++;
				}
				kp_arena_free(&pa);
				/* the recommended key change when there is one, else the
				 * reorder on the workload (KP121) that serves more, else the
				 * first: the advised indexes serve what it does not */
				if (!(apply && apply->recommended) &&
				    (x->recommended || (!apply && applicable(x, target)) ||
				     (x->rule == KP_R_BETTER_KEY && x->after > x->before)))
					apply = x;
			}
			run_free(&r2);
			kp_buf_free(&s2);
		}
		/* fixpoint: the advice applied together: the recommended key
		 * change, or the first (the others are its alternatives), with its
		 * index table, and the recommended secondary indexes (created from
		 * their columns where the target has no SQL for them) and index
		 * tables */
		bool indexes = false;
		for (uint32_t i = 0; i < r.adv.advice.n; i++) {
			const kp_advice *x = r.adv.advice.items[i];
			indexes |= x->recommended && (!strcmp(x->kind, "secondary_index") || !strcmp(x->kind, "index_table"));
		}
		if (apply || indexes) {
			applied++;
			kp_buf s3 = {0};
			kp_buf_printf(&s3, "%s;\n", apply ? apply->ddl : schema.data);
			for (uint32_t i = 0; i < r.adv.advice.n; i++) {
				const kp_advice *x = r.adv.advice.items[i];
				if (!x->recommended && (!apply || x != apply->with))
					continue;   /* the recommendation's indexes (and the key change's companion) */
				if (!strcmp(x->kind, "index_table") && x->ddl) {
					/* every advised table has a name of its own */
					kp_buf_printf(&s3, "%s;\n", x->ddl);
				} else if (!strcmp(x->kind, "secondary_index") && x->ddl) {
					kp_buf_printf(&s3, "%s;\n", x->ddl);
				} else if (!strcmp(x->kind, "secondary_index")) {
					kp_buf_printf(&s3, "CREATE INDEX idx_fp_%u ON t (", i);
					for (uint32_t c = 0; c < x->columns.n; c++)
						kp_buf_printf(&s3, "%s%s", c ? ", " : "", (char *)x->columns.items[c]);
					kp_buf_puts(&s3, ");\n");
				}
			}
			const kp_advice *none = &(kp_advice){.kind = "indexes", .key = ""};
			if (!apply)
				apply = none;
			run r3;
			run_advisor_w(&r3, s3.data, work.data, target, w, nq);
			int hot_after = count_rules(&r3, KP_R_HOT_MONOTONIC, KP_R_HOT_PREFIX, NULL);
			bool hot_fix = apply != none && apply->rule >= KP_R_HOT_MONOTONIC && apply->rule <= KP_R_HOT_PREFIX;
			if (hot_after > (hot_fix ? hot_before - 1 : hot_before) ||
			    count_rules(&r3, KP_R_MANY_KEY_COLUMNS, KP_R_NUMERIC_STRING, NULL) > shape_before)
				fprintf(stderr, "\n  round %d: not a fixpoint after %s %s:\n%s\n%s", round, apply->kind,
				        apply->key, s3.data, work.data);
			CU_ASSERT_TRUE(hot_after <= (hot_fix ? hot_before - 1 : hot_before));
			/* a reorder applied (KP121): no other order serves more
			 * (index tables are applied as tables here, not as indexes
			 * of t: that the design then stands is test_designs' and
			 * test_judge's, which apply them as indexes) */
			if (apply->rule == KP_R_BETTER_KEY) {
				if (count_rule(&r3, KP_R_BETTER_KEY))
					fprintf(stderr, "\n  round %d: KP121 again after %s\n%s\n%s", round, apply->key, s3.data,
					        work.data);
				CU_ASSERT_EQUAL(count_rule(&r3, KP_R_BETTER_KEY), 0);
			}
			CU_ASSERT_TRUE(count_rules(&r3, KP_R_MANY_KEY_COLUMNS, KP_R_NUMERIC_STRING, NULL) <= shape_before);
			run_free(&r3);
			kp_buf_free(&s3);
		}
		run_free(&r);
		kp_buf_free(&schema);
		kp_buf_free(&work);
	}
	printf("\n  fixpoint: %d rounds, %d DDL parsed back, %d statements re-planned, %d fixes applied\n", rounds,
	       checked_ddl, judged, applied);
	CU_ASSERT_TRUE(rounds < 20 || (checked_ddl > rounds && applied > rounds / 10));
	rng = saved;
}


KPT_SUITE("fixpoint", NULL, NULL,
	{"fixpoint on random schemas and workloads", test_fixpoint_random})
