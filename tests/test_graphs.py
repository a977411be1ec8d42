"""Layout and drawing of TensorFlow graphs with matplotlib (cs20_helpers.graphs)."""

import matplotlib

matplotlib.use("Agg")

from pathlib import Path  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from cs20_helpers.graphs import (  # noqa: E402
    as_graph_def,
    draw_graph,
    graph_layout,
    parse_input,
    scope_of,
    tensorboard_hint,
)
from cs20_helpers.notebook import import_tensorflow  # noqa: E402
from cs20_helpers.paths import project_dir  # noqa: E402

tf = import_tensorflow()
tf1 = tf.compat.v1


def node(name, op, *inputs):
    """A NodeDef for hand-made GraphDefs."""
    return tf1.NodeDef(name=name, op=op, input=list(inputs))


def graph_def(*nodes):
    gd = tf1.GraphDef()
    gd.node.extend(nodes)
    return gd


@pytest.fixture
def pow_graph():
    """The lecture's example: pow(x + y, x * y) plus an unrelated op."""
    g = tf.Graph()
    with g.as_default():
        x = tf.constant(2, name="x")
        y = tf.constant(3, name="y")
        add = tf.add(x, y, name="add")
        mul = tf.multiply(x, y, name="mul")
        tf.multiply(x, add, name="useless")
        tf.pow(add, mul, name="pow")
    return g


def test_parse_input_splits_output_index_and_control_marker():
    assert parse_input("a") == ("a", "data")
    assert parse_input("scope/a:1") == ("scope/a", "data")
    assert parse_input("^init") == ("init", "control")


def test_depths_follow_longest_path(pow_graph):
    layout = graph_layout(pow_graph)
    assert layout.depth == {"x": 0, "y": 0, "add": 1, "mul": 1, "useless": 2, "pow": 2}
    assert sorted(layout.layers[0]) == ["x", "y"]
    assert sorted(layout.layers[2]) == ["pow", "useless"]
    assert layout.labels["pow"] == "Pow" and layout.labels["x"] == "Const"


def test_edges_and_predecessors(pow_graph):
    layout = graph_layout(pow_graph)
    assert sorted(layout.predecessors("pow")) == ["add", "mul"]
    assert sorted(layout.predecessors("useless")) == ["add", "x"]
    assert {k for _, _, k in layout.edges} == {"data"}
    assert len(layout.edges) == 8


def test_sources_sit_just_above_their_first_consumer():
    gd = graph_def(node("a", "Placeholder"), node("b", "Neg", "a"), node("c", "Neg", "b"),
                   node("k", "Const"), node("d", "Add", "c", "k"))
    assert graph_layout(gd).depth == {"a": 0, "b": 1, "c": 2, "k": 2, "d": 3}


def test_control_inputs_are_dashed_edges_and_data_wins_over_control():
    g = tf.Graph()
    with g.as_default():
        a = tf.constant(1.0, name="a")
        two = tf.constant(2.0, name="two")
        with tf.control_dependencies([a]):
            tf.identity(two, name="b")
    layout = graph_layout(g)
    assert sorted(layout.edges) == [("a", "b", "control"), ("two", "b", "data")]
    assert layout.depth == {"a": 0, "two": 0, "b": 1}
    both = graph_def(node("b", "Const"), node("c", "Neg", "^b", "b"))
    assert graph_layout(both).edges == [("b", "c", "data")]


def test_repeated_inputs_give_one_edge():
    gd = graph_def(node("x", "Placeholder"), node("sq", "Mul", "x", "x:0"))
    assert graph_layout(gd).edges == [("x", "sq", "data")]


def test_inputs_from_outside_the_graph_def_are_ignored():
    gd = graph_def(node("y", "Neg", "missing:0"))
    layout = graph_layout(gd)
    assert layout.edges == [] and layout.depth == {"y": 0}


def test_scope_of():
    assert scope_of("loss/Mean/input", None) == "loss/Mean/input"
    assert scope_of("loss/Mean/input", 0) == "loss/Mean/input"
    assert scope_of("loss/Mean/input", 1) == "loss"
    assert scope_of("loss/Mean/input", 2) == "loss/Mean"
    assert scope_of("loss/Mean/input", ["loss", "loss/Mean"]) == "loss/Mean"
    assert scope_of("lossy", ["loss"]) == "lossy"
    assert scope_of("loss", ["loss/"]) == "loss"


def test_collapsing_scopes_folds_nodes_and_edges():
    g = tf.Graph()
    with g.as_default():
        x = tf1.placeholder(tf.float32, [None, 3], name="x")
        with tf.name_scope("layer"):
            w = tf.ones([3, 2], name="w")
            h = tf.nn.relu(tf.matmul(x, w), name="h")
        with tf.name_scope("loss"):
            tf.reduce_mean(tf.square(h), name="mean")
    full = graph_layout(g)
    folded = graph_layout(g, collapse=1)
    assert len(full.labels) > len(folded.labels)
    assert set(folded.labels) == {"x", "layer", "loss"}
    assert folded.labels["x"] == "Placeholder"
    assert folded.labels["layer"] == f"{sum(n.startswith('layer/') for n in full.labels)} ops"
    assert sorted(folded.edges) == [("layer", "loss", "data"), ("x", "layer", "data")]
    assert folded.depth == {"x": 0, "layer": 1, "loss": 2}
    only_loss = graph_layout(g, collapse=["loss"])
    assert "loss" in only_loss.labels and "layer/h" in only_loss.labels


