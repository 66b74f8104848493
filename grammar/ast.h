/* The AST the parser builds for one statement. Every node lives in the
 * statement's arena; names and literals are slices of the source text
 * unless unescaping forced a copy. The grammar never looks at the catalog:
 * resolving names is the catalog's and planner's job. */
#ifndef KP_AST_H
#define KP_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/buf.h"

/* A name as written: unquoted, "double", `back` or [bracket] quoted. */
typedef struct kp_name {
	const char *s;          /* text without quotes (slice or arena copy); NULL if absent;
	                           a quoted name holding a dot keeps double quotes ("S.T"),
	                           so that it is not the qualified S.T */
	uint32_t len;           /* bytes in s */
	uint32_t off;           /* byte offset of the name in the source */
	uint32_t srclen;        /* bytes of the name in the source, quotes included */
	bool quoted;            /* written with quotes */
} kp_name;

/* A growable array of pointers, in the arena. */
typedef struct kp_list {
	void **items;           /* elements */
	uint32_t n;             /* elements used */
	uint32_t cap;           /* elements allocated */
} kp_list;

void kp_list_push(kp_arena *a, kp_list *l, void *item);

typedef enum kp_op {
	KP_OP_NONE = 0,
	KP_OP_EQ, KP_OP_NE, KP_OP_LT, KP_OP_LE, KP_OP_GT, KP_OP_GE,   /* comparisons */
	KP_OP_ADD, KP_OP_SUB, KP_OP_MUL, KP_OP_DIV, KP_OP_MOD, KP_OP_CONCAT, /* arithmetic */
	KP_OP_IS, KP_OP_ISNOT,                      /* a IS b, a IS NOT b (NULL-safe equality) */
	KP_OP_OVERLAP,                              /* a && b: arrays (ranges) overlap (PostgreSQL) */
	KP_OP_JSON, KP_OP_JSON_TEXT,                /* a -> b, a ->> b: a JSON value, as text */
} kp_op;

const char *kp_op_text(kp_op op);

typedef enum kp_expr_kind {
	KP_X_COLUMN,    /* name, optional qual */
	KP_X_INT,       /* ival (text in name) */
	KP_X_FLOAT,     /* fval (text in name) */
	KP_X_STRING,    /* str/slen, unescaped */
	KP_X_BOOL,      /* ival 0 or 1 */
	KP_X_NULL,      /* NULL */
	KP_X_PARAM,     /* ?, ?N, :name, $N: text in name */
	KP_X_STAR,      /* * in a select list or count(*) */
	KP_X_CMP,       /* a op b */
	KP_X_CHAIN,     /* list[0] op list[1] op2 list[2]: the chained comparison */
	KP_X_AND,       /* list, n >= 2 */
	KP_X_OR,        /* list, n >= 2 */
	KP_X_NOT,       /* NOT a */
	KP_X_BETWEEN,   /* a [NOT] BETWEEN b AND c */
	KP_X_IN,        /* a [NOT] IN (list) */
	KP_X_LIKE,      /* a [NOT] LIKE b [ESCAPE c], or a [NOT] GLOB b */
	KP_X_ISNULL,    /* a IS [NOT] NULL */
	KP_X_ARITH,     /* a op b */
	KP_X_NEG,       /* op SUB: -a; op ADD: +a */
	KP_X_FUNC,      /* name(list), or name(*) with star; distinct */
	KP_X_TUPLE,     /* (list), n >= 2 */
	KP_X_CASE,      /* CASE: list of operands, kept only to render */
	KP_X_CAST,      /* CAST(a AS name) */
	KP_X_COLLATE,   /* a COLLATE name */
	KP_X_SUBSCRIPT, /* a[b]: an array element */
	KP_X_ARRAY,     /* ARRAY[list] */
	KP_X_QUANT,     /* ANY(a) / SOME(a), or ALL(a) with op2 1: the right side of a
	                   comparison over an array */
	KP_X_MATCH,     /* MATCH(list) AGAINST(a): Lindorm search */
	KP_X_SEQ,       /* NEXT VALUE FOR name (op2 0; a: the count of NEXT n VALUES),
	                   CURRENT VALUE FOR name (op2 1) */
	KP_X_INTERVAL,  /* INTERVAL a unit: unit in name */
} kp_expr_kind;

