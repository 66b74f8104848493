/* Whether a file is text keyplan can read (sniff.h). */
#define _XOPEN_SOURCE 700
#include "tools/sniff.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *kp_sniff_text(const unsigned char *head, size_t n)
{
	size_t nul[2] = {0, 0}, ctl = 0;
	for (size_t i = 0; i < n; i++) {
		if (!head[i])
			nul[i & 1]++;
		else if (head[i] < 0x20 && !strchr("\t\n\v\f\r\033", head[i]))
			ctl++;
	}
	bool bom16 = n >= 2 && ((head[0] == 0xff && head[1] == 0xfe) || (head[0] == 0xfe && head[1] == 0xff));
	/* UTF-16 text in ASCII: every other byte NUL, on one side */
	bool zeros16 = n >= 4 && (nul[0] + nul[1]) * 4 >= n && (nul[0] < nul[1] / 8 || nul[1] < nul[0] / 8);
	if (bom16 || zeros16)
		return "UTF-16 text: convert it to UTF-8 (iconv -f UTF-16 -t UTF-8), which keyplan reads";
	/* a stray NUL in a text file is a located lexical error; a file full
	 * of NULs and control bytes is not text at all */
	size_t bin = nul[0] + nul[1] + ctl;
	if (nul[0] + nul[1] >= 4 && bin * 20 >= n)
		return "a binary file (it holds NUL bytes), not text: name SQL or source files only";
	return NULL;
}

const char *kp_sniff_path(const char *path, bool logs)
{
	struct stat st;
	if (!strcmp(path, "-") || (stat(path, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))))
		return NULL;
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	if (isatty(fileno(f))) {
		fclose(f);
		return NULL;
	}
	unsigned char head[KP_SNIFF_BYTES];
	size_t n = fread(head, 1, sizeof head, f);
	fclose(f);
	if (n >= 2 && head[0] == 0x1f && head[1] == 0x8b)   /* gzip's magic */
		return logs ? NULL : "gzip-compressed, not text: keyplan digest and check --workload read compressed "
		                     "query logs, the other inputs are SQL or source files";
	return kp_sniff_text(head, n);
}
