"""The CPU line: model, family, widest vector instructions and cache sizes."""

from cs20_helpers import machine

CPUINFO = """processor\t: 0
model name\t: AMD EPYC 7B13
cpu family\t: 25
flags\t\t: fpu sse4_1 avx avx2 fma

processor\t: 1
model name\t: something else
"""


def _cache(tmp_path, index, level, kind, size):
    folder = tmp_path / f"index{index}"
    folder.mkdir()
    for name, value in (("level", level), ("type", kind), ("size", size)):
        (folder / name).write_text(f"{value}\n", encoding="utf-8")


def test_signature_names_model_family_isa_and_caches(tmp_path):
    info = tmp_path / "cpuinfo"
    info.write_text(CPUINFO, encoding="utf-8")
    _cache(tmp_path, 0, 1, "Data", "32K")
    _cache(tmp_path, 1, 1, "Instruction", "32K")
    _cache(tmp_path, 2, 2, "Unified", "512K")
    assert (machine.cpu_signature(info, tmp_path)
            == "AMD EPYC 7B13 (family 25), AVX2, L1d 32K, L2 512K")


def test_vector_isa_picks_the_widest():
    assert machine.vector_isa({"avx2", "avx512f", "avx"}) == "AVX-512"
    assert machine.vector_isa({"sse4_1"}) == "SSE4.1"
    assert machine.vector_isa(set()) == "no x86 vector flags"


def test_signature_without_proc_files_still_names_something(tmp_path):
    assert machine.cpu_signature(tmp_path / "missing", tmp_path)
