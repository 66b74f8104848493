/* keyplan lsp as the CLI sees it: the command and its help. */
#ifndef KP_LSP_MAIN_H
#define KP_LSP_MAIN_H

extern const char kp_lsp_usage[];
/* Runs the server on standard input and output; the exit status. */
int kp_lsp_main(int argc, char **argv);

#endif
