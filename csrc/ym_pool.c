/* ym_pool.c - see ym_pool.h.
 *
 * Home ranges with stealing. Thread t of T (the caller is thread 0) owns the chunks
 * [t * C / T, (t + 1) * C / T) of a job of C chunks and claims them first, in order; then it
 * claims what is left of the other threads' ranges. So on an idle machine each thread steps the
 * same games every call (their state stays in its core's cache, instead of moving between cores
 * with the chunks), and a thread the OS has not scheduled still holds nobody up: the others take
 * its chunks.
 *
 * Claims: one atomic word per range, (epoch << 32) | next chunk, each on its own cache line (the
 * owner's claims never bounce a line shared with another thread's). A thread woken for an older
 * job can never claim a chunk of a newer one: its compare-and-swap fails on the epoch. The caller
 * publishes a job only after every chunk of the previous one is done.
 *
 * Back-off: when the threads did not run beside each other in a call -- its caller waited long
 * for a chunk another thread was running (that thread was descheduled mid-chunk), or ran under
 * half its share of the chunks (the other threads ran instead of it, on its core) -- the next
 * calls run on the caller alone: 8 at first, doubling while it happens again (at most
 * YM_POOL_MAX_SOLO), halving while the threads keep up. Both happen when the cores are busy with
 * other work (on Linux, another session's tasks: the scheduler shares CPU time between sessions,
 * so more threads get a session no more of it); on an idle machine neither does. Results never
 * depend on it: each index is handled by one thread, whichever it is.
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
#include <time.h>

#define YM_POOL_MAX_CHUNKS 0x7FFFFFFF
#define YM_POOL_MAX_SOLO 1024     /* calls run alone after waits, at most */
#define YM_POOL_SLACK_NS 50000    /* a wait this much longer than 4 chunks of the caller's is too long */

typedef struct {
    _Atomic uint64_t claim;      /* (epoch << 32) | the next chunk of this range */
    char pad[64 - sizeof(uint64_t)];
} ym_slot_t;                     /* 64 bytes apart: no two ranges' claims share a cache line */

struct ym_pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t *threads;
    int n_threads, quit;             /* quit: under mu */
    int solo, backoff;               /* the caller's: calls left to run alone, the current back-off */
    uint32_t epoch;                  /* under mu */
    ym_pool_fn fn;                   /* the job of `epoch` (under mu) */
    void *ctx;
    int64_t n, chunk, n_chunks;
    ym_slot_t *slot;                 /* [n_threads + 1] */
    _Atomic int64_t done;            /* chunks finished in this epoch */
};

typedef struct {
    uint32_t ep;
    ym_pool_fn fn;
    void *ctx;
    int64_t n, chunk, n_chunks;
} ym_job_t;

static int64_t range_end(int64_t n_chunks, int parts, int t) { return n_chunks * (t + 1) / parts; }

/* Run the chunks of job j this thread (`me`) can claim: its own range first, then the others'.
 * Returns how many it ran. */
static int64_t work(ym_pool_t *p, int me, const ym_job_t *j) {
    int parts = p->n_threads + 1;
    int64_t ran = 0;
    for (int k = 0; k < parts; k++) {
        int t = (me + k) % parts;
        _Atomic uint64_t *claim = &p->slot[t].claim;
        int64_t end = range_end(j->n_chunks, parts, t);
        for (;;) {
            uint64_t c = atomic_load_explicit(claim, memory_order_acquire);
            if ((uint32_t)(c >> 32) != j->ep) return ran;   /* a newer job: this one is over */
            int64_t i = (int64_t)(c & 0xFFFFFFFFu);
            if (i >= end) break;
            if (!atomic_compare_exchange_weak_explicit(claim, &c, c + 1, memory_order_acq_rel, memory_order_acquire))
                continue;
            int64_t lo = i * j->chunk, hi = lo + j->chunk < j->n ? lo + j->chunk : j->n;
            j->fn(j->ctx, lo, hi);
            ran++;
            atomic_fetch_add_explicit(&p->done, 1, memory_order_release);
        }
    }
    return ran;
}

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

typedef struct {
    ym_pool_t *p;
    int me;
} ym_worker_arg_t;

