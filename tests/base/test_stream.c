/* Streaming: a file read in windows of whole statements gives the same
 * statements, at the same lines and columns, as the whole file at once,
 * whatever the chunk size. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp_test.h"
#include "base/quote.h"

static const char *TEXT =
	"SELECT 1;\r\n"
	"SELECT ';' FROM t; -- a ; in a comment\n"
	"/* block ; comment */ SELECT \"a;b\" FROM `c;d`; SELECT 'it''s;';\n"
	"# mysql ; comment\n"
	"SELECT 2 -- no semicolon on this line\n"
	"  FROM t;  SELECT '用户;'; SELECT 3;\n"
	"SELECT 1 /* a block comment\n spanning ; lines */ ;\n"
	"-- a trailing comment, cut anywhere\n"
	"SELECT 'unterminated;\n";

typedef struct seen {
	int n;                  /* statements (and errors) */
	uint32_t line[64];      /* where each starts */
	uint32_t col[64];
	int errors;             /* diagnostics */
	uint32_t eline[64], ecol[64];
} seen;

/* Parses the statements of a window; with more_follows, a statement cut by
 * the window's end (and trailing comments) is left for the next window. */
static void parse_window(kp_source *src, size_t *pos, seen *out, kp_parser *p, kp_arena *a, bool more_follows)
{
	kp_stmt *s;
	for (;;) {
		kp_diags d = {0};
		size_t before = *pos;
		int more = kp_parse_next(p, &s, src, pos, a, &d);
		if (more_follows && (!more || kp_parser_at_eof(p))) {
			*pos = before;
			return;
		}
		if (!more)
			return;
		kp_source_linecol(src, kp_parser_last_start(p), &out->line[out->n], &out->col[out->n]);
		out->n++;
		for (const kp_diag *g = d.head; g; g = g->next) {
			kp_source_linecol(src, g->off, &out->eline[out->errors], &out->ecol[out->errors]);
			out->errors++;
		}
	}
}

static void test_windows_match_whole_file(void)
{
	char path[] = "/tmp/kp_stream_XXXXXX";
	int fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs(TEXT, f);
	fclose(f);

	kp_arena a;
	kp_arena_init(&a);
	kp_parser *p = kp_parser_new();
	seen whole = {0};
	kp_source src;
	kp_diags d = {0};
	CU_ASSERT_EQUAL_FATAL(kp_source_read(&src, path, &d, &a), 0);
	size_t pos = 0;
	parse_window(&src, &pos, &whole, p, &a, false);
	kp_source_free(&src);
	CU_ASSERT_EQUAL(whole.n, 9);
	CU_ASSERT_EQUAL(whole.errors, 1);

	for (size_t chunk = 1; chunk <= 64; chunk++) {
		kp_stream st;
		CU_ASSERT_EQUAL_FATAL(kp_stream_open(&st, path, chunk, &d, &a), 0);
		seen got = {0};
		size_t consumed = 0;
		int windows = 0;
		while (kp_stream_next(&st, &consumed) > 0) {
			parse_window(&st.src, &consumed, &got, p, &a, !st.last);
			windows++;
		}
		kp_stream_close(&st);
		CU_ASSERT_EQUAL(got.n, whole.n);
		CU_ASSERT_EQUAL(got.errors, whole.errors);
		for (int i = 0; i < whole.n && i < got.n; i++) {
			if (got.line[i] != whole.line[i] || got.col[i] != whole.col[i])
				fprintf(stderr, "\n  chunk %zu stmt %d: %u:%u vs %u:%u\n", chunk, i, got.line[i], got.col[i],
				        whole.line[i], whole.col[i]);
			CU_ASSERT_EQUAL(got.line[i], whole.line[i]);
			CU_ASSERT_EQUAL(got.col[i], whole.col[i]);
		}
		for (int i = 0; i < whole.errors && i < got.errors; i++) {
			CU_ASSERT_EQUAL(got.eline[i], whole.eline[i]);
			CU_ASSERT_EQUAL(got.ecol[i], whole.ecol[i]);
		}
		/* small chunks really do slide: several windows */
		if (chunk <= 8)
			CU_ASSERT_TRUE(windows >= 3);
	}
	kp_parser_free(p);
	kp_arena_free(&a);
	unlink(path);
}

