/* Lexer: every token kind, offsets, and every malformed input. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "kp_test.h"
#include "grammar/lexer.h"
#include "grammar/parser.h"

/* Lexes src (n bytes; a NUL is appended) into types/offsets, and the
 * message each error token reported (one lexical error, at the token). */
static int lex_all(const char *src, size_t n, int *types, uint32_t *offs, char errs[][128], int max)
{
	kp_source s;
	kp_source_from_string(&s, "t.sql", src, n);
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_diag_sink report = {&d, &a, &s};
	kp_lexer lx;
	kp_lexer_init(&lx, s.text, n, 0);
	lx.report = &report;
	int k = 0;
	kp_token t;
	while (k < max) {
		const kp_diag *before = d.tail;
		int ty = kp_lex(&lx, &t);
		if (ty == KP_TOK_EOF)
			break;
		types[k] = ty;
		offs[k] = t.off;
		CU_ASSERT_EQUAL(d.tail != before, ty == KP_TOK_ERROR);
		if (ty == KP_TOK_ERROR && d.tail != before) {
			CU_ASSERT_EQUAL(d.tail->rule, KP_R_LEXICAL);
			CU_ASSERT_EQUAL(d.tail->severity, KP_SEV_ERROR);
			CU_ASSERT_EQUAL(d.tail->off, t.off);
			CU_ASSERT_EQUAL(d.tail->len, t.len);
		}
		if (errs)
			snprintf(errs[k], 128, "%s", ty == KP_TOK_ERROR && d.tail != before ? d.tail->message : "");
		k++;
	}
	kp_arena_free(&a);
	kp_source_free(&s);
	return k;
}

/* Is the first error in src the input ending inside a quoted token? */
static bool ends_open(const char *src)
{
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, src, strlen(src), 0);
	int ty;
	while ((ty = kp_lex(&lx, &t)) != KP_TOK_EOF && ty != KP_TOK_ERROR)
		;
	return ty == KP_TOK_ERROR && lx.unterminated;
}

/* The REPL reads on while a string, quoted name or comment is open. */
static void test_unterminated_is_open(void)
{
	CU_ASSERT_TRUE(ends_open("SELECT 'abc"));
	CU_ASSERT_TRUE(ends_open("SELECT /* abc"));
	CU_ASSERT_TRUE(ends_open("SELECT `abc"));
	CU_ASSERT_FALSE(ends_open("SELECT @ 'abc'"));
	CU_ASSERT_FALSE(ends_open("SELECT '\xff"));   /* a bad byte is reported first */
	CU_ASSERT_FALSE(ends_open("SELECT 1"));
}

/* Without a sink the lexer still returns error tokens, reporting nothing. */
static void test_no_sink_reports_nothing(void)
{
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, "SELECT ^", 8, 0);
	CU_ASSERT_PTR_NULL(lx.report);
	CU_ASSERT_EQUAL(kp_lex(&lx, &t), TK_SELECT);
	CU_ASSERT_EQUAL(kp_lex(&lx, &t), KP_TOK_ERROR);
	CU_ASSERT_EQUAL(t.off, 7);
	CU_ASSERT_EQUAL(kp_lex(&lx, &t), KP_TOK_EOF);
}

