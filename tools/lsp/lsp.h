/* keyplan lsp: the language server's state, shared by its files (as
 * SQLite's whereInt.h is by the where*.c files). One idea per file:
 *
 *   rpc.c        JSON-RPC framing (rpc.h)
 *   doc.c        document text, incremental edits, UTF-16/UTF-8 positions (doc.h)
 *   workspace.c  the .keyplan of each document, its schema and target, baselines
 *   chunks.c     a document cut at its statements' ends, and cut again after edits
 *   intern.c     the strings results share (messages, files, tables), kept once
 *   analyze.c    diagnostics and plans, statement by statement, cached
 *   analyze_host.c  the same for SQL in application code
 *   regions.c    application code cut at its top-level declarations, and
 *                an edit's region (regions.h)
 *   region_names.c  the names a region declares for itself and the free
 *                ones, which link regions (regionsInt.h)
 *   publish.c    diagnostics written to the client
 *   splice.c     ... the next one after an edit: the last one with the
 *                changed statements' pieces spliced in, and the line
 *                numbers after them rewritten
 *   pull.c       diagnostics the client asks for (pull), unchanged or not
 *   delta.c      ... or only what changed since the client's last answer
 *                (keyplan/diagnosticDelta, for keyplan's own VS Code extension)
 *   server.c     the message loop, lifecycle, document sync, cancellation
 *   hover.c      plans, rule pages and declarations on hover
 *   complete.c   completion from the catalog
 *   navigate.c   go to definition, document symbols
 *   inlay.c      the access class at the end of each statement
 *   actions.c    code actions: opt-ins, suppressions, rewrites, the advisor's fix
 *
 * Everything here is built on libkeyplan's one pipeline (lib/pipeline.h,
 * lib/embed.h) and the lint report (tools/report.h): a diagnostic is what
 * keyplan lint reports for the same file, at the same place. */
#ifndef KP_LSP_H
#define KP_LSP_H

#include <stdbool.h>
#include <stdint.h>

#include "advisor/targets.h"
#include "host/host.h"
#include "lib/pipeline.h"
#include "tools/baseline.h"
#include "tools/config.h"
#include "tools/lsp/doc.h"
#include "tools/lsp/rpc.h"
#include "tools/report.h"

/* A related place of a diagnostic (a note): a file and a position in it. */
typedef struct kp_lsp_note {
	const char *path;       /* its file (interned: kp_lsp_intern) */
	uint32_t line, ch;      /* LSP position (in the server's encoding) */
	const char *message;    /* interned */
} kp_lsp_note;

/* One finding, as lint reports it (rule settings, suppressions and the
 * baseline applied), placed by byte offsets relative to its chunk. */
typedef struct kp_lsp_diag {
	uint32_t off, end;      /* bytes, relative to the chunk's start */
	kp_rule rule;
	kp_severity severity;
	const char *message;    /* with the help lines after it (interned) */
	kp_lsp_note *notes;
	uint32_t nnotes;
	bool frag;              /* in a fragment or constant its statement reads:
	                           published once, with the first statement that
	                           has it (as lint reports it) */
	uint64_t fp;            /* its baseline fingerprint (with a baseline) */
	uint64_t fp1;           /* the same as a version 1 baseline knows it (tools/baseline.h) */
} kp_lsp_diag;                  /* 56 bytes: a document keeps thousands (fields by size) */

/* One statement's plan, for hover and inlay hints. */
typedef struct kp_lsp_stmt {
	uint32_t start, end;    /* bytes, relative to the chunk's start */
	const char *label;      /* inlay label: "GET", "SCAN", "FILTERED SCAN",
	                           "SEARCH", "FULL SCAN", "REJECTED"; NULL: no plan */
	const char *table;      /* its table, or NULL (interned) */
	char *index;            /* the index it reads through, or NULL */
	bool is_select;         /* a SELECT (the opt-in hint goes after its keyword) */
	uint32_t kw_end;        /* relative end of its first keyword */
} kp_lsp_stmt;

/* A chunk's diagnostics as LSP JSON, as the last publication sent them:
 * each diagnostic with a comma before it, its lines those of the chunk
 * starting at line bl. They are sent again as they are (writev points at
 * them) while the chunk stays at its line; a chunk that moved has only
 * its line numbers rewritten (in place while they keep their width), and
 * a chunk whose start moved within its line (the columns of its first
 * line change) is written again. Lines of a note in another file, columns
 * and everything else do not change while the chunk's text does not. */
