/* Decimal numbers, strictly (num.h). */
#include "base/num.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

bool kp_decimal(const char *s, size_t n, double *v)
{
	size_t i = 0, digits = 0;
	bool nonzero = false;
	if (i < n && (s[i] == '+' || s[i] == '-'))
		i++;
	for (; i < n && digit(s[i]); i++, digits++)
		nonzero = nonzero || s[i] != '0';
	if (i < n && s[i] == '.')
		for (i++; i < n && digit(s[i]); i++, digits++)
			nonzero = nonzero || s[i] != '0';
	if (!digits)
		return false;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		size_t e0 = i;
		while (i < n && digit(s[i]))
			i++;
		if (i == e0)
			return false;
	}
	if (i != n)
		return false;
	/* strtod reads a NUL-terminated string: the checked text, copied */
	char buf[80];
	if (n >= sizeof buf)
		return false;
	memcpy(buf, s, n);
	buf[n] = 0;
	errno = 0;
	double x = strtod(buf, NULL);
	/* ERANGE: overflow (±HUGE_VAL) or underflow; an underflow to a
	 * subnormal still holds a value, one to 0 of nonzero digits does not */
	if (errno == ERANGE && (x == 0 ? nonzero : (x > 1 || x < -1)))
		return false;
	*v = x;
	return true;
}
