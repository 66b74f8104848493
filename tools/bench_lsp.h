/* bench --lsp: keyplan lsp timed as an editor drives it (tools/bench_lsp.c). */
#ifndef KP_BENCH_LSP_H
#define KP_BENCH_LSP_H

/* dir holds schema.sql and queries10k (10,000 queries, one a line).
 * Returns 0, or 2 when the server could not be run. */
int bench_lsp(const char *keyplan, const char *dir, const char *queries10k, int runs);

#endif
