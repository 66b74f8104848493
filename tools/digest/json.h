/* A small JSON reader for what digest reads back: Lindorm's JSON-lines
 * logs (one object a line) and digests given to --merge. The document is
 * parsed into an arena; an error gives the byte offset where it was found
 * and what was expected, so a damaged line or digest is reported where it
 * is damaged. Depth is bounded (KP_JSON_MAX_DEPTH) so hostile input cannot
 * exhaust the stack. */
#ifndef KP_DIGEST_JSON_H
#define KP_DIGEST_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"

#define KP_JSON_MAX_DEPTH 64

typedef enum kp_jkind { KP_J_NULL, KP_J_BOOL, KP_J_NUM, KP_J_STR, KP_J_ARR, KP_J_OBJ } kp_jkind;

typedef struct kp_json kp_json;
struct kp_json {
	kp_jkind kind;
	bool b;                 /* BOOL */
	const char *s;          /* STR (unescaped, NUL-terminated); NUM: its text */
	size_t len;             /* STR, NUM: bytes in s */
	size_t n;               /* ARR, OBJ: members */
	kp_json **items;        /* ARR, OBJ: the values */
	const char **keys;      /* OBJ: the names, NUL-terminated */
	size_t off;             /* where the value starts in the text */
};

/* Parses text[0, len) as one JSON value (whitespace around it allowed).
 * Returns it, or NULL with *err_off and *err set (a static message). */
kp_json *kp_json_parse(kp_arena *a, const char *text, size_t len, size_t *err_off, const char **err);

/* The member called key of an object, or NULL (also when o is not an object). */
const kp_json *kp_json_get(const kp_json *o, const char *key);
/* A number as an unsigned integer: false when v is not one (a fraction, a
 * sign, an exponent, or more than 64 bits). */
bool kp_json_u64(const kp_json *v, uint64_t *out);
/* A number as a signed integer. */
bool kp_json_i64(const kp_json *v, int64_t *out);
/* A number as a double (strtod of its text). */
bool kp_json_num(const kp_json *v, double *out);

#endif
