/* vsnprintf for keyplan's messages, through a hand-written fast path
 * (base/fmt.c says why). */
#ifndef KP_FMT_H
#define KP_FMT_H

#include <stdarg.h>
#include <stddef.h>

/* vsnprintf: returns the length of the whole text (the text is cut to cap
 * - 1 bytes and NUL-terminated when cap > 0). */
int kp_vsnprintf(char *out, size_t cap, const char *fmt, va_list ap);

#endif
