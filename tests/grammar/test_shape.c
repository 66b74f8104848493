/* The shape cache (grammar/shape.c) through the parse driver: a statement
 * read from the cache is the statement the parser makes, wherever its copy
 * lands. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp_test.h"
#include "base/buf.h"

#define NSTMT 96

/* The i-th statement: one shape, its literals of changing lengths. */
static int stmt_text(char *out, size_t n, int i)
{
	return snprintf(out, n,
	                "SELECT a, b FROM t WHERE k = %d AND (v = 'x%0*d' OR w IN (%d, %d.5)) AND c < -%d ORDER BY a "
	                "LIMIT %d;\n",
	                i * 37, 1 + i % 7, i, i * i, i + 1, i % 3, 10 + i);
}

/* Is every node of e inside [lo, hi)? */
static bool nodes_within(const kp_expr *e, const char *lo, const char *hi)
{
	if (!e)
		return true;
	if ((const char *)e < lo || (const char *)e >= hi)
		return false;
	if (e->n && ((const char *)e->list < lo || (const char *)e->list >= hi))
		return false;
	for (uint32_t i = 0; i < e->n; i++)
		if (!nodes_within(e->list[i], lo, hi))
			return false;
	return nodes_within(e->a, lo, hi) && nodes_within(e->b, lo, hi) && nodes_within(e->c, lo, hi);
}

/* The statement's WHERE, ORDER BY and LIMIT as SQL, with its offsets. */
static void render(kp_buf *b, const kp_stmt *s)
{
	const kp_select *x = &s->u.select;
	kp_buf_clear(b);
	kp_buf_printf(b, "@%u+%u where@%u+%u: ", s->off, s->len, x->where->off, x->where->len);
	kp_expr_to_sql(b, x->where);
	kp_buf_puts(b, " order: ");
	kp_expr_to_sql(b, ((const kp_order_item *)x->order.items[0])->expr);
	kp_buf_puts(b, " limit: ");
	kp_expr_to_sql(b, x->limit);
	kp_buf_printf(b, " table %.*s@%u", (int)x->table.len, x->table.s, x->table.off);
}

/* Hits copied into two arenas by turns, and at shifted places within one:
 * each copy's nodes lie in its own arena, never in the last copy's, and it
 * renders as the same statement parsed alone does. A copy whose pointers
 * were moved for one place and not for the next fails both. */
static void test_hit_copied_anywhere_is_the_parsed_statement(void)
{
	size_t cap = (size_t)NSTMT * 160, len = 0;
	char *text = malloc(cap);
	uint32_t starts[NSTMT];
	for (int i = 0; i < NSTMT; i++) {
		starts[i] = (uint32_t)len;
		len += (size_t)stmt_text(text + len, cap - len, i);
	}
	kp_source src;
	kp_source_from_string(&src, "t.sql", text, len);
	kp_parser *p = kp_parser_new();
	kp_arena ar[2], alone;
	kp_arena_init(&ar[0]);
	kp_arena_init(&ar[1]);
	kp_arena_init(&alone);
	kp_buf got = {0}, want = {0};
	size_t pos = 0;
	int hits = 0, moved = 0;
	const char *last = NULL;
	for (int i = 0; i < NSTMT; i++) {
		kp_arena *a = &ar[(i / 3) % 2];
		kp_arena_reset(a);
		if (i % 5 == 0)
			kp_arena_alloc(a, 48 + 16 * (i % 4));   /* the copy lands further on */
		kp_diags d = {0};
		kp_stmt *s = NULL;
		CU_ASSERT_EQUAL_FATAL(kp_parse_next(p, &s, &src, &pos, a, &d), 1);
		CU_ASSERT_PTR_NULL(d.head);
		CU_ASSERT_PTR_NOT_NULL_FATAL(s);
		CU_ASSERT_EQUAL(s->off, starts[i]);
		if (kp_parser_last_shape(p)) {
			hits++;
			moved += last && last != (const char *)s;
		}
		last = (const char *)s;
		const kp_select *x = &s->u.select;
		CU_ASSERT(nodes_within(x->where, (const char *)s, a->next));
		CU_ASSERT(nodes_within(x->limit, (const char *)s, a->next));
		CU_ASSERT((const char *)x->order.items >= (const char *)s && (const char *)x->order.items < a->next);
		render(&got, s);

		/* the same statement, parsed alone (no cache before 32 reads) */
		kp_source src1;
		kp_source_from_string(&src1, "t.sql", text, len);
		kp_parser *p1 = kp_parser_new();
		kp_arena_reset(&alone);
		size_t pos1 = starts[i];
		kp_stmt *s1 = NULL;
		kp_diags d1 = {0};
		CU_ASSERT_EQUAL_FATAL(kp_parse_next(p1, &s1, &src1, &pos1, &alone, &d1), 1);
		CU_ASSERT_PTR_NOT_NULL_FATAL(s1);
		CU_ASSERT_EQUAL(kp_parser_last_shape(p1), 0);
		CU_ASSERT_EQUAL(pos1, pos);
		CU_ASSERT_EQUAL(s1->off, starts[i]);
		render(&want, s1);
		if (strcmp(got.data, want.data))
			fprintf(stderr, "\n  statement %d\n  got:  %s\n  want: %s\n", i, got.data, want.data);
		CU_ASSERT_STRING_EQUAL(got.data, want.data);
		kp_parser_free(p1);
		kp_source_free(&src1);
	}
	/* the cache starts at the 32nd read and learns a shape seen twice */
	CU_ASSERT(hits >= NSTMT - 40);
	CU_ASSERT(moved >= 20);
	kp_buf_free(&got);
	kp_buf_free(&want);
	kp_arena_free(&ar[0]);
	kp_arena_free(&ar[1]);
	kp_arena_free(&alone);
	kp_parser_free(p);
	kp_source_free(&src);
	free(text);
}

KPT_SUITE("shape", NULL, NULL,
	{"a statement read from the cache is the parsed one, wherever its copy lands",
	 test_hit_copied_anywhere_is_the_parsed_statement})
