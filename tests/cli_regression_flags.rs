//! Flags that mean classes, given with a regression: refused naming both.

mod command;

use command::{assert_learn_refused, fixture};

#[test]
fn multiclass_with_a_regression_names_both_flags() {
    assert_learn_refused(
        "--algo pa1 --task regression --multiclass crammer-singer",
        &fixture("seed000_regression.csv"),
        "--multiclass reduces classes to binary problems: a regression (--task regression) has none",
    );
}
