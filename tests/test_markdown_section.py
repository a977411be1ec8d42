"""write_markdown_section: one section replaced, the others kept, new files and sections made."""

from cs20_helpers.benchmarking import write_markdown_section


def test_creates_file_and_appends_sections(tmp_path):
    path = tmp_path / "RESULTS.md"
    write_markdown_section(path, "Input pipelines", "| a |\n| 1 |\n")
    write_markdown_section(path, "word2vec", "loss 5.1")
    assert path.read_text() == (
        "# Benchmarks\n\n## Input pipelines\n\n| a |\n| 1 |\n\n## word2vec\n\nloss 5.1\n")


def test_replaces_only_its_own_section(tmp_path):
    path = tmp_path / "RESULTS.md"
    path.write_text("# Benchmarks\n\nintro\n\n## word2vec\n\nold w2v\n\n"
                    "## Input pipelines\n\nold table\nmore\n\n## Later\n\nkept\n")
    write_markdown_section(path, "Input pipelines", "new table")
    assert path.read_text() == ("# Benchmarks\n\nintro\n\n## word2vec\n\nold w2v\n\n"
                                "## Input pipelines\n\nnew table\n\n## Later\n\nkept\n")
    write_markdown_section(path, "Later", "changed")
    assert path.read_text().endswith("## Input pipelines\n\nnew table\n\n## Later\n\nchanged\n")
    assert not list(tmp_path.glob("*.tmp"))