/* The one diagnostic of d: an io-error naming file, with message, and its
 * text as keyplan prints it. */
static void expect_io(const kp_diags *d, const char *file, const char *message, const char *text)
{
	CU_ASSERT_EQUAL_FATAL(d->count[KP_SEV_ERROR], 1);
	CU_ASSERT_EQUAL(d->head->rule, KP_R_IO);
	CU_ASSERT_PTR_NULL(d->head->src);
	ASSERT_STR(d->head->file, file);
	ASSERT_STR(d->head->message, message);
	kp_buf b = {0};
	kp_diag_format(&b, d->head, 0);
	ASSERT_STR(b.data, text);
	kp_buf_free(&b);
}

/* Reading files: the errors a user can meet, as io-error diagnostics
 * that name the file. */
static void test_source_read_errors(void)
{
	kp_source src;
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	CU_ASSERT_EQUAL(kp_source_read(&src, "/nonexistent/q.sql", &d, &a), -1);
	expect_io(&d, "/nonexistent/q.sql", "cannot open: No such file or directory",
	          "/nonexistent/q.sql: error: cannot open: No such file or directory [KP023 io-error]\n");
	d = (kp_diags){0};
	CU_ASSERT_EQUAL(kp_source_read(&src, "/", &d, &a), -1);
	expect_io(&d, "/", "read error", "/: error: read error [KP023 io-error]\n");
	kp_stream st;
	d = (kp_diags){0};
	CU_ASSERT_EQUAL(kp_stream_open(&st, "/nonexistent/q.sql", 0, &d, &a), -1);
	expect_io(&d, "/nonexistent/q.sql", "cannot open: No such file or directory",
	          "/nonexistent/q.sql: error: cannot open: No such file or directory [KP023 io-error]\n");
	d = (kp_diags){0};
	CU_ASSERT_EQUAL(kp_stream_open(&st, "/", 0, &d, &a), 0);
	size_t consumed = 0;
	CU_ASSERT_EQUAL(kp_stream_next(&st, &consumed), -1);
	kp_stream_close(&st);
	/* an empty file gives no window */
	char path[] = "/tmp/kp-empty-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	CU_ASSERT_EQUAL(kp_stream_open(&st, path, 0, &d, &a), 0);
	CU_ASSERT_EQUAL(kp_stream_next(&st, &consumed), 0);
	kp_stream_close(&st);
	CU_ASSERT_EQUAL(kp_source_read(&src, path, &d, &a), 0);
	CU_ASSERT_PTR_NULL(d.head);
	CU_ASSERT_EQUAL(src.len, 0);
	CU_ASSERT_EQUAL(strncmp(kp_source_path_json(&src)->data, "\"/tmp/kp-empty-", 15), 0);
	kp_source_free(&src);
	unlink(path);
	kp_arena_free(&a);
}

