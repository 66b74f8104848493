/* libFuzzer target: keyplan digest's log readers on any bytes. The first
 * byte picks the format (detected, statement per line, MySQL slow log,
 * Phoenix CSV, Lindorm JSON lines, a digest to merge); the rest is the log,
 * digested against a fixed schema. The digest written as JSON must read
 * back whole, with the same counts.
 *
 * The log is a file in memory (memfd_create, made once, rewritten for each
 * input), opened by its /proc/self/fd path: the reader opens, sizes and
 * reads it through zlib as the CLI reads a log, gzip or plain, without a
 * file created and unlinked on disk for each input (with it, a third of an
 * execution was in the kernel). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tools/digest/digest.h"

static const kp_logfmt fmts[] = {KP_LOG_AUTO, KP_LOG_LINES, KP_LOG_MYSQL_SLOW, KP_LOG_PHOENIX_CSV,
                                 KP_LOG_LINDORM_JSON, KP_LOG_DIGEST};
static const char schema[] = "CREATE TABLE t (a VARCHAR, b BIGINT, c VARCHAR, PRIMARY KEY (a, b));\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	static int fd = -1;
	static char path[64];
	if (fd < 0) {
		fd = memfd_create("kp_fuzz_digest", MFD_CLOEXEC);
		if (fd < 0) {
			perror("memfd_create");
			abort();
		}
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) < 0 || pwrite(fd, data + 1, size - 1, 0) != (ssize_t)(size - 1)) {
		perror("the log in memory");
		abort();
	}
	kp_pipe p;
	kp_pipe_init(&p, KP_TARGET_LINDORM);
	kp_source src;
	kp_source_from_string(&src, "schema.sql", schema, sizeof schema - 1);
	kp_pipe_source(&p, &src, KP_ROLE_SCHEMA);
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 3);
	kp_digest_log log = {.path = path, .format = fmts[data[0] % 6], .sample_rate = 1};
	char *err = NULL;
	kp_digest_add_log(&dg, &p, true, &log, &err);
	free(err);
	kp_buf json = {0}, text = {0};
	kp_digest_json(&dg, &json);
	kp_digest_text(&dg, &text, 10);
	kp_digest back;
	kp_digest_init(&back, KP_TARGET_LINDORM, 3);
	err = NULL;
	if (kp_digest_read(&back, "fuzz.json", json.data, json.len, &err) < 0 || back.statements != dg.statements ||
	    back.n != dg.n) {
		fprintf(stderr, "digest does not read back: %s\n", err ? err : "counts differ");
		abort();
	}
	free(err);
	kp_digest_free(&back);
	kp_buf_free(&json);
	kp_buf_free(&text);
	kp_digest_free(&dg);
	kp_pipe_free(&p);
	kp_source_free(&src);
	return 0;
}
