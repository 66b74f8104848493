/* The command line's shared plumbing: errors, options, the config file,
 * colour, the pipeline and the report's output file. */
#define _XOPEN_SOURCE 700
#include "tools/cli.h"
#include "base/quote.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reports an error that ends the run with status 2; the first one is kept
 * for the report (SARIF's tool notification). */
void cli_error(cli *c, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	kp_fprintf_visible(stderr, "keyplan: %s\n", msg);
	if (!c->fatal[0])
		snprintf(c->fatal, sizeof c->fatal, "%s", msg);
}

/* The diagnostics of an error that ends the run (a file that cannot be
 * read), each reported by cli_error as "file: message". */
void cli_errors(cli *c, const kp_diags *d)
{
	for (const kp_diag *g = d->head; g; g = g->next)
		if (g->file && g->file_line)
			cli_error(c, "%s:%u: %s", g->file, g->file_line, g->message);
		else if (g->file)
			cli_error(c, "%s: %s", g->file, g->message);
		else
			cli_error(c, "%s", g->message);
}

/* A file or folder that cannot be read or written: an io-error (KP023)
 * naming it, reported by cli_errors. */
void cli_io_error(cli *c, const char *path, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *msg = kp_arena_vprintf(&c->arena, fmt, ap);
	va_end(ap);
	kp_diags d = {0};
	kp_diag_file(&d, &c->arena, KP_R_IO, KP_SEV_ERROR, path, 0, "%s", msg);
	cli_errors(c, &d);
}

/* A usage error is one line, as compilers and linters print them; the
 * options are one --help away. */
int cli_usage_error(const char *cmd, const char *usage, const char *fmt, const char *arg)
{
	(void)usage;
	kp_fprintf_visible(stderr, "keyplan %s: ", cmd);
	kp_fprintf_visible(stderr, fmt, arg);
	kp_fprintf_visible(stderr, " (keyplan %s --help lists the options)\n", cmd);
	return 2;
}

/* Parses the options of cmd. Returns -1 to go on, or an exit status. */
static int parse_args(cli *c, int argc, char **argv, const char *usage)
{
	c->fail_on = -1;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage, stdout);
			return 0;
		}
		/* the shell reports no findings: a report option there would be
		 * accepted and then silently ignored */
		bool reports = !strcmp(c->cmd, "lint") || !strcmp(c->cmd, "check");
		if (!strcmp(a, "--report-unused-ignores") && reports) {
			c->report_unused = true;
			continue;
		}
		if (!strcmp(a, "--verbose") && strcmp(c->cmd, "repl")) {
			c->verbose = true;
			continue;
		}
		if (!strcmp(a, "--no-config")) {
			c->no_config = true;
			continue;
		}
		if (!strcmp(a, "--exit-zero") && reports) {
			c->exit_zero = true;
			continue;
		}
		/* a flag of another command: said as such, as an option with a
		 * value of another command is */
		if (!strcmp(a, "--report-unused-ignores") || !strcmp(a, "--exit-zero") || !strcmp(a, "--verbose"))
			return cli_usage_error(c->cmd, usage, "option '%s' does not apply to this command", a);
		if (!strcmp(a, "-") || a[0] != '-') {
			input *in = kp_arena_alloc(&c->arena, sizeof(*in));
			in->text = a;
			kp_list_push(&c->arena, &c->inputs, in);
			continue;
		}
		/* options with a value: --opt VALUE or --opt=VALUE */
		static const char *with_value[] = {"--schema", "--format", "--target", "--execute", "-e",
		                                   "--output", "--color", "--fail-on", "--config", "--workload",
		                                   "--exclude", "--stdin-filename", "--lang", "--baseline",
		                                   "--write-baseline", "--diff", "--base-schema", "--select", "--ignore",
		                                   "--report", "--tenant", NULL};
		const char *val = NULL, *name = NULL;
		for (int k = 0; with_value[k]; k++) {
			size_t n = strlen(with_value[k]);
			if (!strcmp(a, with_value[k])) {
				name = with_value[k];
				if (i + 1 >= argc)
					return cli_usage_error(c->cmd, usage, "%s needs a value", a);
				val = argv[++i];
			} else if (!strncmp(a, with_value[k], n) && a[n] == '=') {
				name = with_value[k];
				val = a + n + 1;
			}
			if (name)
				break;
		}
		if (!name)
			return cli_usage_error(c->cmd, usage, "unknown option '%s'", a);
		bool is_explain = !strcmp(c->cmd, "explain"), is_check = !strcmp(c->cmd, "check");
		/* the shell prints plans as explain does and has no report: the
		 * report options would be accepted and then silently ignored */
		bool is_repl = !strcmp(c->cmd, "repl");
		if (!strcmp(name, "--schema")) {
			kp_list_push(&c->arena, &c->schemas, (void *)val);
		} else if (!strcmp(name, "--base-schema") && is_check) {
			kp_list_push(&c->arena, &c->base_schemas, (void *)val);
		} else if (!strcmp(name, "--workload") && is_check) {
			kp_list_push(&c->arena, &c->workloads, (void *)val);
		} else if ((!strcmp(name, "-e") || !strcmp(name, "--execute")) && !is_check && !is_repl) {
			input *in = kp_arena_alloc(&c->arena, sizeof(*in));
			in->text = val;
			in->is_sql = true;
			kp_list_push(&c->arena, &c->inputs, in);
			c->nexec++;
		} else if (!strcmp(name, "--format")) {
			if (!strcmp(val, "text")) c->fmt = KP_FMT_TEXT;
			else if (!strcmp(val, "json")) c->fmt = KP_FMT_JSON;
			else if (!strcmp(val, "sarif") && !is_explain && !is_repl) c->fmt = KP_FMT_SARIF;
			else if (!strcmp(val, "github") && !is_explain && !is_repl) c->fmt = KP_FMT_GITHUB;
			else
				return cli_usage_error(c->cmd, usage, is_explain || is_repl ? "unknown format '%s' (expected text or json)"
				                   : "unknown format '%s' (expected text, json, sarif or github)", val);
		} else if (!strcmp(name, "--target")) {
			if (kp_target_parse(&c->target, val) < 0)
				return cli_usage_error(c->cmd, usage, "unknown target '%s' (expected lindorm, tablestore, "
				                   "phoenix or generic)", val);
			c->target_set = true;
		} else if (!strcmp(name, "--tenant")) {
			if (!kp_tenant_ok(val))
				return cli_usage_error(c->cmd, usage, "--tenant needs a TenantId of printable characters%s", "");
			c->tenant = val;
		} else if (!strcmp(name, "--color") && !is_repl) {
			if (!strcmp(val, "auto")) c->color_mode = 0;
			else if (!strcmp(val, "always")) c->color_mode = 1;
			else if (!strcmp(val, "never")) c->color_mode = 2;
			else return cli_usage_error(c->cmd, usage, "--color must be auto, always or never, not '%s'", val);
		} else if (!strcmp(name, "--fail-on") && !is_explain && !is_repl) {
			if (!strcmp(val, "error")) c->fail_on = KP_SEV_ERROR;
			else if (!strcmp(val, "warning")) c->fail_on = KP_SEV_WARNING;
			else if (!strcmp(val, "info")) c->fail_on = KP_SEV_INFO;
			else return cli_usage_error(c->cmd, usage, "--fail-on must be error, warning or info, not '%s'", val);
		} else if ((!strcmp(name, "--select") || !strcmp(name, "--ignore")) && !is_explain && !is_repl) {
			/* RULE[,RULE]...: IDs or slugs, as in keyplan:ignore */
			bool sel = !strcmp(name, "--select");
			bool *set = sel ? c->select : c->ignore;
			c->selecting |= sel;
			for (const char *p = val; *p;) {
				size_t n = strcspn(p, ", ");
				int r = n ? kp_rule_lookup(p, n) : -1;
				if (n && r < 0)
					return cli_usage_error(c->cmd, usage, "unknown rule '%s' (keyplan rules lists them)",
					                       kp_arena_strndup(&c->arena, p, n));
				if (r >= 0)
					set[r] = true;
				p += n;
				while (*p == ',' || *p == ' ')
					p++;
			}
		} else if (!strcmp(name, "--output") && !is_explain && !is_repl) {
			c->output = val;
		} else if (!strcmp(name, "--report") && !strcmp(c->cmd, "check")) {
			c->sim_report = val;   /* the simulation's HTML report (docs/simulate.md) */
		} else if (!strcmp(name, "--config")) {
			c->config = val;
		} else if (!strcmp(name, "--baseline") && !is_explain && strcmp(c->cmd, "repl")) {
			c->baseline_path = val;
		} else if (!strcmp(name, "--write-baseline") && !is_explain && strcmp(c->cmd, "repl")) {
			c->write_baseline = val;
		} else if (!strcmp(name, "--diff") && !is_explain && strcmp(c->cmd, "repl")) {
			if (val[0] == '-' && val[1])
				return cli_usage_error(c->cmd, usage, "--diff takes a revision or -, not '%s'", val);
			c->diff_rev = val;
			c->diff_mode = true;
		} else if (!strcmp(name, "--exclude") && strcmp(c->cmd, "repl")) {
			kp_list_push(&c->arena, &c->excludes, (void *)val);
		} else if (!strcmp(name, "--stdin-filename") && strcmp(c->cmd, "repl")) {
			c->stdin_name = val;
		} else if (!strcmp(name, "--lang") && !is_repl) {
			if ((c->lang = kp_lang_parse(val)) < 0)
				return cli_usage_error(c->cmd, usage, "unknown language '%s' (expected sql, java, kotlin, go, "
				                   "python or mybatis)", val);
		} else {
			return cli_usage_error(c->cmd, usage, "option '%s' does not apply to this command", name);
		}
	}
	return -1;
}