static void test_every_token_kind(void)
{
	const char *src = "SELECT foo \"Bar\" `baz` 'it''s' 12 1.5 1e3 .5 0x1F ? ?1 :name $1 "
	                  "= == <> != < <= > >= + - * / % || ( ) , ; . && -> ->> @ a->>b";
	int want[] = {TK_SELECT, TK_ID, TK_ID, TK_ID, TK_STRING, TK_INTEGER, TK_FLOAT, TK_FLOAT,
	              TK_FLOAT, TK_INTEGER, TK_PARAM, TK_PARAM, TK_PARAM, TK_PARAM, TK_EQ, TK_EQ,
	              TK_NE, TK_NE, TK_LT, TK_LE, TK_GT, TK_GE, TK_PLUS, TK_MINUS, TK_STAR,
	              TK_SLASH, TK_REM, TK_CONCAT, TK_LP, TK_RP, TK_COMMA, TK_SEMI, TK_DOT,
	              TK_AMPAMP, TK_ARROW, TK_ARROW2, TK_AT, TK_ID, TK_ARROW2, TK_ID};
	int types[64];
	uint32_t offs[64];
	int n = lex_all(src, strlen(src), types, offs, NULL, 64);
	CU_ASSERT_EQUAL(n, (int)(sizeof want / sizeof want[0]));
	for (int i = 0; i < n && i < (int)(sizeof want / sizeof want[0]); i++)
		CU_ASSERT_EQUAL(types[i], want[i]);
	CU_ASSERT_EQUAL(offs[1], 7);
	CU_ASSERT_EQUAL(offs[4], 23);
}

static void test_keywords_case_insensitive(void)
{
	int types[8];
	uint32_t offs[8];
	int n = lex_all("sElEcT FrOm wHeRe selected", 26, types, offs, NULL, 8);
	CU_ASSERT_EQUAL(n, 4);
	CU_ASSERT_EQUAL(types[0], TK_SELECT);
	CU_ASSERT_EQUAL(types[1], TK_FROM);
	CU_ASSERT_EQUAL(types[2], TK_WHERE);
	CU_ASSERT_EQUAL(types[3], TK_ID);
}

static void test_comments_and_hints(void)
{
	int types[8];
	uint32_t offs[8];
	const char *src = "-- line\nSELECT /* block */ /*+ _l_allow_filtering_ */ * # mysql\n1";
	int n = lex_all(src, strlen(src), types, offs, NULL, 8);
	CU_ASSERT_EQUAL(n, 4);
	CU_ASSERT_EQUAL(types[0], TK_SELECT);
	CU_ASSERT_EQUAL(offs[0], 8);
	CU_ASSERT_EQUAL(types[1], KP_TOK_HINT);
	CU_ASSERT_EQUAL(types[2], TK_STAR);
	CU_ASSERT_EQUAL(types[3], TK_INTEGER);
}

/* Phoenix's grammar has no '#' comment and no '#' in names (L#a is two
 * names around an unexpected character there): with hash_comment off, '#'
 * is one error token and lexing goes on after it. */
static void test_hash_not_a_comment(void)
{
	const char *src = "L#a # b";
	kp_source s;
	kp_source_from_string(&s, "t.sql", src, strlen(src));
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_diag_sink report = {&d, &a, &s};
	kp_lexer lx;
	kp_lexer_init(&lx, s.text, s.len, 0);
	CU_ASSERT_TRUE(lx.hash_comment);
	lx.hash_comment = false;
	lx.report = &report;
	static const int want[] = {TK_ID, KP_TOK_ERROR, TK_ID, KP_TOK_ERROR, TK_ID};
	static const uint32_t at[] = {0, 1, 2, 4, 6};
	kp_token t;
	for (int i = 0; i < 5; i++) {
		CU_ASSERT_EQUAL(kp_lex(&lx, &t), want[i]);
		CU_ASSERT_EQUAL(t.off, at[i]);
		CU_ASSERT_EQUAL(t.len, 1);
	}
	CU_ASSERT_EQUAL(kp_lex(&lx, &t), KP_TOK_EOF);
	CU_ASSERT_EQUAL_FATAL(d.count[KP_SEV_ERROR], 2);
	CU_ASSERT_STRING_EQUAL(d.head->message, "unexpected character '#'");
	CU_ASSERT_EQUAL(d.head->off, 1);
	CU_ASSERT_EQUAL(d.tail->off, 4);
	/* by default the same text is a name and a comment to the line's end */
	kp_lexer_init(&lx, s.text, s.len, 0);
	CU_ASSERT_EQUAL(kp_lex(&lx, &t), TK_ID);
	CU_ASSERT_EQUAL(t.len, 1);
	CU_ASSERT_EQUAL(kp_lex(&lx, &t), KP_TOK_EOF);
	kp_arena_free(&a);
	kp_source_free(&s);
}

