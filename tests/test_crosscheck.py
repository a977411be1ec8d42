"""The cross-check: stored outputs validated with other thread counts and vector instructions."""

import subprocess
import tempfile

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from cs20_helpers import _settings as settings
from cs20_helpers.tools import crosscheck, guards, hygiene, runner


def _stored(tmp_path, name, *sources):
    """Write a notebook of ``sources`` and store its outputs, as ``store`` does."""
    path = tmp_path / name
    cells = [new_markdown_cell("# T"), *(new_code_cell(s) for s in sources)]
    nbformat.write(new_notebook(cells=cells), path)
    assert runner.store_outputs([path])[0].error is None
    return path


def test_only_the_printed_thread_count_is_masked_and_a_notebook_that_holds_is_stamped(tmp_path):
    path = _stored(
        tmp_path, "01_holds.ipynb",
        "import os\nn = os.environ.get('CS20_THREADS', '2')\n"
        "print(f\"TensorFlow 2.21.0, profile 'sample', seed 0, {n} threads\")\n"
        "print(f'intra_op_parallelism_threads: {n}')",
        "print(6 * 7)")
    assert crosscheck.problems(nbformat.read(path, as_version=4), path.name)  # not yet
    assert crosscheck.crosscheck(path) == {}
    nb = nbformat.read(path, as_version=4)
    assert crosscheck.problems(nb, path.name) == []
    assert hygiene.check(path, crosschecked=True) == []

    nb.cells[-1].outputs[0].text = "41\n"  # an output edited after the cross-check
    nbformat.write(nb, path)
    assert any("not cross-checked" in p for p in hygiene.check(path, crosschecked=True))
    assert hygiene.check(path) == []  # notebooks outside the course need no stamp


def test_an_output_that_depends_on_the_machine_fails_its_variant_and_is_not_stamped(tmp_path,
                                                                                    capsys):
    path = _stored(tmp_path, "02_differs.ipynb",
                   "print('same everywhere')",
                   "import os\nprint(os.environ.get('ONEDNN_MAX_CPU_ISA', 'native'))",
                   "print(os.environ.get('CS20_THREADS', '2') + ' workers')")
    failures = crosscheck.crosscheck(path)
    assert failures == {"CS20_THREADS=1": ["Cell 2"], "CS20_THREADS=4": ["Cell 2"],
                        "ONEDNN_MAX_CPU_ISA=AVX2": ["Cell 1"]}
    assert "  + 2 workers" in capsys.readouterr().out  # the diff: + stored, - this run
    assert crosscheck.STAMP_KEY not in nbformat.read(path, as_version=4).metadata
    assert crosscheck.main([path]) == 1


# Issue 35, 5-6: what a stamp says was checked is what was checked.

def _notebook(tmp_path, name="03_demo.ipynb"):
    """A small stored-looking notebook (no kernel needed when nbval is faked)."""
    path = tmp_path / name
    cell = new_code_cell("print(6 * 7)", execution_count=1)
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="42\n")]
    nb = new_notebook(cells=[new_markdown_cell("# T"), cell])
    nb.metadata["cs20"] = {"slowest_cell_s": 0.1}
    nbformat.write(nb, path)
    return path


class _FakeNbval:
    """Stands for ``validate``: records each run's environment and sanitize file, and fails
    (or calls ``during``) on the runs named."""

    def __init__(self, fail=(), during=None):
        self.runs, self.fail, self.during = [], set(fail), during

    def __call__(self, path, env, sanitize):
        self.runs.append((env, sanitize.read_text(encoding="utf-8")))
        if self.during is not None:
            self.during(path)
        if len(self.runs) in self.fail:
            return {"Cell 1": ["  + 42", "  - 41"]}
        return {}


def test_each_run_sets_its_environment_completely_and_ci_settings_are_validated(
        tmp_path, monkeypatch):
    """With CS20_THREADS=4 (and an ISA cap, and the full profile) exported, store never ran
    what CI runs: the cross-check must run CI's settings itself, and no run may inherit them."""
    monkeypatch.setenv("CS20_THREADS", "4")
    monkeypatch.setenv("ONEDNN_MAX_CPU_ISA", "AVX512_CORE")
    monkeypatch.setenv("CS20_PROFILE", "full")
    fake = _FakeNbval()
    monkeypatch.setattr(crosscheck, "validate", fake)
    path = _notebook(tmp_path)
    assert crosscheck.crosscheck(path) == {}
    settings = [(env.get("CS20_THREADS"), env.get("ONEDNN_MAX_CPU_ISA"), env.get("CS20_PROFILE"))
                for env, _ in fake.runs]
    assert settings == [("2", None, "sample"), ("1", None, "sample"), ("4", None, "sample"),
                        ("2", "AVX2", "sample")]
    project = (crosscheck.project_dir() / crosscheck.SANITIZE).read_text(encoding="utf-8")
    assert fake.runs[0][1] == project  # CI's settings, CI's sanitize rules: no thread mask
    assert all("N threads" in rules for _, rules in fake.runs[1:])
    record = nbformat.read(path, as_version=4).metadata[crosscheck.STAMP_KEY]
    assert {k: record["base"][k] for k in ("threads", "isa_cap", "profile")} == {
        "threads": 2, "isa_cap": None, "profile": "sample"}
    assert record["base"]["cpu"] and record["code_cells"] == 1
    assert hygiene.check(path, crosschecked=True) == []  # CI runs the defaults: covered


