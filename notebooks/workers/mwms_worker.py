"""One worker of MultiWorkerMirroredStrategy: every worker runs this file, TF_CONFIG says which.

Each step, worker i takes its half of the same global batch; the gradients are summed across
the workers (all-reduce), so every worker applies the same update to its copy of the weights.
"""
import argparse
import json
import os

import numpy as np
import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--steps", type=int, default=50)
parser.add_argument("--checkpoint-dir", required=True)
args = parser.parse_args()

strategy = tf.distribute.MultiWorkerMirroredStrategy()  # reads TF_CONFIG, starts a gRPC server
task = json.loads(os.environ["TF_CONFIG"])["task"]
index, workers = task["index"], strategy.num_replicas_in_sync
GLOBAL_BATCH, LR = 64, 0.1
per_worker = GLOBAL_BATCH // workers

rng = np.random.default_rng(0)  # the same data and batches on every worker, and in the notebook
features = rng.normal(size=(args.steps, GLOBAL_BATCH, 10)).astype(np.float32)
labels = features @ np.linspace(-1, 1, 10, dtype=np.float32) + 1

with strategy.scope():  # one copy of each variable per worker, kept equal by the strategy
    w = tf.Variable(tf.zeros([10]), name="w")
    b = tf.Variable(0.0, name="b")


@tf.function
def train_step(x, y):
    def replica_step(x, y):
        with tf.GradientTape() as tape:  # this worker's share of the global mean loss
            loss = tf.reduce_sum(tf.square(tf.linalg.matvec(x, w) + b - y)) / GLOBAL_BATCH
        grads = tape.gradient(loss, [w, b])
        grads = tf.distribute.get_replica_context().all_reduce("sum", grads)
        for var, grad in zip([w, b], grads, strict=True):
            var.assign_sub(LR * grad)
        return loss
    losses = strategy.run(replica_step, (x, y))
    return strategy.reduce("sum", losses, axis=None)


rows = slice(index * per_worker, (index + 1) * per_worker)
for step in range(args.steps):
    loss = train_step(tf.constant(features[step, rows]), tf.constant(labels[step, rows]))
print(f"worker {index}: {args.steps} steps, last global loss {float(loss):.6f}", flush=True)

# Every worker takes part in saving (it is a collective); only the chief's copy is kept.
checkpoint = tf.train.Checkpoint(w=w, b=b)
folder = args.checkpoint_dir if index == 0 else os.path.join(args.checkpoint_dir, f"tmp_{index}")
checkpoint.write(os.path.join(folder, "weights"))
if index != 0:
    tf.io.gfile.rmtree(folder)
weights = np.append(w.numpy(), b.numpy())
print("weights " + json.dumps([float(v) for v in weights]), flush=True)