typedef struct kp_lsp_json {
	char *text;             /* diagnostic i is [dstart[i], dstart[i + 1]) */
	uint32_t len;
	uint32_t *dstart;       /* ndiags + 1 */
	uint32_t *lat;          /* where each line number of this document starts in text */
	uint32_t *lrel;         /* ... and its value minus bl */
	uint32_t nlines;
	uint32_t bl, col0;      /* the chunk's first line, and its start's column */
	uint64_t docs;          /* a hash of the rule pages' URL written in it */
} kp_lsp_json;                  /* one allocation with its arrays; text its own */

/* What one chunk of a document yields: a chunk is the text from the end of
 * the previous statement (its ';' and what trails it on its line) to the
 * end of this one, so that every comment that directs a statement lies in
 * its chunk. Cached by the chunk's text and what it is planned against. */
typedef struct kp_lsp_chunk {
	uint64_t key;           /* hash of its text and context */
	kp_lsp_diag *diags;
	uint32_t ndiags, dcap;
	kp_lsp_stmt *stmts;
	uint32_t nstmts, scap;
	kp_lsp_json *json;      /* its diagnostics serialised (publish.c), or NULL */
	struct kp_lsp_chunk *next; /* the next chunk of the same key (analysis only) */
	uint64_t id;            /* unique to the chunk (its findings never change),
	                           in order of creation */
	uint64_t pin_key;       /* see pinned */
	uint64_t frag_ctx;      /* see nfrag */
	uint32_t pin_hi;        /* pinned: the end of what it and its findings
	                           reach (an edit after it leaves it valid) */
	uint32_t nfrag;         /* findings in what it reads (diags' frag),
	                           whose messages name the fragments' lines and
	                           the statements that read them: frag_ctx */
	bool taken;             /* reused by the analysis under way */
	bool pinned;            /* a statement of application code whose
	                           findings reach outside it: offsets from the
	                           file's start, valid while it and what it
	                           reads are where they were (pin_key) */
	bool self_abs;          /* a note points into this document outside the
	                           chunk (its line does not move with it: delta.c
	                           sends it again rather than moved) */
} kp_lsp_chunk;                 /* 96 bytes: a document keeps one per statement
                                   (fields by size: a bool among words took 8) */

/* A chunk of the current text: where it starts, and its result; and what
 * the last publication sent of it (publish.c), so that a publication that
 * sends it again at the same place reads nothing of the chunk (a document
 * has thousands: each read was a cache miss). */
typedef struct kp_lsp_ref {
	uint32_t base, len;
	kp_lsp_chunk *c;
	uint64_t id;            /* c->id */
	const char *pub;        /* its diagnostics as sent (c->json's text), or NULL: unknown */
	uint32_t pub_len;       /* 0: it has none */
	uint32_t pub_bl, pub_bc; /* where it started then */
	bool has_diags;         /* c->ndiags != 0 ... */
	bool self_abs;          /* ... and c->self_abs (a delta reads no chunk: delta.c) */
	kp_lsp_json *pub_json;  /* the JSON pub is the text of (a move reads it, not the chunk) */
} kp_lsp_ref;

typedef struct kp_lsp_ws kp_lsp_ws;

/* A piece of a delta answer (delta.c): one chunk's diagnostics as sent,
 * where its first line and column were. */
typedef struct kp_lsp_piece {
	uint64_t id;            /* the chunk's id */
	uint32_t bl, bc;
} kp_lsp_piece;

/* The last push publication of a document, kept whole so that the next
 * one after an edit that moved no line is the old text with the changed
 * chunks' pieces spliced in (publish.c): nothing before or after them is
 * read again. Each piece (the file's findings, then each ref's) has a
 * comma before each diagnostic; the notification has every byte but the
 * first comma. */