def test_a_stored_thread_count_other_than_cis_fails_the_cross_check(tmp_path, monkeypatch):
    """The real thing: stored with CS20_THREADS=4, a notebook prints ``4 threads``; every
    variant masks the count, but CI does not: the run at CI's settings must catch it."""
    monkeypatch.setenv("CS20_THREADS", "4")
    path = _stored(tmp_path, "04_four.ipynb",
                   "import os\nn = os.environ.get('CS20_THREADS', '2')\n"
                   "print(f\"TensorFlow 2.21.0, profile 'sample', seed 0, {n} threads\")")
    assert list(crosscheck.crosscheck(path)) == [crosscheck.BASE]
    assert crosscheck.STAMP_KEY not in nbformat.read(path, as_version=4).metadata


def test_a_notebook_edited_while_it_is_cross_checked_is_not_stamped(tmp_path, monkeypatch,
                                                                     capsys):
    def edit(path):
        nb = nbformat.read(path, as_version=4)
        nb.cells[-1].outputs[0].text = "41\n"
        nbformat.write(nb, path)

    monkeypatch.setattr(crosscheck, "validate", _FakeNbval(during=edit))
    path = _notebook(tmp_path)
    assert crosscheck.main([path]) == 1
    assert "changed while it ran" in capsys.readouterr().out
    assert crosscheck.STAMP_KEY not in nbformat.read(path, as_version=4).metadata


def test_a_refute_stamp_or_prose_written_meanwhile_does_not_stop_the_stamp(tmp_path,
                                                                          monkeypatch, capsys):
    # refute stamps the same file while crosscheck runs (the two ran side by side on 04)
    def other_tool(path):
        nb = nbformat.read(path, as_version=4)
        nb.metadata["cs20_refuted"] = {"digest": "x"}
        nb.cells.append(nbformat.v4.new_markdown_cell("A new sentence."))
        nbformat.write(nb, path)

    monkeypatch.setattr(crosscheck, "validate", _FakeNbval(during=other_tool))
    path = _notebook(tmp_path)
    assert crosscheck.main([path]) == 0, capsys.readouterr().out
    metadata = nbformat.read(path, as_version=4).metadata
    assert crosscheck.STAMP_KEY in metadata and metadata["cs20_refuted"] == {"digest": "x"}


@pytest.mark.parametrize("fails", ["a cell differs", "nbval cannot run"])
def test_a_failing_cross_check_drops_the_old_stamp(tmp_path, monkeypatch, capsys, fails):
    path = _notebook(tmp_path)
    monkeypatch.setattr(crosscheck, "validate", _FakeNbval())
    assert crosscheck.crosscheck(path) == {}
    assert crosscheck.STAMP_KEY in nbformat.read(path, as_version=4).metadata
    fake = _FakeNbval(fail={3})
    if fails == "nbval cannot run":
        def broken(*args):
            raise RuntimeError("nbval could not run 03_demo.ipynb:\nkernel died")
        fake.during = broken
    monkeypatch.setattr(crosscheck, "validate", fake)
    assert crosscheck.main([path]) == 1
    out = capsys.readouterr().out
    assert "not stamped" in out
    assert crosscheck.STAMP_KEY not in nbformat.read(path, as_version=4).metadata
    assert any(f"crosscheck {path.name}" in p for p in hygiene.check(path, crosschecked=True))


@pytest.mark.parametrize("stale", ["old format", "base at 4 threads", "base with an ISA cap",
                                   "a variant missing", "cells changed"])
def test_hygiene_fails_a_stamp_that_does_not_match_in_one_line_naming_the_command(
        tmp_path, monkeypatch, stale):
    path = _notebook(tmp_path)
    monkeypatch.setattr(crosscheck, "validate", _FakeNbval())
    crosscheck.crosscheck(path)
    nb = nbformat.read(path, as_version=4)
    record = nb.metadata[crosscheck.STAMP_KEY]
    if stale == "old format":
        nb.metadata[crosscheck.STAMP_KEY] = {"digest": record["digest"],
                                             "variants": list(crosscheck.VARIANTS),
                                             "stored_on": "AMD EPYC"}
    elif stale == "base at 4 threads":
        record["base"]["threads"] = 4
    elif stale == "base with an ISA cap":
        record["base"]["isa_cap"] = "AVX2"
    elif stale == "a variant missing":
        del record["variants"]["CS20_THREADS=4"]
    else:
        nb.cells[-1].source = "print(6 * 7)  # edited"
    nbformat.write(nb, path)
    found = crosscheck.problems(nbformat.read(path, as_version=4), path.name)
    assert len(found) == 1 and "\n" not in found[0]
    assert f"`python -m cs20_helpers crosscheck {path.name}`" in found[0]
    assert found[0] in hygiene.check(path, crosschecked=True)


def test_a_killed_cross_checks_folder_is_swept(tmp_path, monkeypatch):
    temp = tmp_path / "temp"
    left = temp / f"{crosscheck.PREFIX}killed"
    left.mkdir(parents=True)
    dead = subprocess.Popen(["true"])
    dead.wait()
    (left / guards.OWNER).write_text(str(dead.pid), encoding="utf-8")
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    monkeypatch.setattr(crosscheck, "validate", _FakeNbval())
    crosscheck.crosscheck(_notebook(tmp_path))
    assert list(temp.iterdir()) == []  # the dead run's folder, and its own, are gone


def test_ci_settings_are_the_settings_defaults(monkeypatch):
    monkeypatch.delenv("CS20_THREADS", raising=False)
    monkeypatch.delenv("CS20_PROFILE", raising=False)
    assert crosscheck.CI_SETTINGS == {"CS20_THREADS": str(settings.threads()),
                                      "CS20_PROFILE": settings.profile()}
