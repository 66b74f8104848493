/* What the report's files share (report.c writes the formats,
 * suppress.c reads the directives); not for the CLI. */
#ifndef KP_REPORTINT_H
#define KP_REPORTINT_H

#include "tools/report.h"

/* Is the finding g silenced by a keyplan:ignore or keyplan:ignore-file
 * that is still active? Counts the use of the directive that silences it. */
bool kp_report_suppressed(kp_report *r, const kp_diag *g);

#endif