/* Lines and columns: CRLF, multibyte text, offsets past the end. */
static void test_line_and_column_of_offsets(void)
{
	kp_source src;
	const char *text = "ab\r\n\xe7\x94\xa8x\r\n\tz";
	kp_source_from_string(&src, "p.sql", text, strlen(text));
	uint32_t l, c;
	kp_source_linecol(&src, 3, &l, &c);   /* the LF of a CRLF: the CR is no column */
	CU_ASSERT_EQUAL(l, 1);
	CU_ASSERT_EQUAL(c, 3);
	kp_source_linecol(&src, 7, &l, &c);   /* 'x' after a three-byte character */
	CU_ASSERT_EQUAL(l, 2);
	CU_ASSERT_EQUAL(c, 2);
	kp_source_linecol(&src, 1000, &l, &c);   /* past the end: the end */
	CU_ASSERT_EQUAL(l, 3);
	CU_ASSERT_EQUAL(c, 3);
	size_t len;
	const char *line = kp_source_line_text(&src, 4, &len);
	CU_ASSERT_EQUAL(len, 4);                  /* without the CR */
	CU_ASSERT_EQUAL(memcmp(line, "\xe7\x94\xa8x", 4), 0);
	line = kp_source_line_text(&src, 5000, &len);
	CU_ASSERT_EQUAL(len, 2);
	kp_source_free(&src);
}

/* The text form of a diagnostic: header, excerpt, caret under the span
 * (in code points), notes and help; no excerpt for a huge line. */
static void test_diagnostic_text_with_colour_and_excerpt(void)
{
	kp_arena a;
	kp_arena_init(&a);
	kp_source src;
	const char *text = "SELECT\t'\xc3\xa9t\xc3\xa9' FROM t WHERE x = 1;\r\n";
	kp_source_from_string(&src, "f.sql", text, strlen(text));
	kp_diags d = {0};
	kp_diag *g = kp_diag_add(&d, &a, KP_R_SYNTAX, KP_SEV_ERROR, &src, 7, 7, "bad %s", "string");
	kp_diag_note(g, &a, &src, 0, "statement starts here");
	kp_diag_note(g, &a, &src, 16, "and %d more", 2);
	kp_diag_help(g, &a, "try %s", "again");
	kp_diag_help(g, &a, "or not");
	kp_buf b = {0};
	kp_diag_format(&b, g, 0);
	ASSERT_STR(b.data,
	           "f.sql:1:8: error: bad string [KP011 syntax-error]\n"
	           "     1 | SELECT '\xc3\xa9t\xc3\xa9' FROM t WHERE x = 1;\n"
	           "       |        ^~~~~\n"
	           "f.sql:1:1: note: statement starts here\n"
	           "f.sql:1:15: note: and 2 more\n"
	           "help: try again\n"
	           "help: or not\n");
	kp_buf_clear(&b);
	kp_diag_format(&b, g, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "\033[1;31merror:\033[0m"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "\033[1;32m^~~~~\033[0m"));
	kp_source_free(&src);
	/* a 500-byte line: the header alone */
	char big[600];
	memset(big, 'x', 500);
	strcpy(big + 500, " = 1;");
	kp_source_from_string(&src, "big.sql", big, strlen(big));
	g = kp_diag_add(&d, &a, KP_R_SYNTAX, KP_SEV_WARNING, &src, 501, 1, "here");
	kp_buf_clear(&b);
	kp_diag_format(&b, g, 0);
	ASSERT_STR(b.data, "big.sql:1:502: warning: here [KP011 syntax-error]\n");
	kp_buf_free(&b);
	kp_source_free(&src);
	kp_arena_free(&a);
}

/* The visible writer reads 16 bytes at a time, the last 16 of a string
 * overlapping, or eight: a character a terminal would act on is shown
 * wherever it falls in those blocks (first byte, last, across two, in the
 * overlap), and every other character, tab and UTF-8 included, is copied
 * as it is. */
