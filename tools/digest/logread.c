/* Line reading through zlib (logread.h). */
#include "tools/digest/logread.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define CHUNK ((size_t)1 << 20)
/* A regular file smaller than this is read through a line buffer of this
 * size and zlib's buffers of half of it (input) and of it (output), not
 * CHUNK, 256 KB and 512 KB: the lines are the same (the line buffer grows
 * for a longer line as it does from CHUNK), and a small log (a test's, a
 * fuzz input) allocates 128 KB, not 1.8 MB, in blocks that malloc (and
 * ASan's allocator) reuse rather than map and unmap. */
#define SMALL ((size_t)64 << 10)

int kp_logread_open(kp_logread *r, const char *path)
{
	memset(r, 0, sizeof *r);
	r->path = path;
	/* opened as gzopen opens it, then handed to zlib */
	int fd = !strcmp(path, "-") ? dup(0) : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	bool small = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size < SMALL;
	gzFile gz = gzdopen(fd, "rb");
	if (!gz) {
		close(fd);
		errno = ENOMEM;
		return -1;
	}
	gzbuffer(gz, small ? (unsigned)SMALL / 2 : 256 * 1024);
	r->gz = gz;
	r->cap = small ? SMALL : CHUNK;
	r->buf = malloc(r->cap + 1);
	if (!r->buf) {
		gzclose(gz);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

/* Reads more after buf[end); returns bytes read (0 at the end or an error). */
static size_t fill(kp_logread *r)
{
	if (r->eof)
		return 0;
	size_t room = r->cap - r->end;
	if (room > INT32_MAX)
		room = INT32_MAX;
	int n = gzread((gzFile)r->gz, r->buf + r->end, (unsigned)room);
	if (r->end == 0 && r->offset == 0 && n > 0)
		r->gzip = !gzdirect((gzFile)r->gz);
	if (n <= 0) {
		int zerr = Z_OK;
		const char *msg = gzerror((gzFile)r->gz, &zerr);
		if (n < 0 || (zerr != Z_OK && zerr != Z_BUF_ERROR)) {
			r->error = true;
			r->error_msg = msg;
		} else if (zerr == Z_BUF_ERROR) {
			/* the compressed stream ends before its end: truncated */
			r->error = true;
			r->error_msg = "the gzip stream is truncated";
		}
		r->eof = true;
		return 0;
	}
	r->end += (size_t)n;
	return (size_t)n;
}

static int give(kp_logread *r, int rc, const char *line, size_t len, const char **out, size_t *out_len)
{
	r->last_rc = rc;
	r->last_line = line;
	r->last_len = len;
	*out = line;
	*out_len = len;
	return rc;
}

int kp_logread_line(kp_logread *r, const char **out, size_t *out_len)
{
	if (r->again) {
		r->again = false;
		*out = r->last_line;
		*out_len = r->last_len;
		return r->last_rc;
	}
	r->offset = r->next_offset;
	size_t scanned = r->start;
	for (;;) {
		char *nl = memchr(r->buf + scanned, '\n', r->end - scanned);
		if (nl || (r->eof && r->end > r->start)) {
			size_t e = nl ? (size_t)(nl - r->buf) : r->end;
			size_t s = r->start;
			r->start = nl ? e + 1 : e;
			r->next_offset = r->offset + (r->start - s);
			size_t len = e - s;
			if (len && r->buf[s + len - 1] == '\r')
				len--;
			r->buf[s + len] = 0;
			r->lineno++;
			return give(r, 1, r->buf + s, len, out, out_len);
		}
		if (r->eof)
			return give(r, 0, NULL, 0, out, out_len);
		/* no end of line in the buffer: move the line's start to the front,
		 * grow up to the longest line kept, then read more */
		if (r->start > 0) {
			memmove(r->buf, r->buf + r->start, r->end - r->start);
			r->end -= r->start;
			r->start = 0;
		}
		scanned = r->end;
		if (r->end == r->cap) {
			if (r->cap >= KP_LOG_MAX_LINE)
				break;
			size_t ncap = r->cap * 2 > KP_LOG_MAX_LINE ? KP_LOG_MAX_LINE : r->cap * 2;
			char *nb = realloc(r->buf, ncap + 1);
			if (!nb)
				break;  /* treated as over-long: memory stays bounded */
			r->buf = nb;
			r->cap = ncap;
		}
		fill(r);
	}
	/* over-long: keep its head, drop the rest up to its end of line */
	size_t total = r->end;
	bool nul = memchr(r->buf, 0, r->end) != NULL;
	memcpy(r->head, r->buf, sizeof r->head - 1);
	r->head[sizeof r->head - 1] = 0;
	r->start = r->end = 0;
	for (;;) {
		if (nul || total >= KP_LOG_MAX_SKIP) {
			/* a line of over 16 MiB holding NUL bytes is no log (a pipe of
			 * /dev/zero, a binary file): read no further; nor past 4 GiB
			 * without a line break, so no input reads forever */
			r->error = true;
			r->error_msg = nul ? "NUL bytes in a line of over 16 MiB (not a log): the log is read no further"
			                   : "no line break in 4 GiB: the log is read no further";
			r->eof = true;
			break;
		}
		if (!fill(r))
			break;
		char *nl = memchr(r->buf, '\n', r->end);
		size_t e = nl ? (size_t)(nl - r->buf) : r->end;
		nul = memchr(r->buf, 0, e) != NULL;
		total += e;
		if (nl) {
			r->start = e + 1;
			break;
		}
		r->end = 0;
	}
	r->next_offset = r->offset + total + (r->start ? 1 : 0);
	r->lineno++;
	return give(r, 2, r->head, total, out, out_len);
}

void kp_logread_unread(kp_logread *r)
{
	r->again = true;
}

void kp_logread_close(kp_logread *r)
{
	if (r->gz)
		gzclose((gzFile)r->gz);
	free(r->buf);
	memset(r, 0, sizeof *r);
}
