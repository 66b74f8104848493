/* The shape cache: statements of one shape are parsed once.
 *
 * A statement's shape is its token stream with the literals' values left
 * out: every token's type, and the exact text of every token that is not a
 * number or a string (names as written, so quoting and case, which decide
 * what a name means, are part of it). The driver (parse.c) lexes the
 * statement once into the cache's token buffer; on a hit the statement is
 * a copy of the shape's AST with each offset moved to the new tokens and
 * each literal made again from its new token, as the grammar's action
 * would have made it: the parser is skipped, nothing else is. On a miss
 * the driver replays the buffered tokens (nothing is lexed twice), and the
 * second time a shape misses, the parsed statement is learned.
 *
 * A statement is learned only when everything in its AST can be placed
 * from its tokens: each offset at a token's start or end, each name a
 * slice of one token or text of its own, each number and string token
 * read by exactly one literal node that the literal rule alone made. So a
 * literal whose value the grammar reads (a type's length, a folded sign)
 * keeps its statement out of the cache, and a hit is the statement the
 * parser would have built. Nothing of the catalog is cached: DDL needs no
 * invalidation, and the parser's settings are part of the key.
 *
 * A miss costs the buffering of its tokens (the parser reads them from the
 * buffer); a workload where no shape repeats stops paying it: after 256
 * lookups without a repeat, one statement in 16 is looked up, until one
 * repeats.
 *
 * Bounded, and grown with what it keeps: a table by hash that starts at 64
 * slots and doubles at half full, the shapes in 64 KB blocks (about 2 KB
 * a shape of the benchmark's); past 4,096 shapes or 4 MB the cache's memory
 * is dropped and it starts over. A short run, or one where no shape
 * repeats, holds little or nothing. KP_SHAPE_CACHE=0 in the environment
 * turns it off (the equivalence test compares outputs both ways). */
#ifndef KP_SHAPE_H
#define KP_SHAPE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"
#include "grammar/ast.h"
#include "grammar/lexer.h"

typedef struct kp_shapes kp_shapes;

/* An empty cache (a parser makes one at its 32nd statement, unless
 * KP_SHAPE_CACHE=0). With
 * stats (KP_SHAPE_CACHE=stats), kp_shapes_free says on standard error how
 * often it was read: the equivalence test asserts that it was. */
kp_shapes *kp_shapes_new(bool stats);
void kp_shapes_free(kp_shapes *c);

/* The tokens kp_shapes_lookup buffered, for the parser to read instead of
 * lexing them again (kp_shape_next). */
typedef struct kp_shape_replay {
	const kp_token *tok;    /* the lexer's position after each is its end */
	uint32_t n;             /* tokens */
	uint32_t next;          /* the next one to read */
} kp_shape_replay;

/* Lexes the statement at lx's position into the buffer (lx itself does
 * not move) and looks its shape up. flags: the parser's settings that
 * change its AST. Returns the statement copied into a on a hit, with *pos
 * past its ';' and *at_eof whether it ended at the end of the input;
 * NULL on a miss. Either way rp is set to the buffered tokens. */
/* The flag of a parser that reads MySQL's backslash escapes in strings
 * (kp_parser_backslash_escapes): a literal made again is unescaped. */
#define KP_SHAPE_BACKSLASH 8u

kp_stmt *kp_shapes_lookup(kp_shapes *c, const kp_lexer *lx, unsigned flags, kp_arena *a, size_t *pos,
                          bool *at_eof, kp_shape_replay *rp);

/* The next buffered token, with lx moved past it as kp_lex would have (to
 * its end): its type, or -1 when the buffer is spent (then read on with
 * kp_lex). Only the test is inlined in the parse driver's loop, which most
 * statements of a workload whose shapes do not repeat run with no buffer. */
int kp_shape_take(kp_shape_replay *rp, kp_lexer *lx, kp_token *t);
static inline int kp_shape_next(kp_shape_replay *rp, kp_lexer *lx, kp_token *t)
{
	if (rp->next >= rp->n)
		return -1;
	return kp_shape_take(rp, lx, t);
}

/* The shape the last kp_shapes_lookup hit: an id no other shape of the
 * process has (not even this one learned again), or 0 after a miss. The
 * planner keeps what depends on a shape alone under it (planner/reuse.c). */
uint64_t kp_shapes_last_hit(const kp_shapes *c);

/* s parsed from the tokens looked up last (all_read: every one of them
 * read) with nothing reported: learned when its shape missed before. */
void kp_shapes_learn(kp_shapes *c, bool all_read, const kp_stmt *s, const char *text);

#endif