static void test_visible_text_at_every_offset(void)
{
	static const struct {
		const char *in, *out;
	} chars[] = {
		{"\x01", "<U+0001>"}, {"\x1b", "<U+001B>"}, {"\x1f", "<U+001F>"}, {"\x7f", "<U+007F>"},
		{"\n", "<U+000A>"}, {"\xc2\x85", "<U+0085>"}, {"\xe2\x80\xae", "<U+202E>"},
		{"\xe2\x81\xa6", "<U+2066>"}, {"\t", "\t"}, {" ", " "}, {"~", "~"}, {"\xc3\xa9", "\xc3\xa9"},
		{"\xc2\xa0", "\xc2\xa0"}, {"\xe2\x80\x99", "\xe2\x80\x99"}, {"\xe7\x94\xa8", "\xe7\x94\xa8"},
	};
	for (size_t c = 0; c < sizeof chars / sizeof chars[0]; c++)
		for (size_t at = 0; at <= 40; at++)
		for (size_t after = 0; after <= 17; after++) {   /* bytes after it */
			char in[80], want[80];
			memset(in, 'a', at);
			strcpy(in + at, chars[c].in);
			size_t e = strlen(in);
			memcpy(in + e, "bcdefghijklmnopqrstu", after);
			in[e + after] = 0;
			memset(want, 'a', at);
			strcpy(want + at, chars[c].out);
			e = strlen(want);
			memcpy(want + e, "bcdefghijklmnopqrstu", after);
			want[e + after] = 0;
			kp_buf b = {0};
			kp_buf_put_visible(&b, in, strlen(in));
			ASSERT_STR(b.data, want);
			/* the ASCII run ends at the character unless it is printable ASCII */
			bool printable = chars[c].in[1] == 0 && chars[c].in[0] >= 0x20 && chars[c].in[0] < 0x7f;
			CU_ASSERT_EQUAL(kp_ascii_run(in, strlen(in)), printable ? strlen(in) : at);
			kp_buf_free(&b);
		}
}

/* Lines of offsets asked in any order (lint asks only where it finds
 * something, a few lines on; a note points back): the line found from the
 * last one asked about, forward by galloping or back by a search, is the
 * one counted by hand, and so is the column. */
static void test_line_of_offsets_in_any_order(void)
{
	/* lines of 0 to 100 characters, some of them two, three or four bytes
	 * long (columns count code points, 16 bytes at a time); the columns
	 * of the bytes that start a character are known */
	enum { LINES = 2000 };
	static const char *chars[] = {"a", "\xc3\xa9", "\xe7\x94\xa8", "\xf0\x9f\x98\x80", "z", "_", "q"};
	static char text[LINES * 420];
	static uint32_t line_of[LINES * 420], col_of[LINES * 420];
	size_t n = 0;
	uint32_t l = 1, c = 1;
	for (int i = 0; i < LINES; i++) {
		int w = (i * 7919) % 101;
		for (int j = 0; j < w; j++) {
			const char *ch = chars[(i + j * j) % 7];
			line_of[n] = l, col_of[n] = c++;
			for (size_t b = 0; b < strlen(ch); b++)
				text[n++] = ch[b];
		}
		text[n] = '\n';
		line_of[n] = l, col_of[n] = c;
		n++, l++, c = 1;
	}
	kp_source src;
	kp_source_from_string(&src, "lines.sql", text, n);
	uint64_t r = 12345;
	size_t off = 0;
	for (int k = 0; k < 20000; k++) {
		r = r * 6364136223846793005ull + 1442695040888963407ull;
		uint32_t pick = (uint32_t)(r >> 33);
		/* mostly a little forward, sometimes far, sometimes back */
		if (pick % 8 == 0)
			off = pick % n;
		else
			off = (off + pick % 200) % n;
		while (!col_of[off])   /* inside a character: to its end */
			off++;
		uint32_t gl, gc;
		kp_source_linecol(&src, off, &gl, &gc);
		CU_ASSERT_EQUAL_FATAL(gl, line_of[off]);
		CU_ASSERT_EQUAL_FATAL(gc, col_of[off]);
	}
	kp_source_free(&src);
}

/* Columns before and after the first non-ASCII byte: before it a column is
 * a byte, counted from nothing; after it code points are counted. Every
 * offset of a text whose first multibyte character comes at each place in
 * turn (a first line, its end, a later line, 16-byte block edges), against
 * a count made here. */
