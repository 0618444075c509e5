//! A `.gz` training file that is not gzip data, or whose gzip stream is
//! broken: said as such, without advising --skip-bad (which skips bad
//! lines, not a broken file).

mod command;

use command::{run, stderr, temp_file};

#[test]
fn a_gz_name_on_plain_text_is_not_gzip_data() {
    for (name, text) in [
        ("plain.csv.gz", "1,2,1\n3,4,-1\n"),
        ("short.csv.gz", "1,1\n"),
    ] {
        let path = temp_file(name, text).display().to_string();
        let err = stderr(&run(&["learn", "--algo", "pa1", "--train", &path]));
        assert!(
            err.contains(&format!("{path}: not gzip data")) && err.contains("magic bytes"),
            "{err}"
        );
        assert!(!err.contains("--skip-bad to"), "{err}");
    }
}

#[test]
fn a_broken_gzip_stream_does_not_advise_skip_bad() {
    // A gzip header, then a stream cut short.
    let mut bytes = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];
    bytes.extend_from_slice(&[0x33, 0xd4, 0x31]);
    let path = temp_file("cut.csv.gz", "").display().to_string();
    std::fs::write(&path, bytes).unwrap();
    let err = stderr(&run(&["learn", "--algo", "pa1", "--train", &path]));
    assert!(!err.contains("--skip-bad to"), "{err}");
    assert!(err.contains("cannot be read past"), "{err}");
}
