#include "tools/config.h"

#include <ini.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* A bad setting: a KP024 naming the file (the first one is reported). */
static void bad(kp_config *cfg, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bad(kp_config *cfg, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *msg = kp_arena_vprintf(cfg->a, fmt, ap);
	va_end(ap);
	kp_diag_file(cfg->d, cfg->a, KP_R_CONFIG, KP_SEV_ERROR, cfg->path, 0, "%s", msg);
}

/* libinih as Debian builds it passes no line numbers, so messages name the
 * section and key instead. */
static int handler(void *user, const char *section, const char *name, const char *value)
{
	load_ctx *c = user;
	kp_config *cfg = c->cfg;
	if (cfg->d->head)
		return 1;
	if (!strcmp(section, "keyplan")) {
		if (!strcmp(name, "schema")) {
			add_list(c, &cfg->schemas, value, true);
		} else if (!strcmp(name, "include")) {
			add_list(c, &cfg->include, value, true);
		} else if (!strcmp(name, "exclude")) {
			add_list(c, &cfg->exclude, value, true);
		} else if (!strcmp(name, "sql-calls")) {
			add_list(c, &cfg->sql_calls, value, false);
		} else if (!strcmp(name, "fail-on")) {
			kp_rule_setting s;
			if (parse_severity(value, false, &s) < 0)
				bad(cfg, "[keyplan] fail-on must be error, warning or info, not '%s'", value);
			else
				cfg->fail_on = s.severity;
		} else if (!strcmp(name, "target")) {
			kp_target t;
			if (kp_target_parse(&t, value) < 0)
				bad(cfg, "[keyplan] target must be lindorm, tablestore, phoenix or generic, not '%s'", value);
			else
				cfg->target = (int)t;
		} else {
			bad(cfg, "unknown setting '%s' in [keyplan] (schema, include, exclude, sql-calls, fail-on, target)", name);
		}
	} else if (!strcmp(section, "rules")) {
		int r = kp_rule_lookup(name, strlen(name));
		if (r < 0)
			bad(cfg, "[rules] unknown rule '%s' (see keyplan rules)", name);
		else if (parse_severity(value, true, &cfg->rules[r]) < 0)
			bad(cfg, "[rules] %s must be error, warning, info or off, not '%s'", name, value);
	} else {
		bad(cfg, "unknown section [%s] (keyplan, rules)", section);
	}
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
	load_ctx c = {cfg, a, slash ? kp_arena_strndup(a, path, (size_t)(slash - path) + 1) : ""};
	FILE *f = fopen(path, "r");
	if (!f) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "cannot open config file");
		return -1;
	}
	int rc = ini_parse_file(f, handler, &c);
	fclose(f);
	if (rc > 0 && !d->head)
		kp_diag_file(d, a, KP_R_CONFIG, KP_SEV_ERROR, path, (uint32_t)rc, "malformed line");
	return d->head ? -1 : 0;
}
