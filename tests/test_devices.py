"""Devices for towers: distinct names, and splitting one CPU or too few GPUs."""

import subprocess
import sys
from types import SimpleNamespace

import pytest

from cs20_helpers import devices
from cs20_helpers.notebook import import_tensorflow

tf = import_tensorflow()


def test_device_names_are_distinct_gpus_else_cpus():
    assert devices.device_names(3, gpus=0) == ["/cpu:0", "/cpu:1", "/cpu:2"]
    assert devices.device_names(2, gpus=2) == ["/gpu:0", "/gpu:1"]
    assert devices.device_names(2, gpus=4) == ["/gpu:0", "/gpu:1"]
    with pytest.raises(ValueError, match="split them first"):
        devices.device_names(2, gpus=1)
    with pytest.raises(ValueError):
        devices.device_names(0, gpus=0)


def test_gpus_per_device_gives_every_tower_its_own_gpu():
    assert devices.gpus_per_device(4, 0) == 1
    assert devices.gpus_per_device(2, 2) == 1
    assert devices.gpus_per_device(2, 1) == 2
    assert devices.gpus_per_device(5, 2) == 3
    with pytest.raises(ValueError):
        devices.gpus_per_device(0, 1)


class FakeConfig:
    """tf.config with a fake device list: ``gpus`` physical GPUs and one CPU."""

    def __init__(self, gpus):
        self.physical = {"CPU": [SimpleNamespace(name="/physical_device:CPU:0")],
                         "GPU": [SimpleNamespace(name=f"/physical_device:GPU:{i}")
                                 for i in range(gpus)]}
        self.split = {}
        self.LogicalDeviceConfiguration = tf.config.LogicalDeviceConfiguration

    def list_physical_devices(self, kind):
        return self.physical[kind]

    def set_logical_device_configuration(self, device, logical):
        self.split[device.name] = [config.memory_limit for config in logical]

    def list_logical_devices(self, kind):
        return [None] * sum(len(v) for k, v in self.split.items() if kind in k)


def test_two_towers_on_one_gpu_get_two_logical_gpus(monkeypatch):
    fake = FakeConfig(gpus=1)
    monkeypatch.setattr(tf, "config", fake)
    assert devices.split_devices(2, gpu_memory_mb=512) == {"CPU": 2, "GPU": 2}
    assert fake.split == {"/physical_device:CPU:0": [None, None],
                          "/physical_device:GPU:0": [512, 512]}
    assert devices.tower_devices(2) == ["/gpu:0", "/gpu:1"]


def test_enough_gpus_are_left_whole(monkeypatch):
    fake = FakeConfig(gpus=2)
    monkeypatch.setattr(tf, "config", fake)
    assert devices.split_devices(2) == {"CPU": 2, "GPU": 2}
    assert list(fake.split) == ["/physical_device:CPU:0"]


def test_tower_devices_names_the_cpus_without_a_gpu():
    if tf.config.list_logical_devices("GPU"):
        assert devices.tower_devices(1) == ["/gpu:0"]
    else:
        assert devices.tower_devices(3) == ["/cpu:0", "/cpu:1", "/cpu:2"]
    with pytest.raises(ValueError):
        devices.tower_devices(0)


def test_split_cpu_after_start_accepts_the_same_count_and_refuses_another():
    have = len(tf.config.list_logical_devices("CPU"))
    assert devices.split_cpu(have) == have
    with pytest.raises(RuntimeError, match="before anything else runs"):
        devices.split_cpu(have + 3)


SPLIT = """
from cs20_helpers.notebook import setup
tf, tf1 = setup(cpu_devices=3, show=False)
print([d.name for d in tf.config.list_logical_devices("CPU")])
"""


def test_setup_splits_the_cpu_in_a_fresh_process_quietly():
    done = subprocess.run([sys.executable, "-c", SPLIT], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == str([f"/device:CPU:{i}" for i in range(3)])
    assert done.stderr == ""
