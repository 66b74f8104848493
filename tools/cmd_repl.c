/* keyplan repl: the interactive shell (tools/repl.c), started with the
 * schema and options of the command line and the config file. */
#include "tools/cli.h"

#include "tools/repl.h"

const char cli_usage_repl[] =
	"usage: keyplan [repl] [--schema PATH]... [--target T] [--tenant ID]\n"
	"                      [--format text|json]\n"
	"\n"
	"An interactive shell: statements end with ';' and may span lines; DDL builds\n"
	"the session's schema, SELECT/UPDATE/DELETE print their plans, .help lists the\n"
	"dot-commands. With standard input not a terminal it reads statements and\n"
	"prints plans, with no prompt (keyplan < file.sql), and exits 1 when a statement\n"
	"is rejected or has an error, or a dot-command fails.\n"
	"\n"
	"History is kept in $KEYPLAN_HISTORY, else $XDG_STATE_HOME/keyplan/history,\n"
	"else ~/.local/state/keyplan/history.\n"
	"\n"
	"options:\n"
	"  --schema PATH        schema file or folder to start with; may be repeated\n"
	"  --target T           lindorm (default), tablestore, phoenix or generic\n"
	"                       (.target changes it)\n"
	"  --tenant ID          (phoenix) the statements typed run on a tenant-specific\n"
	"                       connection, TenantId=ID, DDL included (.tenant changes\n"
	"                       it); the --schema files run on a global one\n"
	"  --format text|json   how plans are printed (.format changes it)\n"
	"  --config FILE        read FILE instead of the nearest .keyplan (its schema,\n"
	"                       target and tenant)\n"
	"  --no-config          read no config file\n"
	"  -h, --help           show this help\n"
	"\n"
	"exit status: 0 (a terminal: after .quit or the end of input), 1 reading a\n"
	"pipe when a statement was rejected or has an error or a dot-command failed,\n"
	"2 usage error or a --schema file that cannot be read.\n";

int cmd_repl(int argc, char **argv)
{
	cli c;
	int rc = cli_setup(&c, "repl", argc, argv, cli_usage_repl);
	if (rc >= 0)
		goto done;
	if (c.inputs.n) {
		const input *in = c.inputs.items[0];
		rc = cli_usage_error("repl", cli_usage_repl, "unexpected argument '%s' (use .read FILE, or keyplan < FILE)",
		                 in->text);
		goto done;
	}
	kp_repl *r = kp_repl_new(c.target, stdout, stderr);
	kp_repl_set_tenant(r, c.tenant);
	kp_list files = {0};
	c.schema_walk = true;
	rc = cli_gather(&c, &c.schemas, &c.seen_schema, &files) < 0 ? 2 : 0;
	c.schema_walk = false;
	for (uint32_t i = 0; i < files.n && !rc; i++)
		if (kp_repl_load(r, files.items[i]) < 0)
			rc = 2;
	if (!rc) {
		if (c.fmt == KP_FMT_JSON)
			kp_repl_dot(r, ".format json");
		rc = kp_repl_run(r);
	}
	kp_repl_free(r);
done:
	cli_free(&c);
	return rc;
}
