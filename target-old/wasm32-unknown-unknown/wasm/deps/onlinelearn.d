/work/main/target-old/wasm32-unknown-unknown/wasm/deps/onlinelearn.d: src/lib.rs src/algorithms.rs src/data/mod.rs src/data/csv.rs src/data/libsvm.rs src/data/loader.rs src/data/rng.rs src/data/synthetic.rs src/error.rs src/eval.rs src/features.rs src/grid.rs src/kernel/mod.rs src/kernel/ald_projection.rs src/kernel/any.rs src/kernel/apsm.rs src/kernel/grid.rs src/kernel/inverse_gram.rs src/kernel/olrd.rs src/kernel/olru.rs src/kernel/passive_aggressive.rs src/kernel/perceptron.rs src/kernel/projectron.rs src/kernel/spa.rs src/kernel/support_set.rs src/learner.rs src/linear/mod.rs src/linear/batch_pocket.rs src/linear/passive_aggressive.rs src/linear/perceptron.rs src/linear/pocket.rs src/playground/mod.rs src/playground/curves.rs src/playground/export.rs src/playground/log.rs src/playground/share.rs src/playground/source.rs src/wasm.rs

/work/main/target-old/wasm32-unknown-unknown/wasm/deps/onlinelearn.wasm: src/lib.rs src/algorithms.rs src/data/mod.rs src/data/csv.rs src/data/libsvm.rs src/data/loader.rs src/data/rng.rs src/data/synthetic.rs src/error.rs src/eval.rs src/features.rs src/grid.rs src/kernel/mod.rs src/kernel/ald_projection.rs src/kernel/any.rs src/kernel/apsm.rs src/kernel/grid.rs src/kernel/inverse_gram.rs src/kernel/olrd.rs src/kernel/olru.rs src/kernel/passive_aggressive.rs src/kernel/perceptron.rs src/kernel/projectron.rs src/kernel/spa.rs src/kernel/support_set.rs src/learner.rs src/linear/mod.rs src/linear/batch_pocket.rs src/linear/passive_aggressive.rs src/linear/perceptron.rs src/linear/pocket.rs src/playground/mod.rs src/playground/curves.rs src/playground/export.rs src/playground/log.rs src/playground/share.rs src/playground/source.rs src/wasm.rs

/work/main/target-old/wasm32-unknown-unknown/wasm/deps/libonlinelearn.rlib: src/lib.rs src/algorithms.rs src/data/mod.rs src/data/csv.rs src/data/libsvm.rs src/data/loader.rs src/data/rng.rs src/data/synthetic.rs src/error.rs src/eval.rs src/features.rs src/grid.rs src/kernel/mod.rs src/kernel/ald_projection.rs src/kernel/any.rs src/kernel/apsm.rs src/kernel/grid.rs src/kernel/inverse_gram.rs src/kernel/olrd.rs src/kernel/olru.rs src/kernel/passive_aggressive.rs src/kernel/perceptron.rs src/kernel/projectron.rs src/kernel/spa.rs src/kernel/support_set.rs src/learner.rs src/linear/mod.rs src/linear/batch_pocket.rs src/linear/passive_aggressive.rs src/linear/perceptron.rs src/linear/pocket.rs src/playground/mod.rs src/playground/curves.rs src/playground/export.rs src/playground/log.rs src/playground/share.rs src/playground/source.rs src/wasm.rs

src/lib.rs:
src/algorithms.rs:
src/data/mod.rs:
src/data/csv.rs:
src/data/libsvm.rs:
src/data/loader.rs:
src/data/rng.rs:
src/data/synthetic.rs:
src/error.rs:
src/eval.rs:
src/features.rs:
src/grid.rs:
src/kernel/mod.rs:
src/kernel/ald_projection.rs:
src/kernel/any.rs:
src/kernel/apsm.rs:
src/kernel/grid.rs:
src/kernel/inverse_gram.rs:
src/kernel/olrd.rs:
src/kernel/olru.rs:
src/kernel/passive_aggressive.rs:
src/kernel/perceptron.rs:
src/kernel/projectron.rs:
src/kernel/spa.rs:
src/kernel/support_set.rs:
src/learner.rs:
src/linear/mod.rs:
src/linear/batch_pocket.rs:
src/linear/passive_aggressive.rs:
src/linear/perceptron.rs:
src/linear/pocket.rs:
src/playground/mod.rs:
src/playground/curves.rs:
src/playground/export.rs:
src/playground/log.rs:
src/playground/share.rs:
src/playground/source.rs:
src/wasm.rs:
