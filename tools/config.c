#include "tools/config.h"

#include <ini.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

char *kp_config_find(void)
{
	char dir[PATH_MAX];
	if (!getcwd(dir, sizeof dir))
		return NULL;
	for (;;) {
		char path[PATH_MAX + 16];
		snprintf(path, sizeof path, "%s/.keyplan", strcmp(dir, "/") ? dir : "");
		if (access(path, R_OK) == 0)
			return strdup(path);
		char *slash = strrchr(dir, '/');
		if (!slash || slash == dir) {
			if (strcmp(dir, "/") == 0)
				return NULL;
			strcpy(dir, "/");
			continue;
		}
		*slash = 0;
	}
}

typedef struct load_ctx {
	kp_config *cfg;         /* being filled */
	kp_arena *a;            /* owns the strings */
	const char *base;       /* folder of the config file, with a trailing / */
	FILE *f;                /* the file */
	uint32_t line;          /* the line last read (libinih as Debian builds
	                           it passes none to the handler) */
	uint32_t malformed;     /* lines reported as malformed */
} load_ctx;

static int parse_severity(const char *v, bool allow_off, kp_rule_setting *out)
{
	memset(out, 0, sizeof(*out));
	out->set = true;
	if (!strcmp(v, "error")) out->severity = KP_SEV_ERROR;
	else if (!strcmp(v, "warning")) out->severity = KP_SEV_WARNING;
	else if (!strcmp(v, "info")) out->severity = KP_SEV_INFO;
	else if (allow_off && !strcmp(v, "off")) out->off = true;
	else return -1;
	return 0;
}

/* Splits a list on commas and white space. */
static void add_list(load_ctx *c, kp_list *l, const char *v, bool path)
{
	const char *p = v;
	while (*p) {
		while (*p == ',' || *p == ' ' || *p == '\t')
			p++;
		const char *s = p;
		while (*p && *p != ',' && *p != ' ' && *p != '\t')
			p++;
		if (p > s) {
			char *item = path && *s != '/'
				? kp_arena_printf(c->a, "%s%.*s", c->base, (int)(p - s), s)
				: kp_arena_strndup(c->a, s, (size_t)(p - s));
			kp_list_push(c->a, l, item);
		}
	}
}

/* A bad setting: a KP024 naming the file and its line. Every one is
 * reported, not only the first. */
