/* The catalog: tables, their columns and types, the ordered primary key,
 * and secondary indexes, built from CREATE TABLE / CREATE INDEX / DROP. The
 * catalog owns copies of every name, so it outlives statement arenas. */
#ifndef KP_CATALOG_H
#define KP_CATALOG_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "grammar/ast.h"

typedef enum kp_type_class {
	KP_T_INT,       /* BIGINT, INT, SMALLINT, TINYINT, ... */
	KP_T_REAL,      /* DOUBLE, FLOAT, DECIMAL */
	KP_T_STRING,    /* VARCHAR, CHAR, STRING, TEXT */
	KP_T_BINARY,    /* BINARY, VARBINARY, BLOB */
	KP_T_BOOL,      /* BOOLEAN */
	KP_T_TIME,      /* TIMESTAMP, DATE, TIME, DATETIME */
	KP_T_JSON,      /* JSON */
	KP_T_OTHER,     /* a type keyplan does not know */
} kp_type_class;

typedef struct kp_column {
	char *name;             /* column name */
	uint32_t name_len;      /* bytes in name (a cheap first test in lookups) */
	char *family;           /* column family, or NULL */
	char *type_name;        /* type as written, e.g. "VARCHAR" */
	kp_type_class tclass;   /* what values it holds */
	int64_t length;         /* declared length (VARCHAR(n)), or -1 */
	int64_t scale;          /* second type argument (DECIMAL(p,s)), or -1 */
	bool is_unsigned;       /* UNSIGNED */
	bool not_null;          /* NOT NULL (key columns are always not null) */
	bool auto_increment;    /* AUTO_INCREMENT */
	kp_expr *dflt;          /* its DEFAULT (a catalog copy), or NULL: the advisor reads a
	                           generator there (CURRENT_TIMESTAMP, NEXT VALUE FOR) */
	bool row_timestamp;     /* Phoenix ROW_TIMESTAMP: the key column is the cell timestamp */
	bool nullable;          /* a key column that may hold NULL (Phoenix: declared
	                           NULL, or variable-length and not NOT NULL in a
	                           key of several columns) */
	bool is_array;          /* Phoenix ARRAY type */
	bool dropped;           /* removed by ALTER TABLE ... DROP COLUMN (kept so
	                           column indexes stay stable; never found by name) */
	int key_pos;            /* position in the primary key, or -1 */
	kp_source *src;         /* where it was declared */
	uint32_t off;           /* offset of the declaration */
	uint32_t stmt_off;      /* offset in src of the first token of the statement
	                           that declared it: its CREATE, or the ALTER TABLE
	                           that added or changed it (the advisor reads the
	                           annotations above that statement) */
} kp_column;

/* One part of an ordered key: a column, or a hash of columns (Lindorm's
 * PRIMARY KEY (hash32(p1), p1, p2)). */
typedef struct kp_key_part {
	int col;                /* table column index; -1 for a hash or expression part */
	kp_expr *expr;          /* a functional index part (col -1): its expression,
	                           owned by the catalog; NULL otherwise */
	bool desc;              /* stored in descending order */
	int hash_bits;          /* 8, 32 or 64 for a hash part, else 0 */
	int *hash_cols;         /* columns the hash is computed over */
	int nhash;              /* entries in hash_cols */
	int buckets;            /* a hash part taken modulo this many buckets, a
	                           bucket the writer splices into the key column
	                           of the next part (advisor/hotspot.c's <c>_key):
	                           its values are these, not its columns'; 0
	                           otherwise */
} kp_key_part;

typedef struct kp_key {
	kp_key_part *parts;     /* in key order */
	int n;                  /* number of parts */
} kp_key;

typedef struct kp_table kp_table;
typedef struct kp_colhash kp_colhash;   /* a table's columns by name (names.c) */

