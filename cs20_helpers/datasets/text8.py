"""Turn a Wikipedia XML dump into text8-style text, following Matt Mahoney's ``wikifil.pl``.

text8 is the first 10^8 bytes of an English Wikipedia dump passed through ``wikifil.pl``: only
the visible text of each article is kept (XML tags, references, tables, templates, URLs and
interlanguage links removed; link and image-caption text kept; categories kept as plain words),
letters are lowercased, each digit is spelled out (``1`` -> `` one ``), and every other
character becomes a space, with no two spaces in a row. Redirect pages are dropped.

``wikifil`` reproduces the Perl script, which reads its input in records that each end at a
``>``: an article's text (where ``<`` and ``>`` are escaped) is one record, ended by the ``>``
of ``</text>``.
"""

from __future__ import annotations

__all__ = ["clean_record", "wikifil"]

import re
from collections.abc import Iterable, Iterator

_DIGITS = "zero one two three four five six seven eight nine".split()

_AI = re.ASCII | re.IGNORECASE  # Perl reads bytes: ASCII case folding and \d only

# The substitutions of wikifil.pl, in its order: (pattern, replacement, count; 0 = all).
_RULES = [
    (re.compile(r"<.*>"), "", 1),  # the XML tag ending the record
    (re.compile(r"&amp;"), "&", 0),  # decode escaped characters
    (re.compile(r"&lt;"), "<", 0),
    (re.compile(r"&gt;"), ">", 0),
    (re.compile(r"<ref[^<]*</ref>"), "", 0),  # references <ref ...> ... </ref>
    (re.compile(r"<[^>]*>"), "", 0),  # xhtml tags
    (re.compile(r"\[http:[^\] ]*"), "[", 0),  # URL of an external link, keep its text
    (re.compile(r"\|thumb", _AI), "", 0),  # image options, keep the caption
    (re.compile(r"\|left", _AI), "", 0),
    (re.compile(r"\|right", _AI), "", 0),
    (re.compile(r"\|\d+px", _AI), "", 0),
    (re.compile(r"\[\[image:[^\[\]]*\|", _AI), "", 0),
    (re.compile(r"\[\[category:([^|\]]*)[^\]]*\]\]", _AI), r"[[\1]]", 0),  # category name
    (re.compile(r"\[\[[a-z\-]*:[^\]]*\]\]"), "", 0),  # links to other languages
    (re.compile(r"\[\[[^|\]]*\|"), "[[", 0),  # link target, keep the visible text
    (re.compile(r"\{\{[^}]*\}\}"), "", 0),  # {{templates}}
    (re.compile(r"\{[^}]*\}"), "", 0),  # {| tables |}
    (re.compile(r"\["), "", 0),
    (re.compile(r"\]"), "", 0),
    (re.compile(r"&[^;]*;"), " ", 0),  # any other escaped character
]
_UPPER_TO_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_SPELL_DIGITS = str.maketrans({str(d): f" {word} " for d, word in enumerate(_DIGITS)})
_NOT_LETTERS = re.compile(r"[^a-z]+")
_REDIRECT = re.compile(r"#redirect", _AI)


def clean_record(record: str) -> str:
    """Apply wikifil.pl's rules to one record of article text; return ``" word word ..."``."""
    for pattern, replacement, count in _RULES:
        record = pattern.sub(replacement, record, count=count)
    text = f" {record} ".translate(_UPPER_TO_LOWER).translate(_SPELL_DIGITS)
    return _NOT_LETTERS.sub(" ", text)[:-1]  # Perl's `tr/a-z/ /cs; chop`


def _records(chunks: Iterable[str]) -> Iterator[str]:
    """Split text into records that each end with ``>`` (Perl's ``$/ = ">"``)."""
    pending = ""
    for chunk in chunks:
        first, *rest = chunk.split(">")
        if not rest:
            pending += first
            continue
        yield pending + first + ">"
        *done, pending = rest
        for record in done:
            yield record + ">"
    if pending:
        yield pending


def wikifil(xml: str | Iterable[str]) -> Iterator[str]:
    """Yield the cleaned text of a Wikipedia XML dump, piece by piece, as wikifil.pl prints it.

    ``xml`` is the whole dump as one string or an iterable of chunks (e.g. an open file).
    Joined, the pieces are one line: a space, then words separated by single spaces.
    """
    in_text = False
    for record in _records([xml] if isinstance(xml, str) else xml):
        if "<text " in record:
            in_text = True
        if _REDIRECT.search(record):
            in_text = False
        if in_text:
            if "</text>" in record:
                in_text = False
            yield clean_record(record)
