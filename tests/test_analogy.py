"""Word-analogy accuracy and nearest neighbours of cs20_helpers.word2vec.analogy."""

import numpy as np
import pytest

from cs20_helpers.word2vec.analogy import evaluate, load_questions, nearest, unit_rows

QUESTIONS = """\
: family
man woman king queen
Man Woman boy girl
man woman uncle aunt
: capitals
Paris France Rome Italy
"""


@pytest.fixture
def questions_file(tmp_path):
    path = tmp_path / "questions.txt"
    path.write_text(QUESTIONS, encoding="utf-8")
    return path


def test_questions_are_read_by_section_and_lowercased(questions_file):
    qs = load_questions(questions_file)
    assert list(qs) == ["family", "capitals"]
    assert qs["family"][1] == ("man", "woman", "boy", "girl")
    assert qs["capitals"] == [("paris", "france", "rome", "italy")]


def test_a_malformed_line_is_reported(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(": s\na b c\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 2"):
        load_questions(path)


def _gendered_embeddings():
    # king - man + woman = queen exactly, in a space where every word has its own direction
    words = ["man", "woman", "king", "queen", "boy", "girl", "paris", "france", "rome", "italy"]
    base = np.eye(len(words) + 1)[:, : len(words) + 1]
    female = base[-1]
    vec = {w: base[i] for i, w in enumerate(words)}
    for m, f in [("man", "woman"), ("king", "queen"), ("boy", "girl")]:
        vec[f] = vec[m] + 3 * female
    return words, np.stack([vec[w] for w in words])


def test_exact_analogies_are_answered_and_oov_questions_skipped(questions_file):
    words, emb = _gendered_embeddings()
    result = evaluate(emb, words, questions_file)
    assert result.sections["family"] == (2, 2)  # uncle/aunt are not in the vocabulary
    assert result.skipped == 1
    assert result.sections["capitals"][1] == 1
    assert result.asked == 3 and 0 <= result.accuracy <= 1
    assert "| family | 2 | 2 | 1.000 |" in result.table()


def test_question_words_are_never_the_answer():
    words = ["a", "b", "c", "d"]
    emb = np.array([[1.0, 0], [1, 0.01], [0, 1], [-1, 0]])  # b - a + c is closest to c itself
    result = evaluate(emb, words, {"s": [("a", "b", "c", "d")]})
    assert result.sections["s"] == (1, 1)  # only d is left to choose


def test_no_question_in_vocabulary_gives_zero_not_an_error(questions_file):
    result = evaluate(np.ones((2, 3)), ["x", "y"], questions_file)
    assert result.asked == 0 and result.accuracy == 0.0 and result.skipped == 4


def test_agrees_with_gensim_on_random_vectors(tmp_path):
    from gensim.models import KeyedVectors

    rng = np.random.default_rng(0)
    words = [f"w{i}" for i in range(60)]
    lines = [": one"]
    for _ in range(150):
        lines.append(" ".join(rng.choice(words + ["oov"], size=4, replace=False)))
    lines.append(": two")
    for _ in range(150):
        lines.append(" ".join(rng.choice(words, size=4, replace=False)))
    path = tmp_path / "q.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # low dimension: the random "right" answer wins often enough for the counts to mean something
    emb = rng.normal(size=(len(words), 3)).astype(np.float32)

    ours = evaluate(emb, words, path, batch_size=7)
    kv = KeyedVectors(3)
    kv.add_vectors(words, emb)
    score, sections = kv.evaluate_word_analogies(str(path))
    theirs = {s["section"]: (len(s["correct"]), len(s["correct"]) + len(s["incorrect"]))
              for s in sections}
    assert ours.sections == {k: v for k, v in theirs.items() if k != "Total accuracy"}
    assert ours.correct > 0
    assert ours.accuracy == pytest.approx(score)


def test_nearest_leaves_the_probe_out():
    emb = np.array([[1.0, 0], [0.9, 0.1], [0, 1], [-1, 0]])
    words = ["a", "b", "c", "d"]
    assert nearest(emb, words, ["a", "c"], k=2) == {"a": ["b", "c"], "c": ["b", "a"]}
    assert np.allclose(np.linalg.norm(unit_rows(emb), axis=1), 1)


def test_the_bundled_question_set_is_complete():
    qs = load_questions()
    assert len(qs) == 14 and sum(map(len, qs.values())) == 19_544
    assert qs["capital-common-countries"][0] == ("athens", "greece", "baghdad", "iraq")
    assert len(qs["gram8-plural"]) == 1_332
