/* What a statement says that keyplan reads but does not plan (kp_stmt.forms:
 * constraints that leave the key alone, other databases' spellings), held
 * against each target's own grammar: a form the store's documented syntax
 * has no place for is a KP012 error at its keyword, in the store's words
 * (docs/targets.md, "Forms keyplan reads"). A form the target takes, and
 * every form under generic, is read: modelled where it bears on the plan
 * (UNIQUE is a unique index, an identity column is AUTO_INCREMENT, ON
 * CONFLICT is ON DUPLICATE KEY, x::type is a CAST) and otherwise left out,
 * since it changes no key and no access path. */
#include "advisor/targets.h"

#include <stddef.h>

/* The stores' own words, with the document that says so. */
#define LINDORM_DDL                                                                                  \
	"Lindorm's CREATE TABLE takes column_definition ::= column_identifier data_type [NOT NULL], a " \
	"PRIMARY KEY and {KEY | INDEX} elements, and WITH table options (Lindorm, CREATE TABLE)"
#define LINDORM_UPSERT                                                                               \
	"Lindorm writes rows with {UPSERT | INSERT} INTO table (columns) VALUES (...), ... [ON "         \
	"DUPLICATE KEY column = value | IGNORE] (Lindorm, UPSERT)"
#define TABLESTORE_DDL                                                                               \
	"Tablestore's CREATE TABLE maps an existing table: column_name data_type [NOT NULL | NULL], "    \
	"..., PRIMARY KEY (key_part, ...), ENGINE and ENGINE_ATTRIBUTE (Tablestore, Create a mapping "   \
	"table for a table)"
#define PHOENIX_DDL                                                                                  \
	"Phoenix's CREATE TABLE takes a column as columnRef dataType [[NOT] NULL] [DEFAULT "             \
	"constantOperand] [PRIMARY KEY [ASC | DESC] [ROW_TIMESTAMP]] and one table constraint, "         \
	"CONSTRAINT name PRIMARY KEY (...) (Phoenix grammar, CREATE TABLE, Column Def, Constraint)"
#define PHOENIX_UPSERT                                                                               \
	"Phoenix writes rows with UPSERT INTO table [(columns)] VALUES (...) [ON DUPLICATE KEY "         \
	"{IGNORE | UPDATE column = operand, ...}] (Phoenix grammar, UPSERT VALUES)"
#define PHOENIX_DML                                                                                  \
	"Phoenix writes and changes rows with UPSERT INTO table [(columns)] VALUES (...) and UPSERT INTO " \
	"table [(columns)] SELECT ...; its DML is SELECT, UPSERT VALUES, UPSERT SELECT and DELETE, with " \
	"no INSERT, UPDATE or REPLACE (Phoenix grammar, UPSERT VALUES, UPSERT SELECT)"
#define PHOENIX_RETURNING                                                                            \
	"Phoenix's UPSERT and DELETE return the row they wrote only as RETURNING * (Phoenix grammar, "  \
	"UPSERT VALUES, DELETE)"
#define PHOENIX_CAST                                                                                 \
	"Phoenix converts a value with CAST(value AS dataType); its grammar has no '::' operator "       \
	"(Phoenix grammar, Cast)"

#define LINDORM_ALTER                                                                                \
	"Lindorm's ALTER TABLE takes ADD [COLUMN] column_def, DROP COLUMN [IF EXISTS] column_name, SET " \
	"table_options and COMPACT; a table's primary key is the one its CREATE TABLE declares "         \
	"(Lindorm, ALTER TABLE)"
#define TABLESTORE_ALTER                                                                             \
	"Tablestore's ALTER TABLE adds or removes one attribute column (ALTER TABLE table_name {ADD "     \
	"COLUMN | DROP COLUMN} column_name [data_type]) and cannot add or remove primary key columns "   \
	"(Tablestore, Update the attribute columns of a mapping table)"
