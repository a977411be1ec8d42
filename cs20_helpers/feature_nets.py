"""The convnets whose features texture synthesis and style transfer match.

``choose()`` returns VGG-19 when its ImageNet weights are on disk (``CS20_VGG19_WEIGHTS``, or
the cache after ``python -m cs20_helpers data fetch vgg19-weights``), checksum verified, and
otherwise a published substitute that needs no weights: one layer of random filters at several
scales (Ustyuzhaninov, Brendel, Gatys and Bethge, ICLR 2017). Nothing is downloaded here.

Both nets are plain TensorFlow ops on NumPy weights, so the same net runs in a TF1 graph and
session and in TensorFlow 2 (eagerly or in a ``tf.function``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cs20_helpers import registry
from cs20_helpers.download import file_digest
from cs20_helpers.notebook import quiet_import
from cs20_helpers.settings import SettingError

tf = quiet_import()

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
    through ``tf.keras.applications.VGG19(include_top=False, weights=path)``."""
    checked = check_vgg19_weights(path, expected_md5)
    model = tf.keras.applications.VGG19(include_top=False, weights=str(checked))
    convs = [(layer.name, *layer.get_weights()) for layer in model.layers
             if isinstance(layer, tf.keras.layers.Conv2D)]
    tf.keras.backend.clear_session()
    return convs


def vgg19_net(convs: list[tuple[str, np.ndarray, np.ndarray]]) -> FeatureNet:
    """VGG-19's convolutions as plain ops, with average pooling between blocks (as Gatys et al.
    did); every map is the ReLU after a convolution, named like Keras's layers."""

    def features(images: tf.Tensor) -> dict[str, tf.Tensor]:
        x = images[..., ::-1] * 255.0 - VGG_MEAN_BGR  # RGB [0, 1] -> BGR, mean removed
        maps, block = {}, "block1"
        for name, kernel, bias in convs:
            if not name.startswith(block + "_"):
                x = tf.nn.avg_pool2d(x, 2, 2, "VALID")
                block = name.split("_")[0]
            x = tf.nn.relu(tf.nn.conv2d(x, kernel, 1, "SAME") + bias)
            maps[name] = x
        return maps

    names = tuple(name for name, _, _ in convs)
    return FeatureNet("VGG-19 (ImageNet weights)", features, names, "block4_conv2",
                      ("block1_conv1", "block2_conv1", "block3_conv1", "block4_conv1",
                       "block5_conv1"))


# --- the substitute: random multi-scale filters -----------------------------------------------


def random_multiscale_net(levels: int = 4, filters: int = 48, size: int = 7,
                          seed: int = 0) -> FeatureNet:
    """One layer of random ``size`` x ``size`` filters, ReLU, applied to an image pyramid.

    Level i sees the image averaged down by 2**i, so its filters span ``size * 2**i`` pixels:
    the multi-scale random net of Ustyuzhaninov et al. (2017), with the large filters replaced
    by the same filters on a coarser image, which costs a fraction of the multiply-adds.
    """
    rng = np.random.default_rng(seed)
    kernels = []
    for _ in range(levels):
        kernel = rng.normal(size=(size, size, 3, filters)).astype(np.float32)
        kernel -= kernel.mean(axis=(0, 1, 2), keepdims=True)  # answer 0 on a flat image
        kernels.append(kernel / np.sqrt(size * size * 3))
    names = tuple(f"level{i}_{size * 2 ** i}px" for i in range(levels))

    def features(images: tf.Tensor) -> dict[str, tf.Tensor]:
        x, maps = images - 0.5, {}
        for i, (name, kernel) in enumerate(zip(names, kernels, strict=True)):
            if i:
                x = tf.nn.avg_pool2d(x, 2, 2, "VALID")
            maps[name] = tf.nn.relu(tf.nn.conv2d(x, kernel, 1, "SAME"))
        return maps

    return FeatureNet(f"random multi-scale filters ({levels} scales x {filters}, no weights)",
                      features, names, names[1], names)


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