static void test_columns_around_first_non_ascii_byte(void)
{
	static const char *const cases[] = {
		"\xc3\xa9" "a\nb",
		"select 1;\nselect '\xe7\x94\xa8' from t;\nselect 2;\n",
		"0123456789abcde\xc3\xa9\n0123456789abcdef\xc3\xa9x\n",
		"a\r\nbb\r\nccc\xf0\x9f\x98\x80" "d\r\nee",
		"plain ascii only, two lines\nand no multibyte character at all",
		"0123456789abcdef0123456789abcdef\xe7\x94\xa8",
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const char *text = cases[k];
		size_t n = strlen(text);
		kp_source src;
		kp_source_from_string(&src, "a.sql", text, n);
		uint32_t line = 1, col = 1;
		for (size_t off = 0; off <= n; off++) {
			unsigned char b = off < n ? (unsigned char)text[off] : 0;
			if ((b & 0xc0) != 0x80) {   /* the start of a character, or the end */
				uint32_t l, c;
				kp_source_linecol(&src, off, &l, &c);
				CU_ASSERT_EQUAL_FATAL(l, line);
				/* the LF of a CRLF has the CR's column */
				uint32_t want = off > 0 && text[off - 1] == '\r' && b == '\n' ? col - 1 : col;
				CU_ASSERT_EQUAL_FATAL(c, want);
			}
			if (b == '\n')
				line++, col = 1;
			else if ((b & 0xc0) != 0x80)
				col++;
		}
		kp_source_free(&src);
	}
}

/* kp_source_locate and kp_source_span answer, from one lookup, what
 * kp_source_linecol, kp_source_linecol_end and kp_source_line_text answer
 * apart, asked of a source of their own: every offset and span length of
 * texts with CRLF, a byte-order mark, multibyte characters and lines that
 * end at and around the line table's 32-byte blocks. */
static void test_one_lookup_answers_as_two(void)
{
	static char blocks[400];
	size_t n = 0;
	for (int w = 0; w < 40 && n + 45 < sizeof blocks; w += 3) {   /* lines of 0, 3, 6, ... bytes */
		memset(blocks + n, 'a' + w % 26, (size_t)w);
		n += (size_t)w;
		blocks[n++] = '\n';
	}
	blocks[n] = 0;
	static const char *const cases[] = {
		"ab\r\n\xe7\x94\xa8x\r\n\tz",
		"\xef\xbb\xbfselect 1;\nselect '\xc3\xa9';\r\n",
		"0123456789abcdef0123456789abcde\n0123456789abcdef0123456789abcdef\n\xf0\x9f\x98\x80x\n",
		"no line break at all, past one block of thirty-two bytes",
		"",
		blocks,
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const char *text = cases[k];
		size_t len = strlen(text);
		kp_source one, two;
		kp_source_from_string(&one, "a.sql", text, len);
		kp_source_from_string(&two, "a.sql", text, len);
		for (size_t off = 0; off <= len + 1; off++)
			for (size_t span = 0; span <= 40; span += span < 4 ? 1 : 9) {
				uint32_t l1, c1, l2, c2, w1, x1, w2, x2;
				kp_source_span(&one, off, span, &l1, &c1, &l2, &c2);
				kp_source_linecol(&two, off, &w1, &x1);
				kp_source_linecol_end(&two, off, span, &w2, &x2);
				CU_ASSERT_EQUAL_FATAL(l1, w1);
				CU_ASSERT_EQUAL_FATAL(c1, x1);
				CU_ASSERT_EQUAL_FATAL(l2, w2);
				CU_ASSERT_EQUAL_FATAL(c2, x2);
				const char *t1, *t2;
				size_t n1, n2;
				kp_source_locate(&one, off, &l1, &c1, &t1, &n1);
				t2 = kp_source_line_text(&two, off, &n2);
				CU_ASSERT_EQUAL_FATAL(l1, w1);
				CU_ASSERT_EQUAL_FATAL(c1, x1);
				CU_ASSERT_PTR_EQUAL_FATAL(t1 - one.text, t2 - two.text);
				CU_ASSERT_EQUAL_FATAL(n1, n2);
			}
		kp_source_free(&one);
		kp_source_free(&two);
	}
}

