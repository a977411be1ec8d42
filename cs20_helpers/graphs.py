"""Draw a TensorFlow graph inline with matplotlib alone, and say how to open TensorBoard.

``draw_graph(g)`` is the notebook stand-in for TensorBoard's graph tab: it needs no graphviz
binary and no browser, so the picture is part of the stored notebook. Nodes are laid out in
layers by their depth in the graph (inputs on top), each box shows the op's name and type,
data edges are solid arrows and control edges (``^name`` inputs) dashed ones. ``collapse``
folds name scopes into single boxes so bigger graphs stay readable.

The layout is computed by ``graph_layout`` without drawing anything, so it can be tested on
its own. Nothing here imports TensorFlow: any object with ``as_graph_def()`` (a ``tf.Graph``),
with a ``.graph`` (a concrete ``tf.function``), or with ``.node`` (a ``GraphDef``) will do.
"""

from __future__ import annotations

__all__ = ["as_graph_def", "CONTROL", "DATA", "draw_graph", "graph_layout", "GraphLayout",
    "parse_input", "scope_of", "tensorboard_hint"]

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cs20_helpers.paths import project_dir

DATA, CONTROL = "data", "control"


@dataclass(frozen=True)
class GraphLayout:
    """Where ``draw_graph`` puts things: boxes, edges, layers and the order within a layer.

    ``labels[name]`` is the op type of a single node, or ``"k ops"`` for a collapsed scope;
    ``edges`` are ``(source, target, kind)`` with kind ``"data"`` or ``"control"``, one per
    pair; ``depth[name]`` is the layer (0 = top) and ``layers[d]`` the names in layer
    ``d``, left to right.
    """

    labels: dict[str, str]
    edges: list[tuple[str, str, str]]
    depth: dict[str, int]
    layers: list[list[str]]

    def predecessors(self, name: str) -> list[str]:
        """Return the boxes with an edge into ``name``."""
        return [s for s, t, _ in self.edges if t == name]


def as_graph_def(graph_or_graph_def: object):
    """Return the ``GraphDef`` of a ``tf.Graph``, a concrete function, or a ``GraphDef``."""
    obj = graph_or_graph_def
    if hasattr(obj, "node"):
        return obj
    if not hasattr(obj, "as_graph_def") and hasattr(obj, "graph"):
        obj = obj.graph  # a ConcreteFunction
    if hasattr(obj, "as_graph_def"):
        return obj.as_graph_def()
    raise TypeError(f"expected a tf.Graph, a GraphDef or a concrete function, "
                    f"not {type(graph_or_graph_def).__name__}")


def parse_input(name: str) -> tuple[str, str]:
    """Split a GraphDef input such as ``"a:1"`` or ``"^b"`` into ``(node name, kind)``."""
    if name.startswith("^"):
        return name[1:], CONTROL
    return name.split(":", 1)[0], DATA


def scope_of(name: str, collapse: int | Iterable[str] | None) -> str:
    """Return the box that node ``name`` is drawn in.

    ``collapse=None`` or ``0`` keeps every node; an int ``n`` folds each node into the first
    ``n`` parts of its name (``"loss/Mean/input"`` -> ``"loss"`` for ``n=1``); a list of
    scope names folds just those (the longest one that matches wins).
    """
    if not collapse:
        return name
    if isinstance(collapse, int):
        return "/".join(name.split("/")[:collapse])
    matches = [s.rstrip("/") for s in collapse if name == s.rstrip("/")
               or name.startswith(s.rstrip("/") + "/")]
    return max(matches, key=len) if matches else name


def graph_layout(graph_or_graph_def: object,
                 collapse: int | Iterable[str] | None = None) -> GraphLayout:
    """Compute the boxes, edges, layers and within-layer order ``draw_graph`` draws."""
    graph_def = as_graph_def(graph_or_graph_def)
    if collapse is not None and not isinstance(collapse, int):
        collapse = list(collapse)
    box: dict[str, str] = {}  # node name -> box name
    members: dict[str, list[str]] = {}  # box name -> op types, in graph order
    for node in graph_def.node:
        b = scope_of(node.name, collapse)
        box[node.name] = b
        members.setdefault(b, []).append(node.op)
    labels = {b: ops[0] if len(ops) == 1 else f"{len(ops)} ops" for b, ops in members.items()}

    kinds: dict[tuple[str, str], str] = {}
    for node in graph_def.node:
        for raw in node.input:
            src, kind = parse_input(raw)
            if src not in box:  # an input from outside this GraphDef
                continue
            pair = (box[src], box[node.name])
            if pair[0] != pair[1] and kinds.get(pair) != DATA:
                kinds[pair] = kind  # data wins over control when both link a pair
    edges = [(s, t, k) for (s, t), k in kinds.items()]

    names = list(labels)
    depth = _depths(names, [(s, t) for s, t, _ in edges])
    layers = _order_layers(names, edges, depth)
    return GraphLayout(labels=labels, edges=edges, depth=depth, layers=layers)


