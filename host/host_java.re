/* The Java and Kotlin scanner (re2c): cuts a source file into the tokens
 * the SQL extraction needs (string literals, +, brackets, separators,
 * annotations, comments); every other token is KP_HT_OTHER. String bodies
 * with Kotlin templates (which may hold strings) are skipped by
 * kp_hlex_skip_string. The sentinel method: src[len] is NUL. */
#include "host/host.h"

#include <string.h>

/* The end of a block comment whose body starts at pos: Kotlin's nest,
 * Java's do not; an unterminated one runs to the end. */
static size_t block_comment(const char *s, size_t len, size_t pos, bool nest)
{
	unsigned depth = 1;
	while (pos + 1 < len) {
		if (s[pos] == '*' && s[pos + 1] == '/') {
			pos += 2;
			if (--depth == 0)
				return pos;
		} else if (nest && s[pos] == '/' && s[pos + 1] == '*') {
			pos += 2;
			depth++;
		} else {
			pos++;
		}
	}
	return len;
}

int kp_hlex_java(kp_hlex *lx, kp_htok *t)
{
	const unsigned char *YYCURSOR, *YYMARKER, *start;
	const unsigned char *base = (const unsigned char *)lx->src;
	(void)YYMARKER;
	memset(t, 0, sizeof *t);
loop:
	start = YYCURSOR = base + lx->pos;
#define TOK(k) do { t->type = (k); goto done; } while (0)
	/*!re2c
	re2c:define:YYCTYPE = "unsigned char";
	re2c:yyfill:enable = 0;

	id = [a-zA-Z_$\x80-\xff] [a-zA-Z0-9_$\x80-\xff]*;

	"\x00"            { if ((size_t)(start - base) >= lx->len) { t->off = (uint32_t)lx->len; t->len = 0; lx->pos = lx->len; t->type = KP_HT_EOF; return KP_HT_EOF; }
	                    TOK(KP_HT_OTHER); }
	[ \t\r\n\f]       { lx->pos = (size_t)(start - base) + kp_hlex_space(lx->src + (start - base)); goto loop; }
	"//" [^\n\x00]*   { TOK(KP_HT_COMMENT); }
	"/*"              { YYCURSOR = base + block_comment(lx->src, lx->len, (size_t)(YYCURSOR - base), lx->kotlin);
	                    TOK(KP_HT_COMMENT); }
	'"""'             { size_t e = kp_hlex_skip_string(lx->src, lx->len, (size_t)(YYCURSOR - base), '"', true,
	                                                   !lx->kotlin, lx->kotlin, 0);
	                    YYCURSOR = base + e;
	                    t->style = lx->kotlin ? KP_HS_KT_RAW : KP_HS_JAVA_BLOCK; t->quote = 3; TOK(KP_HT_STR); }
	'"'               { size_t e = kp_hlex_skip_string(lx->src, lx->len, (size_t)(YYCURSOR - base), '"', false,
	                                                   true, lx->kotlin, 0);
	                    YYCURSOR = base + e;
	                    t->style = lx->kotlin ? KP_HS_KT : KP_HS_JAVA; t->quote = 1; TOK(KP_HT_STR); }
	"'" ([^'\\\n\x00] | "\\" [^\n\x00])* "'" { TOK(KP_HT_OTHER); }
	"@" id            { TOK(KP_HT_ANNOT); }
	id                { TOK(KP_HT_OTHER); }
	[0-9] [0-9a-zA-Z_.]* { TOK(KP_HT_OTHER); }
	"+"               { TOK(KP_HT_PLUS); }
	"++" | "+="       { TOK(KP_HT_OTHER); }
	[([{]             { t->open = (char)*start; TOK(KP_HT_OPEN); }
	[)\]}]            { t->open = (char)*start; TOK(KP_HT_CLOSE); }
	","               { TOK(KP_HT_COMMA); }
	";"               { TOK(KP_HT_SEMI); }
	"="               { TOK(KP_HT_ASSIGN); }
	"==" | "=>" | "->" | "::" { TOK(KP_HT_OTHER); }
	"."               { TOK(KP_HT_DOT); }
	*                 { TOK(KP_HT_OTHER); }
	*/
done:
	t->off = (uint32_t)(start - base);
	t->len = (uint32_t)(YYCURSOR - start);
	lx->pos = (size_t)(YYCURSOR - base);
	return t->type;
#undef TOK
}