typedef struct kp_expr {
	uint8_t kind;           /* kp_expr_kind */
	uint8_t op;             /* kp_op for CMP, CHAIN (first), ARITH, NEG */
	uint8_t op2;            /* CHAIN: second operator; LIKE: 1 for ILIKE;
	                           QUANT: 1 for ALL; SEQ: 1 for CURRENT; FUNC: 1 ORDER BY
	                           inside the parentheses, 2 EXTRACT(list[0] FROM list[1]) */
	bool negated;           /* NOT IN, NOT LIKE, NOT BETWEEN, IS NOT NULL */
	bool paren;             /* written inside parentheses */
	bool star;              /* FUNC: name(*); */
	bool distinct;          /* FUNC: name(DISTINCT ...) */
	bool overflow;          /* INT: does not fit in 64 bits (then fval holds it) */
	bool glob;              /* LIKE: the GLOB operator (wildcards * ? [..]) */
	uint16_t depth;         /* height of this subtree (limits recursion) */
	uint32_t ref;           /* COLUMN: its number among the statement's column
	                           references (1 to kp_stmt.ncolrefs; 0 outside a
	                           statement), by which the planner's resolved view
	                           (kp_names) says which table column it names */
	uint32_t off;           /* byte offset of the first token */
	uint32_t len;           /* bytes up to the end of the last token */
	kp_name name;           /* COLUMN, FUNC, CAST type, SEQ sequence; literal text
	                           for INT/FLOAT/PARAM */
	union {                 /* by kind: the AST of every statement is built, so nodes are kept small */
		kp_name qual;       /* COLUMN, STAR: qualifier (table, alias or column family) */
		struct {
			const char *str; /* STRING: value */
			uint32_t slen;   /* STRING: bytes in str */
		};
	};
	union {
		int64_t ival;       /* INT (unless overflow), BOOL */
		double fval;        /* FLOAT, and INT on overflow */
	};
	struct kp_expr *a, *b, *c;  /* operands */
	struct kp_expr **list;  /* CHAIN, AND, OR, IN, FUNC, TUPLE, CASE, ARRAY, MATCH
	                           operands (FUNC: b is a TUPLE of the WITHIN GROUP
	                           (ORDER BY ...) expressions, or of the ORDER BY inside
	                           the parentheses when op2 is 1; c a SEPARATOR) */
	uint32_t n;             /* entries in list */
} kp_expr;

/* A column definition in CREATE TABLE. */
typedef struct kp_coldef {
	kp_name name;           /* column name (without its family) */
	kp_name family;         /* `cf:col` or cf.col family; s NULL if none */
	kp_name type;           /* type name as written */
	int64_t targs[2];       /* type arguments: VARCHAR(n), DECIMAL(p,s) */
	int ntargs;             /* how many type arguments */
	bool is_unsigned;       /* UNSIGNED */
	bool not_null;          /* NOT NULL */
	bool explicit_null;     /* NULL written (Phoenix: a nullable key column) */
	bool auto_increment;    /* AUTO_INCREMENT */
	bool primary_key;       /* inline PRIMARY KEY */
	bool pk_desc;           /* inline PRIMARY KEY DESC */
	bool unique;            /* inline UNIQUE */
	bool row_timestamp;     /* Phoenix PRIMARY KEY ... ROW_TIMESTAMP */
	bool is_array;          /* Phoenix TYPE ARRAY, TYPE[], TYPE ARRAY[n] */
	bool untyped;           /* no type written (Phoenix, a column of an HBase table) */
	kp_expr *dflt;          /* DEFAULT value, or NULL */
	uint32_t off;           /* offset of the definition */
} kp_coldef;

