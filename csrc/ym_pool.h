/* ym_pool.h - a small thread pool for stepping many games per call (VecGame).
 *
 * ym_pool_run(p, fn, ctx, n, chunk) calls fn(ctx, lo, hi) over [0, n) in chunks and returns when
 * every chunk is done. The caller's thread works too, and a chunk is taken by whichever thread
 * claims it first: a worker the OS has not scheduled yet claims nothing, so a call never waits
 * for a sleeping thread to wake (on a loaded machine a fork-join region can wait a whole time
 * slice for its last thread); it waits only for chunks another thread is running. Without
 * POSIX threads (Windows builds) the caller's thread does every chunk.
 */
#ifndef YM_POOL_H
#define YM_POOL_H

#include <stdint.h>

typedef void (*ym_pool_fn)(void *ctx, int64_t lo, int64_t hi);
typedef struct ym_pool ym_pool_t;

/* A pool of `workers` threads in all (workers - 1 started; NULL on failure to allocate). */
ym_pool_t *ym_pool_new(int workers);
void ym_pool_run(ym_pool_t *p, ym_pool_fn fn, void *ctx, int64_t n, int64_t chunk);
void ym_pool_free(ym_pool_t *p);

#endif
