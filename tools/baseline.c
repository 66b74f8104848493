#include "tools/baseline.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/quote.h"
#include "grammar/lexer.h"
#include "grammar/parser.h"

#define FNV_INIT 1469598103934665603ull

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static bool is_literal(int type)
{
	return type == TK_INTEGER || type == TK_STRING || type == TK_FLOAT || type == TK_PARAM;
}

void kp_shape_of(kp_stmt_shape *sh, kp_source *src, uint32_t start, uint32_t end, const char *table,
                 kp_arena *a)
{
	memset(sh, 0, sizeof(*sh));
	sh->set = true;
	sh->table = table;
	kp_buf b = {0};
	kp_lexer lx;
	kp_lexer_init(&lx, src->text, src->len, start);
	kp_token t;
	for (;;) {
		int ty = kp_lex(&lx, &t);
		if (ty == KP_TOK_EOF || t.off >= end)
			break;
		if (ty == KP_TOK_HINT)
			continue;
		if (ty == TK_SEMI)
			break;
		if (is_literal(ty)) {
			/* a list of values is one ?: IN (1, 2) and IN (1, 2, 3) share a shape */
			if (b.len >= 4 && !memcmp(b.data + b.len - 4, " ? ,", 4)) {
				b.len -= 2;
				b.data[b.len] = 0;
				continue;
			}
			kp_buf_puts(&b, " ?");
			continue;
		}
		kp_buf_putc(&b, ' ');
		const char *p = src->text + t.off;
		bool quoted = *p == '"' || *p == '`';
		for (uint32_t i = 0; i < t.len; i++)
			kp_buf_putc(&b, quoted ? p[i] : (char)tolower((unsigned char)p[i]));
	}
	const char *txt = b.len ? b.data + 1 : "";
	size_t n = b.len ? b.len - 1 : 0;
	sh->hash = fnv(FNV_INIT, txt, n);
	sh->text = kp_arena_strndup(a, txt, n > 240 ? 240 : n);
	kp_buf_free(&b);
}

/* A finding's fingerprint in its statement of this shape hash. */
static uint64_t stmt_fp(const char *id, uint64_t shape, unsigned seen, const char *table)
{
	uint64_t h = fnv(FNV_INIT, id, strlen(id));
	char buf[48];
	int n = snprintf(buf, sizeof buf, "|%016llx|%u|", (unsigned long long)shape, seen);
	h = fnv(h, buf, (size_t)n);
	if (table)
		h = fnv(h, table, strlen(table));
	return h;
}

uint64_t kp_fingerprint(kp_stmt_shape *sh, kp_rule rule, kp_source *src, uint32_t off, uint64_t *v1)
{
	const char *id = kp_rule_get(rule)->id;
	uint64_t h = fnv(FNV_INIT, id, strlen(id));
	if (sh && sh->set) {
		unsigned seen = sh->seen[rule]++;
		uint64_t old = stmt_fp(id, sh->hash, seen, sh->table);
		if (v1)
			*v1 = old;
		/* version 2: the statement's fingerprint, marked apart from a
		 * text hash of the same value */
		return sh->ast ? stmt_fp(id, sh->ast ^ 0x9e3779b97f4a7c15ull, seen, sh->table) : old;
	}
	/* no statement: the flagged line's text without its spacing */
	size_t len;
	const char *line = kp_source_line_text(src, off, &len);
	h = fnv(h, "|line|", 6);
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			h = fnv(h, line + i, 1);
	if (v1)
		*v1 = h;
	return h;
}

void kp_baseline_init(kp_baseline *b)
{
	memset(b, 0, sizeof(*b));
	kp_arena_init(&b->arena);
}

void kp_baseline_free(kp_baseline *b)
{
	free(b->slots);
	kp_arena_free(&b->arena);
	memset(b, 0, sizeof(*b));
}

static kp_baseline_entry **slot(kp_baseline *b, uint64_t fp)
{
	uint32_t i = (uint32_t)(fp ^ (fp >> 32)) & (b->cap - 1);
	while (b->slots[i] && b->slots[i]->fp != fp)
		i = (i + 1) & (b->cap - 1);
	return &b->slots[i];
}

