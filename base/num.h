/* Numbers read from text that people write: annotations (docs/annotations.md)
 * and command-line values. */
#ifndef KP_BASE_NUM_H
#define KP_BASE_NUM_H

#include <stdbool.h>
#include <stddef.h>

/* Is s[0, n) a decimal number, and which: an optional sign, digits with an
 * optional point (at least one digit), an optional exponent (e or E, an
 * optional sign, digits)? Its value in *v. False for anything else strtod
 * would take (0x10 is hexadecimal, inf, nan, leading white space) and for a
 * value strtod cannot hold: one that overflows, or a nonzero one that
 * underflows (1e-400 would silently be 0). */
bool kp_decimal(const char *s, size_t n, double *v);

#endif