def test_cycles_from_folding_do_not_break_the_layout():
    # a/in -> b -> a/out: folding scope "a" makes a -> b -> a
    gd = graph_def(node("a/in", "Placeholder"), node("b", "Neg", "a/in"),
                   node("a/out", "Neg", "b"))
    layout = graph_layout(gd, collapse=1)
    assert set(layout.labels) == {"a", "b"}
    assert sorted(layout.edges) == [("a", "b", "data"), ("b", "a", "data")]
    assert sorted(layout.depth.values()) == [0, 1]


def test_loop_cycles_in_a_graph_def_are_laid_out():
    # TF1 while loops feed NextIteration back into Merge: a cycle in the GraphDef itself
    gd = graph_def(node("start", "Const"), node("merge", "Merge", "start", "next"),
                   node("body", "Add", "merge"), node("next", "NextIteration", "body"))
    layout = graph_layout(gd)
    assert layout.depth == {"start": 0, "merge": 1, "body": 2, "next": 3}
    assert ("next", "merge", "data") in layout.edges


def test_layers_are_ordered_to_follow_their_inputs():
    gd = graph_def(node("a", "Placeholder"), node("b", "Placeholder"),
                   node("from_b", "Neg", "b"), node("from_a", "Neg", "a"))
    layout = graph_layout(gd)
    top, below = layout.layers
    assert top.index("a") < top.index("b")
    assert below.index("from_a") < below.index("from_b")


def test_accepts_graph_graph_def_and_concrete_function(pow_graph):
    @tf.function
    def f(a):
        return tf.nn.relu(a * 2.0)

    concrete = f.get_concrete_function(tf.TensorSpec([2], tf.float32))
    assert as_graph_def(pow_graph.as_graph_def()) is not None
    assert graph_layout(pow_graph.as_graph_def()).depth == graph_layout(pow_graph).depth
    ops = set(graph_layout(concrete).labels.values())
    assert {"Placeholder", "Mul", "Relu"} <= ops
    with pytest.raises(TypeError, match="tf.Graph"):
        as_graph_def(42)


def test_draw_graph_returns_axes_with_a_box_per_node_and_an_arrow_per_edge(pow_graph):
    ax = draw_graph(pow_graph, title="pow")
    layout = graph_layout(pow_graph)
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
    arrows = [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    assert len(boxes) == len(layout.labels) and len(arrows) == len(layout.edges)
    texts = [t.get_text() for t in ax.texts]
    assert "pow\nPow" in texts and "pow" in texts  # a node and the title
    ax.figure.canvas.draw()
    plt.close(ax.figure)


def test_draw_graph_highlights_exactly_the_named_boxes(pow_graph):
    from matplotlib.colors import to_hex
    from matplotlib.patches import FancyBboxPatch

    ax = draw_graph(pow_graph, highlight=["add", "mul", "pow"])
    boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
    fills = {}
    for box, text in zip(boxes, ax.texts, strict=False):  # boxes and labels in the same order
        fills[text.get_text().split("\n")[0]] = to_hex(box.get_facecolor())
    lit = {name for name, fill in fills.items() if fill == fills["pow"]}
    assert lit == {"add", "mul", "pow"}
    assert fills["useless"] != fills["pow"]
    plt.close(ax.figure)


def test_draw_graph_refuses_to_highlight_a_missing_node(pow_graph):
    with pytest.raises(ValueError, match="powr"):
        draw_graph(pow_graph, highlight=["powr"])


def test_draw_graph_dashes_control_edges_and_uses_a_given_axes():
    g = tf.Graph()
    with g.as_default():
        a = tf.constant(1.0, name="a")
        with tf.control_dependencies([a]):
            tf.constant(2.0, name="b")
    fig, ax = plt.subplots()
    assert draw_graph(g, ax=ax) is ax
    from matplotlib.patches import FancyArrowPatch

    (arrow,) = [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    assert arrow.get_linestyle() == "--"
    plt.close(fig)


def test_big_graphs_are_shrunk_to_max_width():
    gd = graph_def(*[node(f"constant_number_{i}", "Const") for i in range(40)])
    ax = draw_graph(gd, max_width=10)
    assert ax.figure.get_figwidth() == pytest.approx(10)
    plt.close(ax.figure)


def test_tensorboard_hint_works_from_the_folder_it_names(monkeypatch):
    # Kernels run in the notebook's folder: notebooks/ of a clone, so the logs are one up.
    monkeypatch.chdir(project_dir() / "notebooks")
    text = tensorboard_hint(project_dir() / "runs" / "01_graphs")
    assert "%tensorboard --logdir ../runs/01_graphs\n" in text
    assert "In a terminal in this notebook's folder:  tensorboard --logdir ../runs\n" in text
    assert "%load_ext tensorboard" in text
    assert (Path.cwd() / "../runs/01_graphs").resolve() == project_dir() / "runs" / "01_graphs"
    monkeypatch.chdir(project_dir())
    assert "%tensorboard --logdir runs/01_graphs\n" in tensorboard_hint(
        project_dir() / "runs" / "01_graphs")
    assert "--logdir /elsewhere/logs" in tensorboard_hint("/elsewhere/logs")
