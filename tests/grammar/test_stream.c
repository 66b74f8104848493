/* Streaming: a file read in windows of whole statements gives the same
 * statements, at the same lines and columns, as the whole file at once,
 * whatever the chunk size. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp_test.h"

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
	char err[256];
	CU_ASSERT_EQUAL_FATAL(kp_source_read(&src, path, err, sizeof err), 0);
	size_t pos = 0;
	parse_window(&src, &pos, &whole, p, &a, false);
	kp_source_free(&src);
	CU_ASSERT_EQUAL(whole.n, 9);
	CU_ASSERT_EQUAL(whole.errors, 1);

	for (size_t chunk = 1; chunk <= 64; chunk++) {
		kp_stream st;
		CU_ASSERT_EQUAL_FATAL(kp_stream_open(&st, path, chunk, err, sizeof err), 0);
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

int main(void)
{
	CU_initialize_registry();
	CU_pSuite s = CU_add_suite("stream", NULL, NULL);
	CU_add_test(s, "windows match the whole file", test_windows_match_whole_file);
	return kpt_run();
}
