/* The Go scanner (re2c): interpreted "..." and raw `...` strings, +,
 * brackets, separators and comments; every other token is KP_HT_OTHER. The
 * sentinel method: src[len] is NUL. */
#include "host/host.h"

#include <string.h>

int kp_hlex_go(kp_hlex *lx, kp_htok *t)
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

	id = [a-zA-Z_\x80-\xff] [a-zA-Z0-9_\x80-\xff]*;
	cbody = ([^*\x00] | "*"+ [^*/\x00])* "*"+ "/";

	"\x00"            { if ((size_t)(start - base) >= lx->len) { t->off = (uint32_t)lx->len; t->len = 0; lx->pos = lx->len; t->type = KP_HT_EOF; return KP_HT_EOF; }
	                    TOK(KP_HT_OTHER); }
	[ \t\r\n\f]       { lx->pos = (size_t)(start - base) + kp_hlex_space(lx->src + (start - base)); goto loop; }
	"//" [^\n\x00]*   { TOK(KP_HT_COMMENT); }
	"/*" cbody        { TOK(KP_HT_COMMENT); }
	"/*"              { YYCURSOR = base + lx->len; TOK(KP_HT_COMMENT); }
	"`"               { /* to the closing backquote, NUL bytes included (the SQL lexer
	                       * reports them); an unterminated one runs to the end, as
	                       * the other scanners' strings do */
	                    const void *q = memchr(YYCURSOR, '`', lx->len - (size_t)(YYCURSOR - base));
	                    YYCURSOR = q ? (const unsigned char *)q + 1 : base + lx->len;
	                    t->style = KP_HS_GO_RAW; t->quote = 1; TOK(KP_HT_STR); }
	'"'               { size_t e = kp_hlex_skip_string(lx->src, lx->len, (size_t)(YYCURSOR - base), '"', false,
	                                                   true, false, 0);
	                    YYCURSOR = base + e;
	                    t->style = KP_HS_GO; t->quote = 1; TOK(KP_HT_STR); }
	"'" ([^'\\\n\x00] | "\\" [^\n\x00])* "'" { TOK(KP_HT_OTHER); }
	id                { TOK(KP_HT_OTHER); }
	[0-9] [0-9a-zA-Z_.]* { TOK(KP_HT_OTHER); }
	"+"               { TOK(KP_HT_PLUS); }
	"++" | "+="       { TOK(KP_HT_OTHER); }
	[([{]             { t->open = (char)*start; TOK(KP_HT_OPEN); }
	[)\]}]            { t->open = (char)*start; TOK(KP_HT_CLOSE); }
	","               { TOK(KP_HT_COMMA); }
	";"               { TOK(KP_HT_SEMI); }
	"=" | ":="        { TOK(KP_HT_ASSIGN); }
	"=="              { TOK(KP_HT_OTHER); }
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
