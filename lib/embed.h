/* SQL embedded in application code (host/host.h), through the pipeline:
 * each statement's variants planned, findings mapped to the host file,
 * identical findings of several variants reported once with the branch
 * conditions that produce them, interpolated SQL (KP035) and sampled
 * variants (KP036). What becomes of the findings and of the host's
 * keyplan: comments is the caller's: lint and check report them
 * (tools/keyplan.c, collect_host), libkeyplan hands them to on_diagnostic. */
#ifndef KP_EMBED_H
#define KP_EMBED_H

#include "host/host.h"
#include "lib/pipeline.h"

typedef struct kp_embed_sink {
	/* Findings, in this order: the extraction's, then for each statement
	 * its findings merged across its variants (in host file order), then
	 * its KP036 when only some variants were planned. d and its messages
	 * live in a until the next statement. */
	void (*emit)(void *ctx, const kp_diags *d, kp_arena *a);
	/* A keyplan: comment of the host, text [off, end): first every one of
	 * the file (file_pass), then before each statement those that precede
	 * it, applying to host text [stmt_off, stmt_end). May be NULL. */
	void (*comment)(void *ctx, kp_source *host, uint32_t off, uint32_t end, uint32_t stmt_off,
	                uint32_t stmt_end, bool file_pass);
	/* A statement's findings are all out. May be NULL. */
	void (*stmt_done)(void *ctx);
	void *ctx;
	/* Is statement st of hf to be planned? false: it is skipped (no
	 * comment, finding or event of it; the caller has them from an earlier
	 * run: the language server's cache). Called for every statement, in
	 * order, after the extraction. May be NULL: every one is planned. */
	bool (*want)(void *ctx, const kp_host_file *hf, const kp_host_stmt *st);
	/* A finding in a fragment or constant that several statements read is
	 * reported once, with the first of them. true: with each of them (the
	 * caller keeps the first: the language server, which plans only the
	 * statements that changed, so that each one's findings are its own). */
	bool each_fragment;
	/* A variant left unplanned by text pasted into it where no value goes
	 * (v->holes_planned false): d holds its findings, its KP035 last, in
	 * a until the next statement; the caller may say so where its plan
	 * would be (explain). May be NULL. */
	void (*unplanned)(void *ctx, const kp_host_stmt *st, const kp_host_variant *v, const kp_diags *d,
	                  kp_arena *a);
} kp_embed_sink;

/* Reads host file src as language lang and plans its SQL in role r
 * through p (its PLANNED and DONE events carry host set), reporting into
 * sink. The statements found live in a; the result is freed with
 * kp_host_file_free once nothing points into its SQL. *keep is set when
 * something now points into it (the schema it changed, the advisor's
 * workload): then src and the result must outlive p's use of them. */
kp_host_file *kp_embed_run(kp_pipe *p, kp_source *src, kp_lang lang, kp_role r, const kp_embed_sink *sink,
                           kp_arena *a, bool *keep);

#endif