typedef struct kp_lsp_pubcache {
	kp_buf body;
	/* body was spliced into the client's pipe (rpc.h: lent) up to this
	 * offset of lent_w's stream, or 0: it is changed or freed only once
	 * the client has read that far, else it is copied and given to the
	 * writer (splice.c: own_body) */
	unsigned long long lent;
	kp_rpc_writer *lent_w;
	uint32_t *at;           /* ref i's piece is [at[i], at[i + 1]); the
	                           file's findings [0, at[0]); n + 1 of them */
	uint64_t *part;         /* ref i's part of the signature; n of them */
	uint32_t *bl, *bc;      /* where ref i's chunk started (line, column), for
	                           its part; n of them (meant only where a piece is) */
	/* the line numbers of this document in body (the holes): where each
	 * ends and its value, in order; ref i's are [hat[i], hat[i + 1]),
	 * the file's findings' [0, hat[0]). After an edit that added or took
	 * away lines only these are rewritten in the pieces after it. */
	uint32_t *hat;          /* n + 1 */
	uint32_t *hend, *hval;
	uint32_t nh, hcap;
	bool holes;             /* known: every piece was a chunk's JSON whole */
	uint32_t n;             /* refs then */
	size_t nlines;          /* the text's lines then */
	uint64_t head;          /* the signature's head then (publish.c) */
	bool valid;
	/* what analyses did since (analyze.c): refs [lo, nrefs - tail) are
	 * new, the old ones replaced added `removed` to the signature; broken:
	 * one was not a splice (a full cut, the file's findings redone, a
	 * replaced piece never published) */
	bool changed, broken;
	uint32_t lo, tail;
	uint64_t removed;
} kp_lsp_pubcache;

/* A keyplan: comment of application code (kp_lsp_doc.dirs). */
typedef struct kp_lsp_dir {
	uint32_t off, end;      /* the comment */
	uint32_t owner;         /* the ref of its statement, or UINT32_MAX */
	bool wide;              /* holds one the file pass reads (ignore-file,
	                           disable, enable: it acts on every statement) */
	bool own;               /* holds one its statement reads (ignore, an
	                           unknown word) */
} kp_lsp_dir;

typedef struct kp_lsp_doc {
	char *uri;
	char *path;             /* its file, or the URI when it is not a file */
	int lang;               /* kp_lang, or -1: not a file keyplan reads */
	long long version;
	kp_doc_text t;
	kp_lsp_ws *ws;          /* the workspace (config) it belongs to */
	bool dirty;             /* changed since its diagnostics were published */
	bool stale;             /* changed by another document (a schema file,
	                           a .keyplan): a pulling client is told */
	bool analyzed;          /* refs are up to date with t */
	kp_lsp_ref *refs;       /* its chunks, in order */
	uint32_t nrefs;
	kp_lsp_chunk *whole;    /* file-level findings (directives of the file
	                           pass; application code: its extraction's),
	                           recomputed on every analysis */
	uint64_t ctx_key;       /* context of the last analysis */
	bool had_ddl;           /* a chunk changes the schema */
	/* what edits changed since the last analysis: only [edit_lo, len -
	 * edit_suffix) (edit_lo SIZE_MAX: nothing); old_len, the length then */
	size_t edit_lo, edit_suffix, old_len;
	/* its directives that act on every chunk as the last analysis read
	 * them (chunks.c: kp_lsp_file_directives): while it had none, an edit
	 * is read for a new one over the lines it touched, not the whole text */
	uint64_t fd_hash;
	uint32_t *fd_at, fd_n;  /* SQL: where those lines are */
	/* application code: its keyplan: comments as the last analysis's
	 * extraction read them (analyze_host.c): where each is, the ref of the
	 * statement it belongs to (UINT32_MAX: none), and which directives it
	 * holds; dirs_known: they are the text's (an edit's region is read
	 * alone only then) */
	struct kp_lsp_dir *dirs;
	uint32_t ndirs;
	bool dirs_known;
	bool fd_known, fd_any;
	unsigned runs;          /* chunks planned by the last analysis (tests and
	                           benchmarks read it through keyplan/stats) */
	uint64_t ids_before;    /* chunks with a greater id were planned by it ... */
	uint32_t plan_lo, plan_hi; /* ... all of them among refs [plan_lo, plan_hi),
	                           the refs it made (keyplan/stats reads no other) */
	uint64_t pub_docs;      /* the rule pages' URL of the refs' pub */
	double analysis_ms;     /* how long the last analysis took ... */
	double publish_ms;      /* ... and writing its diagnostics */
	double analysis_cpu_ms, publish_cpu_ms; /* the same in CPU time (waiting
	                           for the client to read is not counted) */
	/* the last push publication seen from the kernel (keyplan/stats): its
	 * writes' share of publish_ms and publish_cpu_ms, the write calls
	 * made and how many the pipe took short, and what the thread's
	 * rusage counted meanwhile (minor page faults, voluntary and
	 * involuntary context switches) */
	double publish_write_ms, publish_write_cpu_ms;
	unsigned publish_writes, publish_short_writes;
	long publish_minflt, publish_nvcsw, publish_nivcsw;
	bool edited;            /* changed since it was opened (its chunks keep their JSON) */
	bool published;         /* published_sig is what the client was sent */
	uint64_t published_sig; /* the signature of its last publication */
	/* the last keyplan/diagnosticDelta answer (delta.c): its pieces, in
	 * order, its resultId and what every piece depended on (the head) */
	kp_lsp_piece *dl_pieces;
	uint32_t dl_n;
	bool dl_valid;
	uint64_t dl_rid, dl_head;
	/* application code: its regions (tools/lsp/regions.h), for extracting
	 * an edit's region alone */
	struct kp_lsp_regions *rg;
	unsigned partial_runs;  /* analyses that read one region (tests) */
	kp_lsp_pubcache pc;     /* the last push publication (SQL documents being edited) */
	unsigned spliced;       /* publications spliced from it (keyplan/stats) ... */
	uint32_t splice_written; /* ... the last one's refs written again (their chunks read) */
	uint32_t splice_moved;  /* ... and those after them that only had their line numbers rewritten */
} kp_lsp_doc;

