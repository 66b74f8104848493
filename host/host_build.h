/* Shared by the host files (literal.c, finish.c, extract.c, mybatis.c): SQL text built piece by piece with the
 * host offset of every byte, and the holes where application code pastes
 * text in. */
#ifndef KP_HOST_BUILD_H
#define KP_HOST_BUILD_H

#include "host/host.h"

/* Bytes of one statement written out of a MyBatis mapper (as the parser's
 * KP_MAX_STMT_BYTES). */
#define KP_MAX_HOST_STMT ((size_t)16 << 20)

typedef struct kp_hhole {
	uint32_t at;            /* offset in the text built */
	uint32_t host, len;     /* the pasted expression in the host file */
} kp_hhole;

typedef struct kp_hbuild {
	kp_buf text;            /* the SQL so far */
	uint32_t *map;          /* host offset of each byte of text */
	size_t mapcap;
	kp_hhole *holes;
	unsigned nholes, holecap;
} kp_hbuild;

void kp_hb_init(kp_hbuild *b);
void kp_hb_clear(kp_hbuild *b);
void kp_hb_free(kp_hbuild *b);
/* Appends n bytes; verbatim: byte i comes from host + i, else every byte
 * comes from host (an escape, an entity, text keyplan adds). */
void kp_hb_put(kp_hbuild *b, const char *p, size_t n, uint32_t host, bool verbatim);
/* Appends n bytes whose host offsets are map[0, n) (text copied from
 * another kp_hbuild: a MyBatis item, a fragment). */
void kp_hb_put_mapped(kp_hbuild *b, const char *p, const uint32_t *map, size_t n);
/* The body of string literal t of host text s, decoded (escapes, Kotlin
 * and f-string templates as holes), appended to b (literal.c). */
void kp_hb_literal(kp_hbuild *b, const char *s, const kp_htok *t);
/* Text pasted in by the application at this point. */
void kp_hb_hole(kp_hbuild *b, uint32_t host, uint32_t len);
/* Turns the host's placeholders into bind parameters and places the holes
 * (a ? where a value goes, nothing inside a quoted string), then fills v
 * with the SQL as a source mapped onto host. With check_sql, text that
 * does not start like a statement is dropped (returns false); check_sql
 * KP_HB_CALLED (a call that runs SQL takes it): a SELECT needs no FROM
 * (SELECT 1, select sqlite_version()); KP_HB_NAMED (the name it is
 * assigned to says sql or query) is read so too when its keywords are in
 * one case (kp_host_code_case); KP_HB_SHAPE (a value a test compares) by
 * its shape alone, never by the grammar's verdict. pyformat:
 * a format string (Python's % operator, String.format, fmt.Sprintf,
 * .format, .formatted), whose verbs are pasted values, inside quotes too;
 * %% is a percent sign (Python's "%%s" % x the driver's %s, any other
 * language's %%s a verb for a second formatting). */
enum { KP_HB_ANY = 0, KP_HB_STATEMENT = 1, KP_HB_CALLED = 2, KP_HB_NAMED = 3, KP_HB_SHAPE = 4 };
bool kp_hb_finish(kp_hbuild *b, kp_lang lang, bool pyformat, int check_sql, kp_source *host,
                  kp_host_variant *v);

void kp_host_add_stmt(kp_host_file *f, kp_host_stmt **tail, kp_host_stmt *st);
/* Gives each statement the keyplan: comments of f->dirs that belong to it. */
void kp_host_assign_dirs(kp_host_file *f);
/* Feeds text to expat parser p (an XML_Parser) in chunks of 64 KiB, the
 * last one final (expat copies what it is given into a buffer of its own:
 * a whole file at once would be copied whole), giving back the pages of
 * src (may be NULL) that are parsed (mapper_index.c). false: an error, or
 * the parser stopped. */
struct XML_ParserStruct;
bool kp_xml_feed(struct XML_ParserStruct *p, kp_source *src, const char *text, size_t len);
/* The MyBatis reader (mybatis.c); o->each as kp_host_extract_with's, the
 * file's readers naming the statements that include each <sql> fragment. */
void kp_mybatis_extract(kp_host_file *f, const kp_host_opts *o, kp_arena *a);

#endif
