/* The shell's terminal: line editing (libedit), completion, history,
 * Ctrl-C, and the loop that reads standard input (a terminal or a pipe). */
#include "tools/replInt.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <editline/readline.h>

static kp_repl *completing;     /* the session completion reads (readline has no user pointer) */
static kp_buf pending;          /* statement text typed so far */
static uint32_t line_no;        /* lines read so far (standard input not a terminal) */
static uint32_t pending_line;   /* line and column where pending starts */
static uint32_t pending_col;
static int interrupt_pipe[2] = {-1, -1};    /* the handler writes a byte: wakes read_key */

/* Moves (pending_line, pending_col) past text[0, n): lines, and columns in
 * code points, as kp_source counts them. */
static void advance_pending(const char *text, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (text[i] == '\n') {
			pending_line++;
			pending_col = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80 && text[i] != '\r') {
			pending_col++;
		}
	}
}

/* The completions of the word being typed (kp_repl_completions), handed
 * to libedit one at a time. */
static char **offered;
static size_t offered_next;

static char *candidate(const char *text, int state)
{
	(void)text;
	if (!state)
		offered_next = 0;
	if (!offered || !offered[offered_next])
		return NULL;
	return offered[offered_next++];   /* libedit frees it */
}

static char **complete(const char *text, int start, int end)
{
	(void)end;
	if (offered) {
		/* those libedit did not take */
		while (offered[offered_next])
			free(offered[offered_next++]);
		free(offered);
		offered = NULL;
	}
	kp_buf before = {0};
	if (pending.len)
		kp_buf_put(&before, pending.data, pending.len);
	kp_buf_put(&before, rl_line_buffer, (size_t)start);
	kp_buf_putc(&before, 0);
	bool files = false;
	offered = kp_repl_completions(completing, before.data, rl_line_buffer + end, text, &files);
	kp_buf_free(&before);
	if (files) {
		rl_attempted_completion_over = 0;
		return NULL;   /* libedit completes a file name */
	}
	rl_attempted_completion_over = 1;
	char **res = rl_completion_matches(text, candidate);
	while (offered[offered_next])
		free(offered[offered_next++]);
	free(offered);
	offered = NULL;
	return res;
}

static char *history_path(void)
{
	const char *env = getenv("KEYPLAN_HISTORY");
	if (env && *env)
		return strdup(env);
	const char *state = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	char dir[4096];
	if (state && *state)
		snprintf(dir, sizeof dir, "%s/keyplan", state);
	else if (home && *home)
		snprintf(dir, sizeof dir, "%s/.local/state/keyplan", home);
	else
		return NULL;
	/* mkdir -p */
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(dir, 0700);
			*p = '/';
		}
	mkdir(dir, 0700);
	size_t n = strlen(dir) + 16;
	char *path = malloc(n);
	if (path)
		snprintf(path, n, "%s/history", dir);
	return path;
}

/* Runs the first n bytes of pending: from standard input (not a terminal)
 * as "<stdin>" at the line and column they were read at, typed lines as
 * "<input N>". */
static void run_pending(kp_repl *r, size_t n)
{
	char name[32];
	if (line_no) {
		snprintf(name, sizeof name, "<stdin>");
		r->at_line = pending_line;
		r->at_col = pending_col;
	} else {
		snprintf(name, sizeof name, "<input %d>", ++r->inputs);
	}
	kp_repl_sql(r, name, pending.data, n);
}

/* Feeds complete statements out of pending; keeps the rest. */
static void drain(kp_repl *r)
{
	for (;;) {
		bool blank;
		size_t n = kp_repl_complete(pending.data ? pending.data : "", pending.len, &blank);
		if (blank) {
			kp_buf_clear(&pending);
			return;
		}
		if (!n)
			return;
		run_pending(r, n);
		r->at_line = 0;
		advance_pending(pending.data, n);
		size_t rest = pending.len - n;
		memmove(pending.data, pending.data + n, rest);
		pending.len = rest;
		pending.data[rest] = 0;
	}
}

/* One line of input, len bytes: a NUL byte in it is kept, for the lexer to
 * report, rather than ending the line (and dropping its statement). */
static bool handle_line(kp_repl *r, const char *line, size_t len)
{
	const char *p = line;
	while (*p == ' ' || *p == '\t')
		p++;
	bool empty = true;
	for (size_t i = 0; i < pending.len; i++)
		if (pending.data[i] != ' ' && pending.data[i] != '\t' && pending.data[i] != '\n' &&
		    pending.data[i] != '\r')
			empty = false;
	if (empty && *p == '.') {
		kp_buf_clear(&pending);
		r->dot_line = line_no;
		bool go = kp_repl_dot(r, p);
		r->dot_line = 0;
		return go;
	}
	if (empty && line_no) {
		/* white space left from the line before: the next statement
		 * starts on this line */
		kp_buf_clear(&pending);
		pending_line = line_no;
		pending_col = 1;
	}
	kp_buf_put(&pending, line, len);
	kp_buf_putc(&pending, '\n');
	drain(r);
	return true;
}

/* Ctrl-C at the prompt: cancel the input typed so far (sqlite3 and psql
 * do the same), never end the session. The handler sets a flag and writes
 * a byte to a pipe that read_key waits on beside the terminal, so a
 * Ctrl-C is seen whenever it comes (during a read, or between two); the
 * line then ends as end of input would, and the flag tells the two apart. */