/* One part of a primary or index key: a column or a hash of columns. */
typedef struct kp_keypart {
	kp_name col;            /* the column (s NULL for a hash part) */
	kp_name colfamily;      /* CREATE INDEX ... (cf.col): its family, or s NULL */
	bool desc;              /* DESC */
	bool prefix_len;        /* c(10): a MySQL prefix length, or a call c(10) */
	kp_name hashfn;         /* hash8, hash32, hash64 (s NULL for a column part) */
	kp_list hashcols;       /* kp_name* the hash is computed over */
	bool row_timestamp;     /* Phoenix ROW_TIMESTAMP */
	kp_expr *expr;          /* CREATE INDEX: an expression part (functional
	                           index; col.s NULL), else NULL */
	kp_list colopts;        /* kp_option* column options of a search index
	                           part: c(type=text, analyzer=ik) */
	uint32_t off;           /* offset of the part */
	uint32_t len;           /* bytes of the part */
} kp_keypart;

/* key = value table option, WITH (...) or MySQL style. */
typedef struct kp_option {
	kp_name family;         /* Phoenix a.VERSIONS=1: the column family (s NULL if none) */
	kp_name key;            /* option name */
	kp_expr *value;         /* value as an expression (literal or name) */
} kp_option;

/* An index: inline KEY/INDEX/UNIQUE KEY or CREATE INDEX. */
typedef struct kp_indexdef {
	kp_name name;           /* index name (may be absent for inline keys) */
	kp_name table;          /* CREATE INDEX ... ON table */
	kp_name using;          /* KV, SEARCH, COLUMNAR */
	kp_list parts;          /* kp_keypart* */
	kp_list include;        /* kp_name* covered columns */
	kp_list options;        /* kp_option* */
	kp_expr *where;         /* Phoenix partial index: WHERE, or NULL */
	bool unique;            /* UNIQUE */
	bool if_not_exists;     /* IF NOT EXISTS */
	bool local;             /* Phoenix LOCAL */
	bool uncovered;         /* Phoenix UNCOVERED */
	bool all_columns;       /* ON t (*) or ON t ('*'): every column */
	bool pg_method;         /* using is PostgreSQL's ON t USING method */
	uint32_t off;           /* offset of the definition */
} kp_indexdef;

typedef struct kp_create_table {
	kp_name name;           /* table name */
	bool if_not_exists;     /* IF NOT EXISTS */
	bool or_replace;        /* CREATE OR REPLACE VIEW: replaces a view of that name */
	bool immutable;         /* Phoenix CREATE IMMUTABLE TABLE */
	kp_list cols;           /* kp_coldef* */
	kp_list pk;             /* kp_keypart* of the table-level PRIMARY KEY */
	uint32_t pk_off;        /* offset of the PRIMARY KEY clause (0 if none) */
	bool has_pk;            /* a table-level PRIMARY KEY clause was written */
	kp_list indexes;        /* kp_indexdef* inline KEY / INDEX / UNIQUE KEY */
	kp_list options;        /* kp_option* table options */
	kp_list partition;      /* kp_name* PARTITION BY HASH columns */
	/* CREATE VIEW v [(cols)] [AS SELECT * FROM base [WHERE w]] */
	kp_name base;           /* the view's base table (s NULL: none) */
	kp_expr *view_where;    /* its WHERE, or NULL */
	const char *view_unsupported; /* why its SELECT cannot be planned, or NULL */
	uint32_t view_unsupported_off; /* where that shape starts */
} kp_create_table;

typedef struct kp_drop {
	kp_name name;           /* table or index */
	kp_list more;           /* kp_name*: DROP TABLE a, b, ... (MySQL,
	                         * PostgreSQL): the names after the first */
	kp_name table;          /* DROP INDEX i ON t */
	bool is_index;          /* DROP INDEX */
	bool is_view;           /* DROP VIEW */
	bool is_mapping;        /* DROP MAPPING TABLE (Tablestore) */
	bool if_exists;         /* IF EXISTS */
	bool cascade;           /* CASCADE */
} kp_drop;

