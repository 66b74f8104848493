/* The SQLite oracle's random schemas and statements: every target with
 * its own names, hash keys, salted and nullable Phoenix keys, secondary
 * indexes with INCLUDE, DESC, LOCAL, an expression or a WHERE, views over
 * views; conditions with every parameter style, skip ranges, NULLS
 * FIRST/LAST and the range limit. */
#include <stdio.h>
#include <string.h>

#include "oracle.h"

uint64_t rng;

uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

const char *STRS[] = {"", "a", "ab", "abc", "abd", "b", "ba", "bb", "c", "\xc3\xa9", "\xc3\xa9" "a", "a'b"};
static const char *LIKES[] = {"a%", "ab%", "b%", "\xc3\xa9%", "a_%", "%b", "abc", "%", "a'%"};
static const char *GLOBS[] = {"a*", "ab*", "b*", "\xc3\xa9*", "a?*", "*b", "abc", "*", "a[b]*", "A*"};
/* integer literals in every form SQLite reads: hex is 64-bit two's
 * complement, a decimal past 64 bits is a REAL, 1e999 is infinity */
static const char *ODD_INTS[] = {"0x3", "-0x1", "0xFFFFFFFFFFFFFFFF", "0x7FFFFFFFFFFFFFFF", "1e999",
                                 "-1e999", "9223372036854775807", "-9223372036854775808",
                                 "9223372036854775808", "-9223372036854775809", "2.5", "-0.5", "1e0",
                                 "0x0"};
const unsigned NSTRS = 12;

const char *PARAMS_INT[3] = {":i1", "$2", "?3"};
const char *PARAMS_STR[2] = {":s1", "$5"};

static void put_str(kp_buf *b, const char *s)
{
	kp_buf_putc(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			kp_buf_putc(b, '\'');
		kp_buf_putc(b, *s);
	}
	kp_buf_putc(b, '\'');
}

/* A constant for a column: text or integer (sometimes a real, an odd
 * literal, a parameter or NULL). */
static void constant(schema *s, kp_buf *b, int text)
{
	uint32_t r = rnd(40);
	if (r < 4) {
		s->nparams++;
		kp_buf_puts(b, text ? PARAMS_STR[rnd(2)] : PARAMS_INT[rnd(3)]);
	} else if (r == 4) {
		kp_buf_puts(b, "NULL");
	} else if (text) {
		put_str(b, STRS[rnd(NSTRS)]);
	} else if (r < 8) {
		kp_buf_puts(b, ODD_INTS[rnd(sizeof ODD_INTS / sizeof ODD_INTS[0])]);
	} else if (r < 11) {
		kp_buf_printf(b, "%d.5", (int)rnd(5));
	} else {
		kp_buf_printf(b, "%d", (int)rnd(7) - 1);
	}
}

/* column name and whether it holds text; key columns more often */
static int pick_col(const schema *s, kp_buf *b)
{
	if (rnd(3) == 0) {
		int v = (int)rnd(3);
		kp_buf_printf(b, "v%d", v);
		return v == 1;
	}
	int k = (int)rnd((uint32_t)s->nkey);
	kp_buf_printf(b, "k%d", k);
	return s->is_text[k];
}

static void tuple(schema *s, kp_buf *b, int n, int *text)
{
	kp_buf_putc(b, '(');
	for (int i = 0; i < n; i++) {
		if (i)
			kp_buf_puts(b, ", ");
		text[i] = pick_col(s, b);
	}
	kp_buf_putc(b, ')');
}

static void tuple_const(schema *s, kp_buf *b, int n, const int *text)
{
	kp_buf_putc(b, '(');
	for (int i = 0; i < n; i++) {
		if (i)
			kp_buf_puts(b, ", ");
		constant(s, b, text[i]);
	}
	kp_buf_putc(b, ')');
}