/* Reads the config file (flags win over it). Returns -1 to go on, or 2. */
static int apply_config(cli *c)
{
	if (c->no_config)
		return -1;
	char *found = c->config ? NULL : kp_config_find();
	const char *path = c->config ? c->config : found;
	if (!path)
		return -1;
	kp_diags d = {0};
	/* the config's path, and the schema and include paths it gives, are
	 * shown relative to the working directory, as the ones typed are */
	int rc = kp_config_load(&c->cfg, kp_path_rel(&c->arena, c->cwd, path), &c->arena, &d);
	free(found);
	if (rc < 0) {
		cli_errors(c, &d);
		return 2;
	}
	if (c->schemas.n == 0)
		c->schemas = c->cfg.schemas;
	if (!c->target_set && c->cfg.target >= 0)
		c->target = (kp_target)c->cfg.target;
	if (!c->tenant)
		c->tenant = c->cfg.tenant;
	if (c->fail_on < 0)
		c->fail_on = c->cfg.fail_on;
	return -1;
}

static void cli_init(cli *c, const char *cmd);

int cli_setup(cli *c, const char *cmd, int argc, char **argv, const char *usage)
{
	cli_init(c, cmd);
	int rc = parse_args(c, argc, argv, usage);
	/* each -e is a source of its own: with several, the Nth is named
	 * <command line N>, so a finding says which one it is in */
	unsigned k = 0;
	for (uint32_t i = 0; i < c->inputs.n; i++) {
		input *in = c->inputs.items[i];
		if (in->is_sql)
			in->name = c->nexec == 1 ? "<command line>" : kp_arena_printf(&c->arena, "<command line %u>", ++k);
	}
	if (rc < 0)
		rc = apply_config(c);
	/* a TenantId names a Phoenix connection: under another target it
	 * would be silently ignored */
	if (rc < 0 && c->tenant && c->target != KP_TARGET_PHOENIX)
		return cli_usage_error(c->cmd, usage, "--tenant (tenant in .keyplan) applies to --target phoenix only, "
		                       "not %s", kp_target_name(c->target));
	return rc;
}

