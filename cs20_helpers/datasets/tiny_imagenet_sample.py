"""A small, generated stand-in for Tiny ImageNet, in the real data set's exact layout.

No package registry ships Tiny ImageNet (200 classes, 64x64 RGB JPEGs, about 250 MB), so the
sample profile uses ten of its classes (real wnids and names), each drawn as its own pattern of
shape, colour and texture: an orange, a lemon, a basketball, a spider web, a picket fence, a
keyboard, an obelisk, a barn, an umbrella, a bell pepper. Every image varies position, scale,
colour, background and noise, so a small VGG has something to learn but cannot read the class
off one pixel. The boxes are the bounding boxes of the drawn objects. Umbrellas and bell
peppers come in three colours each, picked at random per image; ``drawn_colour`` names the one
an image of the sample was drawn in (notebook 09's captions use it).

Layout (as in ``tiny-imagenet-200/``)::

    wnids.txt                                 one wnid a line
    words.txt                                 wnid<TAB>comma-separated names
    train/<wnid>/images/<wnid>_<i>.JPEG
    train/<wnid>/<wnid>_boxes.txt             file<TAB>x0<TAB>y0<TAB>x1<TAB>y1
    val/images/val_<i>.JPEG
    val/val_annotations.txt                   file<TAB>wnid<TAB>x0<TAB>y0<TAB>x1<TAB>y1
    test/images/test_<i>.JPEG                 unlabelled

``sample_dir()`` generates it once into ``cache_dir()/tiny-imagenet-sample`` (in a temporary
folder renamed into place, so an interrupted run leaves nothing half-written) and reuses it.
"""

from __future__ import annotations

__all__ = ["Box", "CLASSES", "COLOURS", "draw_image", "drawn_colour", "generate", "N_TEST",
    "N_TRAIN", "N_VAL", "sample_dir", "SAMPLE_NAME", "SEED", "SIZE", "VERSION", "WNIDS"]

import math
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from cs20_helpers._atomic import give_default_mode
from cs20_helpers.datasets.registry import locked
from cs20_helpers.paths import cache_dir

#: The classes: real Tiny ImageNet wnids with their WordNet names.
CLASSES = [
    ("n07747607", "orange"),
    ("n07749582", "lemon"),
    ("n02802426", "basketball"),
    ("n04275548", "spider web, spider's web"),
    ("n03930313", "picket fence, paling"),
    ("n03085013", "computer keyboard, keypad"),
    ("n03837869", "obelisk"),
    ("n02793495", "barn"),
    ("n04507155", "umbrella"),
    ("n07720875", "bell pepper"),
]
WNIDS = [wnid for wnid, _ in CLASSES]
#: The classes drawn in one of three colours, picked per image: wnid -> {colour word: RGB}.
COLOURS = {
    "n04507155": {"blue": (40, 60, 200), "pink": (200, 40, 140), "green": (30, 150, 60)},
    "n07720875": {"red": (200, 30, 25), "green": (60, 150, 40), "yellow": (240, 180, 20)},
}

SIZE = 64  # image side, as in Tiny ImageNet
N_TRAIN, N_VAL, N_TEST = 50, 10, 20  # images per class (train, val) and in all (test)
SEED = 0
SAMPLE_NAME = "tiny-imagenet-sample"
#: Bump when the generator's output changes, so old caches are rebuilt.
VERSION = 1
_MARKER = ".complete"
_SCALE = 2  # draw at twice the size, then average down: smooth edges
_COVERED = [0] * 64 + [255] * 192  # mask pixels at least a quarter covered belong to the box


def _jitter(rng: np.random.Generator, rgb: tuple[int, int, int], amount: int = 30):
    """Return ``rgb`` with each channel moved by up to ``amount`` and brightness scaled."""
    scale = rng.uniform(0.8, 1.15)
    return tuple(int(np.clip(c * scale + rng.integers(-amount, amount + 1), 0, 255))
                 for c in rgb)