/* The line table is read 32 bytes at a time: a line break at each place
 * of a block and the next (and the first byte past 0x7f at each place),
 * against lines and columns counted here. */
static void test_line_breaks_at_every_place_of_a_block(void)
{
	for (size_t at = 0; at < 70; at++)
		for (size_t high = 0; high < 72; high += 7) {
			char text[80];
			memset(text, 'x', 72);
			text[at] = '\n';
			size_t n = 72;
			if (high != at && high + 1 != at && high + 1 < n) {
				text[high] = (char)0xc3;   /* e with an acute accent */
				text[high + 1] = (char)0xa9;
			} else {
				high = n;   /* none */
			}
			text[n] = 0;
			kp_source src;
			kp_source_from_string(&src, "b.sql", text, n);
			uint32_t line = 1, col = 1;
			for (size_t off = 0; off <= n; off++) {
				if (off == high + 1)
					continue;   /* inside the character */
				uint32_t l, c;
				kp_source_linecol(&src, off, &l, &c);
				CU_ASSERT_EQUAL_FATAL(l, line);
				CU_ASSERT_EQUAL_FATAL(c, col);
				if (off == at)
					line++, col = 1;
				else
					col++;
			}
			kp_source_free(&src);
		}
}

/* A column counted here: code points from the line's start, the CR of a
 * CRLF and a byte-order mark not counted (as kp_source_linecol says). */
static void naive_linecol(const char *text, size_t len, size_t off, uint32_t *line, uint32_t *col)
{
	const unsigned char *t = (const unsigned char *)text;
	uint32_t l = 1, c = 1;
	size_t i = len >= 3 && t[0] == 0xef && t[1] == 0xbb && t[2] == 0xbf && off >= 3 ? 3 : 0;
	for (; i < off && i < len; i++) {
		if (t[i] == '\n')
			l++, c = 1;
		else if ((t[i] & 0xc0) != 0x80 && !(t[i] == '\r' && i + 1 < len && t[i + 1] == '\n'))
			c++;
	}
	*line = l;
	*col = c;
}

/* An offset before the first byte past 0x7f is answered without the
 * count and its memo, one after it by the count, which goes on from the
 * memo on its line: every pair of offsets asked one after the other (back
 * and forth across that byte, on its line and others, CRLF, a byte-order
 * mark) against the count made here. */
static void test_columns_asked_in_any_order(void)
{
	static const char *const cases[] = {
		"ab\r\ncd \xc3\xa9 ef \xe7\x94\xa8 gh\r\nij\n\xc3\xa9k",
		"\xef\xbb\xbfselect 1;\r\nselect '\xc3\xa9', 'x';\nz",
		"plain ascii line\nsecond line \xf0\x9f\x98\x80 then more text past it\n",
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const char *text = cases[k];
		size_t len = strlen(text);
		for (size_t a = 0; a <= len; a++)
			for (size_t b = 0; b <= len; b++) {
				kp_source src;
				kp_source_from_string(&src, "o.sql", text, len);
				size_t asked[3] = {a, b, a};
				for (int j = 0; j < 3; j++) {
					uint32_t l, c, wl, wc;
					kp_source_linecol(&src, asked[j], &l, &c);
					naive_linecol(text, len, asked[j], &wl, &wc);
					CU_ASSERT_EQUAL_FATAL(l, wl);
					CU_ASSERT_EQUAL_FATAL(c, wc);
				}
				kp_source_free(&src);
			}
	}
}

/* Every rule's id and slug as the table holds them, at the lengths
 * measured when the program starts (the writers copy that many bytes),
 * and a finding's heading ending with them. */
