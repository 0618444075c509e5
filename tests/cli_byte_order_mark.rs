//! A UTF-8 byte-order mark (EF BB BF, written by Excel's "CSV UTF-8" and
//! Notepad) at the start of a file is not data: LIBSVM and CSV, plain,
//! gzip or standard input, every sample is read (a LIBSVM file used to
//! fail on an invisible "label '\u{feff}+1'", a CSV to lose its first row
//! as a header). And a CSV first row is a header only when none of its
//! fields is a number: `1,2x,1` is a bad line named where it is.

mod command;

use std::io::Write;

use command::{assert_refused, learn_json, run_with_input, stdout, temp_file};

const BOM: &str = "\u{feff}";

fn gzipped(name: &str, text: &str) -> String {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(text.as_bytes()).unwrap();
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, encoder.finish().unwrap()).unwrap();
    path.display().to_string()
}

/// `learn --json` of `file` learned every one of `rows` samples.
fn assert_learns_all(file: &str, rows: u64) {
    let report = learn_json(&["--algo", "perceptron", "--train", file]);
    assert_eq!(report["n_train"], rows, "{file}: {report}");
}

#[test]
fn a_byte_order_mark_is_skipped_in_every_format_and_source() {
    let libsvm = format!("{BOM}+1 1:1\n-1 2:1\n+1 1:2\n");
    let csv = format!("{BOM}1,2,1\n3,4,-1\n5,6,1\n");
    let plain = temp_file("bom.svm", &libsvm);
    assert_learns_all(plain.to_str().unwrap(), 3);
    assert_learns_all(&gzipped("bom.svm.gz", &libsvm), 3);
    let plain = temp_file("bom.csv", &csv);
    assert_learns_all(plain.to_str().unwrap(), 3);
    assert_learns_all(&gzipped("bom.csv.gz", &csv), 3);
    for (format, text) in [("libsvm", &libsvm), ("csv", &csv)] {
        let args = [
            "learn",
            "--json",
            "--algo",
            "perceptron",
            "--train",
            "-",
            "--format",
            format,
        ];
        let out = stdout(&run_with_input(&args, text.as_bytes().to_vec()));
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(report["n_train"], 3, "{format}: {report}");
    }
    // A header after the mark is still a header.
    let headed = temp_file("bom_header.csv", &format!("{BOM}x,y,label\n{}", &csv[3..]));
    assert_learns_all(headed.to_str().unwrap(), 3);
}

#[test]
fn a_first_csv_row_with_a_number_is_data_and_a_bad_field_in_it_is_named() {
    let path = temp_file("first_row_typo.csv", "1,2x,1\n3,4,-1\n5,6,1\n");
    let file = path.to_str().unwrap();
    assert_refused(
        &["learn", "--algo", "perceptron", "--train", file],
        &format!("{file}:1:3:"),
    );
    let skipped = learn_json(&["--algo", "perceptron", "--train", file, "--skip-bad"]);
    assert_eq!(
        (&skipped["n_train"], &skipped["skipped_lines"]),
        (&2.into(), &1.into()),
        "{skipped}"
    );
}
