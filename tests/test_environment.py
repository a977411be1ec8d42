"""The pip pins and the conda environment describe the same set-up, and the pins are exact."""

import re
from importlib import metadata

from cs20_helpers.paths import REPO_DIR

PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([A-Za-z0-9_.\-]+)$")


def _pins(lines: list[str]) -> dict[str, str]:
    pins = {}
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        match = PIN.match(line)
        assert match, f"not an exact pin: {line!r}"
        pins[match[1].lower().replace("_", "-")] = match[2]
    return pins


def _requirements() -> dict[str, str]:
    text = (REPO_DIR / "requirements.txt").read_text(encoding="utf-8")
    return _pins(text.splitlines())


def _conda_pip_section() -> tuple[dict[str, str], list[str]]:
    lines = (REPO_DIR / "environment.yml").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "- pip:")
    items = []
    for line in lines[start + 1:]:
        if not line.strip().startswith("- "):
            break
        items.append(line.strip()[2:].strip())
    return _pins(items), [i for i in items if i.startswith("-")]


def test_conda_pip_section_matches_requirements():
    pins, options = _conda_pip_section()
    assert pins == _requirements()
    assert "-e ." in options
    text = (REPO_DIR / "environment.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s*- python=3\.11$", text, re.M)


def test_course_essentials_are_pinned_and_installed():
    pins = _requirements()
    for name in ("tensorflow", "tf-keras", "numpy", "matplotlib", "xlrd", "jupyter", "nbval",
                 "pytest", "tqdm"):
        assert name in pins, f"{name} is not pinned"
    assert pins["tensorflow"] == "2.21.0" and pins["tf-keras"] == "2.21.0"
    for name, version in pins.items():
        assert metadata.version(name) == version, f"{name} installed differs from its pin"
