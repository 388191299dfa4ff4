# Native winning-hand generation (csrc/ym_random.c) for yakuman.random.winning_hands: one C call
# per chunk of rows, each chunk running numpy's PCG64 (reimplemented in C) from the state numpy's
# SeedSequence(seed, spawn_key=(chunk,)) gives (also reimplemented in C), without the GIL and on
# `workers` threads (chunks are independent: the result does not depend on workers).
from libc.stdlib cimport malloc, free
from libc.stdint cimport int8_t as _r_i8, uint16_t as _r_u16, uint32_t as _r_u32

cdef extern from "ym_random.h" nogil:
    ctypedef struct ym_uniform_src:
        uint64_t state_hi
        uint64_t state_lo
        uint64_t inc_hi
        uint64_t inc_lo
    double ym_pcg64_next_double(ym_uniform_src *src)
    void ym_pcg64_seed_chunk(const _r_u32 *entropy, int n, uint64_t chunk, ym_uniform_src *out)
    ctypedef struct ym_gen_params:
        int players
        int aka
        double shape_cum[22]
        double meld_cum[5]
        double tsumo
        double riichi
        double first_turn
        double renhou
    ctypedef struct ym_gen_out:
        uint8_t *counts
        uint8_t *reds
        uint8_t *n_melds
        _r_i8 *meld_type
        uint8_t *meld_tile
        uint8_t *meld_reds
        uint8_t *win
        uint8_t *win_red
        _r_u16 *flags
        uint8_t *seat_wind
        uint8_t *round_wind
        uint8_t *dora
        uint8_t *n_dora
        uint8_t *ura
        uint8_t *n_ura
        uint8_t *kita
        _r_u16 *honba
        _r_u16 *riichi_sticks
        uint8_t *shape
    int ym_winning_chunk(ym_uniform_src *src, const ym_gen_params *p, int m, ym_gen_out *out)


cdef _pcg_state(object state, ym_uniform_src *src):
    """numpy PCG64.state["state"] ({"state": int, "inc": int}) into the C struct."""
    cdef object st = state["state"], inc = state["inc"]
    src.state_hi = <uint64_t>((st >> 64) & 0xFFFFFFFFFFFFFFFF)
    src.state_lo = <uint64_t>(st & 0xFFFFFFFFFFFFFFFF)
    src.inc_hi = <uint64_t>((inc >> 64) & 0xFFFFFFFFFFFFFFFF)
    src.inc_lo = <uint64_t>(inc & 0xFFFFFFFFFFFFFFFF)


def _pcg64_doubles(state, Py_ssize_t n):
    """n doubles of numpy's PCG64 from ``state`` (PCG64.state["state"]), as the C generator
    draws them: a list (for the differential test against Generator.random)."""
    cdef ym_uniform_src src
    _pcg_state(state, &src)
    return [ym_pcg64_next_double(&src) for _ in range(n)]


