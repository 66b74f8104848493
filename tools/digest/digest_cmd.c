/* keyplan digest: the command (docs/digest.md). */
#include "tools/digest/digest_cmd.h"
#include "base/quote.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tools/digest/digest.h"
#include "tools/sniff.h"

const char kp_digest_usage[] =
	"usage: keyplan digest [options] LOG...\n"
	"       keyplan digest --merge [options] DIGEST...\n"
	"\n"
	"Groups the statements of query logs by shape: per shape its count and\n"
	"share, first and last time seen, example statements, the log's timing and\n"
	"rows figures, and, with a schema, its plan and the most frequent values\n"
	"bound to each key column. Logs are read streaming, gzip or plain; '-' is\n"
	"standard input. Lines that cannot be read are counted and listed with\n"
	"their file and line. Digests (--format json) merge exactly: see --merge.\n"
	"\n"
	"options:\n"
	"  --format text|json   output (default text; json: docs/digest-json.md)\n"
	"  --log-format F       read every LOG as F instead of detecting it: lines,\n"
	"                       mysql-slow, phoenix-csv, lindorm-json, digest\n"
	"  --sample-rate R      the share (0 < R <= 1) of statements the logs hold\n"
	"                       (Phoenix's phoenix.log.sample.rate): counts are\n"
	"                       scaled by 1/R in 'estimated', and the report says so\n"
	"  --schema FILE        plan each shape against this schema file (repeatable)\n"
	"  --target T           lindorm (default), tablestore, phoenix, generic\n"
	"  --top N              shapes listed in each part of the text report (10)\n"
	"  --top-values K       hot values kept per key column (10); digests merge\n"
	"                       only with the same K\n"
	"  --merge              every input is a digest (keyplan digest --format json)\n"
	"  -h, --help           this help\n"
	"\n"
	"exit status: 0 done (skipped lines are reported, not failures), 2 a usage\n"
	"error, an input that cannot be read, or a damaged digest\n";

static int usage_error(const char *fmt, const char *arg)
{
	kp_fprintf_visible(stderr, "keyplan digest: ");
	kp_fprintf_visible(stderr, fmt, arg);
	kp_fprintf_visible(stderr, " (keyplan digest --help lists the options)\n");
	return 2;
}

static bool parse_uint(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	errno = 0;
	unsigned long v = strtoul(s, &end, 10);
	if (errno || *end || !*s || *s == '-' || v == 0 || v > max)
		return false;
	*out = v;
	return true;
}