def _back_edges(names: list[str], pairs: list[tuple[str, str]]) -> set[tuple[str, str]]:
    """Return the edges that close a cycle (found by depth-first search in graph order)."""
    succ: dict[str, list[str]] = {n: [] for n in names}
    for s, t in pairs:
        succ[s].append(t)
    state: dict[str, int] = {}  # 1 = on the stack, 2 = done
    back = set()
    for root in names:
        if root in state:
            continue
        state[root] = 1
        stack = [(root, iter(succ[root]))]
        while stack:
            node, it = stack[-1]
            for nxt in it:
                if state.get(nxt) == 1:
                    back.add((node, nxt))
                elif nxt not in state:
                    state[nxt] = 1
                    stack.append((nxt, iter(succ[nxt])))
                    break
            else:
                state[node] = 2
                stack.pop()
    return back


def _depths(names: list[str], pairs: list[tuple[str, str]]) -> dict[str, int]:
    """Longest-path layer of each node: 1 + its deepest input, and a node without inputs
    (a constant, a placeholder) one layer above its first consumer, so arrows stay short.

    Edges that close a cycle (TF1 while loops, or scopes folded into one box) are ignored.
    """
    back = _back_edges(names, pairs)
    preds: dict[str, list[str]] = {n: [] for n in names}
    indegree = dict.fromkeys(names, 0)
    succ: dict[str, list[str]] = {n: [] for n in names}
    for s, t in pairs:
        if (s, t) not in back:
            succ[s].append(t)
            preds[t].append(s)
            indegree[t] += 1
    depth = dict.fromkeys(names, 0)
    ready = [n for n in names if indegree[n] == 0]
    while ready:
        node = ready.pop()
        for nxt in succ[node]:
            depth[nxt] = max(depth[nxt], depth[node] + 1)
            indegree[nxt] -= 1
            if indegree[nxt] == 0:
                ready.append(nxt)
    for node in names:  # a node without inputs sits just above its first consumer
        if not preds[node] and succ[node]:
            depth[node] = min(depth[t] for t in succ[node]) - 1
    return depth


def _order_layers(names: list[str], edges: list[tuple[str, str, str]],
                  depth: dict[str, int]) -> list[list[str]]:
    """Group names by depth and order each layer by the mean position of its neighbours
    (a few barycentre sweeps down and up), which keeps most arrows short and uncrossed."""
    n_layers = max(depth.values(), default=-1) + 1
    layers: list[list[str]] = [[] for _ in range(n_layers)]
    for name in names:  # graph order first
        layers[depth[name]].append(name)
    up: dict[str, list[str]] = {n: [] for n in names}
    down: dict[str, list[str]] = {n: [] for n in names}
    for s, t, _ in edges:
        up[t].append(s)
        down[s].append(t)
    first = {n: i for i, n in enumerate(names)}

    def sweep(indices: range, neighbours: dict[str, list[str]]) -> None:
        for d in indices:
            # positions as fractions of each layer's width, since layers differ in length
            pos = {n: (i + 0.5) / len(layer) for layer in layers for i, n in enumerate(layer)}

            def key(n: str, pos: dict[str, float] = pos) -> tuple[float, int]:
                near = [pos[m] for m in neighbours[n] if depth[m] != depth[n]]
                return (sum(near) / len(near) if near else pos[n], first[n])

            layers[d].sort(key=key)

    for _ in range(2):
        sweep(range(1, n_layers), up)
        sweep(range(n_layers - 2, -1, -1), down)
    return layers


# Drawing: 1 data unit is 1 inch at scale 1, so text and boxes keep their proportions.
_CHAR_W, _BOX_H, _PAD, _GAP_X, _GAP_Y, _FONT = 0.068, 0.42, 0.16, 0.22, 0.75, 8
_COLOURS = {"Const": "#e8e8e8", "Placeholder": "#fde2b8", "VarHandleOp": "#cfe8cf",
            "VariableV2": "#cfe8cf", "_Arg": "#fde2b8", "_Retval": "#e3d7f0"}
_HIGHLIGHT = "#8fd18f"


def _label(name: str, kind: str, width: int) -> str:
    short = name if len(name) <= width else "\u2026" + name[-(width - 1):]
    return f"{short}\n{kind}" if kind != short else short