/* ALTER TABLE / ALTER VIEW (Phoenix, Lindorm). */
typedef enum kp_alter_action {
	KP_ALTER_ADD = 1,       /* ADD [IF NOT EXISTS] coldef, ... [options] */
	KP_ALTER_DROP,          /* DROP COLUMN [IF EXISTS] col, ... */
	KP_ALTER_SET,           /* SET options */
	KP_ALTER_PRIMARY_KEY,   /* ADD [CONSTRAINT n] PRIMARY KEY (key) */
	KP_ALTER_MODIFY,        /* MySQL MODIFY [COLUMN] coldef, CHANGE [COLUMN] old coldef;
	                           PostgreSQL ALTER [COLUMN] c [SET DATA] TYPE t (type_only) */
	KP_ALTER_ACTIONS,       /* MySQL's action, action, ...: each a kp_stmt in more */
	KP_ALTER_NONE,          /* an action that changes nothing keyplan models (SET
	                           DEFAULT, DROP FOREIGN KEY, ...) */
	KP_ALTER_RENAME_COLUMN, /* RENAME COLUMN old TO to (MySQL 8, PostgreSQL) */
	KP_ALTER_DROP_PRIMARY_KEY, /* DROP PRIMARY KEY (MySQL) */
	KP_ALTER_RENAME_TABLE,  /* RENAME [TO | AS] to (MySQL, PostgreSQL) */
	KP_ALTER_RENAME_TABLES, /* MySQL's RENAME TABLE a TO b, c TO d, ...: each rename a
	                           kp_stmt in more (RENAME_TABLE), table the first's */
	KP_ALTER_RENAME_INDEX,  /* RENAME {INDEX | KEY} old TO to (MySQL) */
} kp_alter_action;

typedef struct kp_alter {
	kp_name table;          /* table or view */
	bool is_view;           /* ALTER VIEW */
	kp_alter_action action; /* what it does */
	bool if_flag;           /* ADD IF NOT EXISTS / DROP COLUMN IF EXISTS */
	kp_list cols;           /* ADD: kp_coldef*; DROP: kp_coldef* (name and family only) */
	kp_list options;        /* kp_option* */
	kp_list key;            /* PRIMARY KEY: kp_keypart* */
	uint32_t key_off;       /* PRIMARY KEY: offset of PRIMARY */
	kp_name old;            /* MODIFY: the column changed (CHANGE old new: old) */
	bool type_only;         /* MODIFY: only the type changes (ALTER COLUMN c TYPE t) */
	kp_list more;           /* ACTIONS: kp_stmt* (ALTER TABLE, CREATE INDEX, DROP INDEX),
	                           applied in order, all or none */
	kp_name to;             /* RENAME_COLUMN: the column's new name (old: its name);
	                           RENAME_TABLE: the table's */
	uint32_t kw_off;        /* RENAME_COLUMN, DROP_PRIMARY_KEY: offset of the action's
	                           first keyword (RENAME_INDEX: old is the index) */
} kp_alter;

/* ALTER INDEX [IF EXISTS] i ON t {DISABLE | REBUILD | USABLE | UNUSABLE | ACTIVE}. */
typedef enum kp_index_state {
	KP_IX_ACTIVE = 0,       /* used by queries */
	KP_IX_DISABLED,         /* DISABLE: not maintained, not used */
	KP_IX_UNUSABLE,         /* UNUSABLE: maintained, not used */
} kp_index_state;

typedef struct kp_alter_index {
	kp_name index;          /* index */
	kp_name table;          /* ON table (s NULL: Lindorm without ON) */
	bool if_exists;         /* IF EXISTS */
	kp_index_state state;   /* the state it puts the index in */
	kp_name verb;           /* the state keyword as written */
	kp_list options;        /* kp_option* SET options */
	kp_list add;            /* kp_keypart* Lindorm ADD COLUMNS (...) */
	kp_name rename_to;      /* PostgreSQL's RENAME TO: the index's new name (s NULL: none) */
} kp_alter_index;

/* A statement keyplan recognises and skips: no catalog change, no plan. */
typedef struct kp_skipped {
	const char *what;       /* e.g. "CREATE SEQUENCE" */
	kp_name name;           /* the object it names, when the form has one */
	kp_coldef *type;        /* CREATE TYPE name AS ENUM, CREATE DOMAIN name AS type: the
	                           type a column declared with name has (the catalog keeps it) */
} kp_skipped;