static void test_rule_names_at_their_lengths(void)
{
	kp_arena a;
	kp_arena_init(&a);
	kp_source src;
	kp_source_from_string(&src, "r.sql", "SELECT 1;\n", 10);
	for (int r = 0; r < KP_R__COUNT; r++) {
		const kp_rule_info *ri = kp_rule_get((kp_rule)r);
		CU_ASSERT_EQUAL_FATAL(kp_rule_id_len((kp_rule)r), strlen(ri->id));
		CU_ASSERT_EQUAL_FATAL(kp_rule_slug_len((kp_rule)r), strlen(ri->slug));
		kp_diags d = {0};
		kp_buf b = {0};
		kp_diag *g = kp_diag_add(&d, &a, (kp_rule)r, KP_SEV_INFO, &src, 0, 6, "m");
		kp_diag_format(&b, g, 0);
		char want[96];
		snprintf(want, sizeof want, "r.sql:1:1: info: m [%s %s]\n", ri->id, ri->slug);
		CU_ASSERT_EQUAL_FATAL(strncmp(b.data, want, strlen(want)), 0);
		kp_buf_free(&b);
		kp_arena_reset(&a);
	}
	kp_source_free(&src);
	kp_arena_free(&a);
}

/* The excerpt of a line of printable ASCII (written in one piece) and of
 * one that is not (a control character, shown as <U+001B>, eight columns
 * wide): the caret under the span, a span past the line's end cut there,
 * an empty span a caret alone. */
static void test_excerpt_of_plain_and_escaped_lines(void)
{
	kp_arena a;
	kp_arena_init(&a);
	kp_source src;
	const char *text = "SELECT * FROM t WHERE v = 1;\nSELECT '\x1b[2J' FROM t\nWHERE k = 2;\n";
	kp_source_from_string(&src, "e.sql", text, strlen(text));
	kp_diags d = {0};
	kp_buf b = {0};
	kp_diag *g = kp_diag_add(&d, &a, KP_R_FULL_SCAN, KP_SEV_ERROR, &src, 22, 5, "full");
	kp_diag_format(&b, g, 0);
	ASSERT_STR(b.data,
	           "e.sql:1:23: error: full [KP001 full-scan]\n"
	           "     1 | SELECT * FROM t WHERE v = 1;\n"
	           "       |                       ^~~~~\n");
	kp_buf_clear(&b);
	g = kp_diag_add(&d, &a, KP_R_FULL_SCAN, KP_SEV_ERROR, &src, 22, 0, "point");
	kp_diag_format(&b, g, 1);
	ASSERT_STR(b.data,
	           "\033[1me.sql:1:23:\033[0m \033[1;31merror:\033[0m \033[1mpoint\033[0m [KP001 full-scan]\n"
	           "     1 | SELECT * FROM t WHERE v = 1;\n"
	           "       |                       \033[1;32m^\033[0m\n");
	kp_buf_clear(&b);
	g = kp_diag_add(&d, &a, KP_R_FULL_SCAN, KP_SEV_WARNING, &src, 36, 30, "span to the next line");
	kp_diag_format(&b, g, 0);
	ASSERT_STR(b.data,
	           "e.sql:2:8: warning: span to the next line [KP001 full-scan]\n"
	           "     2 | SELECT '<U+001B>[2J' FROM t\n"
	           "       |        ^~~~~~~~~~~~~~~~~~~~\n");
	kp_buf_clear(&b);
	/* a message that is not printable ASCII: shown, never sent as it is */
	g = kp_diag_add(&d, &a, KP_R_FULL_SCAN, KP_SEV_INFO, &src, 50, 5, "name \x1b[2J\xc3\xa9\t\x9b");
	kp_diag_format(&b, g, 0);
	CU_ASSERT_NSTRING_EQUAL(b.data, "e.sql:3:1: info: name <U+001B>[2J\xc3\xa9\t<9B> [KP001 full-scan]\n", 59);
	kp_buf_clear(&b);
	g = kp_diag_add(&d, &a, KP_R_FULL_SCAN, KP_SEV_INFO, &src, 50, 30, "plain span cut");
	kp_diag_format(&b, g, 0);
	ASSERT_STR(b.data,
	           "e.sql:3:1: info: plain span cut [KP001 full-scan]\n"
	           "     3 | WHERE k = 2;\n"
	           "       | ^~~~~~~~~~~~\n");
	kp_buf_free(&b);
	kp_source_free(&src);
	kp_arena_free(&a);
}

