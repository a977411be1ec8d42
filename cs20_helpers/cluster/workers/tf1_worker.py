"""One task of a TF1 cluster: a parameter server, or a worker training a linear regression.

Every process runs this same file; TF_CONFIG (JSON) names the cluster and says which task this is.
"""
import argparse
import json
import os
import time

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1
tf1.disable_eager_execution()
tf.get_logger().setLevel("ERROR")

parser = argparse.ArgumentParser()
parser.add_argument("--mode", choices=["async", "sync"], default="async")
parser.add_argument("--last-step", type=int, default=200)
parser.add_argument("--checkpoint-dir")
parser.add_argument("--save-steps", type=int, default=100)
parser.add_argument("--lr", type=float, default=0.1)
parser.add_argument("--batch", type=int, default=32)
parser.add_argument("--hook-steps-per-run", type=int,
                    help="steps_per_run of the chief's CheckpointSaverHook (TF's default: 1000000)")
parser.add_argument("--trace-dir",
                    help="save each step's global steps, loss and clock times to worker<i>.npy")
args = parser.parse_args()

config = json.loads(os.environ["TF_CONFIG"])
job, index = config["task"]["type"], config["task"]["index"]
cluster = tf1.train.ClusterSpec(config["cluster"])
server = tf1.train.Server(cluster, job_name=job, task_index=index)
if job == "ps":
    print(f"ps {index}: serving variables", flush=True)
    server.join()  # forever: the parameter server only stores and updates variables

# The data: y = x . w_true + 1 + noise. Worker i keeps every n-th row, starting at row i.
num_workers, is_chief = cluster.num_tasks("worker"), index == 0
rng = np.random.default_rng(0)
features = rng.normal(size=(4096, 10)).astype(np.float32)
labels = features @ np.linspace(-1, 1, 10, dtype=np.float32) + 1 + \
    0.1 * rng.normal(size=4096).astype(np.float32)
shard_x, shard_y = features[index::num_workers], labels[index::num_workers]

# Variables go to the ps job (round-robin over its tasks), ops stay on this worker.
with tf1.device(tf1.train.replica_device_setter(
        worker_device=f"/job:worker/task:{index}", cluster=cluster)):
    global_step = tf1.train.get_or_create_global_step()
    x = tf1.placeholder(tf.float32, [None, 10])
    y = tf1.placeholder(tf.float32, [None])
    w = tf1.get_variable("w", [10], initializer=tf1.zeros_initializer())
    b = tf1.get_variable("b", [], initializer=tf1.zeros_initializer())
    # Read the global step, then the weights: the step count this gradient is computed at.
    step_read = global_step.read_value()
    with tf1.control_dependencies([step_read]):
        w_now, b_now = w.read_value(), b.read_value()
    loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, w_now) + b_now - y))
    # The loss on all the data at the weights this step read: the path training follows.
    full_loss = tf.reduce_mean(tf.square(tf.linalg.matvec(features, w_now) + b_now - labels))
    optimizer = tf1.train.GradientDescentOptimizer(args.lr)
    if args.mode == "sync":  # wait for num_workers fresh gradients (any worker), apply their mean
        optimizer = tf1.train.SyncReplicasOptimizer(
            optimizer, replicas_to_aggregate=num_workers, total_num_replicas=num_workers)
    # minimize() is compute_gradients + apply_gradients; written out to differentiate w.r.t.
    # the values read above, so that the step count and the weights come from one read.
    grads = tf.gradients(loss, [w_now, b_now])
    train_op = optimizer.apply_gradients(zip(grads, [w, b], strict=True), global_step=global_step)
    with tf1.control_dependencies([train_op]):  # the global step once this update has landed
        step_landed = global_step.read_value()
    # Clock times on this worker: weights received, gradient computed, update landed on the ps.
    with tf1.control_dependencies([w_now, b_now]):
        time_read = tf.timestamp()
    with tf1.control_dependencies(grads):
        time_grad = tf.timestamp()
    with tf1.control_dependencies([step_landed]):
        time_landed = tf.timestamp()
