/* lint and check over SQL embedded in application code (grammar/host.h):
 * each statement's variants planned, findings mapped to the host file,
 * identical findings of several variants reported once with the branch
 * conditions that produce them, keyplan:ignore comments of the host. */
#ifndef KP_EMBED_H
#define KP_EMBED_H

#include "host/host.h"
#include "tools/report.h"

/* Plans every statement of sql into d (messages in a). Returns true when
 * something now points into sql (the schema it changed, the advisor's
 * workload), which must then outlive the run. */
typedef bool (*kp_embed_plan_fn)(void *ctx, kp_source *sql, kp_diags *d, kp_arena *a);

/* Reads host file src as language lang and reports its SQL into rep.
 * The statements found live in a; the result is freed with
 * kp_host_file_free once nothing points into its SQL. */
kp_host_file *kp_embed_run(kp_report *rep, kp_source *src, kp_lang lang, kp_embed_plan_fn plan, void *ctx,
                           kp_arena *a, bool *keep);

#endif