/* A schema file of a workspace, as read: its text (the open document's
 * when it is open), its findings, its statements' spans. */
typedef struct kp_lsp_schema {
	char *path;             /* real path */
	kp_source *src;         /* owned by the workspace's pipe */
	kp_lsp_chunk res;       /* findings and statements, offsets from 0 */
} kp_lsp_schema;

struct kp_lsp_ws {
	char *dir;              /* the folder of its .keyplan, or the client's root */
	char *config;           /* the .keyplan read, or NULL */
	char *config_error;     /* why it could not be read, or NULL */
	char *setting_error;    /* the client's keyplan.target names no target: why, or NULL */
	kp_arena arena;         /* the config's strings */
	kp_config cfg;
	kp_target target;
	kp_rule_setting rules[KP_R__COUNT];
	kp_pipe pipe;           /* the schema: its catalog and sources */
	bool built;             /* pipe holds the schema */
	kp_pipe run;            /* analyses against pipe's catalog: made once per
	                           build (its parser, shape cache and plan memo
	                           kept), reset after each (kp_lsp_ws_pipe_done) */
	bool run_made, run_busy;
	unsigned long pipes_made; /* pipelines made for analyses (keyplan/stats) */
	bool stale;             /* rebuild before the next use */
	kp_lsp_schema *schemas;
	uint32_t nschemas;
	bool schema_given;      /* a schema is configured */
	uint64_t gen;           /* changes with every rebuild */
	kp_baseline baseline;
	bool has_baseline;
	char *baseline_path;
	char *baseline_error;
};

/* A message read and not yet handled, or (msg NULL) a framing or JSON
 * error to answer in its place, so that answers keep the input's order. */
typedef struct kp_lsp_pending {
	cJSON *msg;
	bool cancelled;
	int code;
	const char *why;
} kp_lsp_pending;

typedef struct kp_lsp {
	kp_rpc_reader in;
	kp_rpc_writer out;
	kp_lsp_enc enc;
	bool initialized;       /* initialize answered */
	bool shut;              /* shutdown received */
	bool exited;            /* exit received */
	int exit_code;
	char *root;             /* the client's root folder, or NULL */
	/* initializationOptions and workspace/didChangeConfiguration */
	char *opt_target;       /* overrides the config's target */
	char **opt_schema;      /* schema paths when no .keyplan names any */
	int nopt_schema;
	char *opt_baseline;     /* baseline file (relative to the workspace) */
	bool inlay;             /* inlay hints on (default) */
	bool watch_dynamic;     /* the client registers file watchers */
	bool pull;              /* the client pulls diagnostics (pull.c) */
	bool pull_refresh;      /* ... and is told to pull them again */
	/* a diagnostic's optional fields the client takes (publishDiagnostics'
	 * or diagnostic's capabilities): sent only then (publish.c) */
	bool code_desc;         /* codeDescriptionSupport: the rule page's href */
	bool related;           /* relatedInformation: a note's location (the key's DDL) */
	kp_lsp_doc **docs;
	uint32_t ndocs, docs_cap;
	kp_lsp_ws **wss;
	uint32_t nwss, wss_cap;
	kp_lsp_pending *queue;  /* messages read, not yet handled */
	uint32_t qhead, qn, qcap;
	unsigned long long next_id; /* of requests the server sends */
	kp_rpc_gather pub;      /* where diagnostics are written (publish.c) */
} kp_lsp;