static void *worker(void *arg) {
    ym_worker_arg_t wa = *(ym_worker_arg_t *)arg;
    free(arg);
    ym_pool_t *p = wa.p;
    uint32_t seen = 0;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        while (!p->quit && p->epoch == seen) pthread_cond_wait(&p->cv, &p->mu);
        if (p->quit) {
            pthread_mutex_unlock(&p->mu);
            return NULL;
        }
        ym_job_t j = {p->epoch, p->fn, p->ctx, p->n, p->chunk, p->n_chunks};
        seen = p->epoch;
        pthread_mutex_unlock(&p->mu);
        work(p, wa.me, &j);
    }
}

ym_pool_t *ym_pool_new(int workers) {
    ym_pool_t *p = (ym_pool_t *)calloc(1, sizeof(ym_pool_t));
    if (!p) return NULL;
    int extra = workers > 1 ? workers - 1 : 0;
    p->slot = (ym_slot_t *)calloc((size_t)extra + 1, sizeof(ym_slot_t));
    if (!p->slot) {
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    for (int i = 0; i <= extra; i++) atomic_init(&p->slot[i].claim, 0);
    atomic_init(&p->done, 0);
    if (extra) {
        p->threads = (pthread_t *)calloc((size_t)extra, sizeof(pthread_t));
        if (!p->threads) extra = 0;
    }
    for (int i = 0; i < extra; i++) {
        ym_worker_arg_t *wa = (ym_worker_arg_t *)malloc(sizeof *wa);
        if (!wa) break;
        wa->p = p;
        wa->me = i + 1;
        /* n_threads is set before the thread starts: it reads it in work() */
        p->n_threads++;
        if (pthread_create(&p->threads[i], NULL, worker, wa) != 0) {   /* fewer threads: still correct */
            p->n_threads--;
            free(wa);
            break;
        }
    }
    return p;
}

void ym_pool_run(ym_pool_t *p, ym_pool_fn fn, void *ctx, int64_t n, int64_t chunk) {
    if (n <= 0) return;
    if (chunk < 1) chunk = 1;
    if ((n + chunk - 1) / chunk > YM_POOL_MAX_CHUNKS) chunk = (n + YM_POOL_MAX_CHUNKS - 1) / YM_POOL_MAX_CHUNKS;
    int64_t n_chunks = (n + chunk - 1) / chunk;
    if (p->n_threads == 0 || n_chunks == 1 || p->solo > 0) {
        if (p->solo > 0) p->solo--;
        fn(ctx, 0, n);
        return;
    }
    int parts = p->n_threads + 1;
    pthread_mutex_lock(&p->mu);
    uint32_t ep = ++p->epoch;
    p->fn = fn;
    p->ctx = ctx;
    p->n = n;
    p->chunk = chunk;
    p->n_chunks = n_chunks;
    atomic_store_explicit(&p->done, 0, memory_order_relaxed);
    for (int t = 0; t < parts; t++)
        atomic_store_explicit(&p->slot[t].claim, ((uint64_t)ep << 32) | (uint64_t)(t ? range_end(n_chunks, parts, t - 1) : 0),
                              memory_order_release);
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    ym_job_t j = {ep, fn, ctx, n, chunk, n_chunks};
    int64_t t0 = now_ns();
    int64_t mine = work(p, 0, &j);
    int64_t t1 = now_ns();
    /* every chunk is claimed now; wait for the ones other threads are running */
    while (atomic_load_explicit(&p->done, memory_order_acquire) < n_chunks) sched_yield();
    int64_t waited = now_ns() - t1, per_chunk = (t1 - t0) / (mine ? mine : 1);
    /* the caller waited long for a thread descheduled mid-chunk, or ran under half its share of
       the chunks (the other threads ran instead of it, not beside it: no core was free for them) */
    if (waited > 4 * per_chunk + YM_POOL_SLACK_NS || mine * 2 * parts < n_chunks) {
        p->backoff = p->backoff ? (2 * p->backoff < YM_POOL_MAX_SOLO ? 2 * p->backoff : YM_POOL_MAX_SOLO) : 8;
        p->solo = p->backoff;
    } else {
        p->backoff /= 2;
    }
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
    free(p->slot);
    free(p);
}

#endif
