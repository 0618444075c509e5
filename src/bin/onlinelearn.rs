//! `onlinelearn`: the learners on real data sets from the command line.
//!
//! ```text
//! onlinelearn learn --algo pa1 --c 0.1 --train a9a --test a9a.t [--json] [--theory]
//! zcat big.svm.gz | onlinelearn learn --algo pa1 --train - --progress lines
//! onlinelearn compare --algos perceptron,pa,pa1 --train a3a --test a3a.t
//! onlinelearn learn --algo pa1 --train points.csv --link [--link-base URL]
//! onlinelearn stream --preset moons --n 500 --seed 3 > moons.csv
//! onlinelearn paper --train a3a --test a3a.t [--protocol paper|sweep] [--out results]
//! onlinelearn paper --simulated
//! onlinelearn frontier --algos ald-projection,projectron --train a3a --test a3a.t [--sizes 25,50,100] [--orderings N] [--json] [--svg FILE] [--csv FILE]
//! onlinelearn batch-pocket --train www/data/pocket-pla.csv [--iterations 100] [--seeds 1000]
//! onlinelearn replay 'http://127.0.0.1:8000/#v=3&algo=pa1&log=...' [--json] [--curves FILE] [--data FILE] [--link]
//! learn, compare, paper, frontier: [--quiet] (no bar, no notes) or [--progress [bar|lines]] (off a terminal too)
//! ```

#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/batch_pocket.rs"]
mod batch_pocket;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/commands.rs"]
mod commands;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/contenders.rs"]
mod contenders;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/divergence.rs"]
mod divergence;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/evaluate.rs"]
mod evaluate;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/feeder.rs"]
mod feeder;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/frontier_command.rs"]
mod frontier_command;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/frontier_data.rs"]
mod frontier_data;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/frontier_flags.rs"]
mod frontier_flags;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/frontier_output.rs"]
mod frontier_output;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/frontier_plot.rs"]
mod frontier_plot;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/js_number.rs"]
mod js_number;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/kernel_theory.rs"]
mod kernel_theory;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/labels.rs"]
mod labels;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/learn.rs"]
mod learn;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/learn_link.rs"]
mod learn_link;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/learn_multiclass.rs"]
mod learn_multiclass;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/learn_pass.rs"]
mod learn_pass;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/learner_list.rs"]
mod learner_list;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/learning.rs"]
mod learning;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/lines.rs"]
mod lines;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/link.rs"]
mod link;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/output_paths.rs"]
mod output_paths;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/palette.rs"]
mod palette;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/paper_command.rs"]
mod paper_command;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/paper_output.rs"]
mod paper_output;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/paper_plots.rs"]
mod paper_plots;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/plan.rs"]
mod plan;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/progress.rs"]
mod progress;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/reference_command.rs"]
mod reference_command;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/reference_learner.rs"]
mod reference_learner;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/reference_matches.rs"]
mod reference_matches;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/replay.rs"]
mod replay;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/replay_data.rs"]
mod replay_data;
#[cfg(all(feature = "kernel", not(target_arch = "wasm32")))]
#[path = "onlinelearn/replay_frontier.rs"]
mod replay_frontier;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/replay_output.rs"]
mod replay_output;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/report.rs"]
mod report;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/rows.rs"]
mod rows;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/run_flags.rs"]
mod run_flags;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/scale.rs"]
mod scale;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/setting_flags.rs"]
mod setting_flags;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/shuffle.rs"]
mod shuffle;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/source.rs"]
mod source;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/std_streams.rs"]
mod std_streams;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/stream_link.rs"]
mod stream_link;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/survey.rs"]
mod survey;
#[cfg(not(target_arch = "wasm32"))]
#[path = "onlinelearn/theory.rs"]
mod theory;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    commands::main()
}

/// The command line is native only. This stub lets the package's test
/// targets build for wasm32 (`cargo test --target wasm32-unknown-unknown`).
#[cfg(target_arch = "wasm32")]
fn main() {}