#define PHOENIX_ALTER                                                                                \
	"Phoenix's ALTER TABLE takes ADD [IF NOT EXISTS] columnDef, ... [options], DROP COLUMN [IF "     \
	"EXISTS] columnRef, ... or SET options; a key column is added as a columnDef with PRIMARY KEY "  \
	"(Phoenix grammar, ALTER)"
#define LINDORM_RENAME                                                                               \
	"Lindorm's table statements are CREATE TABLE [LIKE], ALTER TABLE, DROP TABLE, TRUNCATE TABLE, "  \
	"OFFLINE TABLE and ONLINE TABLE: a table keeps the name its CREATE TABLE gives (Lindorm, DDL "   \
	"command overview)"
#define TABLESTORE_RENAME                                                                            \
	"Tablestore's SQL creates, alters and drops mapping tables (CREATE TABLE, ALTER TABLE, DROP "    \
	"MAPPING TABLE) and renames none (Tablestore, SQL statements)"
#define PHOENIX_RENAME                                                                               \
	"Phoenix's grammar has no RENAME: a table keeps the name its CREATE TABLE gives (Phoenix "       \
	"grammar)"
#define LINDORM_INDEX_RENAME                                                                         \
	"Lindorm's ALTER INDEX changes an index's state or adds columns to a search index: an index "    \
	"keeps the name its CREATE INDEX gives (Lindorm, ALTER INDEX)"
#define TABLESTORE_INDEX_RENAME                                                                      \
	"Tablestore's SQL renames no index: an index keeps the name it was created with (Tablestore, "   \
	"SQL statements)"
#define PHOENIX_INDEX_RENAME                                                                         \
	"Phoenix's ALTER INDEX takes DISABLE, REBUILD, UNUSABLE or USABLE: an index keeps the name its " \
	"CREATE INDEX gives (Phoenix grammar, ALTER INDEX)"
#define PHOENIX_OPERATORS                                                                            \
	"Phoenix's expressions compare with = <> != < <= > >=, compute with + - * / % and join strings " \
	"with ||; its grammar has no '&&', '->' or '->>' operator (Phoenix grammar, Expression, "         \
	"Condition, Operand)"
#define PHOENIX_VIEW                                                                                 \
	"Phoenix's CREATE VIEW takes [IF NOT EXISTS] newTableRef [(columnDef, ...)] [AS SELECT * FROM "   \
	"existingTableRef [WHERE expression]] [tableOptions] (Phoenix grammar, Create View)"
#define USER_TYPES(store)                                                                            \
	store "'s SQL declares no types of its own: a column's type is one of its data types, and it has " \
	"no CREATE TYPE or CREATE DOMAIN statement"