typedef struct kp_index {
	char *name;             /* index name */
	kp_table *table;        /* indexed table */
	kp_key key;             /* index columns, then the primary key columns
	                           the index does not already hold */
	int nuser;              /* parts declared by the user (a prefix of key), with
	                           the tenant column Phoenix puts before them */
	bool tenant_lead;       /* key.parts[0] is the tenant column of a MULTI_TENANT
	                           table, which Phoenix leads every index with: not in
	                           its CREATE INDEX (a writer of its DDL skips it) */
	bool *covers;           /* per table column: the index row holds it */
	bool unique;            /* UNIQUE */
	bool kv;                /* a KV (key-ordered) index the planner may use */
	bool search;            /* Lindorm USING SEARCH: serves conditions on any of
	                           its columns, in any combination (no leading-key rule) */
	bool columnar;          /* Lindorm USING COLUMNAR: read by the compute engine */
	bool all_columns;       /* ON t (*): every column, so no key columns appended */
	bool local;             /* Phoenix LOCAL: used even when it does not cover */
	bool uncovered;         /* Phoenix UNCOVERED: rows always read from the table */
	int salt_buckets;       /* Phoenix CREATE INDEX ... SALT_BUCKETS = N: the index table's
	                           own salt (0: none stated) */
	bool has_expr;          /* a key part is an expression (functional index) */
	kp_index_state state;   /* ALTER INDEX: active, disabled or unusable */
	kp_expr *where;         /* Phoenix partial index: its WHERE (catalog copy), or NULL */
	char *using;            /* USING kind as written, or NULL */
	kp_source *src;         /* where it was declared */
	uint32_t off;           /* offset of its name (or definition) */
	uint32_t host_scope;    /* application code: the function that made it
	                           (recreate.c), 0: none */
	bool inherited;         /* a view's copy of an index of the table (or view)
	                           it selects from, made again whenever that one's
	                           indexes change (kpc_views_inherit) */
} kp_index;

typedef struct kp_table_option {
	char *key;              /* option name */
	char *value;            /* value as text */
	bool quoted;            /* the value was a string literal ('...'): a
	                           DDL writer writes it back so */
} kp_table_option;

struct kp_table {
	char *name;             /* table name */
	uint32_t name_len;      /* bytes in name */
	kp_column *cols;        /* columns in declaration order */
	int ncols;              /* entries in cols */
	kp_key pk;              /* primary key */
	kp_index **indexes;     /* secondary indexes */
	int nindexes;           /* entries in indexes */
	kp_index *const *index_origin; /* a hypothetical design of the table (the
	                           advisor's): the index each entry of indexes was
	                           copied from to end with the design's key, same
	                           order; NULL for a catalog's own table */
	kp_table_option *opts;  /* table options */
	int nopts;              /* entries in opts */
	int nfamilies;          /* distinct column families (0: none declared) */
	int salt_buckets;       /* Phoenix SALT_BUCKETS (0: not salted) */
	bool is_view;           /* CREATE VIEW */
	char *view_base;        /* the view's base table (NULL: a view with its own key) */
	char *view_parent;      /* the table or view it selects from (NULL: none) */
	kp_expr **view_where;   /* conjuncts its queries get (the views' WHEREs down
	                           to the base table), catalog copies */
	int nview_where;        /* entries in view_where */
	const char *view_unsupported; /* the view's query cannot be planned: why, or NULL */
	uint32_t view_unsupported_off; /* where that shape starts */
	kp_source *src;         /* where it was declared */
	uint32_t off;           /* offset of its name */
	uint32_t stmt_off;      /* offset of the first token of its CREATE */
	uint32_t pk_off;        /* offset of its PRIMARY KEY clause */
	bool dropped;           /* removed by DROP TABLE, or made again by the
	                           application file that made it (recreate.c) */
	bool exact_names;       /* its columns and indexes compare byte for byte */
	bool immutable;         /* Phoenix CREATE IMMUTABLE TABLE (IMMUTABLE_ROWS=true
	                           is in opts) */
	bool desc_nulls_first;  /* a NULL in a DESC key part is stored before its
	                           values, as in an ASC one (Phoenix); otherwise
	                           NULL is the least value, stored last on a DESC
	                           part (docs/plan-json.md, "NULL order") */
	int id;                 /* position in the catalog's tables array */
	const kp_colhash *colhash; /* its columns by name (names.c), built when
	                           it is created or altered; a copy of the table with
	                           columns of its own looks them up one by one */
	char *tenant;           /* Phoenix: the TenantId of the connection that
	                           created this view (-- keyplan:tenant), which
	                           alone sees it; NULL: a global object */
	uint32_t host_scope;    /* application code: the function that made it
	                           (recreate.c), 0: none */
	struct kp_table *hides; /* the definition of its file it replaced, given
	                           back when that function ends */
};

