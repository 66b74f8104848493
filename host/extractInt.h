/* Shared by the extraction of Java, Kotlin, Go and Python (extract.c: the
 * statements; tokens.c: the token windows; names.c: the file's constants
 * and the names passed to SQL calls; builder.c: builders followed), as
 * SQLite's whereInt.h is by its where*.c. Not for use outside host/. */
#ifndef KP_EXTRACT_INT_H
#define KP_EXTRACT_INT_H

#include "host/host_build.h"

/* A window of the file's tokens (the file's text is whole; its tokens are
 * not: a large file's tokens would be most of what extraction holds). The
 * window's own tokens are [lo, hi); the WIN_BACK before them are what a
 * statement looks back at (an annotation's name, NAME =), the WIN_AHEAD
 * after them what it reads on (a chain of literals, a builder's appends,
 * an annotation's arguments). The last token is EOF: the file's end, or
 * where the window stops. */
typedef struct toks {
	kp_htok *t;
	size_t n, cap;
	size_t lo, hi;
} toks;

#ifndef KP_HOST_WIN_TOKENS
#define KP_HOST_WIN_TOKENS 65536   /* a test build may make windows small */
#endif
#define WIN_TOKENS KP_HOST_WIN_TOKENS
#define WIN_BACK 64
#define WIN_AHEAD 8192

/* A name of the file: where, and its kph_name_hash (a set's slot: len 0
 * is empty). */
struct pname { uint32_t off, len, hash; };

typedef struct extractor {
	kp_host_file *f;
	kp_source *src;
	kp_lang lang;
	kp_arena *a;
	toks tk;
	int depth;              /* brackets open */
	kp_hbuild b;
	kp_host_stmt *tail;
	struct hconst *consts;  /* the file's string constants */
	size_t nconsts;
	uint32_t *chash;        /* open addressing over consts: index + 1, 0 empty */
	size_t chash_mask;
	const char *const *calls; /* a team's own SQL calls (NULL-terminated) */
	kp_host_range uses[16]; /* the constants the statement being read uses */
	unsigned nuses;
	struct puse {           /* a name passed to a SQL call, where: off, len
	                           the use; hash: kph_name_hash, so that a lookup
	                           reads the text of a name only when the hashes
	                           match (a mapped file's pages stay given back);
	                           fn: the function the use is in (its body's
	                           offset + 1; 0: outside any) */
		uint32_t off, len, hash, fn;
	} *passed;
	size_t npassed, passedcap;
	uint32_t *passed_ix;    /* open addressing over passed: index + 1 */
	size_t passed_mask;
	struct fn_range { uint32_t lo, hi; } *fns; /* the file's functions: the
	                           outermost bodies of code (scope.c), in order */
	size_t nfns, fncap;
	uint8_t appended[8192]; /* bits by name hash: names appended to somewhere
	                           (NAME +=, NAME.append(, NAME = NAME +) */
	const kp_host_opts *o;  /* with o->each: statements handed over one by one */
	bool dry;               /* only where statements are and what they use */
	kp_host_stmt *pending;  /* streaming: found, handed over when the next is
	                           found (a comment trailing both on one line is
	                           the later one's) */
	kp_arena sa[2];         /* streaming: the pending statement's arena and
	                           the next one's */
	int cur;                /* the arena the next statement goes in */
	unsigned dir_next;      /* streaming: the first keyplan: comment not given */
	uint32_t *carry;        /* offsets of literals appended to a builder
	                           that lie past the window read */
	size_t ncarry, carrycap;
	struct name_index {     /* the window's names, indexed once (builder.c) */
		uint32_t *next;     /* each name's next token of the same name
		                       (n: none) */
		int32_t *depth;     /* brackets open before each token, from the
		                       window's start ([0, n]) */
		uint32_t *exit;     /* the first token from each on that closes a
		                       bracket open before it (n: none) */
		uint32_t *slot;     /* the hash of names while indexing */
		size_t n, cap, slots;
		bool valid;         /* built for the window x->tk holds */
		unsigned long indexed, read; /* tokens indexed, and uses of
		                       builders' names read after them: said at
		                       the end with KP_HOST_STATS=stats */
	} ix;
	struct fn_state {       /* the function the scan is in (scope.c) */
		bool open;
		int depth;          /* brackets open outside its body */
		unsigned indent;    /* Python: the def's column */
		uint32_t scope;     /* where its body starts; 0: none, or a fixture */
	} fn;
} extractor;

/* A constant of the file: an upper-case name given a string of literals
 * once (static final String COLUMNS = "a, b"; const Cols = "a, b"). Used
 * as an operand of +, it is its text, not pasted input; a statement that
 * is used that way (a prefix) is not planned on its own. */
typedef struct hconst {
	uint32_t name, len;     /* the name in the host */
	uint32_t first, last;   /* the offsets of its first and last tokens */
	uint32_t end;           /* the end of its last token */
	uint32_t hash;          /* kph_name_hash of the name: lookups and
	                           rehashing compare it before the text */
	uint32_t lo, hi;        /* the scope it is seen in: the block or
	                           Python def that declares it (a local), or
	                           the whole file (0, UINT32_MAX: a field, a
	                           constant of the file or of a class) */
	bool twice;             /* assigned more than once: not a constant */
	bool used;              /* an operand of + somewhere */
	bool shadow;            /* a local of the same name given another
	                           value: the outer constant is not seen in
	                           its scope */
} hconst;

/* The blocks open where kph_find_consts is, from window to window: the
 * scopes a local is declared in (Java, Kotlin and Go braces; Python's
 * defs, by indentation). */
