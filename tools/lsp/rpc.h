/* JSON-RPC 2.0 over the Language Server Protocol's base protocol: messages
 * framed by a Content-Length header, read from a file descriptor (or a
 * memory buffer, for the fuzz target) and written to one.
 *
 * JSON is cJSON's (Debian libcjson-dev). Of the three Debian-packaged C
 * JSON libraries, cJSON parses the fastest on small messages (an LSP
 * session is thousands of them), is one file with no dependencies, takes a
 * length instead of a NUL (a body is parsed in place), bounds nesting
 * (CJSON_NESTING_LIMIT, so hostile input cannot exhaust the stack) and is
 * actively maintained, with security fixes backported by Debian; jansson
 * reference-counts every value (more calls per message for nothing here),
 * and json-c is the slowest of the three and the largest. */
#ifndef KP_LSP_RPC_H
#define KP_LSP_RPC_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "base/buf.h"

/* A body larger than this is answered with an error and skipped unread
 * (a 50 MB document fits with room to spare). */
#define KP_RPC_MAX_BODY ((size_t)256 << 20)
/* A header line longer than this is malformed. */
#define KP_RPC_MAX_HEADER 1024

/* JSON-RPC and LSP error codes */
enum {
	KP_RPC_PARSE_ERROR = -32700,
	KP_RPC_INVALID_REQUEST = -32600,
	KP_RPC_METHOD_NOT_FOUND = -32601,
	KP_RPC_INVALID_PARAMS = -32602,
	KP_RPC_INTERNAL_ERROR = -32603,
	KP_RPC_SERVER_NOT_INITIALIZED = -32002,
	KP_RPC_REQUEST_FAILED = -32803,
	KP_RPC_REQUEST_CANCELLED = -32800,
};

typedef struct kp_rpc_reader {
	int fd;                 /* where bytes come from, or -1: only mem */
	const char *mem;        /* with fd -1: the whole input */
	size_t mem_len;
	char *buf;              /* bytes read and not yet consumed */
	size_t start, end, cap;
	bool eof;               /* the input ended */
	long long pending;      /* a header read whose body comes next, or -1 */
} kp_rpc_reader;

typedef enum kp_rpc_status {
	KP_RPC_MESSAGE,         /* *msg holds a parsed message */
	KP_RPC_BAD,             /* a framing or JSON error: *code and *why say which; the
	                           reader has skipped past it */
	KP_RPC_EOF,             /* the input ended (perhaps inside a message) */
} kp_rpc_status;

void kp_rpc_reader_fd(kp_rpc_reader *r, int fd);
void kp_rpc_reader_mem(kp_rpc_reader *r, const char *data, size_t len);
void kp_rpc_reader_free(kp_rpc_reader *r);
/* Reads the next message. On KP_RPC_BAD, why is a static string. */
kp_rpc_status kp_rpc_read(kp_rpc_reader *r, cJSON **msg, int *code, const char **why);
/* Are bytes of another message already buffered or waiting on the fd? */
bool kp_rpc_pending(kp_rpc_reader *r);

/* A buffer lent to the pipe (vmspliced) and no longer its owner's: freed
 * once the client has read past it. */
typedef struct kp_rpc_retired {
	void *p;
	unsigned long long until; /* the stream's offset the client must read to */
} kp_rpc_retired;

typedef struct kp_rpc_writer {
	int fd;                 /* where messages go, or -1: into out */
	kp_buf out;             /* with fd -1: every message written */
	bool failed;            /* a write failed (the client is gone) */
	/* fd is a pipe: a piece lent (kp_rpc_gather_lend) is spliced into it
	 * (vmsplice): the pipe holds our pages, not a copy, until the client
	 * reads them; the bytes written so far, and the buffers lent whose
	 * owner let go of them before the client read them */
	bool lend;
	unsigned long long sent, lent_end;
	kp_rpc_retired *retired;
	size_t nretired, rcap;
	/* the last kp_rpc_send_gather's writes: how long (wall and the
	 * thread's CPU, in ms), how many write calls, and how many of them
	 * the pipe took short (the client was reading) */
	double send_ms, send_cpu_ms;
	unsigned send_calls, send_short;
} kp_rpc_writer;

