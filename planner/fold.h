/* Constant folding for the planner: expressions without columns as
 * values (docs/plan-json.md, "Constant expressions"). */
#ifndef KP_FOLD_H
#define KP_FOLD_H

#include "planner/value.h"

/* The value of e when it holds no column: a literal or parameter
 * (kp_value_of), TO_DATE / TO_TIMESTAMP / TO_TIME of a date string in the
 * default format (a KP_V_TIME), TO_NUMBER of a number string, CAST of a
 * constant to a type keyplan knows, integer + - * and string ||; any other
 * constant (NOW(), CURRENT_DATE, UPPER('a'), a date with another format) is
 * a KP_V_PARAM named by its SQL text: it bounds a key column, but is
 * ordered against nothing. False when e is not constant. Text for opaque
 * values is allocated in a. */
bool kp_value_fold(kp_value *out, const kp_expr *e, kp_arena *a);

/* Parses 'yyyy-MM-dd[( |T)HH:mm[:ss[.fff]]][Z]' (UTC) into milliseconds
 * since the epoch. */
bool kp_parse_time(const char *s, uint32_t len, int64_t *ms);

#endif