/* server.c */
kp_lsp_doc *kp_lsp_find_doc(kp_lsp *s, const char *uri);
/* The document a request's params.textDocument.uri names, or NULL after
 * answering the request with an error. */
kp_lsp_doc *kp_lsp_doc_of(kp_lsp *s, const cJSON *id, const cJSON *params);
/* LSP position <-> byte offset of doc */
bool kp_lsp_offset(kp_lsp *s, kp_lsp_doc *d, const cJSON *pos, size_t *off);
cJSON *kp_lsp_pos(kp_lsp *s, kp_lsp_doc *d, size_t off);
cJSON *kp_lsp_range(kp_lsp *s, kp_lsp_doc *d, size_t off, size_t end);
/* A position in a file that may not be open (its text, or the open doc's). */
cJSON *kp_lsp_location(kp_lsp *s, const char *path, kp_source *src, size_t off, size_t end);

/* intern.c: a string kept once for all its holders (a finding's message,
 * a note's file and message, a statement's table), NUL-terminated: each
 * kp_lsp_intern is matched by one kp_lsp_unintern. */
const char *kp_lsp_intern(const char *s, size_t n);
const char *kp_lsp_intern_str(const char *s);
void kp_lsp_unintern(const char *p);

/* chunks.c */
/* A chunk of text: where it starts, its length, whether its statement
 * changes the schema. */
typedef struct kp_lsp_cut {
	uint32_t base, len;
	bool ddl;               /* its statement changes the schema */
} kp_lsp_cut;

/* FNV-1a over n bytes, from h. */
uint64_t kp_lsp_hash(uint64_t h, const void *p, size_t n);
uint64_t kp_lsp_hash_u64(uint64_t h, uint64_t v);
/* Cuts text into chunks at top-level ';', from `from` (a chunk's start);
 * stops early, with *stopped set, at the first chunk end where stop says
 * an old chunk starts (the rest of the text is as it was). */
kp_lsp_cut *kp_lsp_cut_text(const char *t, size_t len, bool hash_comment, size_t from, uint32_t *n,
                            bool (*stop)(void *, size_t), void *ctx, bool *stopped);
/* A hash of the directives of the text that act on every chunk (what
 * they say; *any: a line may hold one): in application code its
 * keyplan:ignore-file lines; in SQL (sql) the lines the file pass reads
 * (a "--" comment starting a line in code: keyplan:ignore-file, disable,
 * enable), where they are in *at (realloc'd, *nat of them). */
uint64_t kp_lsp_file_directives(const char *t, size_t len, bool sql, bool *any, uint32_t **at, uint32_t *nat);
/* The chunks of d's text after edits that changed only [edit_lo, len -
 * edit_suffix), from the start of old ref *old_lo on: they take the place
 * of the old refs [*old_lo, *old_hi); the old refs from *old_hi on are
 * kept, moved by *delta bytes. */
kp_lsp_cut *kp_lsp_recut(kp_lsp_doc *d, bool hash_comment, uint32_t *nmid, uint32_t *old_lo, uint32_t *old_hi,
                         long long *delta);
/* Old chunks by key; chunks of one key (a statement written twice) chain. */
typedef struct kp_lsp_old_bucket {
	uint64_t key;
	kp_lsp_chunk *head;     /* not yet taken (NULL once all are) */
	bool used;
} kp_lsp_old_bucket;

typedef struct kp_lsp_old_map {
	kp_lsp_old_bucket *slots;
	uint32_t cap;
} kp_lsp_old_map;

