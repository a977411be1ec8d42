"""Build the bundled images of notebook 11 from the sample data of the scikit-image 0.26.0 wheel.

Each image is cropped to its central square and resized to 256x256 with Pillow's Lanczos
filter, then written as PNG (Pillow's defaults), so a re-run gives the same bytes:

- ``chelsea.png``: Chelsea the cat, a photograph (CC0, Stefan van der Walt);
- ``ihc.png``: immunohistochemistry-stained colon tissue, a colour texture (CMMI, no known
  copyright restrictions);
- ``gravel.png`` and ``brick.png``: greyscale textures from CC0Textures (CC0).

    python scripts/make_style_images.py [--data DIR] [--out cs20_helpers/data/images]

DIR is ``skimage/data`` of an unzipped ``pip download scikit-image==0.26.0 --no-deps`` wheel
(or of an installed scikit-image 0.26.0, the default).
"""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "cs20_helpers" / "data" / "images"
NAMES = ("chelsea.png", "ihc.png", "gravel.png", "brick.png")
SIZE = 256


def skimage_data() -> Path:
    """Return ``skimage/data`` of the installed scikit-image."""
    spec = importlib.util.find_spec("skimage")
    if spec is None or spec.origin is None:
        raise SystemExit("scikit-image is not installed: pass --data DIR")
    return Path(spec.origin).parent / "data"


def square(path: Path, size: int) -> Image.Image:
    """Return the central square of the image at ``path``, resized to ``size`` x ``size``."""
    with Image.open(path) as image:
        image.load()
        side = min(image.size)
        left, top = (image.width - side) // 2, (image.height - side) // 2
        crop = image.crop((left, top, left + side, top + side))
        return crop.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=None, help="skimage/data folder")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    data = args.data or skimage_data()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        square(data / name, SIZE).save(args.out / name)
        print(f"{name}: {SIZE}x{SIZE}, {(args.out / name).stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
