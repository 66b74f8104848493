/* plan: libkeyplan in one page. Reads a schema and query files and prints
 * each statement's plan, then its diagnostics, as keyplan explain does.
 *
 *   cc plan.c $(pkg-config --cflags --libs keyplan) -o plan
 *   ./plan schema.sql queries.sql
 *
 * Exit status: 0 every query planned without error, 1 a query was rejected
 * or has an error, 2 a file could not be read. docs/library.md. */
#include <stdio.h>
#include <string.h>

#include <keyplan.h>

static void print_diagnostic(void *ctx, const keyplan_diagnostic *d)
{
	(void)ctx;
	fputs(keyplan_diagnostic_text(d), stdout);
}

static void print_statement(void *ctx, const keyplan_statement *st)
{
	int *failed = ctx;
	/* the schema's statements are shown only when something is wrong */
	size_t n = keyplan_statement_diagnostic_count(st);
	const char *kind = keyplan_statement_kind(st);
	if (n == 0 && (!strncmp(kind, "create_", 7) || !strcmp(kind, "drop")))
		return;
	printf("%s:%u: %s\n", keyplan_statement_file(st), keyplan_statement_line(st),
	       keyplan_statement_plan_text(st));
	for (size_t i = 0; i < n; i++) {
		const keyplan_diagnostic *d = keyplan_statement_diagnostic(st, i);
		print_diagnostic(NULL, d);
		if (keyplan_diagnostic_severity(d) == KEYPLAN_ERROR)
			*failed = 1;
	}
	if (keyplan_statement_rejected(st))
		*failed = 1;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: plan SCHEMA.sql QUERIES.sql...\n");
		return 2;
	}
	int failed = 0;
	keyplan_options o = {
		.target = "lindorm",
		.on_statement = print_statement,
		.on_diagnostic = print_diagnostic,
		.ctx = &failed,
	};
	keyplan *k;
	if (keyplan_open(&o, &k) != KEYPLAN_OK)
		return 2;
	int rc = keyplan_feed_file(k, KEYPLAN_SCHEMA, argv[1]);
	for (int i = 2; i < argc && rc == KEYPLAN_OK; i++)
		rc = keyplan_feed_file(k, KEYPLAN_QUERY, argv[i]);
	keyplan_close(k);
	return rc != KEYPLAN_OK ? 2 : failed;
}