void kp_lsp_old_put(kp_lsp_old_map *m, kp_lsp_chunk *c);
/* A chunk with key not yet taken (marked taken), or NULL. */
kp_lsp_chunk *kp_lsp_old_take(kp_lsp_old_map *m, uint64_t key);

/* workspace.c */
kp_lsp_ws *kp_lsp_ws_for(kp_lsp *s, const char *path);
void kp_lsp_ws_free(kp_lsp_ws *w);
/* Builds the schema again if it is stale (a schema file changed). */
void kp_lsp_ws_ensure(kp_lsp *s, kp_lsp_ws *w);
/* The schema file of w at path, or NULL. */
kp_lsp_schema *kp_lsp_ws_schema(kp_lsp_ws *w, const char *path);
const char *kp_lsp_ws_tenant(const kp_lsp_ws *w);
/* A pipeline for one analysis of a document of w, with w's target and
 * tenant: against a copy of w's schema when the document changes it
 * (own_schema: its DDL goes into the copy, made in tmp), else against w's
 * catalog: w's kept pipeline (w->run), unless it is in use (then tmp).
 * Returns the one to use; give it back with kp_lsp_ws_pipe_done. */
kp_pipe *kp_lsp_ws_pipe(kp_lsp_ws *w, kp_pipe *tmp, bool own_schema);
/* p freed if it was made for the analysis, reset if it is w's own. */
void kp_lsp_ws_pipe_done(kp_lsp_ws *w, kp_pipe *p);
/* Marks every workspace whose schema includes path (or could: a new file
 * in a schema folder) stale. Returns true if one was. */
bool kp_lsp_ws_touch(kp_lsp *s, const char *path);
/* Is path skipped by the exclude globs of w's .keyplan (as lint skips it)? */
bool kp_lsp_ws_excluded(kp_lsp_ws *w, const char *path);
/* Where w's rule pages are: its .keyplan's docs-url, else the build's. */
const char *kp_lsp_docs_url(kp_lsp_ws *w);
/* The kept DDL statement that declares off of src: its span. */
bool kp_lsp_ws_decl(kp_lsp_ws *w, kp_source *src, uint32_t off, uint32_t *start, uint32_t *end);

/* analyze.c, and analyze_host.c for application code */
/* What a chunk's statements are run with. */
typedef struct kp_lsp_pass {
	kp_lsp *s;
	kp_lsp_ws *ws;
	kp_pipe *pipe;
	kp_report *rep;
	kp_source *src;         /* the chunk's source (or the host file's) */
	kp_lsp_chunk *out;      /* its result */
	const char *doc_path;
	bool schema;            /* a schema file of the workspace */
	bool want_fp;           /* fingerprint each finding (a baseline is set) */
	kp_stmt_shape shape;    /* the statement being reported, for them */
	kp_arena shape_arena;
} kp_lsp_pass;

/* The pipe's events of a run: statements' findings through the report
 * (suppressions, rule settings), their plans recorded into r->out. */
int kp_lsp_on_event(void *ctx, kp_event *ev);
/* Where every report of the server writes its text (a report's findings
 * go to its sink; it writes nothing): /dev/null, opened once for the
 * process, or stderr when it cannot be. */
FILE *kp_lsp_devnull(void);
/* A report whose findings go to r->out (through its sink). */
void kp_lsp_report_start(kp_lsp_ws *w, kp_report *rep, kp_arena *a, kp_lsp_pass *r);
kp_lsp_chunk *kp_lsp_new_chunk(uint64_t key);
/* The id of the last chunk made. */
uint64_t kp_lsp_last_chunk_id(void);
/* Brings a document of application code up to date (ctx: what it is
 * planned against). */
void kp_lsp_analyze_host(kp_lsp *s, kp_lsp_doc *d, uint64_t ctx);
/* Brings doc's chunks up to date (only chunks whose text or context changed
 * are planned). */
void kp_lsp_analyze(kp_lsp *s, kp_lsp_doc *d);
/* publish.c */
/* A chunk's part of a publication's signature (its id where its first line
 * and column are): the signature is its head plus the parts, so that a
 * splice takes the replaced chunks' parts away and adds the new ones. */
