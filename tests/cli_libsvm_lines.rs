//! LIBSVM lines the reader refuses, each named at file:line:column with
//! what is wrong in it.

mod command;

use command::{assert_learn_refused, temp_file};

#[test]
fn an_empty_feature_index_is_missing_not_too_large() {
    let path = temp_file("empty_index.libsvm", "+1 1:2\n-1 :1\n");
    let path = path.display().to_string();
    assert_learn_refused(
        "--algo pa1",
        &path,
        &format!("{path}:2:4: feature index missing before ':1'"),
    );
    let err = command::stderr(&command::run(&["learn", "--algo", "pa1", "--train", &path]));
    assert!(!err.contains("above the largest"), "{err}");
}
