/* Upper-casing unquoted names for the Phoenix target (grammar/fold.c says
 * which letters). */
#ifndef KP_FOLD_H
#define KP_FOLD_H

#include <stddef.h>

/* Writes the upper case of the UTF-8 name s (len bytes) to out, which holds
 * len bytes: no letter folded grows. Returns the bytes written (fewer than
 * len when U+0131 dotless i or U+017F long s became I or S). */
size_t kp_fold_upper(char *out, const char *s, size_t len);

#endif
