/* keyplan rules: the rule list and each rule's page; keyplan help: a
 * command's --help. */
#include "tools/cli.h"
#include "base/quote.h"
#include "tools/digest/digest_cmd.h"
#include "tools/simulate/sim.h"
#include "tools/lsp/main.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rule pages (docs/rules/ID.md), compiled in: see cmake/embed_rules.cmake. */
extern const struct kp_rule_page {
	const char *id;
	const char *text;
} kp_rule_pages[];

const char cli_usage_rules[] =
	"usage: keyplan rules [RULE]...\n"
	"\n"
	"Without RULE, lists every rule: ID, slug, default severity, summary.\n"
	"With RULEs (IDs such as KP001, or slugs such as full-scan), prints each\n"
	"rule's page: why it matters, how to fix it, how to silence it, and where\n"
	"the page is online.\n"
	"\n"
	"options:\n"
	"  -h, --help           show this help\n"
	"\n"
	"exit status: 0, 2 an unknown rule or option.\n";

const char *cli_rule_page(const char *id)
{
	for (int k = 0; kp_rule_pages[k].id; k++)
		if (!strcmp(kp_rule_pages[k].id, id))
			return kp_rule_pages[k].text;
	return NULL;
}

/* The rule pages' address: the nearest .keyplan's docs-url when it reads
 * cleanly, else the build's. */
static const char *docs_base(void)
{
	static char base[1024];
	if (base[0])
		return base;
	snprintf(base, sizeof base, "%s", KEYPLAN_DOCS_URI);
	char *path = kp_config_find();
	if (path) {
		kp_arena a;
		kp_arena_init(&a);
		kp_diags d = {0};
		kp_config cfg;
		if (kp_config_load(&cfg, path, &a, &d) == 0 && cfg.docs)
			snprintf(base, sizeof base, "%s", cfg.docs);
		kp_arena_free(&a);
		free(path);
	}
	return base;
}

int cmd_rules(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(cli_usage_rules, stdout);
			return 0;
		}
	for (int i = 0; i < argc; i++) {
		if (argv[i][0] == '-')
			return cli_usage_error("rules", cli_usage_rules, "unknown option '%s'", argv[i]);
		int r = kp_rule_lookup(argv[i], strlen(argv[i]));
		if (r < 0) {
			kp_fprintf_visible(stderr, "keyplan rules: unknown rule '%s' (keyplan rules lists them)\n", argv[i]);
			return 2;
		}
	}
	for (int i = 0; i < argc; i++) {
		const kp_rule_info *ri = kp_rule_get((kp_rule)kp_rule_lookup(argv[i], strlen(argv[i])));
		const char *text = NULL;
		for (int k = 0; kp_rule_pages[k].id; k++)
			if (!strcmp(kp_rule_pages[k].id, ri->id))
				text = kp_rule_pages[k].text;
		if (i)
			putchar('\n');
		if (text)
			fputs(text, stdout);
		else
			printf("# %s %s\n\n%s.\n", ri->id, ri->slug, ri->summary);
		if (text && text[0] && text[strlen(text) - 1] != '\n')
			putchar('\n');
		printf("\nOnline: %s/rules/%s.md\nInstalled: %s/%s.md\n", docs_base(), ri->id, KEYPLAN_RULES_DIR, ri->id);
	}
	if (argc)
		return 0;
	for (int i = 0; i < KP_R__COUNT; i++) {
		const kp_rule_info *r = kp_rule_get((kp_rule)i);
		printf("%s  %-22s %-8s %s\n", r->id, r->slug, kp_severity_name(r->severity), r->summary);
	}
	return 0;
}

/* keyplan help [COMMAND]: the command's --help. */
int cmd_help(int argc, char **argv)
{
	if (argc == 0 || !strcmp(argv[0], "-h") || !strcmp(argv[0], "--help") || !strcmp(argv[0], "help")) {
		fputs(cli_usage_main, stdout);
		return 0;
	}
	static const struct {
		const char *name;
		const char *usage;
	} pages[] = {{"explain", cli_usage_explain}, {"lint", cli_usage_lint}, {"check", cli_usage_check},
	             {"rules", cli_usage_rules}, {"repl", cli_usage_repl},
	             {"digest", kp_digest_usage}, {"lsp", kp_lsp_usage}, {"simulate", kp_simulate_usage}};
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++)
		if (!strcmp(argv[0], pages[i].name)) {
			fputs(pages[i].usage, stdout);
			return 0;
		}
	if (kp_rule_lookup(argv[0], strlen(argv[0])) >= 0)
		return cmd_rules(1, argv);   /* keyplan help KP001 */
	kp_fprintf_visible(stderr, "keyplan help: unknown command '%s' (explain, lint, check, digest, simulate, rules, repl, lsp, help)\n", argv[0]);
	return 2;
}