static void bad(load_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bad(load_ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *msg = kp_arena_vprintf(c->a, fmt, ap);
	va_end(ap);
	kp_diag_file(c->cfg->d, c->a, KP_R_CONFIG, KP_SEV_ERROR, c->cfg->path, c->line, "%s", msg);
}

/* libinih's reader: one line at a time, so the handler knows its line. A
 * line libinih would not take (not a section, a name = value, a comment or
 * blank), or one longer than its buffer, is reported here, at its line. */
static char *read_line(char *str, int num, void *stream)
{
	load_ctx *c = stream;
	if (!fgets(str, num, c->f))
		return NULL;
	c->line++;
	size_t n = strlen(str);
	if (n && str[n - 1] != '\n' && !feof(c->f)) {
		int ch;
		while ((ch = fgetc(c->f)) != EOF && ch != '\n')
			;
		bad(c, "line longer than %d bytes", num - 2);
		c->malformed++;
		str[0] = 0;   /* taken as blank: the rest of it is not a line of its own */
		return str;
	}
	const char *p = str;
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	if (p == str && n >= 3 && (unsigned char)str[0] == 0xef && (unsigned char)str[1] == 0xbb &&
	    (unsigned char)str[2] == 0xbf && c->line == 1)
		p += 3;   /* a UTF-8 byte order mark */
	bool ok = !*p || *p == ';' || *p == '#' || (*p == '[' && strchr(p, ']')) || strpbrk(p, "=:");
	if (*p == '[' && ok) {
		/* a section libinih would take: only these two are known (one
		 * with no setting never reaches the handler) */
		size_t len = (size_t)(strchr(p, ']') - p - 1);
		if (!(len == 7 && !strncmp(p + 1, "keyplan", 7)) && !(len == 5 && !strncmp(p + 1, "rules", 5))) {
			bad(c, "unknown section [%.*s] (keyplan, rules)", (int)len, p + 1);
			c->malformed++;
		}
	}
	if (!ok) {
		size_t len = strcspn(p, "\r\n");
		bad(c, "malformed line '%.*s' (expected [section], name = value or a ; comment)", (int)len, p);
		c->malformed++;
	}
	return str;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
	load_ctx *c = user;
	kp_config *cfg = c->cfg;
	if (!strcmp(section, "keyplan")) {
		if (!strcmp(name, "schema")) {
			add_list(c, &cfg->schemas, value, true);
		} else if (!strcmp(name, "include")) {
			add_list(c, &cfg->include, value, true);
		} else if (!strcmp(name, "exclude")) {
			add_list(c, &cfg->exclude, value, true);
		} else if (!strcmp(name, "database-id")) {
			/* MyBatis's databaseId the mappers run with (what the
			 * application's databaseIdProvider gives) */
			if (!*value || strpbrk(value, " \t\"<>&"))
				bad(c, "[keyplan] database-id must be a MyBatis databaseId such as mysql, not '%s'", value);
			else
				cfg->database_id = kp_arena_strndup(c->a, value, strlen(value));
		} else if (!strcmp(name, "sql-calls")) {
			add_list(c, &cfg->sql_calls, value, false);
		} else if (!strcmp(name, "fail-on")) {
			kp_rule_setting s;
			if (parse_severity(value, false, &s) < 0)
				bad(c, "[keyplan] fail-on must be error, warning or info, not '%s'", value);
			else
				cfg->fail_on = s.severity;
		} else if (!strcmp(name, "docs-url")) {
			/* the base address of the rule pages (a team's own copy, a
			 * file:// folder without network): text and SARIF link there */
			size_t n = strlen(value);
			while (n && value[n - 1] == '/')
				n--;
			/* printable ASCII only: the address is printed in every
			 * text report, and a repository's .keyplan is anyone's (an
			 * OSC 8 sequence would put another link under it) */
			bool printable = true;
			for (const char *p = value; *p; p++)
				printable &= *p > 0x20 && *p < 0x7f;
			if (!n || !printable || strpbrk(value, "\"<>\\"))
				bad(c, "[keyplan] docs-url must be an address such as https://host/keyplan/docs, not '%s'",
				    value);
			else
				cfg->docs = kp_arena_strndup(c->a, value, n);
		} else if (!strcmp(name, "target")) {
			kp_target t;
			if (kp_target_parse(&t, value) < 0)
				bad(c, "[keyplan] target must be lindorm, tablestore, phoenix or generic, not '%s'", value);
			else
				cfg->target = (int)t;
		} else if (!strcmp(name, "tenant")) {
			/* the TenantId of the connection the statements run on
			 * (Phoenix multi-tenancy, docs/targets.md) */
			if (!kp_tenant_ok(value))
				bad(c, "[keyplan] tenant must be a TenantId of printable characters, not '%s'", value);
			else
				cfg->tenant = kp_arena_strndup(c->a, value, strlen(value));
		} else {
			bool dash = !strcmp(name, "fail_on") || !strcasecmp(name, "fail-on") || !strcasecmp(name, "failon");
			bad(c, "unknown setting '%s' in [keyplan]%s (schema, include, exclude, sql-calls, database-id, fail-on, target, tenant, docs-url)", name,
			    dash ? ": did you mean 'fail-on'?" : "");
		}
	} else if (!strcmp(section, "rules")) {
		int r = kp_rule_lookup(name, strlen(name));
		if (r < 0)
			bad(c, "[rules] unknown rule '%s' (see keyplan rules)", name);
		else if (parse_severity(value, true, &cfg->rules[r]) < 0)
			bad(c, "[rules] %s must be error, warning, info or off, not '%s'", name, value);
	}   /* other sections: reported where they start (read_line) */
	return 1;
}

int kp_config_load(kp_config *cfg, const char *path, kp_arena *a, kp_diags *d)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->d = d;
	cfg->a = a;
	cfg->fail_on = -1;
	cfg->target = -1;
	cfg->path = kp_arena_strndup(a, path, strlen(path));
	const char *slash = strrchr(path, '/');
	load_ctx c = {cfg, a, slash ? kp_arena_strndup(a, path, (size_t)(slash - path) + 1) : "", NULL, 0, 0};
	FILE *f = fopen(path, "r");
	if (!f) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "cannot open config file");
		return -1;
	}
	c.f = f;
	int rc = ini_parse_stream(read_line, &c, handler, &c);
	fclose(f);
	if (rc > 0 && !c.malformed)
		kp_diag_file(d, a, KP_R_CONFIG, KP_SEV_ERROR, path, (uint32_t)rc, "malformed line");
	return d->head ? -1 : 0;
}

bool kp_tenant_ok(const char *id)
{
	if (!*id)
		return false;
	for (const unsigned char *p = (const unsigned char *)id; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return false;
	return true;
}