static void test_utf8_identifiers(void)
{
	int types[4];
	uint32_t offs[4];
	const char *src = "用户 x";
	int n = lex_all(src, strlen(src), types, offs, NULL, 4);
	CU_ASSERT_EQUAL(n, 2);
	CU_ASSERT_EQUAL(types[0], TK_ID);
	CU_ASSERT_EQUAL(offs[1], 7);
}

/* A single malformed input: the error, where, and what follows. */
static void check_error(const char *src, size_t n, uint32_t at, const char *msg, int ntokens)
{
	int types[8];
	uint32_t offs[8];
	char errs[8][128];
	int k = lex_all(src, n, types, offs, errs, 8);
	int found = 0;
	for (int i = 0; i < k; i++)
		if (types[i] == KP_TOK_ERROR && !found) {
			found = 1;
			CU_ASSERT_EQUAL(offs[i], at);
			CU_ASSERT_STRING_EQUAL(errs[i], msg);
		}
	CU_ASSERT_TRUE(found);
	CU_ASSERT_EQUAL(k, ntokens);
}

static void test_eof_inside_string(void)
{
	check_error("SELECT 'abc", 11, 7, "unterminated string literal", 2);
	/* without MySQL's escapes the backslash is a character and the last
	 * two quotes are one quote in the string, which runs on past the
	 * input (fuzz_lexer: the lexer read past the sentinel here) */
	check_error("SELECT 'a\\''", 12, 7, "unterminated string literal", 2);
}

static void test_eof_inside_comment(void)
{
	check_error("SELECT /* abc", 13, 7, "unterminated comment", 2);
	check_error("SELECT /*+ hint", 15, 7, "unterminated comment", 2);
}

static void test_eof_inside_quoted_name(void)
{
	check_error("SELECT \"abc", 11, 7, "unterminated quoted name", 2);
	check_error("SELECT `abc", 11, 7, "unterminated quoted name", 2);
}

static void test_nul_bytes(void)
{
	check_error("SELECT \0 1", 10, 7, "NUL byte in input", 3);
	check_error("'a\0b' 1", 7, 2, "NUL byte in string literal", 2);
}

static void test_invalid_utf8(void)
{
	check_error("SELECT '\xff'", 10, 8, "invalid UTF-8 byte 0xff in string literal", 2);
	check_error("x \xc3\x28", 4, 2, "invalid UTF-8 byte 0xc3 in input", 3);
	check_error("-- \xfe\n1", 6, 3, "invalid UTF-8 byte 0xfe in comment", 2);
	/* overlong encoding and a surrogate */
	check_error("\xc0\xaf", 2, 0, "invalid UTF-8 byte 0xc0 in input", 2);
	check_error("'\xed\xa0\x80'", 5, 1, "invalid UTF-8 byte 0xed in string literal", 1);
}

static void test_numbers_parameters_and_quoted_names(void)
{
	int types[16];
	uint32_t offs[16];
	const char *src = "0xFF 1e10 2.5E-3 $12 :p_1 ?7 a$b \"x\"\"y\" `p``q` 'a''b'";
	int want[] = {TK_INTEGER, TK_FLOAT, TK_FLOAT, TK_PARAM, TK_PARAM, TK_PARAM, TK_ID, TK_ID, TK_ID, TK_STRING};
	int n = lex_all(src, strlen(src), types, offs, NULL, 16);
	CU_ASSERT_EQUAL(n, 10);
	for (int i = 0; i < n && i < 10; i++)
		CU_ASSERT_EQUAL(types[i], want[i]);
}

#define CHECK(src, at, msg, n) check_error(src, sizeof(src) - 1, at, msg, n)

