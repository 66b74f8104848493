/* The MyBatis reader's parts, private to host/mybatis*.c: the XML read
 * into a small tree that keeps the host offset of every byte of text
 * (mybatis.c), one variant of a statement written out as MyBatis's
 * DynamicSqlSource builds it (mybatis_write.c), and the variants of a
 * statement chosen, counted and sampled (mybatis_variants.c). */
#ifndef KP_MYBATIS_INT_H
#define KP_MYBATIS_INT_H

#include <expat.h>
#include <string.h>

#include "host/host_build.h"
#include "host/ognl.h"

#define MB_MAX_DEPTH      200           /* nested elements */
#define MB_MAX_ATTR       (64u << 10)   /* bytes in one attribute value */
#define MB_MAX_INCLUDE    32            /* nested <include> */
#define MB_MAX_CHOICES    4096          /* choice points in one statement */
#define MB_MAX_VISITS     (256u << 10)  /* nodes walked to write one variant:
                                           <include> and <foreach> must not
                                           expand like a billion laughs */
#define MB_MAX_SAMPLE_WORK ((size_t)64 << 20) /* bytes written while sampling */

typedef struct mnode {
	const char *name;       /* element name; NULL for text */
	const char **attrs;     /* name, value, ..., NULL */
	uint32_t off, end;      /* the element (start tag to end tag) or text */
	kp_hbuild *text;        /* text: the characters with their offsets */
	struct mnode *child, *last, *next;
} mnode;

/* How a mapper is read. A whole file is read in three passes, each over
 * the XML again (the pages read are given back: base/srcmap.c), so that
 * only one statement's tree is in memory at a time: the <sql> fragments
 * and the keyplan: comments first (a statement may include a fragment
 * defined after it), then, when statements are handed over one by one and
 * some include fragments, which statements read each fragment and the
 * include errors (a finding in a fragment names its readers; the file's
 * errors come before its statements), then the statements. */
enum {
	MB_READ_ALL = 0,        /* every element into the tree (a fragment of
	                           another mapper) */
	MB_READ_FRAGMENTS,
	MB_READ_READERS,
	MB_READ_STATEMENTS,
};

typedef struct mreader {
	XML_Parser p;
	kp_host_file *f;
	kp_arena *a;            /* the tree being built: the file's, or (handed
	                           over one by one) the statement's */
	kp_arena *fa;           /* the file's: fragments, comments, findings */
	const char *src;
	int pass;               /* MB_READ_* */
	mnode root;             /* a document node above the root element */
	mnode *stack[MB_MAX_DEPTH + 2]; /* NULL: an element not built */
	int depth;
	int build;              /* depth of the mapper's child being built, or 0 */
	bool stopped;           /* we stopped the parser, and said why */
	bool dynamic;           /* a statement holds an <include> or a <foreach>
	                           (its first walk can report an error) */
	unsigned nelem;         /* elements of the mapper's child being read */
	long child_off;         /* ... and where it starts */
	bool quiet;             /* the first walk's errors are reported already */
	const char *ns;         /* the mapper's namespace */
	bool is_mapper;         /* the root element is <mapper> */
	const mnode **frags;    /* its <sql> elements, in document order */
	unsigned nfrags, fragcap;
	kp_list dirs;           /* kp_host_comment* */
	kp_list texts;          /* kp_hbuild* to free: the statement's */
	kp_list ftexts;         /* ... the fragments' */
	/* statements handed over one by one */
	const kp_host_opts *o;
	kp_arena sa;            /* the statement's */
	unsigned dir_next;      /* its first keyplan: comment */
	kp_host_stmt *tail;     /* or the file's list */
	/* databaseId (kp_host_opts): the ids of the statements whose
	 * databaseId matches, sorted after the first pass (a statement of
	 * the same id without databaseId is not read), and what was not */
	const char **dbids;
	unsigned ndbids, dbcap;
	unsigned nskipped;      /* statements not read */
	uint32_t skipped_at;    /* the first of them */
	const char *other_db[4]; /* the first databaseIds not matched */
	unsigned nother;
} mreader;

static inline const char *kp_mb_attr(const mnode *n, const char *name)
{
	for (size_t i = 0; n->attrs && n->attrs[i]; i += 2)
		if (!strcmp(n->attrs[i], name))
			return n->attrs[i + 1];
	return NULL;
}

/* The state of one statement being written. */
typedef struct mstmt {
	mreader *r;
	const mnode *stmt;      /* the statement element */
	/* choice points, numbered in document order over the expanded tree;
	 * every branch is walked, taken or not, so the numbering is the same
	 * in every variant */
	kp_host_choice *choices;
	unsigned nchoices, cap;
	bool counting;          /* first walk: collecting the choice points */
	uint8_t *pick;          /* the variant being written */
	uint8_t *reached;       /* choice points it reached */
	unsigned next;          /* next choice point's number */
	const mnode *incl[MB_MAX_INCLUDE];
	const mnode *incl_at[MB_MAX_INCLUDE];   /* the <include> elements, for
	                                           their <property> values */
	int nincl;
	bool reported;          /* an include error reported for it */
	unsigned visits;        /* nodes walked for this variant */
	bool too_big;           /* a variant expanded past the limits */
	bool empty_trim;        /* a <set> or <trim> of this variant wrote
	                           nothing */
	bool foreign_missing;   /* it includes a fragment of a mapper not in
	                           the tree: noted, not planned */
	kp_ognl *ognl;          /* the tests, read */
	kp_host_range *uses;    /* the <sql> fragments it includes */
	unsigned nuses, usecap;
	int cur_parent;         /* the choice point whose branch is being
	                           walked, or -1 */
	uint8_t cur_pick;       /* ... and that branch */
} mstmt;

/* Is databaseId dbid the one the mappers run with (kp_host_opts)? */
bool kp_mb_db_match(const mreader *r, const char *dbid);

/* Reads r->f->src into the tree at r->root; r->p stays for the caller to
 * free (mybatis.c). */
bool kp_mb_parse(mreader *r);
/* Writes the children of n into b; live: the branch holding them is taken
 * (mybatis_write.c). */
void kp_mb_write_children(mstmt *m, const mnode *n, kp_hbuild *b, bool live);
/* The statement of element stmt with its variants written out, or NULL
 * when it is not planned (reported); in r->a (mybatis_variants.c). */
kp_host_stmt *kp_mb_statement(mreader *r, const mnode *stmt);
/* The first walk of stmt alone: its include errors reported, and the
 * fragments it reads in *uses; false when it is not planned. */
bool kp_mb_reads(mreader *r, const mnode *stmt, kp_host_range **uses, unsigned *nuses);

#endif
