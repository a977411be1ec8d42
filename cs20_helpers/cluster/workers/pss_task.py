"""ParameterServerStrategy: the chief coordinates, workers compute, ps tasks hold variables.

Workers and ps tasks only run a server; the chief builds the model and sends steps to them.
"""
import json
import os

import keras
import numpy as np
import tensorflow as tf

config = json.loads(os.environ["TF_CONFIG"])
job, index = config["task"]["type"], config["task"]["index"]
if job in ("worker", "ps"):
    server = tf.distribute.Server(tf.train.ClusterSpec(config["cluster"]), job_name=job,
                                  task_index=index, protocol="grpc", start=True)
    print(f"{job} {index}: serving", flush=True)
    server.join()

resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
strategy = tf.distribute.ParameterServerStrategy(resolver)
coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
with strategy.scope():
    w = tf.Variable(tf.zeros([10]), name="w")
    b = tf.Variable(0.0, name="b")
    optimizer = keras.optimizers.SGD(learning_rate=0.1)  # Keras 3; its step count lives on a ps too
print(f"chief: Keras {keras.__version__.split('.')[0]}; w lives on {w.device}, b on {b.device}",
      flush=True)

rng = np.random.default_rng(0)
features = rng.normal(size=(1024, 10)).astype(np.float32)
labels = features @ np.linspace(-1, 1, 10, dtype=np.float32) + 1


def dataset_fn():
    return tf.data.Dataset.from_tensor_slices((features, labels)).repeat().batch(32)


@tf.function
def train_step(iterator):
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, w) + b - y))
        optimizer.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b], strict=True))
        return loss
    return strategy.run(step, args=next(iterator))


iterator = iter(coordinator.create_per_worker_dataset(dataset_fn))
for _ in range(100):
    result = coordinator.schedule(train_step, args=(iterator,))
coordinator.join()
error = np.abs(w.numpy() - np.linspace(-1, 1, 10)).max()
print(f"chief: 100 steps done on the workers, last loss {result.fetch():.4f}, "
      f"largest weight error {error:.4f}", flush=True)
