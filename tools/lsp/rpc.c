/* JSON-RPC framing: see rpc.h. */
#define _GNU_SOURCE   /* vmsplice */
#include "tools/lsp/rpc.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

void kp_rpc_reader_fd(kp_rpc_reader *r, int fd)
{
	memset(r, 0, sizeof *r);
	r->fd = fd;
	r->pending = -1;
}

void kp_rpc_reader_mem(kp_rpc_reader *r, const char *data, size_t len)
{
	memset(r, 0, sizeof *r);
	r->fd = -1;
	r->pending = -1;
	r->buf = malloc(len + 1);
	if (!r->buf)
		abort();
	memcpy(r->buf, data, len);
	r->end = len;
	r->cap = len + 1;
	r->eof = true;
}

void kp_rpc_reader_free(kp_rpc_reader *r)
{
	free(r->buf);
	r->buf = NULL;
}

/* Reads more bytes, keeping at least want of room. Returns 0 at the end
 * of the input. */
static int fill(kp_rpc_reader *r, size_t want)
{
	if (r->eof)
		return 0;
	if (r->start == r->end)
		r->start = r->end = 0;
	if (r->start > 0 && r->cap - r->end < want) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	if (r->cap - r->end < want || r->cap - r->end < 4096) {
		size_t cap = r->cap ? r->cap : 65536;
		while (cap - r->end < want || cap - r->end < 4096)
			cap *= 2;
		char *nb = realloc(r->buf, cap);
		if (!nb)
			abort();
		r->buf = nb;
		r->cap = cap;
	}
	for (;;) {
		ssize_t n = read(r->fd, r->buf + r->end, r->cap - r->end);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			r->eof = true;
			return 0;
		}
		r->end += (size_t)n;
		return 1;
	}
}

bool kp_rpc_pending(kp_rpc_reader *r)
{
	if (r->end > r->start || r->pending >= 0)
		return true;
	if (r->eof || r->fd < 0)
		return r->eof;   /* the end is news too: the loop reads it */
	struct pollfd p = {r->fd, POLLIN, 0};
	return poll(&p, 1, 0) > 0;
}

/* The next line (without its line break and a CR before it) into
 * [*line, *line + *len): 1, or 0 at the end of the input, or -1 for a line
 * longer than KP_RPC_MAX_HEADER (skipped). */
static int read_line(kp_rpc_reader *r, const char **line, size_t *len)
{
	size_t scanned = 0;
	for (;;) {
		size_t avail = r->end - r->start - scanned;
		char *nl = avail ? memchr(r->buf + r->start + scanned, '\n', avail) : NULL;
		if (nl) {
			size_t n = (size_t)(nl - (r->buf + r->start));
			*line = r->buf + r->start;
			r->start += n + 1;
			if (n > KP_RPC_MAX_HEADER)
				return -1;
			if (n && (*line)[n - 1] == '\r')
				n--;
			*len = n;
			return 1;
		}
		scanned = r->end - r->start;
		if (scanned > KP_RPC_MAX_HEADER) {
			/* drop what is there; the line goes on */
			r->start = r->end;
			scanned = 0;
			while (fill(r, 0)) {
				nl = memchr(r->buf + r->start, '\n', r->end - r->start);
				if (nl) {
					r->start = (size_t)(nl - r->buf) + 1;
					return -1;
				}
				r->start = r->end;
			}
			return 0;
		}
		if (!fill(r, 0))
			return 0;
	}
}

/* "Content-Length: 123" (any case, blanks around the value): its value,
 * or -2 when the value is not a number, -1 when it is another header. */
static long long header_length(const char *p, size_t n)
{
	static const char name[] = "content-length:";
	if (n < sizeof name - 1 || strncasecmp(p, name, sizeof name - 1))
		return -1;
	size_t i = sizeof name - 1;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (i == n)
		return -2;
	long long v = 0;
	for (; i < n && isdigit((unsigned char)p[i]); i++) {
		v = v * 10 + (p[i] - '0');
		if (v > (long long)KP_RPC_MAX_BODY * 4)
			v = (long long)KP_RPC_MAX_BODY * 4;   /* too large: stays too large */
	}
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	return i == n ? v : -2;
}

/* Is it a header line at all ("Name: value")? */
static bool is_header(const char *p, size_t n)
{
	const char *colon = memchr(p, ':', n);
	if (!colon || colon == p)
		return false;
	for (const char *q = p; q < colon; q++)
		if (!(isalnum((unsigned char)*q) || *q == '-'))
			return false;
	return true;
}

/* Finds "Content-Length:" inside a line of junk (what a wrong length left
 * of the message before): the header that follows it starts there. */