static kp_baseline_entry *entry(kp_baseline *b, uint64_t fp)
{
	if ((b->entries.n + 1) * 2 > b->cap) {
		uint32_t old = b->cap;
		kp_baseline_entry **os = b->slots;
		b->cap = b->cap ? b->cap * 2 : 64;
		b->slots = calloc(b->cap, sizeof(*b->slots));
		if (!b->slots)
			abort();
		for (uint32_t i = 0; i < old; i++)
			if (os[i])
				*slot(b, os[i]->fp) = os[i];
		free(os);
	}
	kp_baseline_entry **s = slot(b, fp);
	if (!*s) {
		*s = kp_arena_alloc(&b->arena, sizeof(**s));
		memset(*s, 0, sizeof(**s));
		(*s)->fp = fp;
		kp_list_push(&b->arena, &b->entries, *s);
	}
	return *s;
}

static char *dup_or_null(kp_arena *a, const char *s)
{
	return s ? kp_arena_strndup(a, s, strlen(s)) : NULL;
}

kp_baseline_entry *kp_baseline_add(kp_baseline *b, uint64_t fp, kp_rule rule, const char *table, const char *file,
                     unsigned line, const char *shape)
{
	kp_baseline_entry *e = entry(b, fp);
	if (e->count++ == 0) {
		e->rule = dup_or_null(&b->arena, kp_rule_get(rule)->id);
		e->table = dup_or_null(&b->arena, table);
		e->file = dup_or_null(&b->arena, file);
		e->line = line;
		e->shape = dup_or_null(&b->arena, shape);
	}
	e->left = e->count;
	return e;
}

bool kp_baseline_take(kp_baseline *b, uint64_t fp, uint64_t v1)
{
	if (!b->cap)
		return false;
	kp_baseline_entry *e = *slot(b, fp);
	if (!e || e->legacy || !e->left) {
		/* a version 1 entry: the statement's text shape; or a version 2
		 * entry of application code written before its statements were
		 * fingerprinted (text shape too, unmarked) */
		e = fp != v1 ? *slot(b, v1) : NULL;
		if (!e || !e->left)
			return false;
	}
	e->left--;
	return true;
}

/* The string value of "key": "..." in line, unescaped (\" and \\ only:
 * the writer escapes those, and control bytes as \u00XX, kept as they are). */
static char *field(kp_arena *a, const char *line, const char *key)
{
	char pat[32];
	snprintf(pat, sizeof pat, "\"%s\": \"", key);
	const char *p = strstr(line, pat);
	if (!p)
		return NULL;
	p += strlen(pat);
	kp_buf v = {0};
	for (; *p && *p != '"'; p++) {
		if (*p == '\\' && p[1])
			p++;
		kp_buf_putc(&v, *p);
	}
	char *s = kp_arena_strndup(a, v.data ? v.data : "", v.len);
	kp_buf_free(&v);
	return s;
}

/* The value of "key": N in line: 0 when the key is absent, 1 with *out
 * set for a JSON integer of at most 1e18 (digits, then the value's end:
 * ',', '}' or white space), -1 for anything else (1e400, 1.5, -3, "5",
 * 1e3), with *bad and *badlen the value's text. */
static int number(const char *line, const char *key, unsigned long long *out, const char **bad, int *badlen)
{
	char pat[32];
	snprintf(pat, sizeof pat, "\"%s\": ", key);
	const char *p = strstr(line, pat);
	if (!p)
		return 0;
	p += strlen(pat);
	const char *q = p;
	unsigned long long v = 0;
	while (*q >= '0' && *q <= '9' && q - p < 18)
		v = v * 10 + (unsigned long long)(*q++ - '0');
	if (q > p && (*q == ',' || *q == '}' || *q == ' ' || *q == '\t' || *q == '\r' || *q == '\n') &&
	    !(*p == '0' && q - p > 1)) {
		*out = v;
		return 1;
	}
	*bad = p;
	*badlen = (int)strcspn(p, ",}\r\n");
	if (*badlen > 40)
		*badlen = 40;
	return -1;
}

