/* Hint comments, read by the parse driver (grammar/parse.c): private to
 * grammar/. */
#ifndef KP_HINT_H
#define KP_HINT_H

#include "grammar/parse.h"

/* Reads the hints of comment h (src's text from its opening "/" "*" "+") into
 * s->hints; a malformed one is a located warning (KP_R_HINT) in d. */
void kp_parse_hint(kp_stmt *s, kp_source *src, kp_token h, kp_arena *a, kp_diags *d, bool upper);
/* Up to 40 bytes of token t, cut on a UTF-8 boundary ("..." after a cut),
 * for a message. */
const char *kp_token_quote(kp_arena *a, const char *text, kp_token t);

#endif