typedef struct scope_state {
	struct open_scope {
		uint32_t off;       /* the { or the def */
		uint32_t first;     /* x->nconsts when it opened */
		uint16_t indent;    /* Python: the def's column */
		bool code;          /* a body of code, not of a type */
	} stack[256];
	size_t n;               /* open (may pass 256: the deeper are not kept) */
	int depth;              /* Python: brackets open */
} scope_state;

/* The brackets open where find_passed is, from window to window: each
 * one's bracket and, for a (, the name of the call it opens. */
typedef struct open_br {
	char open;
	uint32_t name, len;     /* the word before (: off, len (0: none) */
} open_br;

typedef struct passed_state {
	open_br stack[256];
	size_t n;
} passed_state;

/* Tokens after a builder's start that are searched for its appends. */
#define KP_HOST_BUILDER_TOKENS 4096

/* ------------------------------------------------------------ tokens.c */

int kph_lex(kp_hlex *lx, kp_htok *t, kp_lang lang);
/* Reads the window whose own tokens start at offset start, from back. */
void kph_window(toks *w, kp_source *src, kp_lang lang, size_t back, size_t start);
/* Is the window's last token the file's end? */
bool kph_at_end(const toks *w, const kp_source *src);
/* The window after w, whose own tokens start at w's local token k. */
void kph_next_window(toks *w, kp_source *src, kp_lang lang, size_t k);
uint32_t kph_name_hash(const char *p, size_t n);
/* The next token from i that is not a comment, nor a line break inside
 * brackets (Python). */
size_t kph_skip(const extractor *x, size_t i, int depth);
/* Is token i the word w? */
bool kph_word_at(const extractor *x, size_t i, const char *w);
bool kph_same_name(const extractor *x, const kp_htok *a, const kp_htok *b);

/* ------------------------------------------------------------- names.c */

/* The constant named by t, assigned once or not; assigned once. */
hconst *kph_any_const(const extractor *x, const kp_htok *t);
hconst *kph_find_const(const extractor *x, const kp_htok *t);
/* The constants defined in the window's own tokens (*cap: x->consts'),
 * each with its scope (ss: the blocks open, from window to window). */
void kph_find_consts(extractor *x, size_t *cap, scope_state *ss);
/* A set of names of the file (names.c). */
typedef struct kp_name_set {
	struct pname *slot;
	size_t count, cap;
} kp_name_set;

/* Which constants are operands of +, in the window's own tokens (in the
 * same pass as kph_find_consts: names not yet known as constants go to
 * plus), then, once every constant is known, those named in plus. */
void kph_find_used(extractor *x, kp_name_set *plus);
void kph_resolve_used(extractor *x, kp_name_set *plus);
/* Appends constant c's text to x->b. */
void kph_decode_const(extractor *x, const hconst *c, int depth);
/* Is the name at token nm, assigned there (nm + 1 is =), passed as a
 * whole argument to a SQL call where that value is seen: in the same
 * function when nm declares a local of a function (String q = ..., q :=
 * ..., val q = ..., a Python def's q = ...), anywhere in the file when it
 * names a field, a constant of the file or a name assigned without a
 * declaration? */
bool kph_passed(const extractor *x, size_t nm);
/* The names passed to SQL calls in the window's own tokens, each with its
 * use; kph_index_passed, once every function of the file is known, says
 * which function each use is in and indexes them by name. */
void kph_find_passed(extractor *x, passed_state *ps);
void kph_index_passed(extractor *x);

/* ------------------------------------------------------------- scope.c */

/* Is the { at T[i] a type's body (class, interface, enum, record,
 * Kotlin's object), whose names are fields, not a body of code? */
bool kph_type_body(const extractor *x, size_t i);
/* The column of the byte at off. */
unsigned kph_column(const char *text, uint32_t off);
/* Follows the blocks constants are declared in, at token i. */
void kph_scope_step(extractor *x, scope_state *ss, size_t i);
/* Records the functions still open at the end of the file (the scopes
 * ss holds), after the last window's kph_find_consts. */
void kph_scope_end(extractor *x, scope_state *ss);
/* The function whose body holds offset off: its body's offset + 1, or 0
 * outside any (a field's initializer, a file's constant, Python's top
 * level). */
uint32_t kph_fn_at(const extractor *x, uint32_t off);
/* Follows the function the scan is in, at token i, before the scan
 * counts its brackets; inner: the innermost bracket open ('(' '[' '{',
 * or 0). */
void kph_fn_step(extractor *x, size_t i, char inner);

/* ----------------------------------------------------------- builder.c */

/* The local a builder keeps its text in, when the string expression at i
 * starts one, or SIZE_MAX. */
size_t kph_builder_root(const extractor *x, size_t i);
/* Appends to x->b what the code appends to builder nm after token j;
 * false when an append is conditional. */
bool kph_follow_builder(extractor *x, size_t nm, size_t j, bool *pyformat, uint8_t *consumed, uint32_t *end);

/* Forgets the index of the window's names (the window moved); frees it
 * with release. */
void kph_names_reset(extractor *x, bool release);

/* Is the local named by token nm, given its text before token j, used
 * after it as the start of a longer string (NAME + rest)? Its text alone
 * is then not what the code runs. */
bool kph_prefix_use(extractor *x, size_t nm, size_t j);

/* Python: is the local named by token nm formatted after token j: 1 with
 * % (sql = "...%(schema)s..."; ... (sql % names).split(";")), whose % are
 * then Python's, not the driver's; 2 with str.format (query = 'select
 * {}'; ... query.format(i)), whose braces are fields; 0 neither. */
int kph_formatted_later(extractor *x, size_t nm, size_t j);

/* ----------------------------------------------------------- extract.c */

/* Reads the string expression that starts at token i into x->b; returns
 * the token after it. */
size_t kph_read_chain(extractor *x, size_t i, bool *pyformat);

#endif