class _Pen:
    """Draw each shape on the image and on the object's mask (the box comes from the mask);
    ``on_mask=False`` for details inside the object, which only the image needs."""

    def __init__(self, image: Image.Image, mask: Image.Image):
        self.img, self.mask = ImageDraw.Draw(image), ImageDraw.Draw(mask)

    def __getattr__(self, shape: str) -> Callable[..., None]:
        def draw(*args, fill=None, on_mask: bool = True, **kwargs):
            getattr(self.img, shape)(*args, fill=fill, **kwargs)
            if on_mask:
                getattr(self.mask, shape)(*args, fill=255, **kwargs)
        return draw


# Each class draws its object inside the box (x0, y0, x1, y1) of the hi-res canvas.
Box = tuple[float, float, float, float]


def _orange(pen: _Pen, box: Box, rng: np.random.Generator) -> None:
    colour = _jitter(rng, (240, 140, 20))
    pen.ellipse(box, fill=colour)
    x0, y0, x1, y1 = box
    dark = tuple(int(c * 0.8) for c in colour)
    for _ in range(25):  # dimpled peel
        u, v = rng.uniform(-0.6, 0.6, size=2)
        cx, cy = (x0 + x1) / 2 + u * (x1 - x0) / 2, (y0 + y1) / 2 + v * (y1 - y0) / 2
        pen.ellipse((cx - 1.5, cy - 1.5, cx + 1.5, cy + 1.5), fill=dark, on_mask=False)
    pen.ellipse(((x0 + x1) / 2 - 3, y0 + 2, (x0 + x1) / 2 + 3, y0 + 8),
                fill=(70, 110, 30), on_mask=False)


def _lemon(pen: _Pen, box: Box, rng: np.random.Generator) -> None:
    colour = _jitter(rng, (245, 225, 50))
    x0, y0, x1, y1 = box
    w = x1 - x0
    pen.ellipse((x0 + 0.08 * w, y0, x1 - 0.08 * w, y1), fill=colour)
    cy, tip = (y0 + y1) / 2, 0.1 * (y1 - y0)
    pen.polygon([(x0, cy), (x0 + 0.12 * w, cy - tip), (x0 + 0.12 * w, cy + tip)], fill=colour)
    pen.polygon([(x1, cy), (x1 - 0.12 * w, cy - tip), (x1 - 0.12 * w, cy + tip)], fill=colour)


def _basketball(pen: _Pen, box: Box, rng: np.random.Generator) -> None:
    colour = _jitter(rng, (205, 95, 35), 20)
    pen.ellipse(box, fill=colour)
    x0, y0, x1, y1 = box
    cx, cy, w = (x0 + x1) / 2, (y0 + y1) / 2, max(2, round((x1 - x0) / 28))
    seam = (25, 15, 10)
    pen.line([(cx, y0), (cx, y1)], fill=seam, width=w, on_mask=False)
    pen.line([(x0, cy), (x1, cy)], fill=seam, width=w, on_mask=False)
    d = 0.35 * (x1 - x0)
    pen.arc((x0 - d, y0, x0 + d, y1), -70, 70, fill=seam, width=w, on_mask=False)
    pen.arc((x1 - d, y0, x1 + d, y1), 110, 250, fill=seam, width=w, on_mask=False)


def _spider_web(pen: _Pen, box: Box, rng: np.random.Generator) -> None:
    colour = _jitter(rng, (225, 225, 230), 15)
    x0, y0, x1, y1 = box
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    spokes = int(rng.integers(7, 11))
    turn = rng.uniform(0, 2 * math.pi)
    angles = [turn + 2 * math.pi * k / spokes for k in range(spokes)]
    for a in angles:
        pen.line([(cx, cy), (cx + r * math.cos(a), cy + r * math.sin(a))], fill=colour, width=2)
    for ring in np.linspace(0.25, 0.95, int(rng.integers(3, 6))):
        pts = [(cx + ring * r * math.cos(a), cy + ring * r * math.sin(a)) for a in angles]
        pen.line(pts + pts[:1], fill=colour, width=2)


