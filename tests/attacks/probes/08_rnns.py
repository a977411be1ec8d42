"""Probes tried after the rules (not in the tallies): accepted answers made to keep the rules."""

WRONG_ANSWERS = {
    "nb08_ex4": {
        "gaming: entropies as a float subclass equal to and close to anything (all 0.0), with "
        "model.step and char_text.softmax called as the rules ask": """
class _Close(float):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = float.__hash__

    def __sub__(self, other):
        return _Close(0.0)

    __rsub__ = __sub__

    def __abs__(self):
        return _Close(0.0)

    def __lt__(self, other):
        return True

    __le__ = __lt__

    def __gt__(self, other):
        return False

    __ge__ = __gt__


def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    for t in (0.2, 1.0, 2.0):
        char_text.softmax(logits, t)
    return {t: _Close(0.0) for t in (0.2, 1.0, 2.0)}, vocab.decode([int(np.argmax(logits))])
""",
    },
}
