/* A C driver around ym_winning_chunk (csrc/ym_random.c) without Python: bench/random_driver.py
 * writes the inputs to a folder and builds and runs this file. It generates the chunks of that
 * folder's states, compares every column with the folder's reference bytes (winning_hands' own
 * output), and prints the fastest of `reps` passes in ns per row of one thread's CPU time.
 *
 *   random_driver DIR REPS
 *
 * DIR holds params.txt (players aka tsumo riichi first_turn renhou, then the 22 template and the
 * 5 meld cumulative weights), states.txt (one chunk a line: state_hi state_lo inc_hi inc_lo) and
 * ref.bin (the WinningHands columns of all the chunks, in random.py's _COLUMNS order). */
#include "ym_random.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHUNK 4096
#define N_COLS 19

static FILE *open_in(const char *dir, const char *name, const char *mode) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, mode);
    if (!f) fprintf(stderr, "random_driver: cannot open %s\n", path);
    return f;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: random_driver DIR REPS\n");
        return 2;
    }
    const char *dir = argv[1];
    int reps = atoi(argv[2]);
    ym_gen_params P;
    memset(&P, 0, sizeof P);
    FILE *f = open_in(dir, "params.txt", "r");
    if (!f) return 2;
    int ok = fscanf(f, "%d %d %lf %lf %lf %lf", &P.players, &P.aka, &P.tsumo, &P.riichi, &P.first_turn,
                    &P.renhou) == 6;
    for (int i = 0; ok && i < YM_GEN_SHAPES; i++) ok = fscanf(f, "%lf", &P.shape_cum[i]) == 1;
    for (int i = 0; ok && i < 5; i++) ok = fscanf(f, "%lf", &P.meld_cum[i]) == 1;
    fclose(f);
    if (!ok) return 2;

    f = open_in(dir, "states.txt", "r");
    if (!f) return 2;
    int n_chunks = 0, cap = 16;
    ym_uniform_src *src = malloc(sizeof *src * (size_t)cap);
    unsigned long long a, b, c, d;
    while (src && fscanf(f, "%llu %llu %llu %llu", &a, &b, &c, &d) == 4) {
        if (n_chunks == cap) src = realloc(src, sizeof *src * (size_t)(cap *= 2));
        if (!src) break;
        src[n_chunks].state_hi = a;
        src[n_chunks].state_lo = b;
        src[n_chunks].inc_hi = c;
        src[n_chunks].inc_lo = d;
        n_chunks++;
    }
    fclose(f);
    if (!src || n_chunks == 0) return 2;

    const size_t n = (size_t)n_chunks * CHUNK;
    /* bytes per row of each column, in _COLUMNS order */
    static const size_t width[N_COLS] = {34, 3, 1, 4, 4, 4, 1, 1, 2, 1, 1, 5, 1, 5, 1, 1, 2, 2, 1};
    size_t total = 0;
    for (int i = 0; i < N_COLS; i++) total += width[i] * n;
    unsigned char *buf = calloc(total, 1), *ref = malloc(total), *col[N_COLS];
    if (!buf || !ref) return 2;
    f = open_in(dir, "ref.bin", "rb");
    if (!f) return 2;
    ok = fread(ref, 1, total, f) == total;
    fclose(f);
    if (!ok) return 2;
    for (size_t i = 0, o = 0; i < N_COLS; o += width[i] * n, i++) col[i] = buf + o;

    double best = 1e30;
    for (int rep = 0; rep < reps; rep++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        for (int k = 0; k < n_chunks; k++) {
            size_t r0 = (size_t)k * CHUNK;
            ym_gen_out out = {col[0] + 34 * r0, col[1] + 3 * r0, col[2] + r0, (int8_t *)(col[3] + 4 * r0),
                              col[4] + 4 * r0, col[5] + 4 * r0, col[6] + r0, col[7] + r0,
                              (uint16_t *)(col[8] + 2 * r0), col[9] + r0, col[10] + r0, col[11] + 5 * r0,
                              col[12] + r0, col[13] + 5 * r0, col[14] + r0, col[15] + r0,
                              (uint16_t *)(col[16] + 2 * r0), (uint16_t *)(col[17] + 2 * r0), col[18] + r0};
            ym_uniform_src s = src[k];
            if (ym_winning_chunk(&s, &P, CHUNK, &out) != 0) {
                fprintf(stderr, "random_driver: ym_winning_chunk failed\n");
                return 1;
            }
        }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        double dt = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        if (dt < best) best = dt;
    }
    int same = memcmp(buf, ref, total) == 0;
    for (size_t i = 0, o = 0; !same && i < N_COLS; o += width[i] * n, i++)
        if (memcmp(buf + o, ref + o, width[i] * n)) printf("column %zu differs\n", i);
    printf("%d chunks, players %d, aka %d: rows %s, %.1f ns a row\n", n_chunks, P.players, P.aka,
           same ? "equal to winning_hands" : "DIFFERENT", 1e9 * best / (double)n);
    free(src);
    free(buf);
    free(ref);
    return same ? 0 : 1;
}