uint64_t kp_lsp_sig_part(uint64_t id, uint32_t bl, uint32_t bc);
/* The head of a publication's signature (kp_lsp_delta_simple documents),
 * and the hash of the rule pages' URL. */
uint64_t kp_lsp_diag_head(kp_lsp *s, kp_lsp_doc *d, uint64_t *docs_hash);
/* What a walk of a publication learns of the refs' pieces, for the splice
 * (splice.c), by ref (of those walked, from 0): where its piece starts in
 * the gather, its part of the signature, where its chunk starts, and the
 * line numbers of this document it writes (the holes: where each ends
 * in the gather, and its value). */
typedef struct kp_lsp_pubrec {
	uint32_t *marks;        /* n + 1 */
	uint64_t *parts;        /* n */
	uint32_t *bl, *bc;      /* n */
	uint32_t *hat;          /* n + 1: ref i's holes are [hat[i], hat[i + 1]) */
	uint32_t *hend, *hval;
	uint32_t nh, hcap;
	bool bad;               /* a piece was not a chunk's JSON whole: holes unknown */
} kp_lsp_pubrec;
void kp_lsp_pubrec_init(kp_lsp_pubrec *r, uint32_t n);
void kp_lsp_pubrec_free(kp_lsp_pubrec *r);
/* Like kp_lsp_diag_items, and what rec (for every ref) learns. */
uint64_t kp_lsp_diag_marked(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g, kp_lsp_pubrec *rec);
/* The pieces of refs [lo, hi) alone, each diagnostic with a comma before
 * it, into g, and what rec (for hi - lo refs) learns; returns the sum of
 * the parts. */
uint64_t kp_lsp_diag_pieces(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g, uint32_t lo, uint32_t hi,
                            kp_lsp_pubrec *rec);
/* splice.c: a push publication spliced into the last one */
/* What an analysis that kept refs [0, lo) and the old refs [hi, n) of d
 * (the old ones in between replaced; full: none kept) tells the cache. */
void kp_lsp_pubcache_note(kp_lsp_doc *d, bool full, uint32_t lo, uint32_t hi);
void kp_lsp_pubcache_free(kp_lsp_pubcache *pc);
/* Is d's publication kept for a splice? */
bool kp_lsp_splice_want(kp_lsp *s, kp_lsp_doc *d);
/* g holds a publication's head up to its diagnostics' '[': its items and
 * end written from the last publication and the changed refs, sent unless
 * the client has them. False: no splice possible (nothing written). */
bool kp_lsp_splice_publish(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g);
/* Keeps (keep) the publication in g, its items [from, to), with what rec
 * learnt of its pieces (its arrays taken), or forgets the last. */
void kp_lsp_splice_keep(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g, bool keep, size_t from, size_t to,
                        kp_lsp_pubrec *rec);
/* Publishes doc's diagnostics (push), unless the client has them already. */
void kp_lsp_publish(kp_lsp *s, kp_lsp_doc *d);
/* Appends doc's diagnostics to g, as the items of a JSON array (pointing at
 * each chunk's JSON: send g before the document changes); returns their
 * signature (equal signatures, equal JSON). */
uint64_t kp_lsp_diag_items(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g);
/* The same signature alone (no JSON written). */
uint64_t kp_lsp_diag_signature(kp_lsp *s, kp_lsp_doc *d);
/* A delta's walk (delta.c): the pieces the client has, found by id, and
 * those of this answer; the ops written so far. */
typedef struct kp_lsp_delta {
	const kp_lsp_piece *old;
	uint32_t nold;
	uint64_t *slot_id;      /* an index of old's ids: id -> its place + 1 */
	uint32_t *slot_at;
	uint32_t cap;
	kp_lsp_piece *now;
	uint32_t nnow, now_cap;
	bool any_op;            /* an op is written (the next takes a comma) */
	uint32_t keep_from, keep_n; /* a keep op not yet written ... */
	long long keep_dl;      /* ... and its line shift */
	uint64_t head;          /* the signature before the pieces (the schema's
	                           generation, the rule pages' URL) ... */
	uint64_t old_head;      /* ... and old's: when they differ, old is not used */
} kp_lsp_delta;
/* Like kp_lsp_diag_items, as the ops of a delta from dx's old pieces
 * (none: every piece sent) into g: [from, n, dl] keeps the client's
 * pieces [from, from + n) with their lines moved by dl, {"items": [...]}
 * is a piece sent; dx->now gets the pieces sent or kept. Only for a
 * document whose diagnostics are its chunks' alone (kp_lsp_delta_simple). */
