/* Flyway's order for a folder of migrations: a versioned migration is
 * V<version>__<description>.sql, its version digits separated by '.' or
 * '_', compared part by part as numbers (a missing part is 0, so 1.0 is 1);
 * a repeatable one is R__<description>.sql, applied after every versioned
 * one, by description. Other files keep natural order (runs of digits
 * compared as numbers: t2.sql before t10.sql) and come first, as the base
 * schema the migrations change. */
#include "tools/migrations.h"

#include <stdlib.h>
#include <string.h>

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static int is_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

static int ends_with_sql(const char *s)
{
	size_t n = strlen(s);
	return n >= 4 && (s[n - 4] == '.') && (s[n - 3] | 32) == 's' && (s[n - 2] | 32) == 'q' && (s[n - 1] | 32) == 'l';
}

kp_mig_kind kp_migration_kind(const char *path, const char **ver, uint32_t *vlen)
{
	const char *b = base_name(path);
	if (!ends_with_sql(b))
		return KP_MIG_PLAIN;
	if (b[0] == 'R' && b[1] == '_' && b[2] == '_')
		return KP_MIG_REPEATABLE;
	if (b[0] != 'V' || !is_digit(b[1]))
		return KP_MIG_PLAIN;
	/* the version: digits and single separators, up to "__" */
	const char *p = b + 1;
	for (;;) {
		while (is_digit(*p))
			p++;
		if (p[0] == '_' && p[1] == '_')
			break;
		if ((p[0] == '.' || p[0] == '_') && is_digit(p[1])) {
			p++;
			continue;
		}
		return KP_MIG_PLAIN;   /* V1.sql, V1-a.sql, V1.__x.sql: not a migration name */
	}
	if (ver)
		*ver = b + 1;
	if (vlen)
		*vlen = (uint32_t)(p - (b + 1));
	return KP_MIG_VERSIONED;
}

/* Compares the numbers at *pa and *pb (digit runs of any length, leading
 * zeros ignored) and moves both past them. */
static int cmp_number(const char **pa, const char *ea, const char **pb, const char *eb)
{
	const char *a = *pa, *b = *pb;
	while (a < ea && *a == '0' && a + 1 < ea && is_digit(a[1]))
		a++;
	while (b < eb && *b == '0' && b + 1 < eb && is_digit(b[1]))
		b++;
	const char *a0 = a, *b0 = b;
	while (a < ea && is_digit(*a))
		a++;
	while (b < eb && is_digit(*b))
		b++;
	*pa = a;
	*pb = b;
	if (a - a0 != b - b0)
		return a - a0 < b - b0 ? -1 : 1;
	int c = memcmp(a0, b0, (size_t)(a - a0));
	return c < 0 ? -1 : c > 0;
}

/* Is the rest of a version (from p to e) only zero parts? */
static int zeros_only(const char *p, const char *e)
{
	for (; p < e; p++)
		if (is_digit(*p) && *p != '0')
			return 0;
	return 1;
}

/* Flyway's version order: part by part, a missing part is 0. */
static int cmp_version(const char *a, uint32_t na, const char *b, uint32_t nb)
{
	const char *ea = a + na, *eb = b + nb;
	while (a < ea && b < eb) {
		int c = cmp_number(&a, ea, &b, eb);
		if (c)
			return c;
		if (a < ea)
			a++;   /* the separator */
		if (b < eb)
			b++;
	}
	if (a < ea)
		return zeros_only(a, ea) ? 0 : 1;
	if (b < eb)
		return zeros_only(b, eb) ? 0 : -1;
	return 0;
}

/* Natural order: runs of digits compared as numbers, the rest byte by byte. */
static int cmp_natural(const char *a, const char *b)
{
	const char *ea = a + strlen(a), *eb = b + strlen(b);
	while (a < ea && b < eb) {
		if (is_digit(*a) && is_digit(*b)) {
			const char *a0 = a, *b0 = b;
			int c = cmp_number(&a, ea, &b, eb);
			if (c)
				return c;
			/* equal numbers: fewer leading zeros first, for a total order */
			if (a - a0 != b - b0)
				return a - a0 < b - b0 ? -1 : 1;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return a < ea ? 1 : b < eb ? -1 : 0;
}

static int cmp_paths(const void *x, const void *y)
{
	const char *a = *(const char *const *)x, *b = *(const char *const *)y;
	const char *va = NULL, *vb = NULL;
	uint32_t la = 0, lb = 0;
	kp_mig_kind ka = kp_migration_kind(a, &va, &la), kb = kp_migration_kind(b, &vb, &lb);
	if (ka != kb)
		return ka < kb ? -1 : 1;
	int c = 0;
	if (ka == KP_MIG_VERSIONED)
		c = cmp_version(va, la, vb, lb);
	else if (ka == KP_MIG_REPEATABLE)
		c = cmp_natural(base_name(a), base_name(b));
	if (!c)
		c = cmp_natural(a, b);
	return c ? c : strcmp(a, b);
}

int kp_migration_sort(const char **paths, uint32_t n, kp_diags *d, kp_arena *a)
{
	if (n > 1)
		qsort((void *)paths, n, sizeof *paths, cmp_paths);
	int rc = 0;
	for (uint32_t i = 1; i < n; i++) {
		const char *va, *vb;
		uint32_t la, lb;
		if (kp_migration_kind(paths[i - 1], &va, &la) == KP_MIG_VERSIONED &&
		    kp_migration_kind(paths[i], &vb, &lb) == KP_MIG_VERSIONED && cmp_version(va, la, vb, lb) == 0) {
			kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, paths[i], 0,
			             "migration version %.*s repeats %s (each version applies once, as Flyway requires)",
			             (int)lb, vb, paths[i - 1]);
			rc = -1;
		}
	}
	return rc;
}