int cli_use_color(const cli *c, FILE *f)
{
	if (c->color_mode == 1)
		return 1;
	if (c->color_mode == 2)
		return 0;
	const char *force = getenv("CLICOLOR_FORCE");
	if (force && *force && strcmp(force, "0"))
		return 1;
	if (getenv("NO_COLOR") && *getenv("NO_COLOR"))
		return 0;
	const char *term = getenv("TERM");
	if (term && !strcmp(term, "dumb"))
		return 0;   /* a terminal that shows escape codes as text */
	return isatty(fileno(f));
}

static void cli_init(cli *c, const char *cmd)
{
	memset(c, 0, sizeof(*c));
	c->cmd = cmd;
	kp_arena_init(&c->arena);
	kp_arena_init(&c->scratch);
	c->cfg.fail_on = -1;
	c->cfg.target = -1;
	char *wd = getcwd(NULL, 0);
	c->cwd = kp_arena_strndup(&c->arena, wd ? wd : "/", strlen(wd ? wd : "/"));
	free(wd);
	c->lang = -1;
}

void cli_free(cli *c)
{
	for (uint32_t i = 0; i < c->hosts.n; i++)
		kp_host_file_free(c->hosts.items[i]);
	for (uint32_t i = 0; i < c->host_arenas.n; i++)
		kp_arena_free(c->host_arenas.items[i]);
	kp_mapper_index_free(c->mappers);
	kp_entity_index_free(c->entities);
	if (c->pipe_ready)
		kp_pipe_free(&c->pipe);
	kp_arena_free(&c->scratch);
	kp_arena_free(&c->arena);
}

