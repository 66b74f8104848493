/* lemon's stack: it grows from 100 entries as a statement needs and stops
 * at KP_MAX_PARSER_STACK (cmake/lempar_cap.cmake). A statement that fills
 * it to the last entry parses on (its own limits report it); one that
 * needs one entry more is the located input-limit error a fixed stack of
 * 4000 entries gave, at the same token; the statement after it is read,
 * and the same parser, its stack started again, does the same a second
 * time. `SELECT * FROM t WHERE ` and n times `NOT `: each NOT holds an
 * entry until the expression after the last one is read. */
#include <stdlib.h>
#include <string.h>

#include "kp_test.h"

static kp_arena arena;

/* The statement with n NOTs, then `;\nSELECT a FROM t;`. */
static char *nots(int n)
{
	static const char head[] = "SELECT * FROM t WHERE ", tail[] = "a = 1;\nSELECT a FROM t;";
	char *s = malloc(sizeof head + (size_t)n * 4 + sizeof tail);
	if (!s)
		abort();
	char *p = stpcpy(s, head);
	for (int i = 0; i < n; i++)
		p = stpcpy(p, "NOT ");
	strcpy(p, tail);
	return s;
}

/* The first statement's one error (its message, line and column) and the
 * second statement read, by parser p. */
static void expect(kp_parser *p, int n, const char *message, uint32_t col)
{
	char *sql = nots(n);
	kp_source src;
	kp_source_from_string(&src, "t.sql", sql, strlen(sql));
	kp_diags d;
	memset(&d, 0, sizeof d);
	size_t pos = 0;
	kp_stmt *s, *second = NULL;
	int k = 0;
	while (kp_parse_next(p, &s, &src, &pos, &arena, &d))
		if (k++ == 1)
			second = s;
	CU_ASSERT_EQUAL(k, 2);
	CU_ASSERT_EQUAL(d.count[KP_SEV_ERROR], 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d.head);
	CU_ASSERT_EQUAL(d.head->rule, KP_R_LIMITS);
	if (strcmp(d.head->message, message))
		fprintf(stderr, "\n  %d NOTs: got %s\n  want: %s\n", n, d.head->message, message);
	CU_ASSERT_STRING_EQUAL(d.head->message, message);
	uint32_t line, c;
	kp_source_linecol(&src, d.head->off, &line, &c);
	CU_ASSERT_EQUAL(line, 1);
	CU_ASSERT_EQUAL(c, col);
	CU_ASSERT_PTR_NOT_NULL_FATAL(second);
	CU_ASSERT_EQUAL(second->kind, KP_S_SELECT);
	kp_source_free(&src);
	free(sql);
	kp_arena_reset(&arena);
}

static void test_stack_at_its_cap_and_past_it(void)
{
	CU_ASSERT_EQUAL(KP_MAX_PARSER_STACK, 4000);
	kp_parser *p = kp_parser_new();
	for (int round = 0; round < 2; round++) {
		/* 3994 NOTs fill the stack to its 4000th entry: read whole, the
		 * expression's height is the error, at the 999th NOT from the
		 * end (23 + 4 * 2995) */
		expect(p, 3994, "expression nested more than 1000 levels deep", 12003);
		/* 3995: one entry more, when `1` reduces `a =` (23 + 4 * 3995 + 4) */
		expect(p, 3995, "expression nested too deeply", 16007);
		/* far more: at the NOT that needs the 4001st entry, the 3998th */
		expect(p, 5000, "expression nested too deeply", 23 + 4 * 3997);
		expect(p, 100000, "expression nested too deeply", 23 + 4 * 3997);
	}
	kp_parser_free(p);
}

/* A stack that grew to its cap for one statement starts again for the
 * next: the statements after it, shallow or as deep, read alike. */
static void test_shallow_after_deep(void)
{
	kp_parser *p = kp_parser_new();
	expect(p, 5000, "expression nested too deeply", 23 + 4 * 3997);
	for (int n = 1; n <= 900; n += 299) {
		char *sql = nots(n);
		kp_source src;
		kp_source_from_string(&src, "t.sql", sql, strlen(sql));
		kp_diags d;
		memset(&d, 0, sizeof d);
		size_t pos = 0;
		kp_stmt *s;
		int k = 0;
		while (kp_parse_next(p, &s, &src, &pos, &arena, &d))
			k += s != NULL;
		CU_ASSERT_EQUAL(k, 2);
		CU_ASSERT_PTR_NULL(d.head);
		kp_source_free(&src);
		free(sql);
		kp_arena_reset(&arena);
	}
	expect(p, 3995, "expression nested too deeply", 16007);
	kp_parser_free(p);
}

static int setup(void)
{
	kp_arena_init(&arena);
	return 0;
}

static int teardown(void)
{
	kp_arena_free(&arena);
	return 0;
}

KPT_SUITE("parser stack", setup, teardown,
	{"a statement fills the stack to its cap and parses; one entry more is the located error", test_stack_at_its_cap_and_past_it},
	{"the stack starts again after a statement that overflowed it", test_shallow_after_deep})
