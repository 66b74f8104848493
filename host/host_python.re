/* The Python scanner (re2c): string literals with any prefix (r, u, b, f
 * and their pairs), single or triple quoted; +, %, brackets, separators,
 * comments, and the line breaks that end a statement (the extraction
 * ignores those inside brackets; a backslash continues the line). Every
 * other token is KP_HT_OTHER. The sentinel method: src[len] is NUL. */
#include "host/host.h"

#include <string.h>

int kp_hlex_python(kp_hlex *lx, kp_htok *t)
{
	const unsigned char *YYCURSOR, *YYMARKER, *start;
	const unsigned char *base = (const unsigned char *)lx->src;
	(void)YYMARKER;
	memset(t, 0, sizeof *t);
loop:
	start = YYCURSOR = base + lx->pos;
#define TOK(k) do { t->type = (k); goto done; } while (0)
#define STR(q, triple) do { size_t body = (size_t)(YYCURSOR - base); \
		t->prefix = (uint8_t)(body - (size_t)(start - base) - (triple ? 3 : 1)); \
		/* a backslash escapes the quote in raw strings too (and stays) */ \
		YYCURSOR = base + kp_hlex_skip_string(lx->src, lx->len, body, q, triple, true, false, 0); \
		t->style = KP_HS_PY; t->quote = triple ? 3 : 1; TOK(KP_HT_STR); } while (0)
	/*!re2c
	re2c:define:YYCTYPE = "unsigned char";
	re2c:yyfill:enable = 0;

	id = [a-zA-Z_\x80-\xff] [a-zA-Z0-9_\x80-\xff]*;
	pfx = [rRuUbBfF] | [rR][bBfF] | [bBfF][rR];

	"\x00"            { if ((size_t)(start - base) >= lx->len) { t->off = (uint32_t)lx->len; t->len = 0; lx->pos = lx->len; t->type = KP_HT_EOF; return KP_HT_EOF; }
	                    TOK(KP_HT_OTHER); }
	[ \t\f\r]       { lx->pos = (size_t)(start - base) + kp_hlex_blanks(lx->src + (start - base)); goto loop; }
	"\\" "\r"? "\n" { lx->pos = (size_t)(YYCURSOR - base); goto loop; }
	"\n"              { TOK(KP_HT_NL); }
	"#" [^\n\x00]*    { TOK(KP_HT_COMMENT); }
	pfx? "'''"        { STR('\'', true); }
	pfx? '"""'        { STR('"', true); }
	pfx? "'"          { STR('\'', false); }
	pfx? '"'          { STR('"', false); }
	id                { TOK(KP_HT_OTHER); }
	[0-9] [0-9a-zA-Z_.]* { TOK(KP_HT_OTHER); }
	"+"               { TOK(KP_HT_PLUS); }
	"%"               { TOK(KP_HT_PCT); }
	"+=" | "%="       { TOK(KP_HT_OTHER); }
	[([{]             { t->open = (char)*start; TOK(KP_HT_OPEN); }
	[)\]}]            { t->open = (char)*start; TOK(KP_HT_CLOSE); }
	","               { TOK(KP_HT_COMMA); }
	";"               { TOK(KP_HT_SEMI); }
	"="               { TOK(KP_HT_ASSIGN); }
	"==" | ":="       { TOK(KP_HT_OTHER); }
	"."               { TOK(KP_HT_DOT); }
	"@" id            { TOK(KP_HT_ANNOT); }
	*                 { TOK(KP_HT_OTHER); }
	*/
done:
	t->off = (uint32_t)(start - base);
	t->len = (uint32_t)(YYCURSOR - start);
	lx->pos = (size_t)(YYCURSOR - base);
	return t->type;
#undef TOK
#undef STR
}
