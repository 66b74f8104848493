/* Comments and weights: see comments.h. */
#include "lib/comments.h"

#include "base/num.h"

#include "advisor/advisor.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool line_start(const char *t, size_t i)
{
	while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '\t'))
		i--;
	return i == 0 || t[i - 1] == '\n';
}

void kp_comments(const kp_source *src, size_t from, size_t to, bool in_stmt, kp_comment_fn fn, void *ctx)
{
	const char *t = src->text;
	size_t i = from;
	while (i + 1 < to) {
		char ch = t[i];
		if (in_stmt && (ch == '\'' || ch == '"' || ch == '`')) {
			for (i++; i < to; i++)
				if (t[i] == ch) {
					if (i + 1 < to && t[i + 1] == ch && ch == '\'') {
						i++;
						continue;
					}
					break;
				}
			i++;
		} else if (ch == '-' && t[i + 1] == '-') {
			const char *e = memchr(t + i, '\n', to - i);
			size_t end = e ? (size_t)(e - t) : to;
			fn(ctx, t + i + 2, t + end, line_start(t, i));
			i = end;
		} else if (ch == '/' && t[i + 1] == '*') {
			const char *e = NULL;
			for (size_t k = i + 2; k + 1 < to; k++)
				if (t[k] == '*' && t[k + 1] == '/') {
					e = t + k;
					break;
				}
			size_t end = e ? (size_t)(e - t) : to;
			if (t[i + 2] != '+')   /* a hint, not a comment */
				fn(ctx, t + i + 2, t + end, false);
			i = e ? end + 2 : to;
		} else {
			i++;
		}
	}
}

void kp_comment_trim(const char **p, const char **end)
{
	while (*p < *end && isspace((unsigned char)**p))
		(*p)++;
	while (*end > *p && isspace((unsigned char)(*end)[-1]))
		(*end)--;
}

int kp_weight_parse(const char *p, const char *end, double *w, const char **arg)
{
	if ((size_t)(end - p) < 7 || strncasecmp(p, "weight:", 7) != 0)
		return 0;
	const char *q = p + 7;
	*arg = q;
	while (q < end && isspace((unsigned char)*q))
		q++;
	/* N, then a note for the reader (docs/annotations.md): "weight: 3000
	 * peak hour" is 3000; "weight: 3 000" is malformed, never 3 */
	const char *rest;
	const char *ne = kp_annotation_word(q, end, &rest);
	if (!kp_annotation_note(rest, end))
		return -1;
	double v;
	/* a decimal number (not 0x10, inf or nan); huge weights would make
	 * every sum and the advice's integer "serves N of M" meaningless (or
	 * overflow it) */
	if (!kp_decimal(q, (size_t)(ne - q), &v) || !(v >= 0 && v <= KP_WEIGHT_MAX))
		return -1;
	*w = v;
	return 1;
}
