/* libFuzzer target: the host-language scanners and the MyBatis XML reader
 * (grammar/host.h) on any bytes; the first byte picks the language (Java,
 * Kotlin, Go, Python, MyBatis). Every statement found goes through the
 * statement pipeline as lint's embedded SQL does, and every byte of its SQL
 * must map to a place inside the host file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "host/host.h"
#include "lib/pipeline.h"

static const kp_lang langs[] = {KP_LANG_JAVA, KP_LANG_KOTLIN, KP_LANG_GO, KP_LANG_PYTHON, KP_LANG_MYBATIS};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	kp_lang lang = langs[data[0] % 5];
	kp_source src;
	kp_source_from_string(&src, "fuzz", (const char *)data + 1, size - 1);
	kp_arena a, sa;
	kp_arena_init(&a);
	kp_arena_init(&sa);
	kp_host_file f;
	kp_host_extract(&f, &src, lang, &a);
	kp_pipe p;
	kp_pipe_init(&p, KP_TARGET_LINDORM);
	for (kp_host_stmt *st = f.head; st; st = st->next) {
		if (st->off > st->end || st->end > src.len || st->nv > KP_HOST_MAX_VARIANTS)
			abort();
		for (unsigned i = 0; i < st->nv; i++) {
			kp_source *s = &st->v[i].sql;
			for (size_t k = 0; k <= s->len; k++)
				if (s->map[k] > src.len)
					abort();
			if (st->v[i].nholes && (size_t)st->v[i].hole_off + st->v[i].hole_len > src.len)
				abort();
			kp_diags d = {0};
			kp_arena_reset(&sa);
			kp_pipe_sql(&p, s, KP_ROLE_QUERY, &d, &sa);
			for (const kp_diag *g = d.head; g; g = g->next) {
				uint32_t line, col;
				kp_source_linecol(g->src, g->off, &line, &col);   /* through the map */
				kp_buf out = {0};
				kp_diag_format(&out, g, 0);
				kp_buf_free(&out);
			}
		}
		bool in[KP_HOST_MAX_VARIANTS] = {0};
		in[0] = true;
		(void)kp_host_describe(st, in, &sa);
	}
	kp_pipe_free(&p);
	kp_host_file_free(&f);
	kp_source_free(&src);
	kp_arena_free(&sa);
	kp_arena_free(&a);
	return 0;
}
