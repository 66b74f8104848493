/* The interactive shell: statements end at ';' and may span lines; DDL
 * builds the session's schema, queries print their plans, dot-commands
 * explore the schema, run the advisor and try other keys. */
#ifndef KP_REPL_H
#define KP_REPL_H

#include <stdbool.h>
#include <stdio.h>

#include "advisor/advisor.h"

/* Length of the first complete statement in buf (through its ';'), or 0
 * when buf holds no ';' outside strings, comments and quoted names.
 * *blank is set when buf holds nothing but white space and comments. */
size_t kp_repl_complete(const char *buf, size_t len, bool *blank);

typedef struct kp_repl kp_repl;

kp_repl *kp_repl_new(kp_target target, FILE *out, FILE *err);
void kp_repl_free(kp_repl *r);
/* Feeds SQL text (one or more statements) as if typed; name labels its
 * messages. */
void kp_repl_sql(kp_repl *r, const char *name, const char *text, size_t len);
/* Runs one dot-command line (".tables"). Returns false for .quit. */
bool kp_repl_dot(kp_repl *r, const char *line);
/* Reads a file of statements (.read, --schema). Returns -1 if unreadable. */
int kp_repl_read(kp_repl *r, const char *path);
/* Reads a schema file quietly (--schema): only problems are printed. */
int kp_repl_load(kp_repl *r, const char *path);
/* The connection of the statements fed after it (Phoenix): tenant id's
 * (TenantId=id), or a global one (NULL). */
void kp_repl_set_tenant(kp_repl *r, const char *id);
/* The interactive loop on standard input (line editing when it is a
 * terminal). Returns the exit status. */
int kp_repl_run(kp_repl *r);

#endif
