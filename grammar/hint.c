/* Hint comments (a comment opened by a slash, a star and a plus): the
 * hints of one comment, read into its statement by the parse driver
 * (parse.c). */
#include "grammar/hint.h"

#include "grammar/parser.h"

/* Quotes up to 40 bytes of a token for a message, cut on a UTF-8 boundary. */
const char *kp_token_quote(kp_arena *a, const char *text, kp_token t)
{
	uint32_t n = t.len;
	if (n > 40) {
		n = 40;
		while (n > 0 && ((unsigned char)text[t.off + n] & 0xc0) == 0x80)
			n--;
	}
	return kp_arena_printf(a, "%.*s%s", (int)n, text + t.off, n < t.len ? "..." : "");
}

/* Is token t a word (a name or a keyword), as hint names and arguments are? */
static int is_word(const kp_source *src, kp_token t)
{
	unsigned char c = (unsigned char)src->text[t.off];
	return t.type != KP_TOK_ERROR && t.len > 0 &&
	       (c == '_' || c == '"' || c == '`' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/* Parses the inside of one hint comment: hints separated by commas or
 * spaces (Lindorm: name[(args)], ...; Phoenix: NAME NAME(args) ...), each
 * argument a string, number, TRUE/FALSE, bind parameter or a name, which
 * may be dotted (Phoenix's INDEX(schema.table idx)); arguments are
 * separated by commas or spaces. */
void kp_parse_hint(kp_stmt *s, kp_source *src, kp_token h, kp_arena *a, kp_diags *d, bool upper)
{
	kp_lexer lx;
	kp_token t;
	uint32_t end = h.off + h.len - 2;
	kp_lexer_init(&lx, src->text, src->len, h.off + 3);
	kp_hint *cur = NULL;
	kp_expr *last = NULL;   /* the last name argument, which a '.' extends */
	int inargs = 0, dot = 0;
	while (kp_lex(&lx, &t) != KP_TOK_EOF && t.off < end) {
		if (!inargs && t.type == TK_COMMA) {
			cur = NULL;
			continue;
		}
		if (!inargs && is_word(src, t)) {
			cur = kp_arena_alloc(a, sizeof(*cur));
			cur->name = kp_ast_name(a, src->text, t.off, t.len);
			kp_list_push(a, &s->hints, cur);
			continue;
		}
		if (cur && !inargs && t.type == TK_LP) {
			inargs = 1;
			last = NULL;
			continue;
		}
		if (inargs && !dot && t.type == TK_RP) {
			inargs = 0;
			cur = NULL;
			continue;
		}
		if (inargs && !dot && t.type == TK_COMMA) {
			last = NULL;
			continue;
		}
		if (inargs && !dot && last && t.type == TK_DOT) {
			dot = 1;
			continue;
		}
		if (inargs && dot && is_word(src, t)) {
			/* schema.table: one name over both words */
			kp_name n = kp_ast_name_folded(a, src->text, t.off, t.len, upper);
			last->qual = last->name;
			last->name = n;
			last->len = t.off + t.len - last->off;
			dot = 0;
			continue;
		}
		if (inargs && !dot && (t.type == TK_STRING || t.type == TK_INTEGER || t.type == TK_FLOAT ||
		                       t.type == TK_PARAM || t.type == TK_TRUE || t.type == TK_FALSE ||
		                       is_word(src, t))) {
			kp_expr *e;
			last = NULL;
			if (t.type == TK_STRING || t.type == TK_INTEGER || t.type == TK_FLOAT || t.type == TK_PARAM) {
				int kind = t.type == TK_STRING ? KP_X_STRING : t.type == TK_INTEGER ? KP_X_INT
				         : t.type == TK_FLOAT ? KP_X_FLOAT : KP_X_PARAM;
				e = kp_ast_literal(a, src->text, kind, t.off, t.len);
			} else if (t.type == TK_TRUE || t.type == TK_FALSE) {
				e = kp_ast_literal(a, src->text, KP_X_BOOL, t.off, t.len);
				e->ival = t.type == TK_TRUE;
			} else {
				e = kp_ast_literal(a, src->text, KP_X_COLUMN, t.off, t.len);
				e->name = kp_ast_name_folded(a, src->text, t.off, t.len, upper);
				last = e;
			}
			kp_list_push(a, &cur->args, e);
			continue;
		}
		kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, t.off, t.len,
		            "malformed hint near '%s'; expected name or name('arg', ...)",
		            kp_token_quote(a, src->text, t));
		return;
	}
	if (inargs)
		kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, h.off, h.len,
		            "malformed hint: missing ')'");
}
