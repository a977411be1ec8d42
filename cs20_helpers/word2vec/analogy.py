"""Word-analogy accuracy (Mikolov et al.'s questions-words.txt) and nearest neighbours.

A question ``a b c d`` reads "a is to b as c is to d" (``athens greece baghdad iraq``). The
embedding answers it with 3CosAdd: the word whose unit vector is most similar (by cosine) to
``b - a + c`` built from unit vectors, leaving out a, b and c themselves. Questions with a word
outside the vocabulary are skipped and counted, as gensim's ``evaluate_word_analogies`` does;
matching is case-insensitive (the file has capitals, text8 has none).
"""

from __future__ import annotations

__all__ = ["AnalogyResult", "default_questions_path", "evaluate", "load_questions", "nearest",
    "Question", "unit_rows"]

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cs20_helpers.paths import bundled_data_dir

Question = tuple[str, str, str, str]


def default_questions_path() -> Path:
    """Return the bundled ``cs20_helpers/data/questions-words.txt``."""
    return bundled_data_dir() / "questions-words.txt"


def load_questions(path: str | Path | None = None) -> dict[str, list[Question]]:
    """Return the analogy questions by section (``capital-common-countries``, ...), lowercased."""
    sections: dict[str, list[Question]] = {}
    current: list[Question] | None = None
    text = Path(path or default_questions_path()).read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith(":"):
            current = sections.setdefault(line[1:].strip(), [])
            continue
        words = line.lower().split()
        if current is None or len(words) != 4:
            raise ValueError(f"line {number} of {path}: expected ': section' or four words")
        current.append((words[0], words[1], words[2], words[3]))
    return sections


def unit_rows(embeddings: np.ndarray) -> np.ndarray:
    """Return the rows of ``embeddings`` scaled to unit length (zero rows stay zero), float32."""
    e = np.asarray(embeddings, dtype=np.float32)
    norms = np.linalg.norm(e, axis=1, keepdims=True)
    return e / np.where(norms > 0, norms, 1.0)


@dataclass(frozen=True)
class AnalogyResult:
    """Per-section ``(correct, asked)`` counts, and how many questions were skipped as OOV."""

    sections: dict[str, tuple[int, int]]
    skipped: int

    @property
    def correct(self) -> int:
        return sum(c for c, _ in self.sections.values())

    @property
    def asked(self) -> int:
        return sum(n for _, n in self.sections.values())

    @property
    def accuracy(self) -> float:
        """Correct answers over questions asked (0.0 when none could be asked)."""
        return self.correct / self.asked if self.asked else 0.0

    def table(self) -> str:
        """Return the per-section counts as a Markdown table, sections with no question left out."""
        rows = ["| section | correct | asked | accuracy |", "| --- | ---: | ---: | ---: |"]
        for name, (c, n) in self.sections.items():
            if n:
                rows.append(f"| {name} | {c} | {n} | {c / n:.3f} |")
        rows.append(f"| **all** | {self.correct} | {self.asked} | {self.accuracy:.3f} |")
        return "\n".join(rows)


def evaluate(
    embeddings: np.ndarray,
    words: Sequence[str],
    questions: Mapping[str, Sequence[Question]] | str | Path | None = None,
    *,
    batch_size: int = 512,
) -> AnalogyResult:
    """Return the 3CosAdd analogy accuracy of ``embeddings`` (row i is the vector of
    ``words[i]``) on ``questions`` (a dict from :func:`load_questions`, or a path to read,
    by default the bundled file). Questions with a word outside ``words`` are skipped."""
    if not isinstance(questions, Mapping):
        questions = load_questions(questions)
    if len(words) != len(embeddings):
        raise ValueError(f"{len(words)} words but {len(embeddings)} embedding rows")
    unit = unit_rows(embeddings)
    index = {w.lower(): i for i, w in reversed(list(enumerate(words)))}  # first spelling wins
    sections: dict[str, tuple[int, int]] = {}
    skipped = 0
    for name, qs in questions.items():
        known = [[index.get(w) for w in q] for q in qs]
        ids = np.array([k for k in known if None not in k], dtype=np.int64).reshape(-1, 4)
        skipped += len(qs) - len(ids)
        correct = 0
        for start in range(0, len(ids), batch_size):
            a, b, c, d = ids[start : start + batch_size].T
            scores = (unit[b] - unit[a] + unit[c]) @ unit.T
            rows = np.arange(len(a))
            for excluded in (a, b, c):
                scores[rows, excluded] = -np.inf
            correct += int(np.sum(np.argmax(scores, axis=1) == d))
        sections[name] = (correct, len(ids))
    return AnalogyResult(sections, skipped)


def nearest(
    embeddings: np.ndarray, words: Sequence[str], probes: Sequence[str], k: int = 5
) -> dict[str, list[str]]:
    """Return the ``k`` words nearest (by cosine) to each probe word, the probe left out."""
    unit = unit_rows(embeddings)
    index = {w: i for i, w in enumerate(words)}
    out = {}
    for probe in probes:
        scores = unit @ unit[index[probe]]
        scores[index[probe]] = -np.inf
        best = np.argsort(-scores, kind="stable")[:k]
        out[probe] = [words[i] for i in best]
    return out
