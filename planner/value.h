/* Constant values as the planner sees them: the literals and parameters a
 * condition compares a key column with. */
#ifndef KP_VALUE_H
#define KP_VALUE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/buf.h"
#include "grammar/ast.h"

typedef enum kp_vkind {
	KP_V_INT,       /* i */
	KP_V_REAL,      /* r */
	KP_V_STR,       /* s, n bytes */
	KP_V_BOOL,      /* i is 0 or 1; compares as an integer */
	KP_V_NULL,      /* SQL NULL */
	KP_V_PARAM,     /* bind parameter: s, n is its text; off tells ? apart */
	KP_V_HASH,      /* a hash key part: hashN over of[0..nof) */
	KP_V_TIME,      /* a date/time: i is milliseconds since 1970-01-01 UTC */
} kp_vkind;

typedef struct kp_value {
	uint8_t kind;           /* kp_vkind: which fields are set */
	uint8_t bits;           /* HASH: 8, 32 or 64 */
	bool set;               /* as a kp_bound: bounded (false: unbounded side) */
	bool incl;              /* as a kp_bound: inclusive */
	union {
		uint32_t n;         /* STR, PARAM: bytes in s */
		uint32_t nof;       /* HASH: entries in of */
	};
	uint32_t off;           /* PARAM: source offset (anonymous ? are distinct) */
	union {                 /* one per kind: values are copied a lot, so kept small */
		int64_t i;          /* INT, BOOL, TIME */
		double r;           /* REAL */
		const char *s;      /* STR bytes, PARAM text */
		const struct kp_value *of; /* HASH: the hashed values */
	};
} kp_value;

/* The value of a constant expression: a literal, -literal or a parameter.
 * Returns false for anything else. */
bool kp_value_of(kp_value *out, const kp_expr *e);
/* Compares a and b: <0, 0, >0. *ok is false when they cannot be ordered
 * (different kinds, or parameters), and the result is then arbitrary. */
int kp_value_cmp(const kp_value *a, const kp_value *b, bool *ok);
/* Compares a and b in the order keys are stored: NULL first, then numbers
 * (INTEGER and REAL exactly), then strings byte by byte, hash parts by their
 * hashed values. *known is false when the order is not known before the
 * statement runs (a bind parameter other than the same one, or NaN); the
 * result is then still a total, stable order, for sorting. */
int kp_value_key_cmp(const kp_value *a, const kp_value *b, bool *known);
/* JSON: numbers, strings, booleans, null; {"param": "?1"};
 * {"hash": "hash32", "of": [...]}; {"time": "2013-01-01 00:00:00.000"}. */
void kp_value_json(kp_buf *out, const kp_value *v);
/* SQL literal text: 123, 'abc', ?1, hash32('abc'), TIMESTAMP '2013-01-01 00:00:00.000'. */
void kp_value_sql(kp_buf *out, const kp_value *v);

#endif