enum { KP_NULLS_DEFAULT = 0, KP_NULLS_FIRST, KP_NULLS_LAST };

typedef struct kp_order_item {
	kp_expr *expr;          /* sort expression */
	bool desc;              /* DESC */
	uint8_t nulls;          /* KP_NULLS_*: NULLS FIRST / LAST as written */
} kp_order_item;

typedef struct kp_select {
	bool distinct;          /* SELECT DISTINCT */
	kp_list items;          /* kp_expr* result columns (STAR for *) */
	kp_name table;          /* FROM table */
	kp_name alias;          /* [AS] alias */
	kp_expr *where;         /* WHERE, or NULL */
	kp_list group;          /* kp_expr* GROUP BY */
	kp_expr *having;        /* HAVING, or NULL */
	kp_list order;          /* kp_order_item* */
	kp_expr *limit;         /* LIMIT, or FETCH FIRST n ROWS ONLY, or NULL */
	kp_expr *offset;        /* OFFSET, or NULL */
	bool allow_filtering;   /* trailing ALLOW FILTERING */
	bool fetch;             /* the limit was written FETCH FIRST|NEXT n ROWS ONLY */
	kp_list dyncols;        /* kp_name*: Phoenix dynamic columns, FROM t (c TYPE, ...) */
	bool use_index;         /* FROM t USE INDEX (...) */
	uint32_t use_index_off; /* offset of its USE */
	kp_list use_index_names; /* kp_name*: the indexes it names (none: the data table) */
	struct kp_insert *into; /* UPSERT|INSERT INTO t [(cols)] SELECT ...: the write; the
	                           statement is planned as its SELECT */
} kp_select;

typedef struct kp_assign {
	kp_name col;            /* column */
	kp_expr *value;         /* new value */
} kp_assign;

typedef struct kp_insert {
	int verb;               /* KP_S_INSERT, KP_S_UPSERT, KP_S_REPLACE */
	kp_name table;          /* target */
	kp_list cols;           /* kp_name* column list (may be empty) */
	kp_list rows;           /* kp_list* of kp_expr* */
	kp_list on_dup;         /* kp_assign* ON DUPLICATE KEY UPDATE[_ONLY] */
	bool on_dup_ignore;     /* ON DUPLICATE KEY IGNORE */
	bool returning;         /* RETURNING * */
} kp_insert;

typedef struct kp_update {
	kp_name table;          /* target */
	kp_list sets;           /* kp_assign* */
	kp_expr *where;         /* WHERE, or NULL */
	kp_list order;          /* kp_order_item* (MySQL) */
	kp_expr *limit;         /* LIMIT (MySQL) */
	kp_name alias;          /* UPDATE t [AS] x, DELETE FROM t [AS] x (s NULL: none) */
} kp_update;

typedef enum kp_stmt_kind {
	KP_S_NONE = 0,
	KP_S_CREATE_TABLE,
	KP_S_CREATE_INDEX,
	KP_S_DROP,
	KP_S_SELECT,
	KP_S_INSERT,
	KP_S_UPSERT,
	KP_S_REPLACE,
	KP_S_UPDATE,
	KP_S_DELETE,
	KP_S_CREATE_VIEW,       /* u.create_table with base/view_where */
	KP_S_ALTER_TABLE,       /* u.alter */
	KP_S_ALTER_INDEX,       /* u.alter_index */
	KP_S_SKIPPED,           /* u.skipped */
} kp_stmt_kind;

const char *kp_stmt_kind_name(kp_stmt_kind k);
/* Statements that change the schema (or are recognised and skipped): the
 * catalog applies them; they get no access path. */
bool kp_stmt_is_ddl(kp_stmt_kind k);

/* SQL a statement says that keyplan reads but does not plan: constraints
 * that leave the key alone, the write's clauses, other databases' spellings.
 * Each is kept with where it is written, so a target whose own grammar
 * refuses it can say so there (advisor/dialect.c, docs/targets.md). */