typedef struct kp_catalog {
	kp_arena arena;         /* owns every table, column and name */
	kp_table **tables;      /* in declaration order (dropped ones kept, flagged) */
	int ntables;            /* entries in tables */
	int cap;                /* entries allocated in tables */
	kp_table **hash;        /* open-addressing table of live tables by name */
	uint32_t hashcap;       /* slots in hash (power of two) */
	kp_list failed;         /* kp_failed_ddl*: CREATE statements that failed */
	kp_list types;          /* kp_user_type*: CREATE TYPE ... AS ENUM, CREATE DOMAIN */
	int names;              /* KP_NAMES_*: how names compare (docs/targets.md) */
	bool heap_tables;       /* a table without a primary key is a heap table,
	                           read by full scans or its indexes (generic:
	                           MySQL, PostgreSQL), not KP015 */
	const char *tenant;     /* Phoenix: the TenantId of the connection the next
	                           statements run on (NULL: a global connection):
	                           lookups see that tenant's views and the global
	                           objects, a view created is that tenant's */
	const char *scope_path; /* application code: the file and function the */
	uint32_t scope;         /* statements run in (recreate.c) */
	bool scope_made;        /* that function made a table, view or index */
	kp_table *hidden;       /* the table the last kp_catalog_forget_own hid */
	uint32_t stmt_off;      /* the first token of the statement kp_catalog_apply
	                           applies (the outer one of an ALTER's actions) */
	int applying;           /* kp_catalog_apply calls under way (an ALTER's
	                           actions apply statements of their own) */
	uint64_t gen;           /* changes (to a value no catalog had before) with
	                           every kp_catalog_init and every function below
	                           that can change it (apply, forget_own, made_own,
	                           host_scope, note_failed): a
	                           resolution kept across statements (planner/reuse.c)
	                           holds only while it is the same */
} kp_catalog;

/* How the target compares names. NOCASE: ignoring ASCII case (generic,
 * Tablestore). EXACT: byte for byte (Lindorm: identifiers are case-
 * sensitive). UPPER: byte for byte, the parser having upper-cased every
 * unquoted name (Phoenix); names the catalog reads itself are folded so. */
enum { KP_NAMES_NOCASE = 0, KP_NAMES_EXACT, KP_NAMES_UPPER };

/* A CREATE TABLE that did not parse or was refused, a DROP that removed
 * the table, or a rename: a query naming its table says where that happened
 * (the table is not in the catalog). */
typedef struct kp_failed_ddl {
	char *name;             /* the table it would have created, or dropped */
	kp_source *src;         /* where the statement is */
	uint32_t off;           /* its first token */
	bool dropped;           /* a DROP TABLE or DROP VIEW (CASCADE: of the
	                           view's table) removed it; else a CREATE failed */
	bool is_view;           /* dropped: it was a view */
	bool is_virtual;        /* SQLite's CREATE VIRTUAL TABLE name USING module(...): the
	                           table exists, but its module (fts5, rtree, ...) stores
	                           and finds its rows by no key keyplan models */
	const char *renamed_to; /* RENAME TO, RENAME TABLE: the table took this name (off:
	                           the old name in the statement) */
} kp_failed_ddl;

void kp_catalog_init(kp_catalog *c);

/* A type of the schema's own (PostgreSQL's CREATE TYPE name AS ENUM,
 * CREATE DOMAIN name AS base): a column declared with name holds what
 * base holds. */
typedef struct kp_user_type {
	char *name;
	uint32_t len;
	kp_type_class tclass;   /* the base type's class (an enum's: strings) */
	int64_t length, scale;  /* the base type's arguments, or -1 */
} kp_user_type;
void kp_catalog_free(kp_catalog *c);

/* Applies CREATE TABLE, CREATE VIEW, CREATE INDEX, ALTER TABLE / VIEW /
 * INDEX or DROP. Returns 0, or -1 after
 * reporting located errors into d (allocated in a). Other statements are
 * ignored (returns 0). */
