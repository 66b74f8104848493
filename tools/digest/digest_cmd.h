/* keyplan digest, for the CLI's dispatch. */
#ifndef KP_DIGEST_CMD_H
#define KP_DIGEST_CMD_H

/* Its --help text (keyplan help digest). */
extern const char kp_digest_usage[];

/* argv: the command's arguments, after "digest". Returns the exit status. */
int kp_cmd_digest(int argc, char **argv);

#endif
