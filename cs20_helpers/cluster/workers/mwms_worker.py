"""One worker of MultiWorkerMirroredStrategy: every worker runs this file, TF_CONFIG says which.

Each step, worker i takes its half of the same global batch; the gradients are summed across
the workers (all-reduce), so every worker applies the same update to its copy of the weights.
The training runs twice: once with the all-reduce written out, once the idiomatic way (the
strategy shards the input, a Keras optimizer all-reduces and applies the gradients).
"""
import argparse
import json
import os

import keras
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
print(f"worker {index}: Keras {keras.__version__.split('.')[0]}, {args.steps} steps, "
      f"last global loss {float(loss):.6f}", flush=True)


# The same training, the idiomatic way. Global batch k is rows 64k..64k+63 of the data again:
# each input pipeline keeps every second row (shard) and batches its share of the global batch.
def dataset_fn(context: tf.distribute.InputContext) -> tf.data.Dataset:
    rows_x, rows_y = features.reshape(-1, 10), labels.reshape(-1)
    dataset = tf.data.Dataset.from_tensor_slices((rows_x, rows_y))
    dataset = dataset.shard(context.num_input_pipelines, context.input_pipeline_id)
    return dataset.batch(context.get_per_replica_batch_size(GLOBAL_BATCH))


batches = strategy.distribute_datasets_from_function(dataset_fn)
with strategy.scope():  # variables and the optimizer's state, mirrored on every worker
    keras_w = tf.Variable(tf.zeros([10]), name="keras_w")
    keras_b = tf.Variable(0.0, name="keras_b")
    optimizer = keras.optimizers.SGD(learning_rate=LR)  # Keras 3: no slots, nothing to build


@tf.function
def keras_step(batch):
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            errors = tf.square(tf.linalg.matvec(x, keras_w) + keras_b - y)
            loss = tf.nn.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)
        grads = tape.gradient(loss, [keras_w, keras_b])
        # apply_gradients first sums the gradients over the replicas (all-reduce), then applies
        optimizer.apply_gradients(zip(grads, [keras_w, keras_b], strict=True))
        return loss
    return strategy.reduce("sum", strategy.run(replica_step, args=batch), axis=None)


keras_losses = [float(keras_step(batch)) for batch in batches]
print(f"worker {index}: keras path {len(keras_losses)} steps, global loss "
      f"{keras_losses[0]:.4f} -> {keras_losses[-1]:.6f}", flush=True)
keras_weights = np.append(keras_w.numpy(), keras_b.numpy())
print("keras weights " + json.dumps([float(v) for v in keras_weights]), flush=True)

# Every worker takes part in saving (it is a collective); only the chief's copy is kept.
checkpoint = tf.train.Checkpoint(w=w, b=b)
folder = args.checkpoint_dir if index == 0 else os.path.join(args.checkpoint_dir, f"tmp_{index}")
checkpoint.write(os.path.join(folder, "weights"))
if index != 0:
    tf.io.gfile.rmtree(folder)
weights = np.append(w.numpy(), b.numpy())
print("weights " + json.dumps([float(v) for v in weights]), flush=True)
