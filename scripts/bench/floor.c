/*
 * The floor of a line filter's job, for scripts/bench.sh: read standard input
 * in 64 KiB blocks, find each line's end with memchr, copy the line into an
 * output buffer and write the buffer when it is full. It is what numgroup does
 * less the grouping itself, on the same bytes (issue 31: numgroup within 1.25x
 * of it). A line longer than the input buffer is copied through as it is; a
 * last line without a newline is copied as it is.
 *
 *   cc -O2 -o floor scripts/bench/floor.c && ./floor <in >out
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

enum { IN_SIZE = 1 << 16, OUT_SIZE = 1 << 16 };

static char in[IN_SIZE];
static char out[OUT_SIZE + IN_SIZE]; /* a whole line always fits past OUT_SIZE */

static int write_all(const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(1, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int main(void) {
    size_t have = 0, used = 0;
    for (;;) {
        ssize_t n = read(0, in + have, IN_SIZE - have);
        if (n < 0) {
            if (errno == EINTR) continue;
            return 2;
        }
        size_t end = have + (size_t)n, start = 0;
        for (;;) {
            char *nl = memchr(in + start, '\n', end - start);
            if (nl == NULL) break;
            size_t len = (size_t)(nl - (in + start)) + 1;
            memcpy(out + used, in + start, len);
            used += len;
            start += len;
            if (used >= OUT_SIZE) {
                if (write_all(out, used) != 0) return 2;
                used = 0;
            }
        }
        have = end - start;
        memmove(in, in + start, have);
        if (n == 0 || have == IN_SIZE) {  /* end of input, or a line longer than the buffer */
            if (write_all(out, used) != 0 || write_all(in, have) != 0) return 2;
            used = 0;
            have = 0;
            if (n == 0) return 0;
        }
    }
}