def _picket_fence(pen: _Pen, box: Box, rng: np.random.Generator) -> None:
    colour = _jitter(rng, (240, 240, 235), 15)
    x0, y0, x1, y1 = box
    n = int(rng.integers(4, 8))
    step = (x1 - x0) / n
    pw, h = 0.6 * step, y1 - y0
    for k in range(n):
        left = x0 + k * step + 0.2 * step
        pen.polygon([(left, y0 + 0.15 * h), (left + pw / 2, y0), (left + pw, y0 + 0.15 * h),
                     (left + pw, y1), (left, y1)], fill=colour)
    for level in (0.35, 0.75):
        pen.rectangle((x0, y0 + level * h, x1, y0 + level * h + 0.07 * h), fill=colour)


def _keyboard(pen: _Pen, box: Box, rng: np.random.Generator) -> None:
    body = _jitter(rng, (55, 55, 60), 20)
    key = _jitter(rng, (215, 215, 210), 20)
    x0, y0, x1, y1 = box
    pen.rectangle(box, fill=body)
    rows, cols = int(rng.integers(4, 6)), int(rng.integers(10, 14))
    kw, kh = (x1 - x0) / cols, (y1 - y0) / rows
    for r in range(rows):
        for c in range(cols):
            kx, ky = x0 + c * kw, y0 + r * kh
            pen.rectangle((kx + 1, ky + 1, kx + kw - 2, ky + kh - 2), fill=key, on_mask=False)


def _obelisk(pen: _Pen, box: Box, rng: np.random.Generator) -> None:
    colour = _jitter(rng, (185, 170, 140), 25)
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    top = y0 + 0.12 * h
    pen.polygon([(x0, y1), (x1, y1), (x1 - 0.2 * w, top), (x0 + 0.2 * w, top)], fill=colour)
    pen.polygon([(x0 + 0.2 * w, top), (x1 - 0.2 * w, top), ((x0 + x1) / 2, y0)],
                fill=tuple(int(c * 0.8) for c in colour))


def _barn(pen: _Pen, box: Box, rng: np.random.Generator) -> None:
    wall = _jitter(rng, (170, 35, 30), 25)
    roof = _jitter(rng, (80, 70, 70), 20)
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    eave = y0 + 0.4 * h
    pen.polygon([(x0, eave), ((x0 + x1) / 2, y0), (x1, eave)], fill=roof)
    pen.rectangle((x0 + 0.05 * w, eave, x1 - 0.05 * w, y1), fill=wall)
    d0, d1 = (x0 + 0.35 * w, y0 + 0.62 * h), (x1 - 0.35 * w, y1)
    pen.rectangle((*d0, *d1), outline=(240, 240, 240), width=2, on_mask=False)
    pen.line([d0, d1], fill=(240, 240, 240), width=2, on_mask=False)
    pen.line([(d0[0], d1[1]), (d1[0], d0[1])], fill=(240, 240, 240), width=2, on_mask=False)


def _umbrella(pen: _Pen, box: Box, rng: np.random.Generator) -> str:
    word = list(COLOURS["n04507155"])[rng.integers(0, 3)]
    colour = _jitter(rng, COLOURS["n04507155"][word], 25)
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    pen.pieslice((x0, y0, x1, y0 + h), 180, 360, fill=colour)
    shaft = max(2, round(w / 30))
    pen.line([(cx, y0 + h / 2), (cx, y1 - 0.1 * h)], fill=(40, 30, 20), width=shaft)
    pen.arc((cx - 0.12 * w, y1 - 0.2 * h, cx, y1), 0, 180, fill=(40, 30, 20), width=shaft)
    return word


def _bell_pepper(pen: _Pen, box: Box, rng: np.random.Generator) -> str:
    word = list(COLOURS["n07720875"])[rng.integers(0, 3)]
    colour = _jitter(rng, COLOURS["n07720875"][word])
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    body_top = y0 + 0.18 * h
    for left, right in ((0.0, 0.45), (0.27, 0.73), (0.55, 1.0)):  # three lobes
        pen.ellipse((x0 + left * w, body_top, x0 + right * w, y1), fill=colour)
    pen.rectangle(((x0 + x1) / 2 - 0.05 * w, y0, (x0 + x1) / 2 + 0.05 * w, body_top + 4),
                  fill=(40, 100, 30))
    return word


