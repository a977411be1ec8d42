"""native_stdout_captured: lines printed on file descriptor 1 by C code are handed back."""

import ctypes
import os

import pytest

from cs20_helpers.native_output import native_stdout_captured


def test_captures_c_printf_and_raw_writes_and_restores_the_descriptor(capfd):
    libc = ctypes.CDLL(None)
    with native_stdout_captured() as lines:
        libc.printf(b"from C %d\n", 42)
        os.write(1, b"raw write\n")
    os.write(1, b"after\n")
    assert sorted(lines) == ["from C 42", "raw write"]
    assert "after" in capfd.readouterr().out


def test_lines_are_kept_and_descriptor_restored_when_the_block_raises(capfd):
    with pytest.raises(RuntimeError), native_stdout_captured() as lines:
        os.write(1, b"before the error\n")
        raise RuntimeError("boom")
    assert lines == ["before the error"]
    os.write(1, b"still here\n")
    assert "still here" in capfd.readouterr().out
