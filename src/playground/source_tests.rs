//! Files and streams as sources: reading, standardising, cycling.
use super::*;

#[test]
fn plane_data_is_standardised_and_wide_data_is_kept() {
    let data = Dataset::from_dense(
        vec![4.0, 10.0, 6.0, 30.0, 8.0, 20.0],
        2,
        vec![1.0, -1.0, 1.0],
    )
    .unwrap();
    let file = FileSource::new("p.csv", data, Task::Classification).unwrap();
    assert!(file.on_plane());
    let xs: Vec<f64> = (0..3).map(|i| file.data.row(i).dot(&[1.0, 0.0])).collect();
    assert!((xs.iter().sum::<f64>()).abs() < 1e-12, "centred");
    assert!(
        (xs[2] - xs[0] - 2.0 * 0.5 * 2.0 / (8.0f64 / 3.0).sqrt()).abs() < 1e-12,
        "sd 0.5"
    );
    let wide = Dataset::from_dense(vec![1.0, 2.0, 3.0], 3, vec![1.0]).unwrap();
    let file = FileSource::new("w.csv", wide.clone(), Task::Classification).unwrap();
    assert!(!file.on_plane());
    assert_eq!(*file.data, wide);
    assert!(FileSource::new("e.csv", Dataset::dense(2), Task::Classification).is_err());
    let regression = Dataset::from_dense(vec![1.0, 2.0], 1, vec![5.0, 0.5]).unwrap();
    assert!(
        FileSource::new("r.csv", regression.clone(), Task::Classification).is_err(),
        "labels must be classes"
    );
    assert!(FileSource::new("r.csv", regression, Task::Regression)
        .unwrap()
        .on_plane());
}

#[test]
fn a_model_in_the_file_s_units_scores_the_file_s_values_as_the_plane_s() {
    // y = 2x + 0.5 on x in [0, 10]: standardised for the plane.
    let xs: Vec<f64> = (0..40).map(|i| i as f64 * 0.25).collect();
    let ys: Vec<f64> = xs.iter().map(|x| 2.0 * x + 0.5).collect();
    let data = Dataset::from_dense(xs.clone(), 1, ys).unwrap();
    let file = FileSource::new("line.csv", data, Task::Regression).unwrap();
    let t = file.transform.clone().unwrap();
    // The exact fit on plane values is f(x') = (s_y / s_x)·2·x' + ...:
    // read back in the file's units it is y = 2x + 0.5.
    let plane = LinearModel {
        weights: vec![2.0 * t.target.unwrap().1 / t.scale[0]],
        bias: (2.0 * t.mean[0] + 0.5 - t.target.unwrap().0) * t.target.unwrap().1,
    };
    let back = t.to_file_units(&plane);
    assert!(
        (back.weights[0] - 2.0).abs() < 1e-12 && (back.bias - 0.5).abs() < 1e-12,
        "{back:?}"
    );
    // Classification: the same score at every point.
    let data = Dataset::from_dense(
        vec![4.0, 10.0, 6.0, 30.0, 8.0, 20.0],
        2,
        vec![1.0, -1.0, 1.0],
    )
    .unwrap();
    let file = FileSource::new("p.csv", data.clone(), Task::Classification).unwrap();
    let t = file.transform.clone().unwrap();
    let plane = LinearModel {
        weights: vec![0.7, -1.3],
        bias: 0.2,
    };
    let back = t.to_file_units(&plane);
    for i in 0..3 {
        let on_plane = file.data.row(i).dot(&plane.weights) + plane.bias;
        let in_file = data.row(i).dot(&back.weights) + back.bias;
        assert!((on_plane - in_file).abs() < 1e-12);
    }
}

#[test]
fn data_inside_the_view_is_kept_and_the_transform_is_recorded() {
    let inside = Dataset::from_dense(vec![0.5, -1.0, 1.5, 0.25], 2, vec![1.0, -1.0]).unwrap();
    let file = FileSource::new("in.csv", inside.clone(), Task::Classification).unwrap();
    assert_eq!((&*file.data, file.transform.clone()), (&inside, None));
    let outside = Dataset::from_dense(vec![0.0, 1.0, 4.0, 3.0], 1, vec![0.0; 4]).unwrap();
    let file = FileSource::new("out.csv", outside, Task::Regression).unwrap();
    let t = file.transform.unwrap();
    // Values 0, 1, 4, 3: mean 2, sd sqrt(2.5), so scale 0.5 / sqrt(2.5).
    assert_eq!(t.mean, vec![2.0]);
    assert!((t.scale[0] - 0.5 / 2.5f64.sqrt()).abs() < 1e-15);
    assert_eq!(
        t.target,
        Some((0.0, 1.0)),
        "a constant target keeps scale 1"
    );
    let first = file.data.row(0).dot(&[1.0]);
    assert!((first - (0.0 - 2.0) * t.scale[0]).abs() < 1e-15);
}
