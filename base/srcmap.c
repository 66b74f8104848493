/* A source file's text mapped from the file instead of read into the heap
 * (source.h: kp_source_map), and the pages a reader has gone past given
 * back (kp_source_release). The mapping is private and read-only, so a
 * page given back is read again from the file when the text there is
 * looked at again: a reader may give back any page at any time, and every
 * offset of the file stays readable (a constant defined at the top of the
 * file, a finding's line). Memory is then the pages read since the last
 * release, not the file.
 *
 * Layout: the file's whole pages are mapped; its last partial page, and
 * the NUL every scanner stops at (text[len]), are copied into one page of
 * anonymous memory right after them, which is never given back. A file
 * that grows while it is read cannot move the NUL. */
#define _DEFAULT_SOURCE 1   /* madvise and MADV_DONTNEED (posix_madvise's
                               POSIX_MADV_DONTNEED does nothing on glibc) */

#include "base/source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"

static size_t page_size(void)
{
	long p = sysconf(_SC_PAGESIZE);
	return p > 0 ? (size_t)p : 4096;
}

/* Reads n bytes at off into buf (the tail of the file). */
static bool read_at(int fd, char *buf, size_t n, off_t off)
{
	while (n) {
		ssize_t got = pread(fd, buf, n, off);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return false;
		buf += got;
		n -= (size_t)got;
		off += got;
	}
	return true;
}

int kp_source_map(kp_source *out, const char *path, kp_diags *d, kp_arena *a)
{
	if (!strcmp(path, "-"))
		return kp_source_read(out, path, d, a);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return kp_source_read(out, path, d, a);   /* it says why */
	struct stat sb;
	size_t pg = page_size();
	/* a pipe, a device, an empty file, or one past the 4 GiB that offsets
	 * hold: read as before (which reports the last) */
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) || sb.st_size <= 0 ||
	    (unsigned long long)sb.st_size >= ((unsigned long long)1 << 32) - pg) {
		close(fd);
		return kp_source_read(out, path, d, a);
	}
	size_t len = (size_t)sb.st_size, whole = len / pg * pg, total = whole + pg;
	char *base = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED) {
		close(fd);
		return kp_source_read(out, path, d, a);
	}
	/* the tail and the NUL, in the anonymous page (zeroed) */
	if (!read_at(fd, base + whole, len - whole, (off_t)whole) ||
	    mprotect(base + whole, pg, PROT_READ) < 0 ||
	    (whole && mmap(base, whole, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED)) {
		munmap(base, total);
		close(fd);
		return kp_source_read(out, path, d, a);
	}
	close(fd);
	const char *why = kp_compressed(base, len);
	if (why) {
		munmap(base, total);
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "%s", why);
		return -1;
	}
	memset(out, 0, sizeof *out);
	out->path = strdup(path);
	if (!out->path)
		abort();
	out->text = base;
	out->len = len;
	out->mapped = total;
	out->mapped_file = whole;
	return 0;
}

void kp_source_release(kp_source *s, size_t from, size_t to)
{
	if (!s->mapped || s->host)
		return;
	size_t pg = page_size();
	if (to > s->mapped_file)
		to = s->mapped_file;   /* never the tail: it is not in the file */
	from = (from + pg - 1) / pg * pg;
	to = to / pg * pg;
	if (from < to)
		madvise(s->text + from, to - from, MADV_DONTNEED);
}

void kp_source_unmap(kp_source *s)
{
	munmap(s->text, s->mapped);
	s->text = NULL;
	s->mapped = s->mapped_file = 0;
}
