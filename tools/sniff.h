/* Whether a file is text keyplan can read, judged by its head: one error
 * for a binary file or UTF-16 text, instead of one lexical error per NUL
 * byte (and a read of /dev/zero that never ends). Shared by the command
 * line's file reader (cli_sniff), the shell's .read and simulate (the
 * kp_sniff library). */
#ifndef KP_TOOLS_SNIFF_H
#define KP_TOOLS_SNIFF_H

#include <stdbool.h>
#include <stddef.h>

/* How many bytes of a file's head the verdict reads. */
#define KP_SNIFF_BYTES 8192

/* NULL when head[0, n) can start a text file, else why it cannot: the
 * message of the error that names the file. */
const char *kp_sniff_text(const unsigned char *head, size_t n);

/* kp_sniff_text of the file at path, for a regular file or a device (a
 * pipe, standard input and a terminal are not looked into: what was read
 * would be gone); NULL when it cannot be opened (reading it says why).
 * With logs (a workload, which may be a query log), a gzip stream is let
 * through: it is read as a compressed log (docs/digest.md). */
const char *kp_sniff_path(const char *path, bool logs);

#endif