int kp_baseline_read(kp_baseline *b, const char *path, kp_diags *d, kp_arena *a)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "cannot open baseline: %s", strerror(errno));
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned lineno = 0;
	int rc = 0;
	bool closed = false;
	int version = 0;
	while ((n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (closed || memchr(line, 0, (size_t)n)) {
			kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, lineno, "malformed baseline entry");
			rc = -1;
			break;
		}
		if (lineno == 1) {
			/* version 1: fingerprints of the statements' text shapes;
			 * 2: of their kp_stmt_fingerprint (baseline.h) */
			version = strstr(line, "\"keyplan_baseline\": 1") ? 1 : strstr(line, "\"keyplan_baseline\": 2") ? 2 : 0;
			if (!version) {
				kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 1,
				             "not a keyplan baseline (keyplan lint --write-baseline writes one)");
				rc = -1;
				break;
			}
			continue;
		}
		if (!strncmp(line, "]}", 2) && strspn(line + 2, " \t\r\n") == (size_t)n - 2) {
			closed = true;   /* the writer's last line: what follows is not its */
			continue;
		}
		char *fps = strncmp(line, "{\"fingerprint\": \"", 17) ? NULL : field(&b->arena, line, "fingerprint");
		if (!fps) {
			kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, lineno, "malformed baseline entry");
			rc = -1;
			break;
		}
		char *end;
		unsigned long long fp = strtoull(fps, &end, 16);
		if (strlen(fps) != 16 || *end) {
			kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, lineno, "malformed baseline entry");
			rc = -1;
			break;
		}
		/* its numbers are integers the writer writes, or the entry is
		 * refused, naming the field: a count of 1e400 was read as 1 */
		unsigned long long count = 1, ln = 0, fv = 2;
		static const char *const key[] = {"count", "line", "fingerprint_version"};
		unsigned long long *val[] = {&count, &ln, &fv};
		const char *bad = NULL;
		int badlen = 0, k = 0;
		for (; k < 3; k++)
			if (number(line, key[k], val[k], &bad, &badlen) < 0 || (k == 0 && (count == 0 || count > 1000000)))
				break;
		if (k < 3) {
			if (!bad) {
				bad = "";
				kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, lineno,
				             "malformed baseline entry: count %llu is not 1 to 1000000", count);
			} else {
				kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, lineno,
				             "malformed baseline entry: %s '%.*s' is not %s", key[k], badlen, bad,
				             k == 0 ? "an integer 1 to 1000000" : "a non-negative integer");
			}
			rc = -1;
			break;
		}
		bool legacy = version == 1 || fv == 1;
		kp_baseline_entry *e = entry(b, (uint64_t)fp);
		if (e->count == 0) {
			e->legacy = legacy;
			b->has_legacy |= legacy;
			e->rule = field(&b->arena, line, "rule");
			e->table = field(&b->arena, line, "table");
			e->file = field(&b->arena, line, "file");
			e->shape = field(&b->arena, line, "statement");
			e->line = (unsigned)(ln > 0xffffffffu ? 0 : ln);
		}
		e->count = e->count + count > 1000000 ? 1000000 : e->count + (unsigned)count;
		e->left = e->count;
	}
	free(line);
	/* an empty or cut file (a write interrupted, a bad merge) would
	 * otherwise hide every finding it lost */
	if (!rc && !ferror(f) && !closed) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, lineno + 1,
		             "the baseline ends early (no closing ]}): write it again with --write-baseline");
		rc = -1;
	}
	if (!rc && ferror(f)) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "read error");
		rc = -1;
	}
	fclose(f);
	return rc;
}

static void json_str_or_null(kp_buf *out, const char *s)
{
	if (s)
		kp_buf_json_str(out, s, strlen(s));
	else
		kp_buf_puts(out, "null");
}

int kp_baseline_write(const kp_baseline *b, const char *path, kp_diags *d, kp_arena *a)
{
	kp_buf out = {0};
	kp_buf_puts(&out, "{\"keyplan_baseline\": 2, \"findings\": [\n");
	for (uint32_t i = 0; i < b->entries.n; i++) {
		const kp_baseline_entry *e = b->entries.items[i];
		kp_buf_printf(&out, "{\"fingerprint\": \"%016llx\", \"count\": %u, \"rule\": ",
		              (unsigned long long)e->fp, e->count);
		json_str_or_null(&out, e->rule);
		kp_buf_puts(&out, ", \"table\": ");
		json_str_or_null(&out, e->table);
		kp_buf_puts(&out, ", \"file\": ");
		json_str_or_null(&out, e->file);
		kp_buf_printf(&out, ", \"line\": %u, \"statement\": ", e->line);
		json_str_or_null(&out, e->shape);
		if (e->legacy)
			kp_buf_puts(&out, ", \"fingerprint_version\": 1");
		kp_buf_puts(&out, i + 1 < b->entries.n ? "},\n" : "}\n");
	}
	kp_buf_puts(&out, "]}\n");
	FILE *f = fopen(path, "w");
	int rc = 0;
	if (!f || fwrite(out.data, 1, out.len, f) != out.len) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "cannot write baseline: %s", strerror(errno));
		rc = -1;
	}
	if (f && fclose(f) != 0 && !rc) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "cannot write baseline: %s", strerror(errno));
		rc = -1;
	}
	kp_buf_free(&out);
	return rc;
}
