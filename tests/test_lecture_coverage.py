"""Every TensorFlow identifier the course notes teach appears in some notebook's own code.

The list is drawn from the lecture notes (``shared/seeds``); names the notes misspell or that no
longer exist are listed under the name that replaced them (``tf.mul`` -> ``multiply``,
``tf.nn.dense`` -> ``layers.dense``). ``tf.contrib`` is gone and is not listed.
"""

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

LECTURE_IDENTIFIERS = {
    "graphs and sessions": """Session InteractiveSession Graph get_default_graph
        control_dependencies device ConfigProto GPUOptions log_device_placement
        allow_soft_placement list_local_devices""",
    "ops": """constant zeros zeros_like ones ones_like fill linspace range random_normal
        truncated_normal random_uniform random_shuffle random_crop multinomial random_gamma
        set_random_seed Variable get_variable global_variables_initializer variables_initializer
        initializer initialized_value assign assign_add placeholder is_feedable convert_to_tensor
        add add_n multiply matmul div mod pow square sign tanh sigmoid softmax reduce_mean
        reduce_sum reduce_max argmax equal less cast to_float to_int32 reshape expand_dims squeeze
        shape transpose tile stack unstack boolean_mask one_hot""",
    "regression and optimizers": """gradients GradientDescentOptimizer AdamOptimizer
        AdagradOptimizer AdagradDAOptimizer AdadeltaOptimizer MomentumOptimizer RMSPropOptimizer
        FtrlOptimizer ProximalGradientDescentOptimizer ProximalAdagradOptimizer
        softmax_cross_entropy_with_logits""",
    "word2vec": """nce_loss sampled_softmax_loss embedding_lookup name_scope""",
    "managing experiments": """Saver get_checkpoint_state summary.scalar summary.histogram
        summary.image summary.merge_all FileWriter trainable_variables""",
    "input pipelines": """FIFOQueue RandomShuffleQueue PaddingFIFOQueue PriorityQueue QueueRunner
        Coordinator start_queue_runners string_input_producer match_filenames_once train.batch
        shuffle_batch TextLineReader WholeFileReader FixedLengthRecordReader TFRecordReader
        ReaderBase TFRecordWriter Example Features Feature BytesList Int64List FixedLenFeature
        parse_single_example decode_jpeg resize_bilinear""",
    "convnets": """conv2d max_pool relu relu6 elu softplus softsign crelu bias_add dropout
        layers.dense truncated_normal_initializer random_normal_initializer zeros_initializer""",
    "recurrent networks": """GRUCell MultiRNNCell DropoutWrapper dynamic_rnn
        bidirectional_dynamic_rnn clip_by_global_norm exponential_decay""",
    "variable scopes and devices": """variable_scope get_variable_scope""",
    "convnet case studies and style transfer": """VGG16 VGG19 InceptionV3 ResNet50
        GradientTape grad_ys""",
    "neural GPU": """while_loop cond switch_case where make_template custom_getter
        bucket_by_sequence_length padded_batch clip_by_value split""",
}


def code_of_all_notebooks() -> str:
    """Return the source of every code cell of every course notebook, joined."""
    sources = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        sources += [cell.source for cell in nb.cells if cell.cell_type == "code"]
    return "\n".join(sources)


def appears(name: str, code: str) -> bool:
    """A dotted name appears as written; a plain name appears as a whole word."""
    if "." in name:
        return name in code
    return re.search(rf"\b{re.escape(name)}\b", code) is not None


def test_appears_matches_whole_words_only():
    assert appears("Feature", "tf.train.Feature(int64_list=...)")
    assert not appears("Feature", "tf.train.Features(feature={})")
    assert appears("train.batch", "tf1.train.batch([x], 4)")
    assert not appears("train.batch", "tf1.train.shuffle_batch([x], 4)")


@pytest.mark.parametrize("lecture", sorted(LECTURE_IDENTIFIERS))
def test_every_lecture_identifier_is_in_a_code_cell(lecture):
    code = code_of_all_notebooks()
    missing = [name for name in LECTURE_IDENTIFIERS[lecture].split() if not appears(name, code)]
    assert not missing, f"the {lecture} lecture teaches {missing}, which no notebook's code uses"
