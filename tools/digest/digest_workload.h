/* A query log or a digest as check's workload: the log is digested (memory
 * bounded by its shapes, not its statements) and each shape becomes one
 * workload statement, its first example, weighted by the statements the
 * shape stands for. */
#ifndef KP_DIGEST_WORKLOAD_H
#define KP_DIGEST_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/pipeline.h"

/* Is the file at path a query log or a digest rather than a SQL file?
 * True for gzip files, files named *.log, and files whose first line is a
 * slow-log header, a Phoenix query-log CSV header, a JSON object (Lindorm's
 * JSON lines) or a digest. */
bool kp_digest_is_log(const char *path);

typedef struct kp_log_workload {
	double *weights;        /* the i-th statement's weight: its shape's
	                           estimated count (heap) */
	size_t n;
	uint64_t statements;    /* statements the log held */
	uint64_t skipped;       /* lines or records skipped (keyplan digest lists them) */
} kp_log_workload;

/* Digests (or reads) path with p's parser into src: one statement per
 * shape, each after a comment naming its shape, its count and its first
 * example's place. Returns 0, or -1 with *err (heap) saying why. src is
 * the caller's (kp_pipe_keep it). */
int kp_digest_workload(kp_pipe *p, const char *path, kp_source *src, kp_log_workload *out, char **err);
void kp_log_workload_free(kp_log_workload *w);

#endif
