/* A file's text mapped (base/srcmap.c): the same text, length, NUL after
 * it, lines and columns as the file read into the heap, for every size
 * around a page boundary; pages given back are read again; what cannot be
 * mapped is read as before. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp_test.h"

/* A file of n bytes: lines of printable text (and a UTF-8 character). */
static const char LINE[] = "SELECT a, b FROM t WHERE k = '\xc3\xa9' AND n > 42;\n";
#define LINE_BYTES (sizeof LINE - 1)

static void write_file(const char *path, size_t n)
{
	FILE *f = fopen(path, "wb");
	CU_ASSERT_FATAL(f != NULL);
	for (size_t i = 0; i < n; i++)
		fputc(LINE[i % LINE_BYTES], f);
	fclose(f);
}

static void assert_same(kp_source *m, kp_source *r)
{
	CU_ASSERT_EQUAL_FATAL(m->len, r->len);
	CU_ASSERT_EQUAL(memcmp(m->text, r->text, r->len), 0);
	CU_ASSERT_EQUAL(m->text[m->len], 0);
	ASSERT_STR(m->path, r->path);
	size_t offs[] = {0, r->len / 3, r->len / 2, r->len ? r->len - 1 : 0, r->len};
	for (size_t k = 0; k < sizeof offs / sizeof *offs; k++) {
		uint32_t l1, c1, l2, c2;
		kp_source_linecol(m, offs[k], &l1, &c1);
		kp_source_linecol(r, offs[k], &l2, &c2);
		CU_ASSERT_EQUAL(l1, l2);
		CU_ASSERT_EQUAL(c1, c2);
	}
}

static void test_mapped_text_is_the_file_at_every_size(void)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t sizes[] = {1, 45, pg - 1, pg, pg + 1, 2 * pg, 3 * pg + 17, (size_t)3 << 20};
	char path[] = "/tmp/kp_srcmap_XXXXXX";
	int fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
		write_file(path, sizes[k]);
		kp_arena a;
		kp_arena_init(&a);
		kp_diags d = {0};
		kp_source m, r;
		CU_ASSERT_EQUAL_FATAL(kp_source_map(&m, path, &d, &a), 0);
		CU_ASSERT_EQUAL_FATAL(kp_source_read(&r, path, &d, &a), 0);
		CU_ASSERT(m.mapped > 0);
		CU_ASSERT_EQUAL(m.mapped_file, sizes[k] / pg * pg);
		assert_same(&m, &r);
		/* every page given back: the text is read again, the NUL stays */
		kp_source_release(&m, 0, m.len + pg);
		assert_same(&m, &r);
		kp_source_free(&m);
		kp_source_free(&r);
		CU_ASSERT_EQUAL(d.count[KP_SEV_ERROR], 0);
		kp_arena_free(&a);
	}
	unlink(path);
}

/* Resident pages of the process (/proc/self/statm), or -1. */
static long resident_pages(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	long size, res;
	int ok = f && fscanf(f, "%ld %ld", &size, &res) == 2;
	if (f)
		fclose(f);
	return ok ? res : -1;
}

static void test_pages_given_back_leave_memory(void)
{
	size_t n = (size_t)16 << 20;
	char path[] = "/tmp/kp_srcmap_XXXXXX";
	int fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	write_file(path, n);
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_source m;
	CU_ASSERT_EQUAL_FATAL(kp_source_map(&m, path, &d, &a), 0);
	long before = resident_pages();
	unsigned sum = 0;
	for (size_t i = 0; i < m.len; i += 512)
		sum += (unsigned char)m.text[i];
	long touched = resident_pages();
	kp_source_release(&m, 0, m.len);
	long after = resident_pages();
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	if (before >= 0) {
		/* reading it made the file resident; giving it back drops it */
		CU_ASSERT((size_t)(touched - before) * pg >= n / 2);
		CU_ASSERT((size_t)(touched - after) * pg >= n / 2);
	}
	/* and it reads the same afterwards */
	unsigned again = 0;
	for (size_t i = 0; i < m.len; i += 512)
		again += (unsigned char)m.text[i];
	CU_ASSERT_EQUAL(sum, again);
	/* the lines are counted giving back as they go */
	uint32_t line, col;
	kp_source_linecol(&m, m.len - 1, &line, &col);
	CU_ASSERT_EQUAL(line, (uint32_t)((n - 1) / LINE_BYTES + 1));
	CU_ASSERT((size_t)(resident_pages() - after) * pg < n / 2);
	kp_source_free(&m);
	kp_arena_free(&a);
	unlink(path);
}

static void test_what_cannot_be_mapped_is_read(void)
{
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_source s;
	/* an empty file: read as kp_source_read reads it */
	char path[] = "/tmp/kp_srcmap_XXXXXX";
	int fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	CU_ASSERT_EQUAL_FATAL(kp_source_map(&s, path, &d, &a), 0);
	CU_ASSERT_EQUAL(s.len, 0);
	CU_ASSERT_EQUAL(s.mapped, 0);
	CU_ASSERT_EQUAL(s.text[0], 0);
	kp_source_free(&s);
	unlink(path);
	/* a folder (no regular file): the error kp_source_read gives */
	char dir[] = "/tmp/kp_srcmap_dir_XXXXXX";
	CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
	kp_diags rd = {0};
	CU_ASSERT_EQUAL(kp_source_read(&s, dir, &rd, &a), -1);
	CU_ASSERT_EQUAL(kp_source_map(&s, dir, &d, &a), -1);
	rmdir(dir);
	CU_ASSERT_EQUAL_FATAL(d.count[KP_SEV_ERROR], 1);
	CU_ASSERT_EQUAL_FATAL(rd.count[KP_SEV_ERROR], 1);
	ASSERT_STR(d.head->message, rd.head->message);
	/* a file that is not there: the same located error */
	d = (kp_diags){0};
	CU_ASSERT_EQUAL(kp_source_map(&s, "/nonexistent/Dao.java", &d, &a), -1);
	CU_ASSERT_EQUAL_FATAL(d.count[KP_SEV_ERROR], 1);
	CU_ASSERT_EQUAL(d.head->rule, KP_R_IO);
	ASSERT_STR(d.head->message, "cannot open: No such file or directory");
	kp_arena_free(&a);
}

KPT_SUITE("srcmap", NULL, NULL,
	{"mapped text is the file's at every size around a page", test_mapped_text_is_the_file_at_every_size},
	{"pages given back leave memory and read again", test_pages_given_back_leave_memory},
	{"what cannot be mapped is read as before", test_what_cannot_be_mapped_is_read})
