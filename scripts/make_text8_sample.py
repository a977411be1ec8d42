"""Build the bundled text data from the test data of the gensim 4.4.0 wheel (LGPL-2.1).

- ``cs20_helpers/data/text8_sample.txt.gz``: a text8-style corpus (one line of lowercase a-z
  words and single spaces, digits spelled out) made with ``cs20_helpers.datasets.text8.wikifil`` (a
  port of text8's ``wikifil.pl``) from the real English Wikipedia slice
  ``enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2``; gzip with no time
  stamp, so a re-run gives the same bytes.
- ``cs20_helpers/data/questions-words.txt``: the word-analogy test set of word2vec
  (Mikolov et al.), copied.
- ``cs20_helpers/data/lee_background.cor``: news text from the Lee corpus, copied (char-RNN
  notebook).

    python scripts/make_text8_sample.py [--test-data DIR] [--out cs20_helpers/data]

DIR defaults to ``gensim/test/test_data`` of the installed gensim; ``pip download gensim==4.4.0
--no-deps`` and unzipping the wheel gives the same folder.
"""

from __future__ import annotations

import argparse
import bz2
import gzip
import importlib.util
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "cs20_helpers" / "data"  # the bundled samples (package data)
sys.path.insert(0, str(REPO))

from cs20_helpers.datasets.text8 import wikifil  # noqa: E402

WIKI_SLICE = "enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"
COPIED = ("questions-words.txt", "lee_background.cor")
MIN_TOKENS = 500_000


def gensim_test_data() -> Path:
    """Return gensim's test-data folder without importing gensim (which is slow)."""
    spec = importlib.util.find_spec("gensim")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("gensim is not installed: pip install gensim==4.4.0, or pass --test-data")
    return Path(next(iter(spec.submodule_search_locations))) / "test" / "test_data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--test-data", type=Path, help="gensim's test/test_data folder")
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args()
    source = args.test_data or gensim_test_data()
    args.out.mkdir(parents=True, exist_ok=True)

    with bz2.open(source / WIKI_SLICE, "rt", encoding="utf-8") as f:
        text = "".join(wikifil(f))
    tokens = len(text.split())
    if tokens < MIN_TOKENS:
        raise SystemExit(f"only {tokens} tokens, expected at least {MIN_TOKENS}")
    target = args.out / "text8_sample.txt.gz"
    target.write_bytes(gzip.compress(text.encode("ascii"), compresslevel=9, mtime=0))
    print(f"wrote {target}: {tokens:,} tokens, {len(text):,} characters")

    for name in COPIED:
        shutil.copyfile(source / name, args.out / name)
        print(f"copied {name}")


if __name__ == "__main__":
    main()
