"""The convnets whose features texture synthesis and style transfer match.

``choose()`` returns VGG-19 when its ImageNet weights are on disk (``CS20_VGG19_WEIGHTS``, or
the cache after ``python -m cs20_helpers data fetch vgg19-weights``), checksum verified, and
otherwise a published substitute that needs no weights: one layer of random filters at several
scales (Ustyuzhaninov, Brendel, Gatys and Bethge, ICLR 2017). Nothing is downloaded here.

Both nets are plain TensorFlow ops on NumPy weights, so the same net runs in a TF1 graph and
session and in TensorFlow 2 (eagerly or in a ``tf.function``).
"""

from __future__ import annotations

__all__ = ["cached_vgg19_weights", "check_vgg19_weights", "choose", "DILATIONS", "FeatureNet",
    "gaussian_blur", "random_multiscale_net", "VGG19_CONTENT", "vgg19_convolutions", "VGG19_FILE",
    "VGG19_MD5",
    "vgg19_net", "VGG19_SETTING", "VGG19_STYLE", "vgg19_weights_path", "VGG_MEAN_BGR",
    "WeightsError"]

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import tensorflow as tf

from cs20_helpers._settings import SettingError
from cs20_helpers.datasets import registry
from cs20_helpers.datasets.verified_download import file_digest

#: The setting naming the local VGG-19 weights file (Keras's "notop" HDF5 file).
VGG19_SETTING = "CS20_VGG19_WEIGHTS"
_WEIGHTS = registry.get("vgg19-weights")
VGG19_FILE = _WEIGHTS.files[0].name
#: The checksum Keras publishes for that file (``file_hash`` in keras.applications.vgg19).
VGG19_MD5 = _WEIGHTS.files[0].md5
#: Caffe's ImageNet mean pixel in BGR order, which VGG-19's weights expect subtracted.
VGG_MEAN_BGR = np.array([103.939, 116.779, 123.68], dtype=np.float32)


class WeightsError(SettingError):
    """The VGG-19 weights file (``CS20_VGG19_WEIGHTS``) is missing or not the published one."""


@dataclass(frozen=True)
class FeatureNet:
    """A feature extractor: ``net(images)`` maps [N, H, W, 3] images in [0, 1] to named maps."""

    name: str
    features: Callable[[tf.Tensor], dict[str, tf.Tensor]]
    layers: tuple[str, ...]
    content_layer: str
    style_layers: tuple[str, ...]

    def __call__(self, images: tf.Tensor) -> dict[str, tf.Tensor]:
        return self.features(images)


# --- VGG-19 with ImageNet weights -------------------------------------------------------------


def cached_vgg19_weights() -> Path:
    """Where ``data fetch vgg19-weights`` puts the file."""
    return _WEIGHTS.folder() / VGG19_FILE


def vgg19_weights_path() -> Path | None:
    """Return the weights file ``CS20_VGG19_WEIGHTS`` names, else the cached one if present."""
    raw = os.environ.get(VGG19_SETTING, "").strip()
    if raw:
        return Path(raw).expanduser()
    cached = cached_vgg19_weights()
    return cached if cached.is_file() else None


def check_vgg19_weights(path: str | Path, expected_md5: str = VGG19_MD5) -> Path:
    """Return ``path`` if it holds the published weights; raise WeightsError (one line) if not.

    Nothing is deleted or overwritten: a wrong file stays where it is for the user to look at.
    """
    path = Path(path)
    if not path.is_file():
        raise WeightsError(f"{VGG19_SETTING}: no file at {path}; expected Keras's {VGG19_FILE} "
                           f"(md5 {expected_md5}; `python -m cs20_helpers data fetch "
                           "vgg19-weights` downloads it)")
    digest = file_digest(path, "md5")
    if digest != expected_md5:
        raise WeightsError(f"{VGG19_SETTING}: {path} has md5 {digest}, expected {expected_md5} "
                           f"(Keras's {VGG19_FILE}); the file was left as it is")
    return path


def vgg19_convolutions(path: str | Path, expected_md5: str = VGG19_MD5
                       ) -> list[tuple[str, np.ndarray, np.ndarray]]:
    """Load VGG-19's 16 convolutions (name, kernel, bias) from a checked local weights file,
    through ``tf.keras.applications.VGG19(include_top=False, weights=...)``.

    Keras reads HDF5 weights only from a name ending in ``.h5``; a checked file named
    otherwise is read through a link of the expected name in a temporary folder.
    """
    checked = check_vgg19_weights(path, expected_md5)
    with tempfile.TemporaryDirectory() as folder:
        readable = checked
        if checked.suffix != ".h5":
            readable = Path(folder) / VGG19_FILE
            readable.symlink_to(checked.resolve())
        model = tf.keras.applications.VGG19(include_top=False, weights=str(readable))
    convs = [(layer.name, *layer.get_weights()) for layer in model.layers
             if isinstance(layer, tf.keras.layers.Conv2D)]
    tf.keras.backend.clear_session()
    return convs


#: VGG-19's layers that style transfer reads (Gatys et al.): one for content, five for style.
VGG19_CONTENT = "block4_conv2"
VGG19_STYLE = ("block1_conv1", "block2_conv1", "block3_conv1", "block4_conv1", "block5_conv1")