# The drawer of each class and the range of its width / height.
_DRAWERS = {
    "n07747607": (_orange, (1.0, 1.0)),
    "n07749582": (_lemon, (1.35, 1.7)),
    "n02802426": (_basketball, (1.0, 1.0)),
    "n04275548": (_spider_web, (1.0, 1.0)),
    "n03930313": (_picket_fence, (1.3, 2.0)),
    "n03085013": (_keyboard, (2.2, 3.0)),
    "n03837869": (_obelisk, (0.25, 0.4)),
    "n02793495": (_barn, (0.9, 1.3)),
    "n04507155": (_umbrella, (1.0, 1.3)),
    "n07720875": (_bell_pepper, (0.85, 1.05)),
}


def _background(rng: np.random.Generator, side: int) -> Image.Image:
    """Return a random two-colour gradient with a few faint distractor shapes."""
    a, b = rng.integers(30, 226, size=(2, 3))
    t = np.linspace(0, 1, side)[:, None, None]
    grad = a + (b - a) * t
    if rng.random() < 0.5:
        grad = grad.transpose(1, 0, 2)
    pixels = np.broadcast_to(grad, (side, side, 3)).astype(np.uint8)
    image = Image.fromarray(pixels)
    draw = ImageDraw.Draw(image)
    for _ in range(int(rng.integers(0, 3))):
        x, y = rng.uniform(0, side, size=2)
        r = rng.uniform(0.03, 0.08) * side
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    return image


def draw_image(wnid: str, rng: np.random.Generator) -> tuple[Image.Image, tuple[int, ...]]:
    """Return one 64x64 RGB image of class ``wnid`` and its box (x0, y0, x1, y1, inclusive)."""
    image, box, _ = _draw(wnid, rng)
    return image, box


def _draw(wnid: str, rng: np.random.Generator) -> tuple[Image.Image, tuple[int, ...], str | None]:
    """``draw_image``, and the colour word the drawer picked (None: a class of one colour)."""
    drawer, (lo, hi) = _DRAWERS[wnid]
    side = SIZE * _SCALE
    image = _background(rng, side)
    mask = Image.new("L", (side, side), 0)
    aspect = rng.uniform(lo, hi)
    extent = rng.uniform(0.45, 0.85) * side  # the longer side of the object
    w, h = (extent, extent / aspect) if aspect >= 1 else (extent * aspect, extent)
    x0, y0 = rng.uniform(1, side - w - 1), rng.uniform(1, side - h - 1)
    colour = drawer(_Pen(image, mask), (x0, y0, x0 + w, y0 + h), rng)
    image, mask = image.reduce(_SCALE), mask.reduce(_SCALE)
    noise = rng.normal(0, rng.uniform(4, 12), size=(SIZE, SIZE, 3))
    pixels = np.clip(np.asarray(image, dtype=np.float64) + noise, 0, 255).astype(np.uint8)
    bx0, by0, bx1, by1 = mask.point(_COVERED).getbbox()
    return Image.fromarray(pixels), (bx0, by0, bx1 - 1, by1 - 1), colour


def _save(image: Image.Image, path: Path) -> None:
    image.save(path, "JPEG", quality=90)


def _rng(seed: int, *key: int) -> np.random.Generator:
    return np.random.default_rng([seed, *key])


