/* The target stores keyplan knows (docs/targets.md). Each is one row of a
 * table in advisor/targets.c: its limits, what its DDL can say, its words,
 * whether it refuses full scans and how it compares names. */
#ifndef KP_TARGETS_H
#define KP_TARGETS_H

#include "grammar/fingerprint.h"
#include "planner/plan.h"

typedef enum kp_target {
	KP_TARGET_LINDORM = 0,  /* the documents' main store (default) */
	KP_TARGET_TABLESTORE,   /* Alibaba Tablestore */
	KP_TARGET_PHOENIX,      /* Apache Phoenix over HBase */
	KP_TARGET_GENERIC,      /* no store-specific limits */
} kp_target;

/* Parses lindorm|tablestore|phoenix|generic. Returns -1 if unknown. */
int kp_target_parse(kp_target *out, const char *s);
const char *kp_target_name(kp_target t);
/* The planning rules of a target: whether full scans are refused, and the
 * store's own words on them. */
void kp_target_plan_opts(kp_plan_opts *o, kp_target t);
/* How the target compares names (KP_NAMES_*, docs/targets.md): Phoenix
 * upper-cases unquoted names, Lindorm's are case-sensitive, Tablestore and
 * generic ignore case. */
int kp_target_names(kp_target t);
/* Is "text" a string literal on this target (Tablestore's MySQL-compatible
 * SQL), rather than a quoted name? */
bool kp_target_dq_strings(kp_target t);
/* May a table have no primary key on this target (a heap table: generic's
 * MySQL and PostgreSQL), rather than KP015? */
bool kp_target_heap_tables(kp_target t);
/* How statements are told apart on the target (grammar/fingerprint.h): its
 * name comparison and IN-list limit, as the advisor's shapes use them. */
void kp_target_fp_opts(kp_fp_opts *o, kp_target t);

/* Constructs keyplan does not plan (KP012, grammar/parse.c), as the
 * stores' own grammars see them. */
typedef enum kp_construct {
	KP_CX_OTHER = 0,        /* anything else: keyplan's own limit */
	KP_CX_CTE,              /* WITH ... */
	KP_CX_JOIN,             /* JOIN, a comma join */
	KP_CX_UNION_ALL,        /* UNION ALL */
	KP_CX_SETOP,            /* UNION, INTERSECT, EXCEPT */
	KP_CX_SUBQUERY,         /* (SELECT ...) in an expression */
	KP_CX_DERIVED,          /* FROM (SELECT ...) */
	KP_CX_WINDOW,           /* f(...) OVER (...) */
} kp_construct;

/* When the target's own grammar refuses construct c: the store's words
 * (what it reads, and the document that says so). NULL when it runs it
 * (keyplan alone does not plan it). */
const char *kp_target_refuses(kp_target t, kp_construct c);

/* When the target's own grammar has no place for form f (kp_stmt.forms,
 * advisor/dialect.c): the store's words and the document. NULL when it
 * takes it, or under generic. */
const char *kp_target_refuses_form(kp_target t, kp_sql_form f);
/* A KP012 error at each form of s the target refuses (with the store's
 * words as help), and at ALTER TABLE ... ADD PRIMARY KEY on every target. */
void kp_target_check_forms(kp_target t, const kp_stmt *s, kp_source *src, kp_arena *a, kp_diags *d);
/* Does a backslash escape a character in the target's string literals
 * (MySQL's default mode: Tablestore, and generic, which reads MySQL dumps)? */
bool kp_target_backslash_escapes(kp_target t);

#endif
