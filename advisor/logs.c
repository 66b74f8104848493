/* What check keeps of each workload statement, as logs of varints in the
 * advisor's arena (kp_advisor.at, kp_advisor.vlog): its place (its record
 * and line), for the advice's worse lists, which name every statement; and
 * an insert's values, for the evidence of increasing keys (evidence.c) and
 * of keys written twice (unique.c). Read back in the workload's order;
 * a statement taken back out (a merge, kp_advisor_drop_last) leaves no
 * trace. A few bytes a statement, where a record is a shape's. */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>

size_t kpa_put_varint(unsigned char *d, uint64_t v)
{
	size_t n = 0;
	while (v >= 0x80) {
		d[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	d[n++] = (unsigned char)v;
	return n;
}

unsigned char *kpa_log_room(kp_advisor *adv, kp_list *l, size_t n)
{
	kpa_chunk *c = l->n ? l->items[l->n - 1] : NULL;
	if (!c || c->cap - c->used < n) {
		uint32_t cap = n > KPA_CHUNK ? (uint32_t)n : KPA_CHUNK;
		c = kp_arena_alloc_raw(adv->a, sizeof(*c) + cap);
		c->used = 0;
		c->cap = cap;
		kp_list_push(adv->a, l, c);
	}
	return c->data + c->used;
}

/* The statement added last is at line of the record at index q: its
 * record's index and its line less the last statement's, as varints. */
void kpa_at_push(kp_advisor *adv, uint32_t q, uint32_t line)
{
	kp_list *l = &adv->at;
	adv->at_undo[0] = l->n;
	adv->at_undo[1] = l->n ? ((const kpa_chunk *)l->items[l->n - 1])->used : 0;
	adv->at_undo[2] = adv->at_line;
	unsigned char *d = kpa_log_room(adv, l, 20);
	int64_t dl = (int64_t)line - (int64_t)adv->at_line;
	size_t n = kpa_put_varint(d, q);
	n += kpa_put_varint(d + n, ((uint64_t)dl << 1) ^ (uint64_t)(dl >> 63));
	((kpa_chunk *)l->items[l->n - 1])->used += (uint32_t)n;
	adv->at_line = line;
	adv->nat++;
}

/* The log l as it was at n chunks, the last used bytes: a chunk added
 * since is kept, empty, for what comes next (dropped, a merge pushing the
 * statement again at each chunk's end would leave a chunk behind each
 * time). */
void kpa_log_undo(kp_list *l, uint32_t n, uint32_t used)
{
	for (uint32_t k = n; k < l->n; k++)
		((kpa_chunk *)l->items[k])->used = 0;
	if (n)
		((kpa_chunk *)l->items[n - 1])->used = used;
}

/* The statement added last leaves adv->at. */
void kpa_at_pop(kp_advisor *adv)
{
	kpa_log_undo(&adv->at, adv->at_undo[0], adv->at_undo[1]);
	adv->at_line = adv->at_undo[2];
	adv->nat--;
}

bool kp_advisor_at_next(const kp_advisor *adv, kp_at_walk *w, kp_stmt_at *e)
{
	if (w->i >= adv->nat)
		return false;
	const kpa_chunk *c = adv->at.items[w->chunk];
	while (w->pos == c->used) {   /* the next one with entries (one left empty: log_undo) */
		c = adv->at.items[++w->chunk];
		w->pos = 0;
	}
	e->q = (uint32_t)kpa_get_varint(c->data, &w->pos);
	uint64_t z = kpa_get_varint(c->data, &w->pos);
	w->line = (uint32_t)((int64_t)w->line + ((int64_t)(z >> 1) ^ -(int64_t)(z & 1)));
	e->line = w->line;
	w->i++;
	return true;
}

/* The log of the inserts' values (kp_advisor.vlog): each statement's
 * entry whole in one chunk: its record's index (4 bytes, a merge changes
 * it in place), then as varints its line, its place (offset, length), its
 * rows, each its values. */
static void put_varint(kp_buf *b, uint64_t v)
{
	unsigned char d[10];
	kp_buf_put(b, (const char *)d, kpa_put_varint(d, v));
}

#define get_varint kpa_get_varint

enum { V_OVERFLOW = 8, V_SQL = 16 };

void kpa_log_insert(kp_advisor *adv, const kp_stmt *s, uint32_t qi, uint32_t line)
{
	const kp_insert *in = &s->u.insert;
	kp_buf e = {0}, sql = {0};
	kp_buf_put(&e, (const char *)&qi, sizeof qi);
	put_varint(&e, line);
	put_varint(&e, s->off);
	put_varint(&e, s->len);
	put_varint(&e, in->rows.n);
	for (uint32_t r = 0; r < in->rows.n; r++) {
		const kp_list *row = in->rows.items[r];
		put_varint(&e, row->n);
		for (uint32_t k = 0; k < row->n; k++) {
			const kp_expr *ex = row->items[k];
			/* a constant, negated or not, is the same key when written
			 * twice; parameters and generators are any values */
			const kp_expr *lit = ex->kind == KP_X_NEG && ex->a ? ex->a : ex;
			bool constant = lit->kind == KP_X_INT || lit->kind == KP_X_STRING || lit->kind == KP_X_FLOAT ||
			                lit->kind == KP_X_BOOL;
			kp_ins_kind kind;
			if (ex->kind == KP_X_SEQ && ex->op2 == 0)
				kind = KP_IV_SEQ;
			else if (kpa_clock_call(ex))
				kind = KP_IV_CLOCK;
			else if (ex->kind == KP_X_INT)
				kind = KP_IV_INT;
			else
				kind = constant ? KP_IV_CONST : KP_IV_OTHER;
			bool overflow = kind == KP_IV_INT && ex->overflow;
			kp_buf_putc(&e, (char)(kind | (overflow ? V_OVERFLOW : 0) | (constant ? V_SQL : 0)));
			if (kind == KP_IV_INT)   /* zigzag */
				put_varint(&e, ((uint64_t)ex->ival << 1) ^ (uint64_t)(ex->ival >> 63));
			if (constant) {
				kp_buf_clear(&sql);
				kp_expr_to_sql(&sql, ex);
				put_varint(&e, sql.len + 1);   /* with its NUL */
				kp_buf_put(&e, sql.data ? sql.data : "", sql.len);
				kp_buf_putc(&e, 0);
			}
		}
	}
	unsigned char *d = kpa_log_room(adv, &adv->vlog, e.len);
	memcpy(d, e.data, e.len);
	((kpa_chunk *)adv->vlog.items[adv->vlog.n - 1])->used += (uint32_t)e.len;
	adv->vlog_q = d;
	kp_buf_free(&e);
	kp_buf_free(&sql);
}

static bool is_insert(kp_stmt_kind k)
{
	return k == KP_S_INSERT || k == KP_S_UPSERT || k == KP_S_REPLACE;
}

bool kpa_ins_next(const kp_advisor *adv, kpa_ins_walk *w)
{
	while (w->chunk < adv->vlog.n) {
		const kpa_chunk *c = adv->vlog.items[w->chunk];
		if (w->pos == c->used) {   /* the next chunk (one may be empty: log_undo) */
			w->chunk++;
			w->pos = 0;
			continue;
		}
		const unsigned char *d = c->data;
		memcpy(&w->qi, d + w->pos, sizeof w->qi);
		w->pos += sizeof w->qi;
		w->q = adv->queries.items[w->qi];
		w->line = (uint32_t)get_varint(d, &w->pos);
		w->off = (uint32_t)get_varint(d, &w->pos);
		w->len = (uint32_t)get_varint(d, &w->pos);
		w->v.nrows = (uint32_t)get_varint(d, &w->pos);
		if (w->v.nrows > w->rowcap) {
			free(w->v.rows);
			w->rowcap = w->v.nrows * 2;
			if (!(w->v.rows = malloc(sizeof(kp_ins_row) * w->rowcap)))
				abort();
		}
		/* the rows' values one after another in w->room */
		uint32_t start = w->pos, total = 0;
		for (uint32_t r = 0; r < w->v.nrows; r++) {
			uint32_t n = (uint32_t)get_varint(d, &w->pos);
			total += n;
			for (uint32_t k = 0; k < n; k++) {
				unsigned char f = d[w->pos++];
				if ((f & 7) == KP_IV_INT)
					get_varint(d, &w->pos);
				if (f & V_SQL)
					w->pos += (uint32_t)get_varint(d, &w->pos);
			}
		}
		if (total + 1 > w->cap) {
			free(w->room);
			w->cap = (total + 1) * 2;
			if (!(w->room = malloc(sizeof(kp_ins_value) * w->cap)))
				abort();
		}
		/* the values again, now with room for them; a constant's SQL is
		 * the log's, NUL-terminated there */
		w->pos = start;
		kp_ins_value *v = w->room;
		for (uint32_t r = 0; r < w->v.nrows; r++) {
			kp_ins_row *row = &w->v.rows[r];
			row->n = (uint32_t)get_varint(d, &w->pos);
			row->v = v;
			for (uint32_t k = 0; k < row->n; k++, v++) {
				unsigned char f = d[w->pos++];
				memset(v, 0, sizeof(*v));
				v->kind = (kp_ins_kind)(f & 7);
				v->overflow = (f & V_OVERFLOW) != 0;
				if (v->kind == KP_IV_INT) {
					uint64_t z = get_varint(d, &w->pos);
					v->ival = (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
				}
				if (f & V_SQL) {
					uint32_t n = (uint32_t)get_varint(d, &w->pos);
					v->sql = (const char *)d + w->pos;
					w->pos += n;
				}
			}
		}
		return true;
	}
	return false;
}

void kpa_ins_done(kpa_ins_walk *w)
{
	free(w->v.rows);
	free(w->room);
	memset(w, 0, sizeof(*w));
}

const kp_table *kpa_insert_table(kp_advisor *adv, uint32_t qi)
{
	if (!adv->ins_on || adv->ins_on_n != adv->queries.n) {
		adv->ins_on = kp_arena_alloc(adv->a, sizeof(kp_table *) * ((size_t)adv->queries.n + 1));
		for (uint32_t i = 0; i < adv->queries.n; i++) {
			const kp_stmt *s = ((const kp_wquery *)adv->queries.items[i])->stmt;
			if (!is_insert(s->kind))
				continue;
			const kp_table *on = kp_catalog_find(adv->cat, s->u.insert.table.s, s->u.insert.table.len);
			if (on && on->id < adv->cat->ntables && adv->cat->tables[on->id] == on)
				adv->ins_on[i] = on;
		}
		adv->ins_on_n = adv->queries.n;
	}
	return qi < adv->ins_on_n ? adv->ins_on[qi] : NULL;
}
