# Output memory of the batch calls, recycled between calls.
#
# A batch call's outputs are written once, row after row. From fresh pages every call (numpy's
# np.empty of a large array is a new mmap, given back to the OS when the array dies) each 4 KiB
# costs a page fault and the kernel's zeroing: score_many's 41 output bytes a row took 26 ns a
# row of page faults on top of the ~147 ns of scoring (200,000 rows, docs/performance.md). So a
# large output array is the one view of a _Block, and a block whose array dies goes back to a
# small pool here instead of to the allocator; a later output of about its size takes it back,
# pages already mapped (yakuman._arrays.out_arrays). Bounded: at most _POOL_SLOTS blocks and
# _POOL_BYTES in all (the longest pooled are freed first to make room); a block is lent for a
# request only when at most twice its size (plus 64 KiB), so a small array never pins a big
# block. Blocks of 4 MiB and up are 2 MiB-aligned and marked for transparent huge pages (as numpy
# marks its own large arrays). Every pool operation runs under the GIL (_Block's __cinit__ and
# __dealloc__ hold it), so the pool needs no lock.

cdef extern from *:
    """
    #include <stdlib.h>
    #if defined(_WIN32)
    #include <malloc.h>
    #endif
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    #define YM_BLOCK_HUGE ((size_t)4 << 20)
    static void *ym_block_alloc(size_t n) {
        void *p = NULL;
        if (n == 0) n = 1;
    #if defined(_WIN32)
        p = _aligned_malloc(n, 64);
    #else
        size_t align = n >= YM_BLOCK_HUGE ? ((size_t)2 << 20) : 64;
        if (posix_memalign(&p, align, n) != 0) p = NULL;
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (p != NULL && n >= YM_BLOCK_HUGE) (void)madvise(p, n, MADV_HUGEPAGE);
    #endif
    #endif
        return p;
    }
    static void ym_block_free(void *p) {
    #if defined(_WIN32)
        _aligned_free(p);
    #else
        free(p);
    #endif
    }
    """
    void *ym_block_alloc(size_t n) nogil
    void ym_block_free(void *p) nogil

from cpython.buffer cimport PyBUF_FORMAT

cdef enum:
    _POOL_SLOTS = 32
cdef size_t _POOL_BYTES = <size_t>256 << 20
cdef void *_pool_ptr[_POOL_SLOTS]
cdef size_t _pool_size[_POOL_SLOTS]
cdef int _pool_n = 0
cdef size_t _pool_total = 0


cdef void _pool_drop(int k) noexcept:
    """Take entry k out of the pool (its memory is the caller's), keeping the others in the
    order they were pooled (entry 0 = the longest pooled)."""
    global _pool_n, _pool_total
    cdef int i
    _pool_total -= _pool_size[k]
    _pool_n -= 1
    for i in range(k, _pool_n):
        _pool_ptr[i], _pool_size[i] = _pool_ptr[i + 1], _pool_size[i + 1]


cdef class _Block:
    """A writable byte buffer of at least ``size`` bytes from the pool (the buffer protocol
    exposes exactly ``size``); its memory returns to the pool when the object dies."""
    cdef void *ptr
    cdef size_t cap
    cdef Py_ssize_t size
    cdef Py_ssize_t shape[1]
    cdef Py_ssize_t strides[1]

    def __cinit__(self, Py_ssize_t size):
        global _pool_n, _pool_total
        cdef int i, best = -1
        cdef size_t need = <size_t>size if size > 0 else 1
        if size < 0:
            raise InvalidArgumentError(f"block size {size} is negative")
        for i in range(_pool_n):   # the smallest pooled block that fits and is not too big
            if need <= _pool_size[i] <= 2 * need + 65536 and (best < 0 or _pool_size[i] < _pool_size[best]):
                best = i
        if best >= 0:
            self.ptr, self.cap = _pool_ptr[best], _pool_size[best]
            _pool_drop(best)
        else:
            self.ptr = ym_block_alloc(need)
            if self.ptr == NULL:
                raise MemoryError(f"cannot allocate {need} bytes of batch output")
            self.cap = need
        self.size = size
        self.shape[0] = size
        self.strides[0] = 1

    def __dealloc__(self):
        global _pool_n, _pool_total
        if self.ptr == NULL:
            return
        if self.cap <= _POOL_BYTES:
            # make room: free the longest-pooled blocks while the pool is full or over its bytes
            while _pool_n > 0 and (_pool_n == _POOL_SLOTS or _pool_total + self.cap > _POOL_BYTES):
                ym_block_free(_pool_ptr[0])
                _pool_drop(0)
            _pool_ptr[_pool_n], _pool_size[_pool_n] = self.ptr, self.cap
            _pool_n += 1
            _pool_total += self.cap
        else:
            ym_block_free(self.ptr)
        self.ptr = NULL

    def __getbuffer__(self, Py_buffer *buf, int flags):
        buf.buf = self.ptr
        buf.obj = self
        buf.len = self.size
        buf.readonly = 0
        buf.itemsize = 1
        buf.format = NULL
        if flags & PyBUF_FORMAT:
            buf.format = b"B"
        buf.ndim = 1
        buf.shape = self.shape
        buf.strides = self.strides
        buf.suboffsets = NULL
        buf.internal = NULL

    def __releasebuffer__(self, Py_buffer *buf):
        pass


_POOL_LIMITS = (_POOL_SLOTS, _POOL_BYTES)


def _pool_state():
    """(blocks pooled, bytes pooled), and the sizes in the order pooled: for the tests."""
    return _pool_n, _pool_total, [_pool_size[i] for i in range(_pool_n)]


def _pool_clear():
    """Free every pooled block (for the tests)."""
    global _pool_n, _pool_total
    while _pool_n > 0:
        _pool_n -= 1
        ym_block_free(_pool_ptr[_pool_n])
    _pool_total = 0