static const char *find_header(const char *p, size_t n)
{
	static const char name[] = "content-length:";
	for (size_t i = 0; i + sizeof name - 1 <= n; i++)
		if (!strncasecmp(p + i, name, sizeof name - 1))
			return p + i;
	return NULL;
}

kp_rpc_status kp_rpc_read(kp_rpc_reader *r, cJSON **msg, int *code, const char **why)
{
	*msg = NULL;
	long long len = r->pending;
	r->pending = -1;
	if (len < 0) {
		bool junk = false, any = false;
		const char *line;
		size_t n;
		for (;;) {
			int lr = read_line(r, &line, &n);
			if (lr == 0)
				return KP_RPC_EOF;
			if (lr < 0) {
				junk = true;
				continue;
			}
			if (n == 0) {
				if (any)
					break;
				continue;   /* blank lines between messages */
			}
			if (!is_header(line, n)) {
				const char *h = find_header(line, n);
				junk = true;
				if (!h)
					continue;
				n -= (size_t)(h - line);
				line = h;
			}
			any = true;
			long long v = header_length(line, n);
			if (v == -2)
				junk = true;
			else if (v >= 0)
				len = v;
		}
		if (junk && len >= 0) {
			/* report the junk now; the message that follows is read next */
			r->pending = len;
			*code = KP_RPC_PARSE_ERROR;
			*why = "malformed header: bytes that are not a header before this message (a wrong Content-Length?)";
			return KP_RPC_BAD;
		}
		if (len < 0) {
			*code = KP_RPC_PARSE_ERROR;
			*why = junk ? "malformed header: expected Content-Length: N" : "header without Content-Length";
			return KP_RPC_BAD;
		}
	}
	size_t body = (size_t)len;
	if (body > KP_RPC_MAX_BODY) {
		/* skipped unread, so a huge message costs no memory */
		while (body) {
			size_t have = r->end - r->start;
			size_t take = have < body ? have : body;
			r->start += take;
			body -= take;
			if (body && !fill(r, 0))
				return KP_RPC_EOF;
		}
		*code = KP_RPC_INVALID_REQUEST;
		*why = "message too large: Content-Length over 256 MiB";
		return KP_RPC_BAD;
	}
	while (r->end - r->start < body)
		if (!fill(r, body - (r->end - r->start)))
			return KP_RPC_EOF;
	const char *text = r->buf + r->start;
	const char *stop = NULL;
	cJSON *j = cJSON_ParseWithLengthOpts(text, body, &stop, 0);
	r->start += body;
	if (j && stop) {
		/* only white space may follow the value */
		for (const char *q = stop; q < text + body; q++)
			if (!isspace((unsigned char)*q) && *q) {
				cJSON_Delete(j);
				j = NULL;
				break;
			}
	}
	if (!j) {
		*code = KP_RPC_PARSE_ERROR;
		*why = "invalid JSON in the message body";
		return KP_RPC_BAD;
	}
	if (!cJSON_IsObject(j)) {
		cJSON_Delete(j);
		*code = KP_RPC_INVALID_REQUEST;
		*why = "a message must be a JSON object (batches are not part of LSP)";
		return KP_RPC_BAD;
	}
	*msg = j;
	return KP_RPC_MESSAGE;
}

void kp_rpc_writer_fd(kp_rpc_writer *w, int fd)
{
	memset(w, 0, sizeof *w);
	w->fd = fd;
	struct stat st;
	w->lend = fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode);
}

void kp_rpc_writer_mem(kp_rpc_writer *w)
{
	memset(w, 0, sizeof *w);
	w->fd = -1;
}

void kp_rpc_writer_free(kp_rpc_writer *w)
{
	kp_buf_free(&w->out);
	for (size_t i = 0; i < w->nretired; i++)
		free(w->retired[i].p);   /* the session is over: what the client did not read is not wanted */
	free(w->retired);
	w->retired = NULL;
	w->nretired = w->rcap = 0;
}

unsigned long long kp_rpc_consumed(kp_rpc_writer *w)
{
	if (w->fd < 0 || !w->lend)
		return w->sent;
	int n = 0;
	if (ioctl(w->fd, FIONREAD, &n) < 0 || n < 0) {
		w->lend = false;   /* the pipe does not say: nothing is lent from now on */
		return 0;
	}
	/* bytes of another writer in the pipe (standard error sent to the same
	 * pipe) only make the client seem behind: never ahead */
	return (unsigned long long)n > w->sent ? 0 : w->sent - (unsigned long long)n;
}