/* The statement pipeline, for the target the options and config chose. */
void cli_start_pipeline(cli *c)
{
	kp_pipe_init(&c->pipe, c->target);
	c->pipe.own_opts.tenant = c->tenant;
	c->pipe_ready = true;
	if (c->stdin_name)
		c->pipe.stdin_name = cli_display_path(c, c->stdin_name);
	c->pipe.database_id = c->cfg.database_id;   /* MyBatis's databaseId */
	if (c->cfg.sql_calls.n) {
		/* a team's own calls that take SQL, for application code */
		const char **calls = kp_arena_alloc(&c->arena, (c->cfg.sql_calls.n + 1) * sizeof *calls);
		for (uint32_t k = 0; k < c->cfg.sql_calls.n; k++)
			calls[k] = c->cfg.sql_calls.items[k];
		c->pipe.sql_calls = calls;
	}
}

/* No schema was given and none is defined: planning would only say "no
 * such table" for every statement. One error instead. */
bool cli_missing_schema(cli *c, const kp_diags *d)
{
	if (c->schemas.n || c->pipe.cat->ntables)
		return false;
	for (const kp_diag *g = d->head; g; g = g->next)
		if (g->rule == KP_R_UNKNOWN_TABLE) {
			cli_error(c, "no schema: give --schema PATH (a file or folder of CREATE TABLE statements), "
			          "or schema = in .keyplan");
			return true;
		}
	return false;
}

/* --output FILE: the report is written to a temporary file beside FILE and
 * renamed over it at the end. A run that fails (exit 2) leaves no report
 * that looks clean: SARIF gets a run marked as failed, with the error as a
 * tool notification; the other formats leave no FILE at all. */
FILE *cli_open_output(cli *c, char **tmp)
{
	*tmp = NULL;
	if (!c->output)
		return stdout;
	struct stat st;
	if (stat(c->output, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* a device, a FIFO, /dev/stdout: written where it is; a file
		 * renamed over it would replace it (as root, /dev/full or the
		 * /dev/stderr link became a regular file) */
		FILE *f = S_ISDIR(st.st_mode) ? NULL : fopen(c->output, "w");
		if (!f) {
			cli_io_error(c, c->output, "cannot write: %s", S_ISDIR(st.st_mode) ? "a folder" : strerror(errno));
			c->output_failed = true;
		}
		return f;
	}
	char *t = kp_arena_printf(&c->arena, "%s.tmp-XXXXXX", c->output);
	int fd = mkstemp(t);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		cli_io_error(c, c->output, "cannot write: %s", strerror(errno));
		c->output_failed = true;
		if (fd >= 0) {
			close(fd);
			unlink(t);
		}
		return NULL;
	}
	*tmp = t;
	return f;
}

int cli_close_output(cli *c, FILE *out, const char *tmp, int rc)
{
	if (out == stdout) {
		if (fflush(stdout) != 0 && rc != 2) {
			cli_io_error(c, "<stdout>", "write error");
			rc = 2;
		}
		return rc;
	}
	if (fclose(out) != 0 && rc != 2) {
		cli_io_error(c, c->output, "write error");
		rc = 2;
	}
	if (!tmp)
		return rc;   /* not a regular file: written in place, never removed */
	if (rc == 2 && c->fmt != KP_FMT_SARIF) {
		unlink(tmp);
		unlink(c->output);   /* a report from an earlier run would pass for this one's */
	} else if (rename(tmp, c->output) != 0) {
		cli_io_error(c, c->output, "cannot write: %s", strerror(errno));
		unlink(tmp);
		rc = 2;
	}
	return rc;
}