static const char *const refused[KP_F__COUNT][KP_TARGET_GENERIC + 1] = {
	[KP_F_FOREIGN_KEY] = {LINDORM_DDL, TABLESTORE_DDL, PHOENIX_DDL, NULL},
	[KP_F_REFERENCES] = {LINDORM_DDL, TABLESTORE_DDL, PHOENIX_DDL, NULL},
	[KP_F_CHECK] = {LINDORM_DDL, TABLESTORE_DDL, PHOENIX_DDL, NULL},
	[KP_F_UNIQUE] = {LINDORM_DDL, TABLESTORE_DDL, PHOENIX_DDL, NULL},
	[KP_F_GENERATED] = {LINDORM_DDL, TABLESTORE_DDL, PHOENIX_DDL, NULL},
	[KP_F_CHARSET] = {LINDORM_DDL, TABLESTORE_DDL, PHOENIX_DDL, NULL},
	[KP_F_RETURNING] = {NULL, NULL, PHOENIX_RETURNING, NULL},
	[KP_F_ON_CONFLICT] = {LINDORM_UPSERT, NULL, PHOENIX_UPSERT, NULL},
	[KP_F_INSERT_OR] = {LINDORM_UPSERT, NULL, PHOENIX_UPSERT, NULL},
	[KP_F_PG_CAST] = {NULL, NULL, PHOENIX_CAST, NULL},
	[KP_F_ADD_PRIMARY_KEY] = {LINDORM_ALTER, TABLESTORE_ALTER, PHOENIX_ALTER, NULL},
	[KP_F_JSON_OP] = {NULL, NULL, PHOENIX_OPERATORS, NULL},
	[KP_F_AMPAMP] = {NULL, NULL, PHOENIX_OPERATORS, NULL},
	[KP_F_VIEW_DEFINER] = {NULL, NULL, PHOENIX_VIEW, NULL},
	[KP_F_ALTER_ACTIONS] = {LINDORM_ALTER, TABLESTORE_ALTER, PHOENIX_ALTER, NULL},
	[KP_F_ALTER_TYPE] = {LINDORM_ALTER, TABLESTORE_ALTER, PHOENIX_ALTER, NULL},
	[KP_F_USER_TYPE] = {USER_TYPES("Lindorm"), USER_TYPES("Tablestore"), USER_TYPES("Phoenix"), NULL},
	[KP_F_INSERT_VERB] = {NULL, NULL, PHOENIX_DML, NULL},
	[KP_F_UPDATE_STMT] = {NULL, NULL, PHOENIX_DML, NULL},
	[KP_F_REPLACE_VERB] = {LINDORM_UPSERT, NULL, PHOENIX_DML, NULL},
	[KP_F_RENAME_COLUMN] = {LINDORM_ALTER, TABLESTORE_ALTER, PHOENIX_ALTER, NULL},
	[KP_F_DROP_PRIMARY_KEY] = {LINDORM_ALTER, TABLESTORE_ALTER, PHOENIX_ALTER, NULL},
	[KP_F_CONVERT_CHARSET] = {LINDORM_ALTER, TABLESTORE_ALTER, PHOENIX_ALTER, NULL},
	[KP_F_RENAME_TABLE] = {LINDORM_ALTER, TABLESTORE_ALTER, PHOENIX_ALTER, NULL},
	[KP_F_RENAME_TABLES] = {LINDORM_RENAME, TABLESTORE_RENAME, PHOENIX_RENAME, NULL},
	[KP_F_RENAME_INDEX] = {LINDORM_INDEX_RENAME, TABLESTORE_INDEX_RENAME, PHOENIX_INDEX_RENAME, NULL},
};

/* MySQL's default mode reads '\'' as a quote in a string: Tablestore's SQL is
 * MySQL's, and generic reads MySQL dumps (newbee-mall writes DEFAULT
 * '\'##\''). keyplan has no source for escapes on Lindorm and Phoenix: a
 * backslash is a character there, as in standard SQL. */
static const bool backslash_escapes[KP_TARGET_GENERIC + 1] = {
	[KP_TARGET_TABLESTORE] = true, [KP_TARGET_GENERIC] = true,
};

bool kp_target_backslash_escapes(kp_target t)
{
	return (unsigned)t <= KP_TARGET_GENERIC && backslash_escapes[t];
}

const char *kp_target_refuses_form(kp_target t, kp_sql_form f)
{
	if ((unsigned)f >= KP_F__COUNT || (unsigned)t > KP_TARGET_GENERIC)
		return NULL;
	return refused[f][t];
}

void kp_target_check_forms(kp_target t, const kp_stmt *s, kp_source *src, kp_arena *a, kp_diags *d)
{
	for (uint32_t i = 0; i < s->forms.n; i++) {
		const kp_form_use *u = s->forms.items[i];
		const char *why = kp_target_refuses_form(t, u->form);
		if (!why)
			continue;
		kp_diag *g = kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, u->off, u->len,
		                         "%s refuses %s", kp_target_name(t), kp_sql_form_name(u->form));
		kp_diag_help(g, a, "%s", why);
	}
}
