/* pool_harness.c - csrc/ym_pool.c on its own (tests/learn/test_pool.py builds and runs it, also
 * under ThreadSanitizer): for 1-4 threads and many sizes and chunk sizes, every index of every
 * call is handled exactly once, and the call returns only after all of them are. */
#include <stdio.h>
#include <stdlib.h>

#include "ym_pool.h"

typedef struct {
    int *hits;
} ctx_t;

static void fn(void *c, int64_t lo, int64_t hi) {
    ctx_t *x = (ctx_t *)c;
    for (int64_t i = lo; i < hi; i++) x->hits[i] += 1;
}

int main(int argc, char **argv) {
    int calls = argc > 1 ? atoi(argv[1]) : 3000;
    for (int w = 1; w <= 4; w++) {
        ym_pool_t *p = ym_pool_new(w);
        if (!p) return 2;
        for (int run = 0; run < calls; run++) {
            int n = 1 + (run * 37) % 700, chunk = 1 + run % 40;
            int *h = (int *)calloc((size_t)n, sizeof(int));
            ctx_t c = {h};
            ym_pool_run(p, fn, &c, n, chunk);
            for (int i = 0; i < n; i++)
                if (h[i] != 1) {
                    printf("threads %d call %d: index %d of %d handled %d times\n", w, run, i, n, h[i]);
                    return 1;
                }
            free(h);
        }
        ym_pool_free(p);
    }
    puts("ok");
    return 0;
}
