/* What the report's files share (report.c writes the formats,
 * suppress.c reads the directives); not for the CLI. */
#ifndef KP_REPORTINT_H
#define KP_REPORTINT_H

#include "tools/report.h"

/* Is the finding g silenced by a keyplan:ignore or keyplan:ignore-file
 * that is still active? Counts the use of the directive that silences it. */
bool kp_report_suppressed(kp_report *r, const kp_diag *g);

/* A finding that passed every filter, formatted as the report's format
 * writes one (JSON: the object alone), into b. */
void kp_report_format(kp_report *r, kp_buf *b, const kp_diag *c);
/* Writes a finding formatted by kp_report_format, and counts it. */
void kp_report_commit(kp_report *r, kp_severity sev, kp_rule rule, const char *text, size_t n);
/* Holds the finding c (r->holding): hold.c writes it, in position order
 * with the directives found to silence nothing, once they are known. */
void kp_report_hold(kp_report *r, const kp_diag *c);
/* The statement's keyplan:ignore directives that silenced nothing, held
 * in place (r->holding); the held findings are written once no directive
 * of the file is left to judge. */
void kp_report_hold_stmt_done(kp_report *r);

#endif
