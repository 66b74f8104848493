/* Statements keyplan reads as units and neither models nor plans (the
 * driver's skip forms): session and transaction statements (SET, BEGIN,
 * COMMIT, ...), objects keyplan has no model of (sequences, types,
 * extensions), routines whose bodies hold statements of their own (CREATE
 * PROCEDURE, FUNCTION, TRIGGER, EVENT: read up to the END that closes their
 * BEGIN, or a PostgreSQL $$ body), and the lines a client reads itself
 * (MySQL's DELIMITER and SOURCE, psql's \ commands). Private to the
 * grammar's driver (parse.c). */
#ifndef KP_UNIT_H
#define KP_UNIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grammar/lexer.h"

typedef struct kp_unit {
	const char *what;       /* the form, as explain prints it ("CREATE PROCEDURE") */
	kp_token name;          /* the [schema.]name it names (len 0: none) */
	kp_token kw;            /* the word that says what it is (PROCEDURE), for its note */
	bool body;              /* a routine or block: ';' between its BEGIN and END
	                           does not end it (kp_unit_depth) */
	bool note;              /* say at kw that keyplan does not plan it (KP012, info) */
} kp_unit;

/* Is the statement whose first token is t (lx just after it) one keyplan
 * reads as a unit? Fills u. text: the source. */
bool kp_unit_form(const char *text, const kp_lexer *lx, kp_token t, kp_unit *u);

/* How token t (lx just after it) changes the BEGIN ... END depth of a
 * routine's body: +1 for BEGIN and CASE, -1 for the END that closes them
 * (END, END label; -2 for the END of END CASE, whose CASE counts +1), 0
 * otherwise (END IF, END LOOP, END WHILE, END REPEAT close statements that
 * opened no depth). */
int kp_unit_depth(const char *text, const kp_lexer *lx, kp_token t);

/* The offset of the first byte at or after pos that is neither white space
 * nor in a comment (-- and, with hash, #, to the end of the line; / * ... * /). */
size_t kp_unit_blank(const char *text, size_t len, size_t pos, bool hash);

/* A line a client reads itself, at at (the statement's first byte):
 * `DELIMITER x` (MySQL's client: statements end at x until the next
 * DELIMITER; x copied into delim, *dlen its length, 0 for ';') or a psql
 * meta-command (`\c db`, `\connect`, `\set`: a backslash first on its
 * line). Returns the offset of the line's end (the command's end) and sets
 * *what, or 0 when at holds neither. */
size_t kp_unit_client_line(const char *text, size_t len, size_t at, char *delim, uint8_t *dlen,
                           const char **what);

/* The data of PostgreSQL's COPY ... FROM STDIN, whose ';' ends at pos:
 * the lines after that ';''s line, up to and including the line "\."
 * (psql, COPY; a CR before its line break allowed). Returns the offset
 * just past that line (its line break included), with *ended; without
 * such a line, len, *ended false. */
size_t kp_unit_copy_data(const char *text, size_t len, size_t pos, bool *ended);

/* The longest DELIMITER keyplan keeps (longer ones are cut). */
#define KP_MAX_DELIM 15

#endif