static void test_bad_comments_and_names(void)
{
	CHECK("SELECT /* \xff */ 1", 10, "invalid UTF-8 byte 0xff in comment", 3);
	CHECK("/*+ \xfe */ SELECT", 4, "invalid UTF-8 byte 0xfe in hint comment", 2);
	/* a NUL inside a line comment is reported, and the rest of the line skipped */
	CHECK("-- a\0b\n1", 4, "NUL byte in comment", 2);
	CHECK("# a\0b c\n1", 3, "NUL byte in comment", 2);
	CHECK("SELECT \"\" FROM t", 7, "empty quoted name", 4);
	CHECK("SELECT \"a\xc3\" FROM t", 9, "invalid UTF-8 byte 0xc3 in quoted name", 4);
	CHECK("SELECT 'a\0", 9, "NUL byte in string literal", 2);
}

/* Every class of malformed UTF-8, in a string (the quoted-token path) and
 * in a comment (the comment checker); the valid forms around them pass. */
static void test_utf8_classes(void)
{
	CHECK("'\xc3\x28' 1", 1, "invalid UTF-8 byte 0xc3 in string literal", 2);          /* bad continuation */
	CHECK("'\xe0\x80\x80' 1", 1, "invalid UTF-8 byte 0xe0 in string literal", 2);      /* overlong, 3 bytes */
	CHECK("'\xe1\x80' 1", 1, "invalid UTF-8 byte 0xe1 in string literal", 2);          /* cut short */
	CHECK("'\xf0\x80\x80\x80' 1", 1, "invalid UTF-8 byte 0xf0 in string literal", 2);  /* overlong, 4 bytes */
	CHECK("'\xf4\x90\x80\x80' 1", 1, "invalid UTF-8 byte 0xf4 in string literal", 2);  /* past U+10FFFF */
	CHECK("'\xf1\x80\x80' 1", 1, "invalid UTF-8 byte 0xf1 in string literal", 2);      /* cut short */
	CHECK("'\xf5\x80\x80\x80' 1", 1, "invalid UTF-8 byte 0xf5 in string literal", 2);  /* no such lead byte */
	CHECK("'a''b\xff' 1", 5, "invalid UTF-8 byte 0xff in string literal", 3);          /* after a doubled quote: 'a' lexes first */
	CHECK("-- \xe0\x80\x80\n1", 3, "invalid UTF-8 byte 0xe0 in comment", 2);
	CHECK("-- \xed\xa0\x80\n1", 3, "invalid UTF-8 byte 0xed in comment", 2);
	CHECK("-- \xf0\x80\x80\x80\n1", 3, "invalid UTF-8 byte 0xf0 in comment", 2);
	CHECK("-- \xf4\x90\x80\x80\n1", 3, "invalid UTF-8 byte 0xf4 in comment", 2);
	CHECK("-- \xf1\x80\x80\n1", 3, "invalid UTF-8 byte 0xf1 in comment", 2);
	CHECK("-- \xe1\x28\x80\n1", 3, "invalid UTF-8 byte 0xe1 in comment", 2);
	/* valid two-, three- and four-byte characters in strings and comments */
	int types[8];
	uint32_t offs[8];
	const char ok[] = "'\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf' -- \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\n/* \xed\x9f\xbf */ 1";
	CU_ASSERT_EQUAL(lex_all(ok, sizeof ok - 1, types, offs, NULL, 8), 2);
	CU_ASSERT_EQUAL(types[0], TK_STRING);
	CU_ASSERT_EQUAL(types[1], TK_INTEGER);
}

static void test_stray_bytes(void)
{
	check_error("\x7f", 1, 0, "unexpected control character 0x7f", 1);
	check_error("SELECT ^", 8, 7, "unexpected character '^'", 2);
	check_error("SELECT &", 8, 7, "unexpected character '&'", 2);
	check_error("\x01", 1, 0, "unexpected control character 0x01", 1);
	check_error("SELECT \x1e", 8, 7, "unexpected control character 0x1e", 2);   /* both digits */
}