int kp_catalog_apply(kp_catalog *c, const kp_stmt *s, kp_source *src,
                     kp_arena *a, kp_diags *d);

/* Application code (lib/pipeline.c): is s a CREATE TABLE, VIEW or INDEX
 * (without IF NOT EXISTS) of a name that a statement of the file path
 * created already? Then the earlier definition is forgotten (a table or
 * view with its indexes), silently, so that kp_catalog_apply makes s's
 * afresh: a later test or code path re-creating it on its own database,
 * not "already exists" (catalog/recreate.c). Returns whether it was. */
bool kp_catalog_forget_own(kp_catalog *c, const kp_stmt *s, const char *path);

/* Application code: the statements from here on run in the function of
 * file path whose body starts at scope (0: none, or a fixture: the class's
 * or file's). Leaving a function gives back what it made again: a table
 * or view it re-created is its own, the definition it replaced is seen
 * again, and an index it made on a table from outside it is gone. What it
 * made first stays (a later statement naming it has nothing else to be
 * planned against). */
void kp_catalog_host_scope(kp_catalog *c, const char *path, uint32_t scope);

/* After kp_catalog_apply of s, a CREATE from application code: what it
 * made is the current function's (kp_catalog_host_scope). */
void kp_catalog_made_own(kp_catalog *c, const kp_stmt *s);

/* The live table or view named name that the connection (c->tenant)
 * sees: its tenant's view before a global object of that name. */
kp_table *kp_catalog_find(const kp_catalog *c, const char *name, uint32_t len);
/* A live view named name that belongs to a tenant other than c->tenant's
 * connection, or NULL: for "created on tenant T's
 * connection" notes. */
const kp_table *kp_catalog_find_hidden(const kp_catalog *c, const char *name, uint32_t len);
/* When name is such a view, notes on g where it was created and on which
 * connection (g NULL: nothing). */
void kp_catalog_note_hidden(const kp_catalog *c, kp_diag *g, const char *name, uint32_t len, kp_arena *a);
/* Records the statement at src[start] as a failed CREATE TABLE when it is
 * one (the caller parsed it with errors): its table's name is read from
 * its first tokens. Returns whether it was recorded. */
bool kp_catalog_note_failed(kp_catalog *c, kp_source *src, uint32_t start);
/* A live table whose name equals name ignoring case (for "did you mean"). */
kp_table *kp_catalog_find_nocase(const kp_catalog *c, const char *name, uint32_t len);
/* "Did you mean": the live table or the column of t whose name is nearest
 * name (a few edits apart, ignoring case), or NULL (catalog/near.c). */
const kp_table *kp_catalog_nearest(const kp_catalog *c, const char *name, uint32_t len);
const char *kp_table_nearest_column(const kp_table *t, const char *name, uint32_t len);
/* The last failed CREATE or DROP of table name, or NULL. */
const kp_failed_ddl *kp_catalog_failed(const kp_catalog *c, const char *name, uint32_t len);
int kp_table_column(const kp_table *t, const char *name, uint32_t len);
/* The class of values a type name holds (VARCHAR: KP_T_STRING, ...). */
kp_type_class kp_type_class_of(const kp_name *type);
/* The column `family.name` (Phoenix allows one name in several families), or -1. */
int kp_table_column_in(const kp_table *t, const kp_name *family, const kp_name *name);
kp_index *kp_table_index(const kp_table *t, const char *name, uint32_t len);
/* Ends ix's key with t's row key, as CREATE INDEX does: t's hash parts and
 * the key columns ix->covers does not mark yet (then marked); ix->key.parts
 * has room for t->pk.n more parts. */
void kp_index_end_row_key(kp_index *ix, const kp_table *t);
const char *kp_table_option_get(const kp_table *t, const char *key);
/* The tenant column of a Phoenix MULTI_TENANT=true table (its first key
 * column after the salt byte, another following it), or -1. */
int kp_table_tenant_col(const kp_table *t);

/* The key in key notation: [userid][orderid DESC]. */
void kp_key_notation(kp_buf *out, const kp_table *t, const kp_key *k);
/* Name of a key part: the column, or hash32(p1, p2). */
void kp_key_part_name(kp_buf *out, const kp_table *t, const kp_key_part *p);

#endif
