"""benchmarks/word2vec.py end to end on a small slice of the sample corpus, writing nothing."""

import importlib.util
import sys
from pathlib import Path

from cs20_helpers.benchmarking import results_file

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _load_benchmark():
    spec = importlib.util.spec_from_file_location("benchmark_word2vec",
                                                  BENCHMARKS / "word2vec.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_both_implementations_train_and_are_compared(capsys):
    bench = _load_benchmark()
    results = results_file()
    before = results.read_text(encoding="utf-8") if results.exists() else None
    assert bench.main(["--no-write", "--words", "20000", "--vocab", "300", "--dim", "16",
                       "--negative", "5", "3", "--epochs", "2", "--batch-size", "128"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    assert len(rows) == 6  # header, rule, then TensorFlow and gensim at 5 and at 3 negatives
    cells = [[c.strip() for c in row.split("|")[1:-1]] for row in rows[2:]]
    assert [c[0].split()[0] for c in cells] == ["TensorFlow", "gensim"] * 2
    assert [c[1] for c in cells] == ["5", "5", "3", "3"]
    assert cells[1][6] == cells[3][6] == "1.00x"  # gensim is the baseline
    for c in cells:
        assert c[2] == "2" and float(c[5].replace(",", "")) > 0
    assert "TensorFlow / gensim pairs per second:" in out and "with 3 negative" in out
    after = results.read_text(encoding="utf-8") if results.exists() else None
    assert after == before  # --no-write leaves RESULTS.md alone


def test_tensorflow_pairs_match_the_expected_count():
    bench = _load_benchmark()
    import numpy as np

    from cs20_helpers.notebook import import_tensorflow
    from cs20_helpers.word2vec_data import build_vocab, expected_pairs

    tf = import_tensorflow()
    rng = np.random.default_rng(0)
    words = [f"w{i}" for i in rng.zipf(1.5, size=8_000) % 200]
    vocab = build_vocab(words, 100)
    args = type("Args", (), dict(sample=0.0, window=3, batch_size=64, epochs=1, seed=0, dim=8,
                                 lr=1.0))()
    run = bench.train_tensorflow(tf, vocab.to_ids(words), vocab, args, negative=4)
    assert run.embeddings.shape == (100, 8)
    assert abs(run.pairs - expected_pairs(len(words), 3)) < 0.03 * run.pairs