# A start line on the ps: each worker checks in, then waits until all have.
with tf1.device("/job:ps/task:0"):
    arrivals = tf1.FIFOQueue(1000, tf.int32, shared_name="start_line")
    check_in, arrived = arrivals.enqueue(index), arrivals.size()

if is_chief:
    for v in (w, b, global_step):
        print(f"{v.op.name} lives on {v.device}", flush=True)
    print(f"the loss is computed on {loss.device}", flush=True)


class SaveListener(tf1.train.CheckpointSaverListener):
    def after_save(self, session, step):
        print(f"chief saved a checkpoint at step {step}", flush=True)


hooks = [tf1.train.StopAtStepHook(last_step=args.last_step)]
if args.mode == "sync":
    hooks.append(optimizer.make_session_run_hook(is_chief))
chief_hooks = [tf1.train.CheckpointSaverHook(args.checkpoint_dir, save_steps=args.save_steps,
                                             listeners=[SaveListener()])]
if args.hook_steps_per_run:  # a private setter: the hook has no public argument for it
    chief_hooks[0]._set_steps_per_run(args.hook_steps_per_run)
session_config = tf1.ConfigProto(  # talk to the ps and to yourself, never to the other workers
    device_filters=["/job:ps", f"/job:worker/task:{index}"],
    intra_op_parallelism_threads=1, inter_op_parallelism_threads=1)
if not is_chief:  # wait for the chief to initialize the variables (0.1 s polls, not 30 s)
    uninitialized = tf1.report_uninitialized_variables(tf1.global_variables())
    with tf1.Session(server.target, config=session_config) as probe:
        while len(probe.run(uninitialized)):
            time.sleep(0.1)

batches, steps = np.random.default_rng(100 + index), 0
with tf1.train.MonitoredTrainingSession(
        master=server.target, is_chief=is_chief, checkpoint_dir=args.checkpoint_dir,
        save_checkpoint_steps=None, save_checkpoint_secs=None, save_summaries_steps=None,
        save_summaries_secs=None, log_step_count_steps=0, hooks=hooks,
        chief_only_hooks=chief_hooks, config=session_config, stop_grace_period_secs=1) as sess:
    print(f"worker {index}: session ready at global step {sess.run(global_step)}", flush=True)
    if is_chief:  # the saver MonitoredTrainingSession built: where its save op runs
        writers = sorted({op.device for op in sess.graph.get_operations() if op.type == "SaveV2"})
        print(f"the checkpoint files are written on {', '.join(writers)}", flush=True)
    sess.run(check_in)
    while sess.run(arrived) < num_workers:
        time.sleep(0.01)
    start = time.perf_counter()
    # Traced, each step also fetches: the global step when the weights were read, the global
    # step once the update landed, the loss on all data and the three clock times above
    # (untraced, only the update runs); the trace adds the clock times when the call started
    # and when it returned, hooks (the chief's checkpoints) included.
    fetches = [step_read, step_landed, full_loss, time_read, time_grad, time_landed] \
        if args.trace_dir else train_op
    trace = []
    while not sess.should_stop():
        rows = batches.integers(0, len(shard_x), args.batch)
        called = time.time()
        values = sess.run(fetches, {x: shard_x[rows], y: shard_y[rows]})
        if args.trace_dir:
            trace.append([*values[:3], called, *values[3:], time.time()])
        steps += 1
        if steps % 50 == 0:
            print(f"worker {index}: {steps} steps", flush=True)
    seconds = time.perf_counter() - start

# A plain session on the same server reads the shared variables once training has stopped.
with tf1.Session(server.target, config=session_config) as plain:
    final_loss, final_step = plain.run([loss, global_step], {x: features, y: labels})
if args.trace_dir:
    os.makedirs(args.trace_dir, exist_ok=True)
    np.save(os.path.join(args.trace_dir, f"worker{index}.npy"), np.array(trace).reshape(-1, 8))
print(f"worker {index} done: {steps} steps in {seconds:.3f} s, global step {final_step}, "
      f"loss on all data {final_loss:.6f}", flush=True)
