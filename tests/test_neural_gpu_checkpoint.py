"""cs20_helpers.neural_gpu.checkpoint: save, restore with provenance, the shipped model."""

import json

import numpy as np

from cs20_helpers import neural_gpu as ng
from cs20_helpers.neural_gpu import checkpoint as ckpt

TINY = ng.DEFAULTS._replace(filters=4, width=2, batch=4, max_length=3)


def test_a_restored_model_answers_as_the_saved_one(tmp_path):
    trainer = ng.Trainer(TINY._replace(seed=3, relax=3))
    try:
        trainer.train(2, check_every=2)
        x, _ = trainer.batch(3, 3, np.random.default_rng(0))
        expected = trainer.predict(x)
        written = ckpt.save(trainer, tmp_path / "run" / "best", {"seed": 3, "steps": 2},
                            optimizer=False)
    finally:
        trainer.close()
    meta = json.loads(written.read_text(encoding="utf-8"))
    assert meta["steps"] == 2 and meta["hparams"]["relax"] == 3
    weights, _ = ckpt.read(tmp_path / "run" / "best")
    assert not any("Adam" in name for name in weights) and "global_step" not in weights
    restored, meta = ckpt.restore(tmp_path / "run" / "best")
    try:
        assert restored.hp == TINY._replace(seed=3, relax=3)
        assert np.array_equal(restored.predict(x), expected)
    finally:
        restored.close()
    assert sorted(p.name for p in (tmp_path / "run").iterdir()) == ["best.json", "best.npz"]


def test_with_the_optimizer_a_checkpoint_resumes_the_step_count(tmp_path):
    trainer = ng.Trainer(TINY)
    try:
        trainer.train(3, check_every=3)
        ckpt.save(trainer, tmp_path / "latest", {})
    finally:
        trainer.close()
    restored, _ = ckpt.restore(tmp_path / "latest")
    try:
        assert restored.steps == 3 and restored.sess.run(restored.global_step) == 3
    finally:
        restored.close()


def test_the_shipped_checkpoint_loads_with_its_provenance():
    trainer, provenance = ckpt.load_shipped()
    try:
        assert trainer.hp.layout == "sequential" and trainer.hp.task == "add"
        assert trainer.hp.max_length == 20
        for key in ("seed", "steps", "wall_seconds", "cpu", "command", "test", "validation"):
            assert key in provenance, key
        assert provenance["test_seed"] == ng.TEST_SEED != provenance["validation_seed"]
        x, y = trainer.batch(4, 3, np.random.default_rng(0))
        assert trainer.predict(x).shape == y.shape + (ng.VOCAB,)
    finally:
        trainer.close()