void gen_expr(schema *s, kp_buf *b, int depth)
{
	static const char *ops[] = {"=", "<", "<=", ">", ">=", "<>", "="};
	uint32_t r = depth > 0 ? rnd(17) : rnd(11);
	switch (r) {
	case 0: case 1: case 2: {
		if (s->func && rnd(4) == 0) {
			/* the functional index's expression */
			kp_buf_printf(b, "v0 * 2 %s ", ops[rnd(7)]);
			constant(s, b, 0);
			break;
		}
		int text = pick_col(s, b);
		if (text && rnd(10) == 0)
			kp_buf_puts(b, rnd(2) ? " COLLATE NOCASE" : " COLLATE BINARY");
		kp_buf_printf(b, " %s ", ops[rnd(7)]);
		constant(s, b, text);
		break;
	}
	case 3: {
		int text = pick_col(s, b);
		kp_buf_puts(b, rnd(4) ? " BETWEEN " : " NOT BETWEEN ");
		constant(s, b, text);
		kp_buf_puts(b, " AND ");
		constant(s, b, text);
		break;
	}
	case 4: {
		int text = pick_col(s, b);
		kp_buf_puts(b, rnd(4) ? " IN (" : " NOT IN (");
		/* mostly short lists; now and then one long enough for the
		 * planner's sorted lookup of single values (8 or more) */
		int n = rnd(8) ? (int)rnd(4) : 8 + (int)rnd(9);
		for (int i = 0; i < n; i++) {
			if (i)
				kp_buf_puts(b, ", ");
			constant(s, b, text);
		}
		kp_buf_putc(b, ')');
		break;
	}
	case 5: {
		int k = (int)rnd((uint32_t)s->nkey);
		if (!s->is_text[k]) {
			/* the documents' chained comparison */
			constant(s, b, 0);
			kp_buf_printf(b, " %s k%d %s ", rnd(2) ? "<" : "<=", k, rnd(2) ? "<" : "<=");
			constant(s, b, 0);
		} else {
			if (rnd(3)) {
				kp_buf_printf(b, "k%d %s", k, rnd(4) ? " LIKE " : " NOT LIKE ");
				put_str(b, LIKES[rnd(sizeof LIKES / sizeof LIKES[0])]);
			} else {
				kp_buf_printf(b, "k%d %s", k, rnd(4) ? " GLOB " : " NOT GLOB ");
				put_str(b, GLOBS[rnd(sizeof GLOBS / sizeof GLOBS[0])]);
			}
		}
		break;
	}
	case 6: {
		int text = pick_col(s, b);
		uint32_t k = rnd(5);
		if (k < 2) {
			static const char *forms[][2] = {{" IS NULL", " ISNULL"}, {" IS NOT NULL", " NOTNULL"}};
			kp_buf_puts(b, forms[k][rnd(2)]);
		} else if (k == 4) {
			kp_buf_puts(b, rnd(2) ? " IS NULL" : " IS NOT NULL");
		} else {
			kp_buf_puts(b, k == 2 ? " IS " : " IS NOT ");
			constant(s, b, text);
		}
		break;
	}
	case 7: {
		/* tuple comparison (keyset pagination), sometimes over the key in order */
		int n = 2 + (int)rnd(2), text[3];
		if (rnd(2) && s->nkey >= n) {
			kp_buf_putc(b, '(');
			for (int i = 0; i < n; i++) {
				kp_buf_printf(b, "%sk%d", i ? ", " : "", i);
				text[i] = s->is_text[i];
			}
			kp_buf_putc(b, ')');
		} else {
			tuple(s, b, n, text);
		}
		kp_buf_printf(b, " %s ", ops[rnd(6)]);
		tuple_const(s, b, n, text);
		break;
	}
	case 8: {
		/* tuple IN */
		int n = 2, text[2];
		tuple(s, b, n, text);
		kp_buf_puts(b, rnd(5) ? " IN (" : " NOT IN (");
		int m = 1 + (int)rnd(4);
		for (int i = 0; i < m; i++) {
			if (i)
				kp_buf_puts(b, ", ");
			tuple_const(s, b, n, text);
		}
		kp_buf_putc(b, ')');
		break;
	}
	case 9: case 10: {
		/* equality on the leading column: the common case */
		kp_buf_puts(b, "k0 = ");
		constant(s, b, s->is_text[0]);
		break;
	}
	case 11: case 12: case 13: {
		kp_buf_putc(b, '(');
		gen_expr(s, b, depth - 1);
		kp_buf_puts(b, r == 13 ? " OR " : " AND ");
		gen_expr(s, b, depth - 1);
		kp_buf_putc(b, ')');
		break;
	}
	case 14:
		kp_buf_puts(b, "NOT (");
		gen_expr(s, b, depth - 1);
		kp_buf_putc(b, ')');
		break;
	case 15: {
		/* a union of ranges on one column, then equalities on the next
		 * (Phoenix's skip scan) */
		int k = (int)rnd((uint32_t)s->nkey);
		kp_buf_printf(b, "((k%d BETWEEN ", k);
		constant(s, b, s->is_text[k]);
		kp_buf_puts(b, " AND ");
		constant(s, b, s->is_text[k]);
		kp_buf_printf(b, ") OR (k%d > ", k);
		constant(s, b, s->is_text[k]);
		kp_buf_printf(b, " AND k%d <= ", k);
		constant(s, b, s->is_text[k]);
		kp_buf_puts(b, "))");
		if (k + 1 < s->nkey) {
			kp_buf_printf(b, " AND k%d IN (", k + 1);
			constant(s, b, s->is_text[k + 1]);
			kp_buf_puts(b, ", ");
			constant(s, b, s->is_text[k + 1]);
			kp_buf_putc(b, ')');
		}
		break;
	}
	default:
		gen_expr(s, b, depth - 1);
		kp_buf_puts(b, " AND ");
		gen_expr(s, b, depth - 1);
	}
}