def generate(root: str | os.PathLike, *, n_train: int = N_TRAIN, n_val: int = N_VAL,
             n_test: int = N_TEST, seed: int = SEED) -> Path:
    """Write the sample's full layout into the folder ``root`` (created); return it.

    Same arguments, same bytes: every image draws from its own seeded generator.
    """
    root = Path(root)
    (root / "val" / "images").mkdir(parents=True, exist_ok=True)
    (root / "test" / "images").mkdir(parents=True, exist_ok=True)
    (root / "wnids.txt").write_text("".join(f"{w}\n" for w in WNIDS), encoding="utf-8")
    (root / "words.txt").write_text("".join(f"{w}\t{n}\n" for w, n in CLASSES),
                                    encoding="utf-8")
    for c, wnid in enumerate(WNIDS):
        folder = root / "train" / wnid
        (folder / "images").mkdir(parents=True, exist_ok=True)
        lines = []
        for i in range(n_train):
            image, box = draw_image(wnid, _rng(seed, 0, c, i))
            name = f"{wnid}_{i}.JPEG"
            _save(image, folder / "images" / name)
            lines.append("\t".join([name, *map(str, box)]) + "\n")
        (folder / f"{wnid}_boxes.txt").write_text("".join(lines), encoding="utf-8")

    val_classes = _rng(seed, 1).permutation(np.repeat(np.arange(len(WNIDS)), n_val))
    lines = []
    for i, c in enumerate(val_classes):
        image, box = draw_image(WNIDS[c], _rng(seed, 2, i))
        name = f"val_{i}.JPEG"
        _save(image, root / "val" / "images" / name)
        lines.append("\t".join([name, WNIDS[c], *map(str, box)]) + "\n")
    (root / "val" / "val_annotations.txt").write_text("".join(lines), encoding="utf-8")

    test_classes = _rng(seed, 3).integers(0, len(WNIDS), size=n_test)
    for i, c in enumerate(test_classes):
        image, _ = draw_image(WNIDS[c], _rng(seed, 4, i))
        _save(image, root / "test" / "images" / f"test_{i}.JPEG")
    return root


_NAME = re.compile(r"(?:(val|test)|(n\d{8}))_(\d+)\.JPEG")


def drawn_colour(name: str, wnid: str, seed: int = SEED) -> str | None:
    """Return the colour word of the sample's image ``name`` (``val_3.JPEG``,
    ``n07720875_12.JPEG``, ...) of class ``wnid``: ``"red"`` for a red bell pepper, None for a
    class drawn in one colour. The image is drawn again from its own seed, as ``generate`` drew
    it."""
    match = _NAME.fullmatch(name)
    if match is None or wnid not in WNIDS or match[2] not in (None, wnid):
        raise ValueError(f"not an image of class {wnid!r} in the sample: {name!r}")
    if wnid not in COLOURS:
        return None
    split, i = match[1], int(match[3])
    key = (0, WNIDS.index(wnid), i) if split is None else (2 if split == "val" else 4, i)
    return _draw(wnid, _rng(seed, *key))[2]


def _stamp() -> str:
    return f"version {VERSION}, {N_TRAIN} train, {N_VAL} val, {N_TEST} test, seed {SEED}\n"


def _is_complete(folder: Path) -> bool:
    marker = folder / _MARKER
    return marker.is_file() and marker.read_text(encoding="utf-8") == _stamp()


def sample_dir() -> Path:
    """Return ``cache_dir()/tiny-imagenet-sample``, generating it first when it is missing.

    One process generates it, under the cache's lock for it, while others wait and then find it
    ready. It is written into a temporary folder beside it and renamed into place once
    complete, so an interrupted run leaves no partial sample (and what a killed run left is
    removed first); a folder from another version is replaced.
    """
    target = cache_dir() / SAMPLE_NAME
    if _is_complete(target):
        return target
    with locked(SAMPLE_NAME):
        if _is_complete(target):  # made by another process while this one waited
            return target
        for stale in target.parent.glob(f".{SAMPLE_NAME}-*"):
            shutil.rmtree(stale, ignore_errors=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{SAMPLE_NAME}-", dir=target.parent))
        try:
            generate(tmp, n_train=N_TRAIN, n_val=N_VAL, n_test=N_TEST, seed=SEED)
            (tmp / _MARKER).write_text(_stamp(), encoding="utf-8")
            give_default_mode(tmp)  # mkdtemp made it owner-only; a cache may be shared
            if target.exists():  # stale: another version
                os.replace(target, tmp.with_name(tmp.name + "-old"))
            os.rename(tmp, target)
        finally:
            for leftover in (tmp, tmp.with_name(tmp.name + "-old")):
                shutil.rmtree(leftover, ignore_errors=True)
    return target
