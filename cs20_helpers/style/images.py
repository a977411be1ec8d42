"""The bundled photographs and textures of notebook 11 (see ``data/README.md`` for sources)."""

from __future__ import annotations

__all__ = ["IMAGES", "load_image"]

import numpy as np
from PIL import Image

from cs20_helpers.paths import bundled_data_dir

#: Bundled images by name: real photographs and textures, at most 256 px on a side.
IMAGES = {
    "cat": "images/chelsea.png",
    "tissue": "images/ihc.png",
    "bricks": "images/brick.png",
    "gravel": "images/gravel.png",
}


def load_image(name: str, size: int) -> np.ndarray:
    """Return a bundled image as float32 [size, size, 3] in [0, 1]: the central square,
    resized with a Lanczos filter."""
    if name not in IMAGES:
        raise KeyError(f"unknown image {name!r}; bundled: {', '.join(IMAGES)}")
    with Image.open(bundled_data_dir() / IMAGES[name]) as image:
        rgb = image.convert("RGB")
        side = min(rgb.size)
        left, top = (rgb.width - side) // 2, (rgb.height - side) // 2
        square = rgb.crop((left, top, left + side, top + side))
        resized = square.resize((size, size), Image.Resampling.LANCZOS)
    return np.asarray(resized, dtype=np.float32) / 255.0