/* kp_lex_run over src from 0 with at most max tokens: what kp_lex reads
 * one by one, up to and including a ';' or the end of input, or up to a
 * hint or an error (read, not stored); returns the count, and asserts the
 * tokens, that each ends where kp_lex left the lexer after it, and the
 * lexer's position. */
static uint32_t run_like_one_by_one(const char *src, uint32_t max)
{
	size_t n = strlen(src);
	kp_lexer one, run;
	kp_lexer_init(&one, src, n, 0);
	kp_lexer_init(&run, src, n, 0);
	kp_token want[64], got[64];
	size_t after_want[64];
	uint32_t k = 0;
	while (k < max) {
		int ty = kp_lex(&one, &want[k]);
		if (ty == KP_TOK_HINT || ty == KP_TOK_ERROR)
			break;
		after_want[k++] = one.pos;
		if (ty == TK_SEMI || ty == KP_TOK_EOF)
			break;
	}
	uint32_t m = kp_lex_run(&run, got, max);
	CU_ASSERT_EQUAL(m, k);
	for (uint32_t i = 0; i < k && i < m; i++) {
		CU_ASSERT_EQUAL(got[i].type, want[i].type);
		CU_ASSERT_EQUAL(got[i].off, want[i].off);
		CU_ASSERT_EQUAL(got[i].len, want[i].len);
		CU_ASSERT_EQUAL((size_t)got[i].off + got[i].len, after_want[i]);
	}
	CU_ASSERT_EQUAL(run.pos, one.pos);
	return m;
}

static void test_lex_run_reads_one_statement(void)
{
	/* up to the ';', which is stored; the next statement is left */
	CU_ASSERT_EQUAL(run_like_one_by_one("SELECT a FROM t WHERE k = 'x''y' -- c\n AND b > 1.5; SELECT 2;", 64), 13);
	/* the end of input is a token, stored */
	CU_ASSERT_EQUAL(run_like_one_by_one("SELECT * FROM t", 64), 5);
	/* a hint stops it before itself, as does an error */
	CU_ASSERT_EQUAL(run_like_one_by_one("SELECT /*+ _l_allow_filtering_ */ * FROM t;", 64), 1);
	CU_ASSERT_EQUAL(run_like_one_by_one("SELECT 'open", 64), 1);
	CU_ASSERT_EQUAL(run_like_one_by_one("SELECT ^ FROM t;", 64), 1);
	/* at most max */
	CU_ASSERT_EQUAL(run_like_one_by_one("SELECT a, b, c FROM t;", 3), 3);
	CU_ASSERT_EQUAL(run_like_one_by_one("", 64), 1);
}

KPT_SUITE("lexer", NULL, NULL,
	{"kp_lex_run reads a statement's tokens as kp_lex does one by one", test_lex_run_reads_one_statement},
	{"every token kind", test_every_token_kind},
	{"every class of malformed UTF-8", test_utf8_classes},
	{"keywords are case-insensitive", test_keywords_case_insensitive},
	{"comments and hints", test_comments_and_hints},
	{"'#' is no comment when hash_comment is off", test_hash_not_a_comment},
	{"UTF-8 identifiers", test_utf8_identifiers},
	{"EOF inside a string", test_eof_inside_string},
	{"EOF inside a comment", test_eof_inside_comment},
	{"EOF inside a quoted name", test_eof_inside_quoted_name},
	{"NUL bytes", test_nul_bytes},
	{"invalid UTF-8", test_invalid_utf8},
	{"stray bytes", test_stray_bytes},
	{"hex, float, parameter and quoted-name tokens", test_numbers_parameters_and_quoted_names},
	{"bad bytes in comments and names", test_bad_comments_and_names},
	{"input ending inside a string, quoted name or comment is unterminated", test_unterminated_is_open},
	{"without a sink an error is a token only", test_no_sink_reports_nothing})
