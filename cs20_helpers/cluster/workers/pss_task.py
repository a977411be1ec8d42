"""ParameterServerStrategy: the chief coordinates, workers compute, ps tasks hold variables.

Workers and ps tasks only run a server; the chief builds the model and sends steps to them.
Each step reports which worker ran it and how many updates landed while it ran.
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
    updates = tf.Variable(0, dtype=tf.int64, name="updates")  # updates that have landed, on a ps
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
        seen = updates.read_value()  # the count when this step reads the weights
        with tf.control_dependencies([seen]):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, w) + b - y))
        optimizer.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b], strict=True))
        with tf.control_dependencies([w.read_value(), b.read_value()]):  # once w and b moved
            landed = updates.assign_add(1)
        worker = tf.distribute.coordinator.experimental_get_current_worker_index()
        return loss, worker, landed - seen  # 1: no other update landed meanwhile
    return strategy.run(step, args=next(iterator))


iterator = iter(coordinator.create_per_worker_dataset(dataset_fn))
results = [coordinator.schedule(train_step, args=(iterator,)) for _ in range(100)]
coordinator.join()  # wait until every scheduled step has run
steps = [[int(value) for value in result.fetch()[1:]] for result in results]
error = np.abs(w.numpy() - np.linspace(-1, 1, 10)).max()
print(f"chief: 100 steps done on the workers, last loss {results[-1].fetch()[0]:.4f}, "
      f"largest weight error {error:.4f}", flush=True)
print("chief: worker and updates landed, per step:", json.dumps(steps), flush=True)
