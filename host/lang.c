/* Host languages: names, file extensions, and the test that an XML file
 * is a MyBatis mapper. */
#include "host/host.h"

#include <string.h>

static const char *lang_names[KP_LANG__COUNT] = {"sql", "java", "kotlin", "go", "python", "mybatis"};

int kp_lang_parse(const char *name)
{
	for (int i = 0; i < KP_LANG__COUNT; i++)
		if (!strcmp(name, lang_names[i]))
			return i;
	if (!strcmp(name, "kt"))
		return KP_LANG_KOTLIN;
	if (!strcmp(name, "py"))
		return KP_LANG_PYTHON;
	if (!strcmp(name, "xml"))
		return KP_LANG_MYBATIS;
	return -1;
}

const char *kp_lang_name(kp_lang l)
{
	return lang_names[l];
}

int kp_lang_of_path(const char *path)
{
	static const struct {
		const char *ext;
		kp_lang lang;
	} exts[] = {{".sql", KP_LANG_SQL}, {".java", KP_LANG_JAVA}, {".kt", KP_LANG_KOTLIN},
	            {".kts", KP_LANG_KOTLIN}, {".go", KP_LANG_GO}, {".py", KP_LANG_PYTHON},
	            {".xml", KP_LANG_MYBATIS}};
	size_t n = strlen(path);
	for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
		size_t e = strlen(exts[i].ext);
		if (n > e && !strcmp(path + n - e, exts[i].ext))
			return (int)exts[i].lang;
	}
	return -1;
}

bool kp_host_is_mapper(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
			p++;
		if (p >= end || *p != '<')
			return false;
		const char *close = NULL;
		if (end - p >= 4 && !memcmp(p, "<!--", 4))
			close = "-->";
		else if (end - p >= 2 && p[1] == '?')
			close = "?>";
		else if (end - p >= 9 && !memcmp(p, "<!DOCTYPE", 9)) {
			/* up to its '>', past an internal subset in [...] */
			int in_subset = 0;
			for (p += 9; p < end && (in_subset || *p != '>'); p++)
				if (*p == '[')
					in_subset = 1;
				else if (*p == ']')
					in_subset = 0;
			if (p >= end)
				return false;
			p++;
			continue;
		}
		if (close) {
			size_t cl = strlen(close);
			const char *q = p + 2;
			while (q + cl <= end && memcmp(q, close, cl))
				q++;
			if (q + cl > end)
				return false;
			p = q + cl;
			continue;
		}
		p++;
		/* the root element: an optional prefix, then the name */
		const char *name = p;
		while (p < end && !strchr(" \t\r\n/>", *p))
			p++;
		const char *colon = memchr(name, ':', (size_t)(p - name));
		if (colon)
			name = colon + 1;
		return p - name == 6 && !memcmp(name, "mapper", 6);
	}
}