/* Frees the retired buffers the client has read past. */
static void sweep(kp_rpc_writer *w)
{
	if (!w->nretired)
		return;
	unsigned long long c = kp_rpc_consumed(w);
	size_t k = 0;
	for (size_t i = 0; i < w->nretired; i++) {
		if (w->retired[i].until <= c)
			free(w->retired[i].p);
		else
			w->retired[k++] = w->retired[i];
	}
	w->nretired = k;
}

void kp_rpc_retire(kp_rpc_writer *w, void *p, unsigned long long until)
{
	if (w->nretired == w->rcap) {
		w->rcap = w->rcap ? w->rcap * 2 : 4;
		w->retired = realloc(w->retired, w->rcap * sizeof *w->retired);
		if (!w->retired)
			abort();
	}
	w->retired[w->nretired++] = (kp_rpc_retired){p, until};
	sweep(w);
}

unsigned long long kp_rpc_lent_end(const kp_rpc_writer *w)
{
	return w->lent_end;
}

static void write_all(kp_rpc_writer *w, const char *p, size_t n)
{
	while (n && !w->failed) {
		ssize_t k = write(w->fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			w->failed = true;
			return;
		}
		p += k;
		n -= (size_t)k;
		w->sent += (unsigned long long)k;
	}
}

void kp_rpc_send(kp_rpc_writer *w, cJSON *msg)
{
	char *s = cJSON_PrintUnformatted(msg);
	cJSON_Delete(msg);
	if (!s)
		abort();
	kp_rpc_send_text(w, s, strlen(s));
	cJSON_free(s);
}

void kp_rpc_send_text(kp_rpc_writer *w, const char *s, size_t n)
{
	char head[64];
	int hn = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", n);
	if (w->fd < 0) {
		kp_buf_put(&w->out, head, (size_t)hn);
		kp_buf_put(&w->out, s, n);
	} else {
		/* one write for small messages: a client reads a whole frame */
		if (n < 65536) {
			kp_buf b = {0};
			kp_buf_put(&b, head, (size_t)hn);
			kp_buf_put(&b, s, n);
			write_all(w, b.data, b.len);
			kp_buf_free(&b);
		} else {
			write_all(w, head, (size_t)hn);
			write_all(w, s, n);
		}
	}
}

/* ------------------------------------------------------------ gathered */

void kp_rpc_gather_reset(kp_rpc_gather *g)
{
	kp_buf_clear(&g->buf);
	g->n = 0;
	g->taken = 0;
	g->len = 0;
}

void kp_rpc_gather_free(kp_rpc_gather *g)
{
	kp_buf_free(&g->buf);
	free(g->v);
	memset(g, 0, sizeof *g);
}

static void piece(kp_rpc_gather *g, const char *p, size_t off, size_t n, bool lent)
{
	if (!n)
		return;
	g->len += n;
	kp_rpc_piece *last = g->n ? &g->v[g->n - 1] : NULL;
	if (last && !p && !last->p && last->off + last->len == off) {
		last->len += n;
		return;
	}
	if (last && p && last->p && last->p + last->len == p && last->lent == lent) {
		last->len += n;   /* adjacent bytes: one piece */
		return;
	}
	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 256;
		g->v = realloc(g->v, g->cap * sizeof *g->v);
		if (!g->v)
			abort();
	}
	g->v[g->n++] = (kp_rpc_piece){p, off, n, lent};
}

/* The bytes written into buf since the last piece, as a piece. */
static void take(kp_rpc_gather *g)
{
	piece(g, NULL, g->taken, g->buf.len - g->taken, false);
	g->taken = g->buf.len;
}

void kp_rpc_gather_ref(kp_rpc_gather *g, const char *p, size_t n)
{
	take(g);
	piece(g, p, 0, n, false);
}

void kp_rpc_gather_lend(kp_rpc_gather *g, const char *p, size_t n)
{
	take(g);
	piece(g, p, 0, n, true);
}

size_t kp_rpc_gather_len(const kp_rpc_gather *g)
{
	return g->len + (g->buf.len - g->taken);
}

void kp_rpc_gather_copy(kp_rpc_gather *g, size_t from, size_t to, kp_buf *out)
{
	take(g);
	size_t at = 0;
	for (size_t i = 0; i < g->n && at < to; i++) {
		const kp_rpc_piece *x = &g->v[i];
		size_t a = at, b = at + x->len;
		at = b;
		if (b <= from)
			continue;
		const char *p = x->p ? x->p : g->buf.data + x->off;
		size_t lo = from > a ? from - a : 0, hi = (to < b ? to : b) - a;
		kp_buf_put(out, p + lo, hi - lo);
	}
}