void gen_order(const schema *s, kp_buf *ob)
{
	const char *const *idx_cols = s->idx_cols;
	int n = 1 + (int)rnd(3);
	int pattern = (int)rnd(4);
	int flip = (int)rnd(2);
	for (int i = 0; i < n; i++) {
		if (i)
			kp_buf_puts(ob, ", ");
		if (pattern == 0 && idx_cols[0] && i < 2 && idx_cols[i]) {
			kp_buf_puts(ob, idx_cols[i]);
		} else if (pattern <= 1 && i < s->nkey) {
			kp_buf_printf(ob, "k%d", i);
			if (s->desc[i] != flip) {
				kp_buf_puts(ob, " DESC");
				goto nulls;
			}
		} else if (rnd(3) == 0) {
			kp_buf_printf(ob, "v%d", (int)rnd(3));
		} else {
			kp_buf_printf(ob, "k%d", (int)rnd((uint32_t)s->nkey));
		}
		if (rnd(3) == 0 || (flip && pattern == 0))
			kp_buf_puts(ob, " DESC");
	nulls:
		/* NULL placement written out, either way */
		if (rnd(4) == 0)
			kp_buf_puts(ob, rnd(2) ? " NULLS FIRST" : " NULLS LAST");
	}
}

void gen_range_limit(schema *s, kp_buf *b)
{
	/* two IN lists whose product passes 10,000 ranges, or one list longer
	 * than that; repeated items do not count */
	int two = s->nkey >= 2 && !s->is_text[0] && !s->is_text[1];
	int n0 = two ? 101 + (int)rnd(20) : 10001 + (int)rnd(50);
	kp_buf_puts(b, "k0 IN (");
	for (int i = 0; i < n0; i++) {
		if (s->is_text[0])
			kp_buf_printf(b, "%s'x%05d'", i ? ", " : "", i);
		else
			kp_buf_printf(b, "%s%d", i ? ", " : "", i - 1);
	}
	kp_buf_puts(b, ", ");
	if (rnd(3) == 0) {
		s->nparams++;
		kp_buf_puts(b, s->is_text[0] ? PARAMS_STR[rnd(2)] : PARAMS_INT[rnd(3)]);
	} else if (s->is_text[0]) {
		put_str(b, "a");
	} else {
		kp_buf_puts(b, "7");
	}
	kp_buf_putc(b, ')');
	if (!two)
		return;
	kp_buf_puts(b, " AND k1 IN (");
	for (int i = 0; i < 100; i++)
		kp_buf_printf(b, "%s%d", i ? ", " : "", i % 60 - 1);
	if (rnd(2)) {
		s->nparams++;
		kp_buf_printf(b, ", %s", PARAMS_INT[rnd(3)]);
	}
	kp_buf_putc(b, ')');
}