cdef _r_u32 *_seed_words(object seed, int *n) except NULL:
    """The 32-bit words of a non-negative int seed, lowest first, as numpy's SeedSequence reads
    it (0 is one zero word), in a malloc'd array (the caller frees it); their number in n."""
    seed = int(seed)
    if seed < 0:
        raise ValueError("the seed must be a non-negative integer")
    bits = seed.bit_length()
    if bits > 32 * 0x7FFFFFFF:
        raise ValueError("the seed is too large")
    cdef size_t count = <size_t>((bits + 31) // 32) if bits else 1, i
    cdef _r_u32 *words = <_r_u32 *>malloc(count * sizeof(_r_u32))
    if words == NULL:
        raise MemoryError()
    for i in range(count):
        words[i] = <_r_u32>(seed & 0xFFFFFFFF)
        seed >>= 32
    n[0] = <int>count
    return words


def _pcg64_seed_chunk(seed, chunk):
    """The PCG64 state ym_pcg64_seed_chunk gives chunk ``chunk`` of ``seed``, as numpy's
    PCG64(SeedSequence(seed, spawn_key=(chunk,))).state["state"] (for the differential test)."""
    cdef int n
    cdef _r_u32 *words = _seed_words(seed, &n)
    cdef ym_uniform_src src
    ym_pcg64_seed_chunk(words, n, <uint64_t>chunk, &src)
    free(words)
    return {"state": (int(src.state_hi) << 64) | int(src.state_lo), "inc": (int(src.inc_hi) << 64) | int(src.inc_lo)}


def _winning_chunks(seed, uint64_t first, Py_ssize_t n_chunks, shape_cum, meld_cum, int players, int aka,
                    double tsumo, double riichi, double first_turn, double renhou, int chunk, dict out not None,
                    int workers):
    """Fill ``out`` (the WinningHands columns, n_chunks * chunk rows, C-contiguous) chunk by
    chunk: chunk c of the output is chunk ``first + c`` of the stream ``seed``, from the PCG64
    state numpy's SeedSequence(seed, spawn_key=(first + c,)) gives (worked out in C, on the
    workers)."""
    cdef Py_ssize_t c, j
    cdef int n_words
    cdef ym_gen_params p
    cdef int rc = 0
    p.players = players
    p.aka = aka
    for j in range(22):
        p.shape_cum[j] = shape_cum[j]
    for j in range(5):
        p.meld_cum[j] = meld_cum[j]
    p.tsumo, p.riichi, p.first_turn, p.renhou = tsumo, riichi, first_turn, renhou
    cdef uint8_t[:, ::1] counts = out["counts"]
    cdef uint8_t[:, ::1] reds = out["reds"]
    cdef uint8_t[::1] n_melds = out["n_melds"]
    cdef _r_i8[:, ::1] meld_type = out["meld_type"]
    cdef uint8_t[:, ::1] meld_tile = out["meld_tile"]
    cdef uint8_t[:, ::1] meld_reds = out["meld_reds"]
    cdef uint8_t[::1] win = out["win"]
    cdef uint8_t[::1] win_red = out["win_red"]   # a uint8 view of the bool column
    cdef _r_u16[::1] flags = out["flags"]
    cdef uint8_t[::1] seat_wind = out["seat_wind"]
    cdef uint8_t[::1] round_wind = out["round_wind"]
    cdef uint8_t[:, ::1] dora = out["dora"]
    cdef uint8_t[::1] n_dora = out["n_dora"]
    cdef uint8_t[:, ::1] ura = out["ura"]
    cdef uint8_t[::1] n_ura = out["n_ura"]
    cdef uint8_t[::1] kita = out["kita"]
    cdef _r_u16[::1] honba = out["honba"]
    cdef _r_u16[::1] riichi_sticks = out["riichi_sticks"]
    cdef uint8_t[::1] shape = out["shape"]
    if counts.shape[0] != n_chunks * chunk or chunk <= 0:
        raise ValueError("_winning_chunks: the output columns need n_chunks * chunk rows")
    if n_chunks == 0:
        return
    cdef _r_u32 *words = _seed_words(seed, &n_words)
    cdef ym_uniform_src *srcs = <ym_uniform_src *>malloc(n_chunks * sizeof(ym_uniform_src))
    cdef ym_gen_out *outs = <ym_gen_out *>malloc(n_chunks * sizeof(ym_gen_out))
    cdef int *rcs = <int *>malloc(n_chunks * sizeof(int))
    if srcs == NULL or outs == NULL or rcs == NULL:
        free(words); free(srcs); free(outs); free(rcs)
        raise MemoryError()
    cdef Py_ssize_t r0
    try:
        for c in range(n_chunks):
            r0 = c * chunk
            outs[c].counts = &counts[r0, 0]
            outs[c].reds = &reds[r0, 0]
            outs[c].n_melds = &n_melds[r0]
            outs[c].meld_type = &meld_type[r0, 0]
            outs[c].meld_tile = &meld_tile[r0, 0]
            outs[c].meld_reds = &meld_reds[r0, 0]
            outs[c].win = &win[r0]
            outs[c].win_red = &win_red[r0]
            outs[c].flags = &flags[r0]
            outs[c].seat_wind = &seat_wind[r0]
            outs[c].round_wind = &round_wind[r0]
            outs[c].dora = &dora[r0, 0]
            outs[c].n_dora = &n_dora[r0]
            outs[c].ura = &ura[r0, 0]
            outs[c].n_ura = &n_ura[r0]
            outs[c].kita = &kita[r0]
            outs[c].honba = &honba[r0]
            outs[c].riichi_sticks = &riichi_sticks[r0]
            outs[c].shape = &shape[r0]
        with nogil:
            for c in prange(n_chunks, num_threads=workers, schedule="dynamic"):
                ym_pcg64_seed_chunk(words, n_words, first + <uint64_t>c, &srcs[c])
                rcs[c] = ym_winning_chunk(&srcs[c], &p, chunk, &outs[c])
        for c in range(n_chunks):
            if rcs[c] != 0:
                rc = rcs[c]
    finally:
        free(words); free(srcs); free(outs); free(rcs)
    if rc == -1:
        raise MemoryError("winning_hands: out of memory")
    if rc == -2:
        raise RuntimeError("winning_hands: a template kept failing the four-copy limit")
