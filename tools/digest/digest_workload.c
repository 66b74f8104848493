/* A log or digest as check's workload (digest_workload.h). */
#include "tools/digest/digest_workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/digest/digest.h"

bool kp_digest_is_log(const char *path)
{
	size_t n = strlen(path);
	if (n > 4 && !strcmp(path + n - 4, ".log"))
		return true;
	kp_logread r;
	if (kp_logread_open(&r, path) < 0)
		return false;   /* reported when it is read as SQL */
	kp_logfmt f = kp_logfmt_detect(&r);
	bool gz = r.gzip;
	kp_logread_close(&r);
	return gz || f != KP_LOG_LINES;
}

int kp_digest_workload(kp_pipe *p, const char *path, kp_source *src, kp_log_workload *out, char **err)
{
	memset(out, 0, sizeof *out);
	kp_digest dg;
	kp_digest_init(&dg, p->target, 0);
	kp_digest_log log = {.path = path, .format = KP_LOG_AUTO, .sample_rate = 1};
	/* the shapes are planned by check itself: the digest only groups */
	if (kp_digest_add_log(&dg, p, false, &log, err) < 0) {
		kp_digest_free(&dg);
		return -1;
	}
	kp_buf text = {0};
	kp_dshape **v = kp_digest_sorted(&dg);
	out->weights = calloc(dg.n ? dg.n : 1, sizeof *out->weights);
	if (!out->weights)
		abort();
	for (size_t i = 0; i < dg.n; i++) {
		const kp_dshape *s = v[i];
		if (!s->nex)
			continue;
		kp_buf_printf(&text, "-- shape %016llx: %llu statements, first at %s:%llu\n", (unsigned long long)s->fp,
		              (unsigned long long)s->count, s->ex[0].path, (unsigned long long)s->ex[0].line);
		kp_buf_puts(&text, s->ex[0].sql);
		kp_buf_puts(&text, ";\n");
		out->weights[out->n++] = s->estimated;
	}
	free(v);
	out->statements = dg.statements;
	for (int i = 0; i < KP_SKIP__COUNT; i++)
		out->skipped += dg.skipped[i];
	kp_digest_free(&dg);
	char name[4096];
	snprintf(name, sizeof name, "%s (shapes)", path);
	kp_source_from_string(src, name, text.data ? text.data : "", text.len);
	kp_buf_free(&text);
	return 0;
}

void kp_log_workload_free(kp_log_workload *w)
{
	free(w->weights);
	memset(w, 0, sizeof *w);
}