/* The path as text shows it is made once with its JSON form and kept: a
 * hostile path (a terminal escape, a byte that is not UTF-8, a bidi
 * override) is shown escaped in the heading and in a note, its JSON
 * escaped as JSON; a source renamed (path_json cleared, as the CLI does for
 * --stdin-filename) shows its new path in both forms. */
static void test_path_shown_once_and_after_a_rename(void)
{
	kp_arena a;
	kp_arena_init(&a);
	kp_source src;
	kp_source_from_string(&src, "a\x1b[31m\xff\xe2\x80\xae.sql", "SELECT 1;\n", 10);
	CU_ASSERT_STRING_EQUAL(kp_source_path_json(&src)->data, "\"a\\u001b[31m\xff\xe2\x80\xae.sql\"");
	kp_diags d = {0};
	kp_diag *g = kp_diag_add(&d, &a, KP_R_SYNTAX, KP_SEV_ERROR, &src, 7, 1, "bad");
	kp_diag_note(g, &a, &src, 0, "here");
	kp_buf b = {0};
	kp_diag_format(&b, g, 0);
	ASSERT_STR(b.data,
	           "a<U+001B>[31m<FF><U+202E>.sql:1:8: error: bad [KP011 syntax-error]\n"
	           "     1 | SELECT 1;\n"
	           "       |        ^\n"
	           "a<U+001B>[31m<FF><U+202E>.sql:1:1: note: here\n");
	free(src.path);
	src.path = strdup("b\x7f.sql");
	kp_buf_clear(&src.path_json);
	kp_buf_clear(&b);
	kp_diag_format(&b, g, 0);
	CU_ASSERT_NSTRING_EQUAL(b.data, "b<U+007F>.sql:1:8: error: bad", 29);
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "\nb<U+007F>.sql:1:1: note: here\n"));
	CU_ASSERT_STRING_EQUAL(kp_source_path_json(&src)->data, "\"b\x7f.sql\"");
	kp_buf_free(&b);
	kp_source_free(&src);
	kp_arena_free(&a);
}

KPT_SUITE("stream", NULL, NULL,
	{"windows match the whole file", test_windows_match_whole_file},
	{"read errors", test_source_read_errors},
	{"lines and columns of offsets (CRLF, UTF-8, past the end)", test_line_and_column_of_offsets},
	{"diagnostic text: header, colour, excerpt and caret", test_diagnostic_text_with_colour_and_excerpt},
	{"control characters shown at every offset of the eight-byte scan", test_visible_text_at_every_offset},
	{"columns asked in any order, before and after the first byte past 0x7f", test_columns_asked_in_any_order},
	{"every rule's id and slug at the lengths measured at start", test_rule_names_at_their_lengths},
	{"lines of offsets asked in any order", test_line_of_offsets_in_any_order},
	{"columns before and after the first non-ASCII byte", test_columns_around_first_non_ascii_byte},
	{"one lookup answers as two: locate and span", test_one_lookup_answers_as_two},
	{"line breaks at every place of the line table's block", test_line_breaks_at_every_place_of_a_block},
	{"excerpts of plain and escaped lines", test_excerpt_of_plain_and_escaped_lines},
	{"a path shown escaped, made once, and again after a rename", test_path_shown_once_and_after_a_rename})
