"""The cross-check: stored outputs validated with other thread counts and vector instructions."""

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from cs20_helpers.tools import crosscheck, hygiene, runner


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
    assert crosscheck.problems(nbformat.read(path, as_version=4))  # not stamped yet
    assert crosscheck.crosscheck(path) == {}
    nb = nbformat.read(path, as_version=4)
    assert crosscheck.problems(nb) == []
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