int kp_cmd_digest(int argc, char **argv)
{
	const char *format = "text";
	kp_logfmt logfmt = KP_LOG_AUTO;
	double rate = 1;
	kp_target target = KP_TARGET_LINDORM;
	unsigned long top = 10, k = KP_DIGEST_K;
	bool merge = false;
	const char **schemas = calloc((size_t)argc + 1, sizeof *schemas);
	const char **logs = calloc((size_t)argc + 1, sizeof *logs);
	int nschemas = 0, nlogs = 0, rc = 0;
	if (!schemas || !logs)
		abort();
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(kp_digest_usage, stdout);
			goto out;
		}
		if (!strcmp(a, "--merge")) {
			merge = true;
			continue;
		}
		if (!strcmp(a, "-") || a[0] != '-') {
			logs[nlogs++] = a;
			continue;
		}
		if (!strcmp(a, "--")) {
			while (++i < argc)
				logs[nlogs++] = argv[i];
			break;
		}
		const char *name = a, *val = NULL;
		const char *eq = strchr(a, '=');
		char opt[64];
		if (eq && (size_t)(eq - a) < sizeof opt) {
			memcpy(opt, a, (size_t)(eq - a));
			opt[eq - a] = 0;
			name = opt;
			val = eq + 1;
		}
		static const char *const with_value[] = {"--format", "--log-format", "--sample-rate", "--schema",
		                                         "--target", "--top", "--top-values", NULL};
		bool known = false;
		for (int j = 0; with_value[j]; j++)
			known |= !strcmp(name, with_value[j]);
		if (!known) {
			rc = usage_error("unknown option '%s'", a);
			goto out;
		}
		if (!val) {
			if (i + 1 >= argc) {
				rc = usage_error("%s needs a value", name);
				goto out;
			}
			val = argv[++i];
		}
		if (!strcmp(name, "--format")) {
			if (strcmp(val, "text") && strcmp(val, "json")) {
				rc = usage_error("--format takes text or json, not '%s'", val);
				goto out;
			}
			format = val;
		} else if (!strcmp(name, "--log-format")) {
			if (kp_logfmt_parse(&logfmt, val) < 0 || logfmt == KP_LOG_AUTO) {
				rc = usage_error("--log-format takes lines, mysql-slow, phoenix-csv, lindorm-json or digest, not '%s'", val);
				goto out;
			}
		} else if (!strcmp(name, "--sample-rate")) {
			char *end;
			errno = 0;
			rate = strtod(val, &end);
			if (errno || *end || !*val || !(rate > 0 && rate <= 1)) {
				rc = usage_error("--sample-rate takes a number in (0, 1], not '%s'", val);
				goto out;
			}
		} else if (!strcmp(name, "--schema")) {
			schemas[nschemas++] = val;
		} else if (!strcmp(name, "--target")) {
			if (kp_target_parse(&target, val) < 0) {
				rc = usage_error("unknown target '%s' (lindorm, tablestore, phoenix, generic)", val);
				goto out;
			}
		} else if (!strcmp(name, "--top")) {
			if (!parse_uint(val, 1000000, &top)) {
				rc = usage_error("--top takes a whole number from 1 to 1000000, not '%s'", val);
				goto out;
			}
		} else if (!strcmp(name, "--top-values")) {
			if (!parse_uint(val, 1000, &k)) {
				rc = usage_error("--top-values takes a whole number from 1 to 1000, not '%s'", val);
				goto out;
			}
		}
	}
	if (!nlogs) {
		rc = usage_error("%s", merge ? "give the digests to merge" : "give one or more logs ('-': standard input)");
		goto out;
	}
	if (merge && logfmt != KP_LOG_AUTO && logfmt != KP_LOG_DIGEST) {
		rc = usage_error("--merge reads digests: --log-format %s does not apply", kp_logfmt_name(logfmt));
		goto out;
	}

	kp_pipe p;
	kp_pipe_init(&p, target);
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	for (int i = 0; i < nschemas; i++) {
		struct stat st;
		if (stat(schemas[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			/* a folder reads as "read error": say what digest takes */
			fprintf(stderr, "keyplan digest: %s: a folder: --schema takes a file (repeat it: --schema %s/a.sql "
			        "--schema %s/b.sql)\n", schemas[i], schemas[i], schemas[i]);
			rc = 2;
			goto done;
		}
		kp_source *src = kp_pipe_read(&p, schemas[i], &d, &a);
		if (src) {
			p.collect = &d;
			p.collect_arena = &a;
			kp_pipe_source(&p, src, KP_ROLE_SCHEMA);
			p.collect = NULL;
		}
	}
	/* the schema's errors are the user's to see; the digest goes on with
	 * what was understood, as check does */
	kp_buf msg = {0};
	bool fatal = false;
	for (const kp_diag *g = d.head; g; g = g->next) {
		if (g->severity != KP_SEV_ERROR)
			continue;
		if (g->rule == KP_R_IO) {
			/* a schema that cannot be read ends the run: one line, as
			 * a log that cannot be */
			fprintf(stderr, "keyplan digest: %s: %s\n", g->file ? g->file : "--schema", g->message);
			fatal = true;
			continue;
		}
		kp_buf_clear(&msg);
		kp_diag_format(&msg, g, 0);
		fputs(msg.data, stderr);
		if (msg.len && msg.data[msg.len - 1] != '\n')
			fputc('\n', stderr);
	}
	kp_buf_free(&msg);
	if (fatal) {
		rc = 2;
		goto done;
	}

	kp_digest dg;
	kp_digest_init(&dg, target, (uint32_t)k);
	for (int i = 0; i < nlogs; i++) {
		kp_digest_log log = {.path = logs[i], .format = merge ? KP_LOG_DIGEST : logfmt, .sample_rate = rate};
		struct stat st;
		if (strcmp(logs[i], "-") && stat(logs[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			/* a folder opens but reads nothing: no log, not a log of
			 * one damaged line */
			kp_fprintf_visible(stderr, "keyplan digest: %s: a folder, not a log (name its files: %s/*.log)\n",
			                   logs[i], logs[i]);
			rc = 2;
			continue;
		}
		/* a binary file (/dev/zero) or UTF-16 text is one error, not a
		 * log of damaged lines; standard input and pipes are not looked
		 * into (they are read once): the reader's limit ends those */
		const char *why = merge ? NULL : kp_sniff_path(logs[i], true);
		if (why) {
			if (!strncmp(why, "a binary file", 13))
				why = "a binary file (it holds NUL bytes), not a query log";
			kp_fprintf_visible(stderr, "keyplan digest: %s: %s\n", logs[i], why);
			rc = 2;
			continue;
		}
		char *err = NULL;
		if (kp_digest_add_log(&dg, &p, nschemas > 0, &log, &err) < 0) {
			kp_fprintf_visible(stderr, "keyplan digest: %s\n", err ? err : logs[i]);
			free(err);
			rc = 2;
		}
	}
	if (!rc) {
		kp_buf out = {0};
		if (!strcmp(format, "json"))
			kp_digest_json(&dg, &out);
		else
			kp_digest_text(&dg, &out, (int)top);
		fwrite(out.data, 1, out.len, stdout);
		kp_buf_free(&out);
		if (fflush(stdout) || ferror(stdout)) {
			kp_fprintf_visible(stderr, "keyplan digest: cannot write the output: %s\n", strerror(errno));
			rc = 2;
		}
	}
	kp_digest_free(&dg);
done:
	kp_arena_free(&a);
	kp_pipe_free(&p);
out:
	free(schemas);
	free(logs);
	return rc;
}