static double clock_ms(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Writes iov[0, nv) whole, across short writes. */
static void writev_all(kp_rpc_writer *w, struct iovec *v, int nv)
{
	while (nv && !w->failed) {
		ssize_t n = writev(w->fd, v, nv);
		w->send_calls++;
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			w->failed = true;
			break;
		}
		w->sent += (unsigned long long)n;
		size_t left = (size_t)n;
		while (nv && left >= v->iov_len) {
			left -= v->iov_len;
			v++;
			nv--;
		}
		if (nv) {
			w->send_short++;
			v->iov_base = (char *)v->iov_base + left;
			v->iov_len -= left;
		}
	}
}

/* Splices n bytes at p into the pipe: it takes references to their pages
 * (no copy, and no page of its own to allocate, fill and free for each
 * 4 KB); false, with nothing written, when the pipe refuses (then the
 * writer copies from now on). */
static bool vmsplice_all(kp_rpc_writer *w, const char *p, size_t n)
{
	bool any = false;
	while (n && !w->failed) {
		struct iovec v = {(void *)p, n};
		ssize_t k = vmsplice(w->fd, &v, 1, 0);
		w->send_calls++;
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && !any && (errno == EINVAL || errno == ENOSYS || errno == EBADF)) {
			w->lend = false;
			return false;
		}
		if (k <= 0) {
			w->failed = true;
			break;
		}
		any = true;
		if ((size_t)k < n)
			w->send_short++;
		w->sent += (unsigned long long)k;
		p += k;
		n -= (size_t)k;
	}
	return true;
}

void kp_rpc_send_gather(kp_rpc_writer *w, kp_rpc_gather *g)
{
	take(g);
	w->send_ms = w->send_cpu_ms = 0;
	w->send_calls = w->send_short = 0;
	w->lent_end = 0;
	char head[64];
	int hn = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", g->len);
	if (w->fd < 0) {
		kp_buf_put(&w->out, head, (size_t)hn);
		for (size_t i = 0; i < g->n; i++)
			kp_buf_put(&w->out, g->v[i].p ? g->v[i].p : g->buf.data + g->v[i].off, g->v[i].len);
		return;
	}
	sweep(w);
	double t0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
	enum { BATCH = 1024 };   /* IOV_MAX on Linux */
	struct iovec iov[BATCH];
	size_t i = 0;
	int k = 0;
	iov[k++] = (struct iovec){head, (size_t)hn};
	while (!w->failed && (k || i < g->n)) {
		/* a batch of pieces copied (writev), up to a piece lent to the pipe */
		while (k < BATCH && i < g->n && !(g->v[i].lent && w->lend)) {
			const kp_rpc_piece *x = &g->v[i++];
			iov[k++] = (struct iovec){(void *)(x->p ? x->p : g->buf.data + x->off), x->len};
		}
		writev_all(w, iov, k);
		k = 0;
		if (i < g->n && g->v[i].lent && w->lend && !w->failed) {
			const kp_rpc_piece *x = &g->v[i];
			if (vmsplice_all(w, x->p, x->len)) {
				i++;
				w->lent_end = w->sent;
			}   /* else copied with the next batch */
		}
	}
	w->send_ms = clock_ms(CLOCK_MONOTONIC) - t0;
	w->send_cpu_ms = clock_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
}

static cJSON *envelope(void)
{
	cJSON *m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "jsonrpc", "2.0");
	return m;
}

void kp_rpc_result(kp_rpc_writer *w, const cJSON *id, cJSON *result)
{
	cJSON *m = envelope();
	cJSON_AddItemToObject(m, "id", id ? cJSON_Duplicate(id, 1) : cJSON_CreateNull());
	cJSON_AddItemToObject(m, "result", result ? result : cJSON_CreateNull());
	kp_rpc_send(w, m);
}

void kp_rpc_error(kp_rpc_writer *w, const cJSON *id, int code, const char *message)
{
	cJSON *m = envelope();
	cJSON_AddItemToObject(m, "id", id ? cJSON_Duplicate(id, 1) : cJSON_CreateNull());
	cJSON *e = cJSON_AddObjectToObject(m, "error");
	cJSON_AddNumberToObject(e, "code", code);
	cJSON_AddStringToObject(e, "message", message);
	kp_rpc_send(w, m);
}

void kp_rpc_notify(kp_rpc_writer *w, const char *method, cJSON *params)
{
	cJSON *m = envelope();
	cJSON_AddStringToObject(m, "method", method);
	cJSON_AddItemToObject(m, "params", params ? params : cJSON_CreateObject());
	kp_rpc_send(w, m);
}