typedef enum kp_sql_form {
	KP_F_FOREIGN_KEY = 1,   /* [CONSTRAINT n] FOREIGN KEY (...) REFERENCES t (...) */
	KP_F_REFERENCES,        /* a column's REFERENCES t [(c)] */
	KP_F_CHECK,             /* CHECK (expr), on a column or the table */
	KP_F_UNIQUE,            /* UNIQUE on a column, or UNIQUE (...) on the table */
	KP_F_GENERATED,         /* GENERATED ... AS IDENTITY, IDENTITY, AS (expr) */
	KP_F_CHARSET,           /* CHARACTER SET / CHARSET of a column */
	KP_F_RETURNING,         /* RETURNING ... of a write */
	KP_F_ON_CONFLICT,       /* ON CONFLICT ... DO (PostgreSQL, SQLite) */
	KP_F_INSERT_OR,         /* INSERT OR REPLACE|IGNORE|... (SQLite) */
	KP_F_PG_CAST,           /* expr::type (PostgreSQL) */
	KP_F_MATCH_OP,          /* x MATCH 'text' (SQLite full-text search) */
	KP_F_ADD_PRIMARY_KEY,   /* ALTER TABLE t ADD [CONSTRAINT n] PRIMARY KEY (...) */
	KP_F_JSON_OP,           /* x -> path, x ->> path (SQLite, MySQL, PostgreSQL) */
	KP_F_AMPAMP,            /* x && y (MySQL's AND, PostgreSQL's overlap) */
	KP_F_VIEW_DEFINER,      /* CREATE ALGORITHM = x | DEFINER = u | SQL SECURITY x VIEW (MySQL) */
	KP_F_ALTER_ACTIONS,     /* ALTER TABLE t action, action, ... (MySQL, PostgreSQL) */
	KP_F_ALTER_TYPE,        /* MODIFY, CHANGE, ALTER COLUMN ... TYPE: a column's new type */
	KP_F_USER_TYPE,         /* CREATE TYPE ... AS ENUM, CREATE DOMAIN (PostgreSQL) */
	KP_F_RENAME_COLUMN,     /* ALTER TABLE t RENAME COLUMN a TO b (MySQL, PostgreSQL) */
	KP_F_DROP_PRIMARY_KEY,  /* ALTER TABLE t DROP PRIMARY KEY (MySQL) */
	KP_F_CONVERT_CHARSET,   /* ALTER TABLE t CONVERT TO CHARACTER SET x (MySQL) */
	KP_F_RENAME_TABLE,      /* ALTER TABLE t RENAME [TO | AS] t2 (MySQL, PostgreSQL) */
	KP_F_INSERT_VERB,       /* INSERT [IGNORE] INTO ... (at INSERT; Phoenix writes with UPSERT) */
	KP_F_UPDATE_STMT,       /* UPDATE t SET ... (at UPDATE; Phoenix changes rows with UPSERT) */
	KP_F_REPLACE_VERB,      /* REPLACE INTO ... (MySQL, SQLite) */
	KP_F_RENAME_TABLES,     /* RENAME TABLE a TO b, ... (MySQL) */
	KP_F_RENAME_INDEX,      /* ALTER TABLE t RENAME INDEX a TO b (MySQL), ALTER INDEX a RENAME TO b
	                           (PostgreSQL) */
	KP_F__COUNT
} kp_sql_form;

typedef struct kp_form_use {
	kp_sql_form form;       /* what is written */
	uint32_t off;           /* its first keyword */
	uint32_t len;           /* that keyword's bytes */
} kp_form_use;

/* Its words as a message names it ("FOREIGN KEY", "RETURNING", ...). */
const char *kp_sql_form_name(kp_sql_form f);

/* A hint from a comment such as /\*+ _l_force_index_('idx') *\/. */
typedef struct kp_hint {
	kp_name name;           /* hint name */
	kp_list args;           /* kp_expr* arguments */
} kp_hint;