uint64_t kp_lsp_diag_delta(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g, kp_lsp_delta *dx);
/* Are d's diagnostics its chunks' as they are (no baseline, no finding of
 * a fragment sent once, no setup error, not a schema file, a schema)? */
bool kp_lsp_delta_simple(kp_lsp *s, kp_lsp_doc *d);
void kp_lsp_json_free(kp_lsp_json *j);
void kp_lsp_chunk_free(kp_lsp_chunk *c);
void kp_lsp_doc_drop_analysis(kp_lsp_doc *d);
/* What a ref keeps of its chunk's result (has_diags, self_abs): once it is planned. */
void kp_lsp_ref_learn(kp_lsp_ref *r);
/* Runs every statement of one schema file through w's pipe, its findings
 * into out (used by workspace.c). */
void kp_lsp_schema_run(kp_lsp *s, kp_lsp_ws *w, kp_report *rep, kp_source *src, kp_lsp_chunk *out);
/* The diagnostic as LSP JSON, at base in doc. */
cJSON *kp_lsp_diag_json(kp_lsp *s, kp_lsp_doc *d, uint32_t base, const kp_lsp_diag *g);
/* Is doc a schema file of its workspace? */
kp_lsp_schema *kp_lsp_doc_schema(kp_lsp_doc *d);
/* The plan of the statement at off as Markdown (malloc'd), or NULL: its
 * chunk is planned again. */
char *kp_lsp_plan_markdown(kp_lsp *s, kp_lsp_doc *d, size_t off);
/* The statement (and its chunk's base) holding off, or NULL. */
const kp_lsp_stmt *kp_lsp_stmt_at(kp_lsp_doc *d, size_t off, uint32_t *base);

/* pull.c */
/* textDocument/diagnostic */
void kp_lsp_pull(kp_lsp *s, const cJSON *id, const cJSON *params);
/* When documents changed because others did: workspace/diagnostic/refresh. */
void kp_lsp_pull_refresh(kp_lsp *s);

/* delta.c: keyplan/diagnosticDelta */
void kp_lsp_delta_request(kp_lsp *s, const cJSON *id, const cJSON *params);

/* the requests, one file each */
void kp_lsp_hover(kp_lsp *s, const cJSON *id, const cJSON *params);
void kp_lsp_completion(kp_lsp *s, const cJSON *id, const cJSON *params);
void kp_lsp_definition(kp_lsp *s, const cJSON *id, const cJSON *params);
void kp_lsp_symbols(kp_lsp *s, const cJSON *id, const cJSON *params);
void kp_lsp_inlay(kp_lsp *s, const cJSON *id, const cJSON *params);
void kp_lsp_code_action(kp_lsp *s, const cJSON *id, const cJSON *params);

/* The identifier at off of doc: its span and its name (folded as the
 * target compares it: unquoted, and upper-cased for Phoenix), in buf. */
bool kp_lsp_word_at(kp_lsp_doc *d, size_t off, size_t *start, size_t *end, kp_buf *name);

/* What the name at off declares: 1 a table, 2 a column (*col of *t), 3 an
 * index (*ix of *t), 0 nothing. */
int kp_lsp_resolve(kp_lsp_doc *d, size_t off, kp_table **t, int *col, kp_index **ix);

/* The rule pages compiled into the binary (cmake/embed_rules.cmake). */
const char *kp_lsp_rule_page(const char *id);

/* Runs the server over s->in and s->out (kp_lsp_main: standard input and
 * output; the fuzz target: memory): the exit status. */
int kp_lsp_run(kp_lsp *s);
void kp_lsp_init(kp_lsp *s);
/* Handles one message (a request is answered on s->out). */
void kp_lsp_handle(kp_lsp *s, cJSON *msg, bool cancelled);
void kp_lsp_free(kp_lsp *s);

/* The head of a diagnostics answer in s->pub up to its opened list;
 * returns where its resultId's 16 digits go (pull.c). */
size_t kp_lsp_result_head(kp_lsp *s, const cJSON *id, const char *kind, const char *list);

#endif