void kp_rpc_writer_fd(kp_rpc_writer *w, int fd);
void kp_rpc_writer_mem(kp_rpc_writer *w);
void kp_rpc_writer_free(kp_rpc_writer *w);
/* Writes msg framed, and deletes it. */
void kp_rpc_send(kp_rpc_writer *w, cJSON *msg);
/* Writes a message already serialised (JSON text of n bytes), framed. */
void kp_rpc_send_text(kp_rpc_writer *w, const char *s, size_t n);
/* A message written in pieces, sent with writev: bytes of its own (buf)
 * and bytes it only points at (a document's diagnostics as the last
 * publication wrote them), which must stay as they are until it is sent.
 * Its writers append to buf freely; a piece of buf is taken when a
 * pointed-at piece comes after it, and at the end. */
typedef struct kp_rpc_piece {
	const char *p;          /* the bytes, or NULL: [off, off + len) of buf */
	size_t off, len;
	bool lent;              /* p lent to a pipe: unchanged until it is read */
} kp_rpc_piece;

typedef struct kp_rpc_gather {
	kp_buf buf;
	kp_rpc_piece *v;
	size_t n, cap;
	size_t taken;           /* bytes of buf already in a piece */
	size_t len;             /* the message's length so far (pieces) */
} kp_rpc_gather;

void kp_rpc_gather_reset(kp_rpc_gather *g);
void kp_rpc_gather_free(kp_rpc_gather *g);
/* Appends n bytes at p, not copied (p must outlive the sending). */
void kp_rpc_gather_ref(kp_rpc_gather *g, const char *p, size_t n);
/* Appends n bytes at p, not copied, and lends them: to a pipe they are
 * spliced (vmsplice), so the pipe holds p's pages until the client has
 * read them. Their owner must not change or free them before
 * kp_rpc_consumed reaches the stream offset kp_rpc_send_gather gives back
 * (kp_rpc_lent_end), or must hand them to kp_rpc_retire. */
void kp_rpc_gather_lend(kp_rpc_gather *g, const char *p, size_t n);
/* The message's bytes [from, to) (its pieces so far) appended to out. */
void kp_rpc_gather_copy(kp_rpc_gather *g, size_t from, size_t to, kp_buf *out);
/* The message's length so far. */
size_t kp_rpc_gather_len(const kp_rpc_gather *g);
/* Writes the message framed (one writev with its header, in batches of
 * IOV_MAX pieces). */
void kp_rpc_send_gather(kp_rpc_writer *w, kp_rpc_gather *g);
/* The stream's offset after the last piece lent by the last
 * kp_rpc_send_gather, or 0 when nothing stayed lent (no pipe: copied). */
unsigned long long kp_rpc_lent_end(const kp_rpc_writer *w);
/* How much of the stream the client has read (what is no longer in the
 * pipe): every byte written, unless the pipe says otherwise. */
unsigned long long kp_rpc_consumed(kp_rpc_writer *w);
/* p (malloc'd), lent up to the stream's offset until, is its owner's no
 * more: freed once the client has read that far (or with the writer). */
void kp_rpc_retire(kp_rpc_writer *w, void *p, unsigned long long until);
/* {"jsonrpc": "2.0", "id": id, "result": result}: takes result (NULL: null). */
void kp_rpc_result(kp_rpc_writer *w, const cJSON *id, cJSON *result);
/* An error response; id NULL answers with "id": null. */
void kp_rpc_error(kp_rpc_writer *w, const cJSON *id, int code, const char *message);
/* A notification: takes params. */
void kp_rpc_notify(kp_rpc_writer *w, const char *method, cJSON *params);

#endif
