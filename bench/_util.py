"""Shared by the benchmark files."""


def per_call(benchmark, fn, corpus):
    """Time ``fn(item)`` over a whole corpus per round; report.py divides by ``hands``."""
    benchmark.extra_info["hands"] = len(corpus)

    def run():
        for item in corpus:
            fn(item)

    benchmark(run)
