/* ym_pool.c - see ym_pool.h. Claims are one atomic word: (epoch << 32) | next chunk, so a worker
 * woken for an older job can never claim a chunk of a newer one (its compare-and-swap fails on
 * the epoch and it rereads the job under the lock). The caller publishes a job only after every
 * chunk of the previous one is done.
 */
#include <stdlib.h>

#include "ym_pool.h"

#if defined(_WIN32) || defined(__STDC_NO_ATOMICS__)

struct ym_pool { int unused; };
ym_pool_t *ym_pool_new(int workers) { (void)workers; return (ym_pool_t *)calloc(1, sizeof(ym_pool_t)); }
void ym_pool_run(ym_pool_t *p, ym_pool_fn fn, void *ctx, int64_t n, int64_t chunk) {
    (void)p; (void)chunk;
    if (n > 0) fn(ctx, 0, n);
}
void ym_pool_free(ym_pool_t *p) { free(p); }

#else

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

struct ym_pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t *threads;
    int n_threads, quit;
    uint32_t epoch;                  /* under mu */
    ym_pool_fn fn;                   /* the job of `epoch` (under mu) */
    void *ctx;
    int64_t n, chunk, n_chunks;
    _Atomic uint64_t claim;          /* (epoch << 32) | next chunk */
    _Atomic int64_t done;            /* chunks finished in this epoch */
};

/* Run the chunks of epoch `ep` this thread can claim. */
static void work(ym_pool_t *p, uint32_t ep, ym_pool_fn fn, void *ctx, int64_t n, int64_t chunk, int64_t n_chunks) {
    for (;;) {
        uint64_t c = atomic_load_explicit(&p->claim, memory_order_acquire);
        if ((uint32_t)(c >> 32) != ep) return;
        int64_t i = (int64_t)(c & 0xFFFFFFFFu);
        if (i >= n_chunks) return;
        if (!atomic_compare_exchange_weak_explicit(&p->claim, &c, c + 1, memory_order_acq_rel, memory_order_acquire))
            continue;
        int64_t lo = i * chunk, hi = lo + chunk < n ? lo + chunk : n;
        fn(ctx, lo, hi);
        atomic_fetch_add_explicit(&p->done, 1, memory_order_release);
    }
}

static void *worker(void *arg) {
    ym_pool_t *p = (ym_pool_t *)arg;
    uint32_t seen = 0;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        while (!p->quit && p->epoch == seen) pthread_cond_wait(&p->cv, &p->mu);
        if (p->quit) {
            pthread_mutex_unlock(&p->mu);
            return NULL;
        }
        seen = p->epoch;
        ym_pool_fn fn = p->fn;
        void *ctx = p->ctx;
        int64_t n = p->n, chunk = p->chunk, n_chunks = p->n_chunks;
        pthread_mutex_unlock(&p->mu);
        work(p, seen, fn, ctx, n, chunk, n_chunks);
    }
}

ym_pool_t *ym_pool_new(int workers) {
    ym_pool_t *p = (ym_pool_t *)calloc(1, sizeof(ym_pool_t));
    if (!p) return NULL;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    atomic_init(&p->claim, 0);
    atomic_init(&p->done, 0);
    int extra = workers > 1 ? workers - 1 : 0;
    if (extra) {
        p->threads = (pthread_t *)calloc((size_t)extra, sizeof(pthread_t));
        if (!p->threads) extra = 0;
    }
    for (int i = 0; i < extra; i++) {
        if (pthread_create(&p->threads[i], NULL, worker, p) != 0) break;   /* fewer threads: still correct */
        p->n_threads++;
    }
    return p;
}

void ym_pool_run(ym_pool_t *p, ym_pool_fn fn, void *ctx, int64_t n, int64_t chunk) {
    if (n <= 0) return;
    if (chunk < 1) chunk = 1;
    int64_t n_chunks = (n + chunk - 1) / chunk;
    if (p->n_threads == 0 || n_chunks == 1) {
        fn(ctx, 0, n);
        return;
    }
    pthread_mutex_lock(&p->mu);
    uint32_t ep = ++p->epoch;
    p->fn = fn;
    p->ctx = ctx;
    p->n = n;
    p->chunk = chunk;
    p->n_chunks = n_chunks;
    atomic_store_explicit(&p->done, 0, memory_order_relaxed);
    atomic_store_explicit(&p->claim, (uint64_t)ep << 32, memory_order_release);
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    work(p, ep, fn, ctx, n, chunk, n_chunks);
    /* every chunk is claimed now; wait for the ones other threads are running */
    while (atomic_load_explicit(&p->done, memory_order_acquire) < n_chunks) sched_yield();
}

void ym_pool_free(ym_pool_t *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->n_threads; i++) pthread_join(p->threads[i], NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p->threads);
    free(p);
}

#endif
