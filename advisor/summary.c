/* The per-table summary of the workload (kp_advisor_summary): its reads'
 * weight in each access class with the schema as it is and with the
 * table's recommendation applied. Both come from the judge's plans of the
 * table's shapes (judge.c plans each shape once on the design as it is
 * and on the recommendation, key changes and index tables included):
 * nothing is planned again here, and the summary says what the design
 * review says. */
#include "advisor/judgeInt.h"

static int class_slot(kp_access a)
{
	switch (a) {
	case KP_ACCESS_GET: return 0;
	case KP_ACCESS_SCAN: return 1;
	case KP_ACCESS_FILTERED: return 2;
	case KP_ACCESS_SEARCH: return 4;   /* served, by the search index */
	default: return 3;
	}
}

void kpj_summarize(const jtable *jt, kp_table_review *r)
{
	kp_table_summary *ts = &r->summary;
	ts->table = jt->t;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->q->plan.access == KP_ACCESS_NONE)
			continue;   /* an insert of values: planned on no path */
		r->planned = true;
		/* a write is the review's write, not a read of its class (an
		 * UPDATE of one row by its key is no GET) */
		if (s->ins_rows > 0 || kpa_is_write(s->q->stmt))
			continue;
		/* then: the class on the design the judge evaluated last, which
		 * is the recommendation when there is one (judge_table) */
		kp_access after = r->recommended.n ? s->then : s->now;
		ts->before[class_slot(s->now)] += s->weight;
		ts->after[class_slot(after)] += s->weight;
		/* the full scans' slot holds those the store runs and those it
		 * refuses: which, so that the text names them as the planner does
		 * (a Phoenix full scan runs, E100) */
		bool after_rejected = r->recommended.n ? s->then_rejected : s->now_rejected;
		/* a read of another class the store refuses (Lindorm's REJECTED
		 * FILTERED SCAN): the text counts it with the refused ones */
		if (class_slot(s->now) < 3 && s->now_rejected)
			ts->refused[0][class_slot(s->now)] += s->weight;
		if (class_slot(after) < 3 && after_rejected)
			ts->refused[1][class_slot(after)] += s->weight;
		if (class_slot(s->now) == 3 && s->weight > 0)
			*(s->now_rejected ? &ts->full_refused : &ts->full_run) = true;
		if (class_slot(after) == 3 && s->weight > 0)
			*(after_rejected ? &ts->full_refused : &ts->full_run) = true;
	}
}

int kp_advisor_summary(kp_advisor *adv, kp_table_summary **out)
{
	int n = 0;
	kp_table_summary *s = kp_arena_alloc(adv->a, sizeof(*s) * (adv->reviews.n + 1));
	/* the reviews are in the catalog's order of tables */
	for (uint32_t i = 0; i < adv->reviews.n; i++) {
		const kp_table_review *r = adv->reviews.items[i];
		if (r->planned)
			s[n++] = r->summary;
	}
	*out = s;
	return n;
}