void gen_schema(schema *s, kp_target tg)
{
	memset(s, 0, sizeof *s);
	s->target = tg;
	int phx = tg == KP_TARGET_PHOENIX;
	s->nkey = 1 + (int)rnd(4);
	s->hash = (tg == KP_TARGET_LINDORM || tg == KP_TARGET_GENERIC) && rnd(6) == 0;
	s->salted = phx && rnd(4) == 0;
	kp_buf *d = &s->ddl, *l = &s->lite;
	kp_buf_puts(d, "CREATE TABLE t (");
	kp_buf_puts(l, "CREATE TABLE t (");
	int any_null = 0;
	for (int i = 0; i < s->nkey; i++) {
		s->is_text[i] = (int)rnd(2);
		s->desc[i] = rnd(3) == 0;
		/* Phoenix: a VARCHAR key column not declared NOT NULL holds NULL
		 * in a key of several columns */
		s->nullable[i] = phx && s->nkey > 1 && s->is_text[i] && rnd(2);
		any_null |= s->nullable[i];
		const char *type = s->is_text[i] ? "VARCHAR(8)" : "BIGINT";
		kp_buf_printf(d, "k%d %s%s, ", i, type, s->nullable[i] ? "" : " NOT NULL");
		kp_buf_printf(l, "k%d %s%s, ", i, type, s->nullable[i] ? "" : " NOT NULL");
	}
	kp_buf_puts(d, "v0 BIGINT, v1 VARCHAR(8), v2 BIGINT NOT NULL, PRIMARY KEY (");
	kp_buf_puts(l, "v0 BIGINT, v1 VARCHAR(8), v2 BIGINT NOT NULL, ");
	/* SQLite keeps NULL out of a WITHOUT ROWID key: with NULL key columns
	 * a rowid table, one row per key by a unique text of it */
	kp_buf_puts(l, any_null ? "kx TEXT UNIQUE, PRIMARY KEY (" : "PRIMARY KEY (");
	if (s->hash)
		kp_buf_puts(d, "hash32(k0), ");
	for (int i = 0; i < s->nkey; i++) {
		kp_buf_printf(d, "%sk%d%s", i ? ", " : "", i, s->desc[i] ? " DESC" : "");
		kp_buf_printf(l, "%sk%d%s", i ? ", " : "", i, s->desc[i] ? " DESC" : "");
	}
	kp_buf_puts(d, "))");
	kp_buf_puts(l, any_null ? "))" : ")) WITHOUT ROWID");
	if (s->salted)
		kp_buf_printf(d, " SALT_BUCKETS = %d", 2 + (int)rnd(7));
	/* secondary indexes (keyplan only: SQLite's plans stay on the primary
	 * key for the plan comparison) over nullable columns */
	static const char *IDX[][2] = {{"v0", NULL}, {"v1", "v0"}, {"v1", NULL}, {"v2", "v0"},
	                               {"v0", "k0"}, {"v1", "v2"}};
	int nidx = (int)rnd(4);
	for (int i = 0; i < nidx; i++) {
		uint32_t kind = rnd(8);
		if (kind == 0 && phx) {
			/* a functional index (Phoenix) */
			s->func = 1;
			kp_buf_printf(d, "; CREATE %sINDEX i%d ON t (v0 * 2%s)", rnd(2) ? "LOCAL " : "", i,
			              rnd(3) ? "" : " DESC");
			if (rnd(2))
				kp_buf_puts(d, " INCLUDE (v1, v2)");
			continue;
		}
		int which = (int)rnd(6);
		kp_buf_printf(d, "; CREATE %sINDEX i%d ON t (%s%s", phx && rnd(3) == 0 ? "LOCAL " : "", i,
		              IDX[which][0], rnd(4) ? "" : " DESC");
		if (IDX[which][1])
			kp_buf_printf(d, ", %s%s", IDX[which][1], rnd(4) ? "" : " DESC");
		kp_buf_puts(d, ")");
		if (rnd(3) == 0)
			kp_buf_puts(d, " INCLUDE (v0, v1, v2)");
		if (phx && kind == 1) {
			/* a partial index (Phoenix): used where the WHERE holds v2 > 1 */
			s->partial = 1;
			kp_buf_puts(d, " WHERE v2 > 1");
		}
		if (i == 0) {
			s->idx_cols[0] = IDX[which][0];
			s->idx_cols[1] = IDX[which][1];
		}
	}
	/* views over views, on both sides */
	kp_buf_puts(d, "; CREATE VIEW w1 AS SELECT * FROM t WHERE " VIEW_W1
	               "; CREATE VIEW w2 AS SELECT * FROM w1 WHERE " VIEW_W2);
	kp_buf_puts(l, "; CREATE VIEW w1 AS SELECT * FROM t WHERE " VIEW_W1
	               "; CREATE VIEW w2 AS SELECT * FROM w1 WHERE " VIEW_W2);
}

void gen_row(const schema *s, kp_buf *b)
{
	kp_buf kx = {0};
	kp_buf_puts(b, "INSERT OR IGNORE INTO t (");
	for (int i = 0; i < s->nkey; i++)
		kp_buf_printf(b, "k%d, ", i);
	int any_null = 0;
	for (int i = 0; i < s->nkey; i++)
		any_null |= s->nullable[i];
	kp_buf_printf(b, "v0, v1, v2%s) VALUES (", any_null ? ", kx" : "");
	for (int i = 0; i < s->nkey; i++) {
		kp_buf v = {0};
		if (s->nullable[i] && rnd(5) == 0)
			kp_buf_puts(&v, "NULL");
		else if (s->is_text[i])
			put_str(&v, STRS[rnd(NSTRS)]);
		else if (rnd(20) == 0)
			kp_buf_puts(&v, rnd(2) ? "-1" : "9223372036854775807");
		else
			kp_buf_printf(&v, "%d", (int)rnd(6));
		kp_buf_printf(b, "%s, ", v.data);
		kp_buf_printf(&kx, "%s%s", i ? "," : "", v.data);
		kp_buf_free(&v);
	}
	if (rnd(4) == 0)
		kp_buf_puts(b, "NULL, ");
	else
		kp_buf_printf(b, "%d, ", (int)rnd(6) - (rnd(10) == 0));
	if (rnd(4) == 0)
		kp_buf_puts(b, "NULL");
	else
		put_str(b, STRS[rnd(NSTRS)]);
	kp_buf_printf(b, ", %d", (int)rnd(4));
	if (any_null) {
		kp_buf_puts(b, ", ");
		put_str(b, kx.data);
	}
	kp_buf_putc(b, ')');
	kp_buf_free(&kx);
}