def vgg19_net(convs: list[tuple[str, np.ndarray, np.ndarray]]) -> FeatureNet:
    """VGG-19's convolutions as plain ops, with average pooling between blocks (as Gatys et al.
    did); every map is the ReLU after a convolution, named like Keras's layers. Convolutions
    after block5_conv1, the last layer read, are not computed."""
    last = [name for name, _, _ in convs].index(VGG19_STYLE[-1])
    used = convs[:last + 1]

    def features(images: tf.Tensor) -> dict[str, tf.Tensor]:
        x = images[..., ::-1] * 255.0 - VGG_MEAN_BGR  # RGB [0, 1] -> BGR, mean removed
        maps, block = {}, "block1"
        for name, kernel, bias in used:
            if not name.startswith(block + "_"):
                x = tf.nn.avg_pool2d(x, 2, 2, "VALID")
                block = name.split("_")[0]
            x = tf.nn.relu(tf.nn.conv2d(x, kernel, 1, "SAME") + bias)
            maps[name] = x
        return maps

    names = tuple(name for name, _, _ in used)
    return FeatureNet("VGG-19 (ImageNet weights)", features, names, VGG19_CONTENT, VGG19_STYLE)


# --- the substitute: random filters at several scales ------------------------------------------

#: Dilations of the substitute's 3x3 filters: spans of 3, 5, 9, 17 and 33 pixels.
DILATIONS = (1, 2, 4, 8, 16)


def gaussian_blur(images: tf.Tensor, sigma: float) -> tf.Tensor:
    """Blur [N, H, W, 3] images with a Gaussian of ``sigma`` pixels (separable, taps out to
    2.5 sigma), the border mirrored; the image keeps its size."""
    radius = max(1, int(np.ceil(2.5 * sigma)))
    taps = np.exp(-0.5 * (np.arange(-radius, radius + 1) / sigma) ** 2)
    taps = (taps / taps.sum()).astype(np.float32)
    padded = tf.pad(images, [[0, 0], [radius, radius], [radius, radius], [0, 0]], mode="REFLECT")
    down = np.tile(taps[:, None, None, None], (1, 1, 3, 1))
    across = np.tile(taps[None, :, None, None], (1, 1, 3, 1))
    blurred = tf.nn.depthwise_conv2d(padded, down, [1, 1, 1, 1], "VALID")
    return tf.nn.depthwise_conv2d(blurred, across, [1, 1, 1, 1], "VALID")


def random_multiscale_net(filters: int = 64, dilations: tuple[int, ...] = DILATIONS,
                          seed: int = 0, content: int = 2, blurred: bool = False) -> FeatureNet:
    """One layer of ``filters`` random 3x3 filters per scale, dilated, ReLU, no pooling.

    The multi-scale random net of Ustyuzhaninov et al. (2017) has filters of 3 to 55 pixels,
    128 of each size, on the full-resolution image. Here scale i is a 3x3 filter dilated by
    ``dilations[i]`` (taps that far apart), which spans as many pixels as a large filter for
    a fraction of the multiply-adds. A dilated filter reads single pixels that far apart and is
    blind to everything between its taps: texture synthesis from noise does well with that
    (Adam brings the gravel's Gram loss down some 25,000 times in 200 steps), but style
    transfer, which starts from the content photo, keeps the photo and fills the gaps with a
    fine grid. With ``blurred=True`` each dilated scale reads the image blurred with a Gaussian
    of half its dilation (``gaussian_blur``), so every tap sees its neighbourhood: notebook 11's
    style transfer uses that net. 64 filters a scale;
    every pixel offset is treated alike (no pooled pyramid, so no blocks); the border is
    mirrored, not padded with zeros, which would draw lines a rate in from it; weights are
    Gaussian over sqrt(fan-in), not made to sum to zero, so the net sees the mean colour too.
    Scale ``content`` (span 9 by default) is the content layer.
    """
    rng = np.random.default_rng(seed)
    kernels = [(rng.normal(size=(3, 3, 3, filters)) / np.sqrt(27)).astype(np.float32)
               for _ in dilations]
    names = tuple(f"span{2 * rate + 1}px" for rate in dilations)

    def features(images: tf.Tensor) -> dict[str, tf.Tensor]:
        x, maps = images - 0.5, {}
        for name, kernel, rate in zip(names, kernels, dilations, strict=True):
            seen = gaussian_blur(x, rate / 2) if blurred and rate > 1 else x
            # mirror the border instead of padding with zeros, which would draw lines a rate in
            padded = tf.pad(seen, [[0, 0], [rate, rate], [rate, rate], [0, 0]], mode="REFLECT")
            # atrous_conv2d: a dilated conv whose gradient TensorFlow's CPU kernels support
            response = (tf.nn.atrous_conv2d(padded, kernel, rate, "VALID") if rate > 1
                        else tf.nn.conv2d(padded, kernel, 1, "VALID"))
            maps[name] = tf.nn.relu(response)
        return maps

    kind = "blurred random filters" if blurred else "random filters"
    return FeatureNet(f"{kind}, {len(dilations)} scales x {filters} (no weights)",
                      features, names, names[content], names)


def choose() -> tuple[FeatureNet, str]:
    """Return VGG-19 when its checked weights are on disk, else the random multi-scale net,
    with one line saying which ran and why."""
    path = vgg19_weights_path()
    if path is None:
        return random_multiscale_net(), (
            f"VGG-19 weights not found ({VGG19_SETTING} is not set and the cache has no "
            f"{VGG19_FILE}): using random multi-scale filters")
    try:
        convs = vgg19_convolutions(path)
    except WeightsError as error:
        return random_multiscale_net(), f"{error}: using random multi-scale filters"
    return vgg19_net(convs), f"VGG-19 with ImageNet weights ({path.name}, md5 ok)"
