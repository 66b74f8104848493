/* libFuzzer target: the lexer alone, on any bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grammar/lexer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;   /* the sentinel the lexer relies on */
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, buf, size, 0);
	size_t last = 0;
	int steps = 0;
	for (;;) {
		int ty = kp_lex(&lx, &t);
		if (ty == KP_TOK_EOF)
			break;
		/* every token lies inside the input and the lexer always moves on */
		if ((size_t)t.off + t.len > size || lx.pos <= last || ++steps > (int)size + 1)
			abort();
		last = lx.pos;
	}
	free(buf);
	return 0;
}