def draw_graph(graph_or_graph_def: object, ax=None, *,
               collapse: int | Iterable[str] | None = None,
               title: str | None = None, max_width: float = 14.0, name_width: int = 24,
               highlight: Iterable[str] = ()):
    """Draw a TensorFlow graph with matplotlib and return the Axes.

    ``graph_or_graph_def``: a ``tf.Graph``, a ``GraphDef`` or a concrete ``tf.function``.
    ``ax``: draw there instead of on a new figure. ``collapse``: fold name scopes into one
    box each (see ``scope_of``): ``1`` folds everything below the top-level names.
    ``title``: shown above the graph. ``max_width``: widest figure in inches; larger graphs
    are shrunk to fit. ``name_width``: longer names are shortened from the left.
    ``highlight``: names of boxes to fill in green with a thick edge (say, the ops a run
    executed); a name that is not a box is an error, so a typo cannot pass unseen.

    Each box shows a node's name and op type (a folded scope shows its op count); data edges
    are solid arrows, control edges dashed. Layers run top to bottom by depth.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    layout = graph_layout(graph_or_graph_def, collapse)
    highlight = set(highlight)
    unknown = highlight - set(layout.labels)
    if unknown:
        raise ValueError(f"highlight names no box of this graph: {sorted(unknown)}")
    text = {n: _label(n, layout.labels[n], name_width) for n in layout.labels}
    width = {n: max(map(len, t.split("\n"))) * _CHAR_W + 2 * _PAD for n, t in text.items()}
    row_w = [sum(width[n] for n in layer) + _GAP_X * (len(layer) - 1) for layer in layout.layers]
    span_x = max(row_w, default=1.0)
    span_y = max(len(layout.layers), 1) * (_BOX_H + _GAP_Y) - _GAP_Y
    centre: dict[str, tuple[float, float]] = {}
    for d, layer in enumerate(layout.layers):
        x = (span_x - row_w[d]) / 2
        for n in layer:
            centre[n] = (x + width[n] / 2, span_y - _BOX_H / 2 - d * (_BOX_H + _GAP_Y))
            x += width[n] + _GAP_X

    margin = 0.15
    fig_w, fig_h = span_x + 2 * margin, span_y + 2 * margin + (0.3 if title else 0)
    scale = min(1.0, max_width / fig_w)
    if ax is None:
        fig = plt.figure(figsize=(fig_w * scale, fig_h * scale))
        ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(-margin, span_x + margin)
    ax.set_ylim(-margin, span_y + margin + (0.3 if title else 0))
    ax.set_aspect("equal")
    ax.axis("off")
    font = max(_FONT * scale, 3.0)

    patches = {}
    for n, (cx, cy) in centre.items():
        op = layout.labels[n]
        fill = "#dbe9f6" if op.endswith(" ops") else _COLOURS.get(op, "white")
        lit = n in highlight
        patch = FancyBboxPatch((cx - width[n] / 2, cy - _BOX_H / 2), width[n], _BOX_H,
                               boxstyle="round,pad=0,rounding_size=0.08",
                               facecolor=_HIGHLIGHT if lit else fill,
                               edgecolor="#1b5e20" if lit else "#555555",
                               linewidth=2.0 if lit else 0.8, zorder=2)
        ax.add_patch(patch)
        patches[n] = patch
        ax.text(cx, cy, text[n], ha="center", va="center", fontsize=font, zorder=3,
                family="monospace")
    for s, t, kind in layout.edges:
        (x0, y0), (x1, y1) = centre[s], centre[t]
        skip = abs(layout.depth[t] - layout.depth[s]) > 1 or layout.depth[t] <= layout.depth[s]
        ax.add_patch(FancyArrowPatch(
            (x0, y0), (x1, y1), patchA=patches[s], patchB=patches[t],
            arrowstyle="-|>", mutation_scale=8 * scale + 2, linewidth=0.8,
            linestyle="--" if kind == CONTROL else "-",
            color="#b03030" if kind == CONTROL else "#333333",
            connectionstyle=f"arc3,rad={0.25 if skip else 0}", zorder=1))
    if title:
        ax.text(span_x / 2, span_y + 0.2, title, ha="center", va="center",
                fontsize=font + 2, weight="bold")
    return ax


def tensorboard_hint(log_dir: str | os.PathLike) -> str:
    """Return how to open TensorBoard on ``log_dir``, in the notebook and in a terminal.

    Both commands run from the kernel's working folder (a notebook's own folder in Jupyter),
    and the text says so: the path is relative to that folder when the logs lie inside the
    project, so each command works as printed and the text is the same on every machine.
    """
    path = Path(log_dir).resolve()
    inside = path.is_relative_to(project_dir().resolve())
    shown = Path(os.path.relpath(path, Path.cwd().resolve())).as_posix() if inside else str(path)
    parent = Path(shown).parent.as_posix()
    return (f"In this notebook:  %load_ext tensorboard\n"
            f"                   %tensorboard --logdir {shown}\n"
            f"In a terminal in this notebook's folder:  "
            f"tensorboard --logdir {parent if parent != '.' else shown}\n"
            f"                   then open http://localhost:6006/ (it listens on this machine "
            f"only)")