typedef struct kp_stmt {
	kp_stmt_kind kind;      /* which union member is set */
	bool explain;           /* EXPLAIN prefix */
	uint32_t off;           /* offset of the first token */
	uint32_t len;           /* bytes to the end of the last token */
	kp_list hints;          /* kp_hint* */
	uint32_t largest_in;    /* most values in one of its IN lists (0: none),
	                           so checks of list sizes need not walk the tree */
	uint32_t ncolrefs;      /* column references in it (kp_expr.ref) */
	kp_list forms;          /* kp_form_use*: what it says that keyplan reads
	                           but does not plan, in text order */
	union {
		kp_create_table create_table;
		kp_indexdef create_index;
		kp_drop drop;
		kp_select select;
		kp_insert insert;
		kp_update update;   /* UPDATE; DELETE uses where/order/limit */
		kp_alter alter;
		kp_alter_index alter_index;
		kp_skipped skipped;
	} u;
} kp_stmt;

/* A name from source text[off, off+len): strips quotes, undoubles "" and ``. */
kp_name kp_ast_name(kp_arena *a, const char *text, uint32_t off, uint32_t len);
/* kp_ast_name, with an unquoted name upper-cased (ASCII) when upper is set:
 * Phoenix folds unquoted identifiers so (docs/targets.md). */
kp_name kp_ast_name_folded(kp_arena *a, const char *text, uint32_t off, uint32_t len, bool upper);
/* schema.name as one name: the text "schema.name" (quotes removed), spanning
 * both words in the source; quoted if either part is. Tables are named so
 * in the catalog: s.t and t are different tables. */
kp_name kp_ast_qualified(kp_arena *a, kp_name schema, kp_name name);
/* A string literal's value read again from its token in text with MySQL's
 * escapes (\' \" \\ \0 \b \n \r \t \Z; \% and \_ keep their backslash, for
 * LIKE) and '' as a quote. */
void kp_ast_unescape(kp_arena *a, kp_expr *e, const char *text);
/* A literal node (INT, FLOAT, STRING, NULL, BOOL, PARAM) from its token. */
kp_expr *kp_ast_literal(kp_arena *a, const char *text, int kind, uint32_t off, uint32_t len);
/* What kp_ast_literal reads from the token, written into e, a literal node
 * of the same kind that it made for another token (the shape cache's copy
 * of one: grammar/shape.c): its place, text, overflow and value. Every
 * other field is the token's kind's alone. */
void kp_ast_literal_set(kp_arena *a, const char *text, kp_expr *e, uint32_t off, uint32_t len);

/* Renders an expression as SQL that SQLite reads with the same meaning
 * (chained comparisons are expanded to AND). */
void kp_expr_to_sql(kp_buf *out, const kp_expr *e);
/* Renders conjuncts joined by AND, parenthesizing those that need it. */
void kp_conj_to_sql(kp_buf *out, kp_expr *const *l, uint32_t n);
/* kp_conj_to_sql, noting where it wrote each number and string: marks[i]
 * is the node and the bytes of out it wrote, for up to max of them;
 * returns how many it wrote (more than max: the rest were not noted). For
 * a caller that writes the same conjuncts of other statements of one
 * shape again with only their literals changed (planner/filtermemo.c). */
typedef struct kp_sql_mark {
	const kp_expr *lit;
	size_t from, to;
} kp_sql_mark;
uint32_t kp_conj_to_sql_marked(kp_buf *out, kp_expr *const *l, uint32_t n, kp_sql_mark *marks, uint32_t max);
/* A number's or a string's SQL, as kp_conj_to_sql writes it. */
void kp_literal_sql(kp_buf *out, const kp_expr *e);
/* Compares a name with a NUL-terminated string, ignoring ASCII case. */
bool kp_name_eq(const kp_name *n, const char *s);
/* A deep copy of e in a (names and strings copied: it outlives the source
 * statement's arena); resolved column references are cleared. */
kp_expr *kp_expr_copy(kp_arena *a, const kp_expr *e);
/* Do x and y denote the same expression (names ignoring case, literals by
 * value, a column's qualifier ignored)? Parameters are never equal. */
bool kp_expr_equal(const kp_expr *x, const kp_expr *y);
bool kp_name_eqn(const kp_name *a, const kp_name *b);

#endif
