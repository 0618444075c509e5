//! A setting the run's learner does use, but not at the other settings
//! given, is refused naming those settings: never "not used by olrd; it is
//! used by olrd".

mod command;

use command::{assert_learn_refused, fixture};

#[test]
fn a_refusal_names_the_setting_that_leaves_the_flag_unused() {
    let data = fixture("kernel_4d_train.csv");
    for (flags, words) in [
        (
            "--algo olrd --budget 30 --olrd-c 5",
            "--olrd-c is not used by olrd at --budget 30; olrd uses it without --budget",
        ),
        (
            "--algo olrd --budget 30 --horizon 10",
            "--horizon is not used by olrd at --budget 30; olrd uses it without --budget",
        ),
        (
            "--algo spa --spa-form authors --spa-alpha 0.3",
            "--spa-alpha applies only with --spa-form paper",
        ),
        // The budget's own refusal names what sets OLRD's size instead,
        // and the learners that use a budget, OLRD no longer among them.
        (
            "--algo olrd --olrd-form authors --budget 30",
            "use --olrd-form budget); it is used by kernel-perceptron, kernel-pa1, kernel-pa2, forgetron,",
        ),
    ] {
        assert_learn_refused(flags, &data, words);
    }
}
