/* keyplan: catches bad primary-key designs and bad queries for wide-column
 * stores. This file is the command-line front end's dispatch: explain,
 * lint, check, rules, repl, help; each command is in cmd_*.c, their shared
 * plumbing in cli.c and cli_files.c. */
#include <stdio.h>
#include <string.h>

#include "tools/cli.h"
#include "base/quote.h"
#include "tools/digest/digest_cmd.h"
#include "tools/lsp/main.h"
#include "tools/simulate/sim.h"

const char cli_usage_main[] =
	"usage: keyplan <command> [options]\n"
	"\n"
	"Plans queries against the primary key of a wide-column table (Lindorm,\n"
	"HBase, Tablestore, Phoenix) and says how each one runs: GET, SCAN,\n"
	"FILTERED SCAN, or a full scan that the store rejects.\n"
	"\n"
	"commands:\n"
	"  explain   print the plan of every statement\n"
	"  lint      report problems in query files, like a compiler (for CI)\n"
	"  check     check a schema and its workload, and advise fixes (pre-deploy)\n"
	"  digest    group the statements of query logs by shape (workload from logs)\n"
	"  simulate  simulate region load of a schema and workload, as designed and\n"
	"            with each advised key change (hotspots before they happen)\n"
	"  rules     list the rules; keyplan rules KP001 prints a rule's page\n"
	"  repl      interactive shell (the default when no command is given)\n"
	"  lsp       language server for editors (LSP over standard input/output)\n"
	"  help      keyplan help COMMAND: that command's options\n"
	"\n"
	"options:\n"
	"  -h, --help     show this help (keyplan <command> --help for a command)\n"
	"  -V, --version  print the version\n"
	"\n"
	"environment: NO_COLOR (no colour), CLICOLOR_FORCE (colour even when not a\n"
	"terminal), TERM=dumb (no colour), KEYPLAN_HISTORY (the shell's history),\n"
	"GITHUB_WORKSPACE (the repository root for reported paths).\n";

static int dispatch(int argc, char **argv)
{
	if (argc < 2)
		return cmd_repl(0, argv + 1);
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		fputs(cli_usage_main, stdout);
		return 0;
	}
	if (!strcmp(cmd, "help"))
		return cmd_help(argc - 2, argv + 2);
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V") || !strcmp(cmd, "version")) {
		printf("keyplan %s\n", KEYPLAN_VERSION);
		return 0;
	}
	if (!strcmp(cmd, "explain"))
		return cmd_explain(argc - 2, argv + 2);
	if (!strcmp(cmd, "lint"))
		return cmd_lint(argc - 2, argv + 2, false);
	if (!strcmp(cmd, "check"))
		return cmd_lint(argc - 2, argv + 2, true);
	if (!strcmp(cmd, "rules"))
		return cmd_rules(argc - 2, argv + 2);
	if (!strcmp(cmd, "digest"))
		return kp_cmd_digest(argc - 2, argv + 2);
	if (!strcmp(cmd, "simulate"))
		return kp_cmd_simulate(argc - 2, argv + 2);
	if (!strcmp(cmd, "repl"))
		return cmd_repl(argc - 2, argv + 2);
	if (!strcmp(cmd, "lsp"))
		return kp_lsp_main(argc - 1, argv + 1);
	if (cmd[0] == '-' && strcmp(cmd, "-"))
		return cmd_repl(argc - 1, argv + 1);   /* keyplan --schema s.sql */
	kp_fprintf_visible(stderr, "keyplan: unknown command '%s' (explain, lint, check, digest, simulate, rules, repl, lsp; keyplan --help)\n", cmd);
	return 2;
}

/* Every command's standard output is checked once, here, as coreutils'
 * close_stdout does: output lost to a full disk or a closed descriptor
 * (keyplan rules --help > /dev/full) is a write error and exit status 2,
 * not a clean run. A command that failed already (status 2: explain, lint
 * and check report their own write errors, at the file they write) is
 * left as it said. */
int main(int argc, char **argv)
{
	int rc = dispatch(argc, argv);
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc != 2) {
		fputs("keyplan: <stdout>: write error\n", stderr);
		rc = 2;
	}
	return rc;
}
