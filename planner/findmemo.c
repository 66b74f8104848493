/* A shape's full-scan finding, made once per path (reuse.c keeps it with
 * the shape's resolution).
 *
 * What plan.c reports when a statement reads its table or an index whole
 * (KP001, KP006) is worded from the table, the index read, the target's
 * options and whether the statement has a WHERE, a LIMIT, ALLOW FILTERING
 * or a hint that forces the index: never from a literal. Every statement
 * of a shape kept by reuse.c has the same table of the same catalog, the
 * same options and no hint, so its finding for one index read whole is
 * the same text but for its span: formatting it again (the message, the
 * table's note and the help lines through kp_arena_vprintf, the key
 * part's name in a buffer of its own) was about 300 instructions a
 * statement on the benchmark, where one statement in six is such a scan.
 * Here the finding of the first statement of the shape that reads a path
 * whole is kept, keyed by that path and those flags, and a later one gets
 * a copy in its own arena (its message, notes and help lines, as
 * kp_diag_add would have made them: nothing it hands out points into the
 * memo), at its own span.
 *
 * KP_SHAPE_CACHE=verify plans every statement again from nothing and
 * compares its findings (reuse.c), so a finding replayed here is checked
 * against the one plan.c writes. */
#include "planner/planInt.h"

#define ENTRIES 4               /* paths read whole per shape (the primary key,
                                   indexes a hint or an order chose) */

/* A kept message and its length, so that a replay copies it without
 * measuring it again (three strlen calls a replayed full scan) */
typedef struct text {
	char *s;
	size_t n;
} text;

typedef struct entry {
	bool set;
	const kp_index *index;  /* the path read whole (NULL: the table's key) */
	unsigned why;           /* plan.c's flags: WHERE, LIMIT, ALLOW FILTERING, a hint */
	bool rejected;          /* kp_plan.rejected after it */
	bool diag;              /* a finding was made (none: a LIMIT without WHERE) */
	kp_rule rule;
	kp_severity sev;
	text message;
	uint32_t nnotes, nhelps;
	kp_source **note_src;
	uint32_t *note_off;
	text *note_msg;
	text *help_msg;
} entry;

struct kp_find_memo {
	entry e[ENTRIES];
	unsigned next;          /* the entry a new path takes when all are set */
};

kp_find_memo *kp_find_memo_new(void)
{
	kp_find_memo *m = calloc(1, sizeof *m);
	if (!m)
		abort();
	return m;
}

static void entry_clear(entry *e)
{
	free(e->message.s);
	for (uint32_t i = 0; i < e->nnotes; i++)
		free(e->note_msg[i].s);
	for (uint32_t i = 0; i < e->nhelps; i++)
		free(e->help_msg[i].s);
	free(e->note_src);
	free(e->note_off);
	free(e->note_msg);
	free(e->help_msg);
	memset(e, 0, sizeof *e);
}

void kp_find_memo_clear(kp_find_memo *m)
{
	if (!m)
		return;
	for (int i = 0; i < ENTRIES; i++)
		if (m->e[i].set)
			entry_clear(&m->e[i]);
	m->next = 0;
}

void kp_find_memo_free(kp_find_memo *m)
{
	kp_find_memo_clear(m);
	free(m);
}

static text dup(const char *s)
{
	size_t n = strlen(s);
	char *o = malloc(n + 1);
	if (!o)
		abort();
	memcpy(o, s, n + 1);
	return (text){o, n};
}

static char *arena_dup(kp_arena *a, text t)
{
	return kp_arena_strndup(a, t.s, t.n);
}

bool kp_find_memo_replay(const kp_find_memo *m, const kp_index *index, unsigned why, kp_diags *d, kp_arena *a,
                         kp_source *src, uint32_t off, uint32_t len, bool *rejected)
{
	if (!m)
		return false;
	const entry *e = NULL;
	for (int i = 0; i < ENTRIES && !e; i++)
		if (m->e[i].set && m->e[i].index == index && m->e[i].why == why)
			e = &m->e[i];
	if (!e)
		return false;
	*rejected = e->rejected;
	if (!e->diag)
		return true;
	kp_diag *g = kp_diag_add_msg(d, a, e->rule, e->sev, src, off, len, arena_dup(a, e->message));
	kp_note **np = &g->notes;
	for (uint32_t i = 0; i < e->nnotes; i++) {
		kp_note *n = kp_arena_alloc(a, sizeof *n);
		n->src = e->note_src[i];
		n->off = e->note_off[i];
		n->message = arena_dup(a, e->note_msg[i]);
		*np = n;
		np = &n->next;
	}
	kp_help **hp = &g->helps;
	for (uint32_t i = 0; i < e->nhelps; i++) {
		kp_help *h = kp_arena_alloc(a, sizeof *h);
		h->message = arena_dup(a, e->help_msg[i]);
		*hp = h;
		hp = &h->next;
	}
	return true;
}

void kp_find_memo_keep(kp_find_memo *m, const kp_index *index, unsigned why, const kp_diag *g, bool rejected)
{
	if (!m)
		return;
	if (g && (g->next || g->file))
		return;   /* more than one finding, or one that names a file: not this block's */
	entry *e = NULL;
	for (int i = 0; i < ENTRIES && !e; i++)
		if (!m->e[i].set)
			e = &m->e[i];
	if (!e) {
		e = &m->e[m->next];
		m->next = (m->next + 1) % ENTRIES;
		entry_clear(e);
	}
	e->set = true;
	e->index = index;
	e->why = why;
	e->rejected = rejected;
	e->diag = g != NULL;
	if (!g)
		return;
	e->rule = g->rule;
	e->sev = g->severity;
	e->message = dup(g->message);
	for (const kp_note *n = g->notes; n; n = n->next)
		e->nnotes++;
	for (const kp_help *h = g->helps; h; h = h->next)
		e->nhelps++;
	e->note_src = malloc((e->nnotes + 1) * sizeof *e->note_src);
	e->note_off = malloc((e->nnotes + 1) * sizeof *e->note_off);
	e->note_msg = malloc((e->nnotes + 1) * sizeof *e->note_msg);
	e->help_msg = malloc((e->nhelps + 1) * sizeof *e->help_msg);
	if (!e->note_src || !e->note_off || !e->note_msg || !e->help_msg)
		abort();
	uint32_t i = 0;
	for (const kp_note *n = g->notes; n; n = n->next, i++) {
		e->note_src[i] = n->src;
		e->note_off[i] = n->off;
		e->note_msg[i] = dup(n->message);
	}
	i = 0;
	for (const kp_help *h = g->helps; h; h = h->next, i++)
		e->help_msg[i] = dup(h->message);
}
