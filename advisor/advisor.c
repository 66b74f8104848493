/* The advisor's driver: the schema rules per table, then the workload
 * rules, in a fixed order (advice and findings come out in it); and the
 * advice records every rule appends to. The ideas are one file each
 * (advisor/advisorInt.h lists them). */
#include "advisor/advisorInt.h"

#include <string.h>

void kp_advisor_init(kp_advisor *adv, const kp_catalog *cat, kp_target target, kp_arena *a, kp_diags *d)
{
	memset(adv, 0, sizeof(*adv));
	adv->cat = cat;
	adv->target = target;
	kp_target_plan_opts(&adv->opts, target);
	const target_info *ti = kpa_target(target);
	adv->fp.fold_case = ti->names == KP_NAMES_NOCASE;
	adv->fp.max_in_list = (uint32_t)ti->max_in_list;
	adv->a = a;
	adv->d = d;
}

kp_advice *kpa_advise(kp_advisor *adv, kp_rule rule, const char *kind, const kp_table *t,
                      const char *message, const char *key, const char *ddl)
{
	kp_advice *x = kp_arena_alloc(adv->a, sizeof(*x));
	x->rule = rule;
	x->kind = kind;
	x->table = t;
	x->message = message;
	x->key = key;
	x->ddl = ddl;
	x->serves = -1;
	x->of = -1;
	x->before = x->after = -1;
	kp_list_push(adv->a, &adv->advice, x);
	return x;
}

void kpa_advice_col(kp_advisor *adv, kp_advice *x, const char *col)
{
	kp_list_push(adv->a, &x->columns, (void *)col);
}

kp_diag *kpa_finding(kp_advisor *adv, kp_rule rule, const kp_table *t, uint32_t off, uint32_t len,
                     const char *msg)
{
	return kp_diag_add(adv->d, adv->a, rule, kp_rule_get(rule)->severity, t->src, off, len, "%s", msg);
}

/* A finding's fixes in the judge's order (the recommended fix first): its
 * help lines, written by the rule (hotspot.c's KP101: "message: key" of
 * each advice item) before the judge ranked them, reordered by the items'
 * ranks; a line that is no item's stays where it is. */
static void helps_in_rank_order(kp_advisor *adv)
{
	enum { MAXH = 64 };
	for (kp_diag *g = adv->d ? adv->d->head : NULL; g; g = g->next) {
		kp_help *slot[MAXH];
		const kp_advice *item[MAXH];
		int n = 0;
		for (kp_help *h = g->helps; h && n < MAXH; h = h->next) {
			const kp_advice *found = NULL;
			for (uint32_t k = 0; k < adv->advice.n && !found; k++) {
				const kp_advice *x = adv->advice.items[k];
				if (!x->key || !x->message || x->rank <= 0)
					continue;
				size_t m = strlen(x->message);
				bool used = false;
				for (int j = 0; j < n; j++)
					used |= item[j] == x;
				if (!used && !strncmp(h->message, x->message, m) && h->message[m] == ':' &&
				    h->message[m + 1] == ' ' && !strcmp(h->message + m + 2, x->key))
					found = x;
			}
			if (found) {
				slot[n] = h;
				item[n++] = found;
			}
		}
		if (n < 2)
			continue;
		const char *msg[MAXH];
		for (int j = 0; j < n; j++)
			msg[j] = slot[j]->message;
		/* stable insertion sort of the items (and their lines) by
		 * (table, rank) */
		int ord[MAXH];
		for (int j = 0; j < n; j++) {
			int k = j;
			for (; k > 0; k--) {
				const kp_advice *a = item[ord[k - 1]], *b = item[j];
				if (a->table == b->table ? a->rank <= b->rank : true)
					break;
				ord[k] = ord[k - 1];
			}
			ord[k] = j;
		}
		bool moved = false;
		for (int j = 0; j < n; j++) {
			moved |= ord[j] != j;
			slot[j]->message = msg[ord[j]];
		}
		if (moved)
			g->words = 0;
	}
}

void kp_advisor_run(kp_advisor *adv)
{
	kp_arena scratch;
	kp_arena_init(&scratch);
	for (int i = 0; i < adv->cat->ntables; i++) {
		const kp_table *t = adv->cat->tables[i];
		/* a view over a table has that table's key: checked there, once */
		if (t->dropped || t->view_base)
			continue;
		kpa_check_target_schema(adv, t);
		/* a heap table (no primary key: generic) has no key to judge;
		 * its queries still get index advice below */
		if (t->pk.n == 0)
			continue;
		kpa_check_hotspots(adv, t, &scratch);
		kpa_check_shape(adv, t, &scratch);
	}
	kpa_check_duplicate_inserts(adv, &scratch);
	kpa_suggest_indexes(adv, &scratch);
	kpa_suggest_index_keep(adv, &scratch);
	kpa_suggest_search(adv, &scratch);
	kpa_suggest_expr_indexes(adv, &scratch);
	for (int i = 0; i < adv->cat->ntables; i++) {
		const kp_table *t = adv->cat->tables[i];
		if (t->dropped || t->view_base || t->pk.n == 0)
			continue;
		kpa_check_unique(adv, t, &scratch);
		kpa_suggest_reorder(adv, t, &scratch);
		kpa_suggest_rekey(adv, t, &scratch);
		kpa_suggest_natural_key(adv, t, &scratch);
		kpa_suggest_desc(adv, t, &scratch);
		kpa_suggest_shard_row(adv, t, &scratch);
	}
	kp_arena_free(&scratch);
	kpa_judge_all(adv);
	kpa_rekey_keep_indexes(adv);
	helps_in_rank_order(adv);
	/* the DDL as a designer applies it: with the annotations the judge
	 * weighed its bucket column by */
	for (uint32_t i = 0; i < adv->advice.n; i++) {
		kp_advice *x = adv->advice.items[i];
		x->ddl = kpa_ddl_annotated(adv, x);
	}
	kpa_help_unhelped(adv);
	kpa_hot_rates(adv);
	kpa_reword_held(adv);
	kpa_findings_agree(adv);
}