static void on_interrupt(int sig)
{
	(void)sig;
	kp_repl_interrupted = 1;
	if (interrupt_pipe[1] >= 0) {
		ssize_t w = write(interrupt_pipe[1], "", 1);
		(void)w;
	}
}

/* libedit's character reader: one byte, as its own is, but Ctrl-C ends the
 * line instead of the read being retried. */
static int read_key(FILE *f)
{
	struct pollfd p[2] = {{fileno(f), POLLIN, 0}, {interrupt_pipe[0], POLLIN, 0}};
	for (;;) {
		if (kp_repl_interrupted)
			return EOF;
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return EOF;
		}
		if (p[1].revents)
			continue;   /* the flag is set */
		unsigned char ch;
		ssize_t n = read(fileno(f), &ch, 1);
		if (n == 1)
			return ch;
		if (n < 0 && errno == EINTR)
			continue;
		return EOF;
	}
}

/* Empties the interrupt pipe before a new line is read. */
static void clear_interrupt(void)
{
	char buf[64];
	while (read(interrupt_pipe[0], buf, sizeof buf) > 0)
		;
	kp_repl_interrupted = 0;
}

/* Runs what is left of pending at the end of input: sqlite3 runs an
 * unfinished statement (the parser says what is missing). */
static void run_rest(kp_repl *r)
{
	bool blank;
	kp_repl_complete(pending.data ? pending.data : "", pending.len, &blank);
	if (blank || !pending.len)
		return;
	if (pending.data[pending.len - 1] == '\n')
		pending.data[--pending.len] = 0;   /* the line break added after the last line */
	run_pending(r, pending.len);
	r->at_line = 0;
}

/* Adds the lines typed (entry) to the history, unless blank, and saves
 * it; entry is emptied. */
static void remember(kp_buf *entry, const char *hist)
{
	bool blank = true;
	for (size_t i = 0; i < entry->len; i++)
		if (entry->data[i] != ' ' && entry->data[i] != '\t' && entry->data[i] != '\n')
			blank = false;
	if (!blank) {
		add_history(entry->data);
		if (hist)
			write_history(hist);
	}
	kp_buf_clear(entry);
}

int kp_repl_run(kp_repl *r)
{
	completing = r;
	kp_buf_clear(&pending);
	if (!isatty(STDIN_FILENO)) {
		/* a pipe: no prompt, no line editing; messages carry the lines of
		 * the input, and a rejected statement or an error makes the exit
		 * status 1, as keyplan explain does */
		char *line = NULL;
		size_t cap = 0;
		ssize_t n;
		bool go = true;
		line_no = 0;
		pending_line = 1;
		pending_col = 1;
		while (go && (n = getline(&line, &cap, stdin)) >= 0) {
			line_no++;
			if (n && line[n - 1] == '\n')
				line[--n] = 0;
			go = handle_line(r, line, (size_t)n);
		}
		free(line);
		if (go)
			run_rest(r);
		line_no = 0;
		kp_buf_free(&pending);
		return r->failed ? 1 : 0;
	}
	char *hist = history_path();
	rl_getc_function = read_key;   /* read when libedit starts, in using_history */
	using_history();
	if (hist)
		read_history(hist);
	rl_attempted_completion_function = complete;
	rl_basic_word_break_characters = " \t\n,;()=<>'\"";
	if (pipe(interrupt_pipe) < 0)
		interrupt_pipe[0] = interrupt_pipe[1] = -1;
	for (int k = 0; k < 2; k++)
		if (interrupt_pipe[k] >= 0)
			fcntl(interrupt_pipe[k], F_SETFL, O_NONBLOCK);
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	/* SA_RESTART: a write to the terminal that Ctrl-C interrupts is
	 * finished, not failed (stdio would set stdout's error flag and lose
	 * the rest, and the exit status would say "write error"). The prompt's
	 * read still ends: read_key waits in poll(), which a signal always
	 * interrupts, beside the pipe the handler writes to. */
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, &old);
	fprintf(r->out, "keyplan %s: plans SQL against wide-table keys. .help for help, .quit to leave.\n",
	        KEYPLAN_VERSION);
	bool go = true;
	kp_buf entry = {0};   /* the lines of the statement being typed */
	while (go) {
		clear_interrupt();
		char *line = readline(pending.len ? "   ...> " : "keyplan> ");
		if (kp_repl_interrupted) {
			/* Ctrl-C: drop the statement being typed, prompt again */
			free(line);
			kp_buf_clear(&pending);
			kp_buf_clear(&entry);
			fputc('\n', r->out);
			fflush(r->out);
			continue;
		}
		if (!line) {
			/* Ctrl-D: an unfinished statement is run, as sqlite3 does */
			fputc('\n', r->out);
			remember(&entry, hist);
			run_rest(r);
			break;
		}
		/* a statement typed over several lines is one history entry,
		 * recalled whole */
		if (entry.len)
			kp_buf_putc(&entry, '\n');
		kp_buf_puts(&entry, line);
		go = handle_line(r, line, strlen(line));
		free(line);
		if (!pending.len)
			remember(&entry, hist);
	}
	sigaction(SIGINT, &old, NULL);
	for (int k = 0; k < 2; k++)
		if (interrupt_pipe[k] >= 0) {
			close(interrupt_pipe[k]);
			interrupt_pipe[k] = -1;
		}
	free(hist);
	kp_buf_free(&entry);
	kp_buf_free(&pending);
	return 0;
}
