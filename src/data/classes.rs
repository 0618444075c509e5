//! A data set's classes: the labels, in the order that makes them class
//! indices.

use crate::data::Dataset;

/// Why a label is not a class.
const NOT_A_CLASS: &str =
    "is not a class (classes are whole numbers; --task regression learns labels as numbers)";

/// Whether a label can be a class: a whole number f64 holds exactly.
#[inline]
fn is_class(label: f64) -> bool {
    label.fract() == 0.0 && label.abs() <= 2f64.powi(53)
}

/// A data set's classes: its distinct labels, sorted.
#[derive(Clone, Debug, PartialEq)]
pub struct Classes {
    names: Vec<f64>,
}

impl Classes {
    /// The classes of `data`, whose labels must be integers; the error
    /// names the first row that is not (counting from 1).
    pub fn of(data: &Dataset) -> std::result::Result<Self, String> {
        Self::from_labels(data.labels().iter().copied())
    }

    /// The classes of `labels`, as [`Classes::of`] reads a data set's.
    pub fn from_labels(labels: impl IntoIterator<Item = f64>) -> std::result::Result<Self, String> {
        let mut classes = Self { names: Vec::new() };
        for (row, label) in labels.into_iter().enumerate() {
            if !is_class(label) {
                return Err(format!("row {}: label {label} {NOT_A_CLASS}", row + 1));
            }
            classes.insert(label);
        }
        Ok(classes)
    }

    /// Adds a label to the classes (a stream's, as they come); the error
    /// says why a label is not a class.
    pub fn add(&mut self, label: f64) -> std::result::Result<(), String> {
        if !is_class(label) {
            return Err(format!("label {label} {NOT_A_CLASS}"));
        }
        self.insert(label);
        Ok(())
    }

    fn insert(&mut self, label: f64) {
        if let Err(at) = self.names.binary_search_by(|n| n.total_cmp(&label)) {
            self.names.insert(at, label);
        }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The labels, in class order.
    pub fn names(&self) -> &[f64] {
        &self.names
    }

    /// The page's label of a file's class (see `data::class_label`): two
    /// classes are −1 and +1 (0/1 and ±1 as they are, else the larger
    /// label is +1, as the command line reads them), more are the labels of
    /// classes 1 to K in sorted order. None for a label these classes lack.
    pub fn page_label(&self, label: f64) -> Option<f64> {
        let k = self.index(label)?;
        let usual = self
            .names
            .iter()
            .all(|&n| n == 1.0 || n == 0.0 || n == -1.0);
        Some(match self.names.len() {
            0..=2 if usual => {
                if label == 1.0 {
                    1.0
                } else {
                    -1.0
                }
            }
            0..=2 => {
                if k + 1 == self.names.len() {
                    1.0
                } else {
                    -1.0
                }
            }
            _ => crate::data::class_label(k),
        })
    }

    pub fn index(&self, label: f64) -> Option<usize> {
        self.names.binary_search_by(|n| n.total_cmp(&label)).ok()
    }

    /// `data`'s labels as class indices; the error names a label these
    /// classes lack (a test file's class the training file never had).
    pub fn indices(&self, data: &Dataset) -> std::result::Result<Vec<usize>, String> {
        data.labels()
            .iter()
            .enumerate()
            .map(|(row, &label)| {
                self.index(label).ok_or_else(|| {
                    format!(
                        "row {}: class {label} is not among the training classes ({})",
                        row + 1,
                        self.names
                            .iter()
                            .map(|n| crate::number::text(*n))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(labels: &[f64]) -> Dataset {
        let values: Vec<f64> = labels.iter().flat_map(|&l| [l, 1.0]).collect();
        Dataset::from_dense(values, 2, labels.to_vec()).unwrap()
    }

    #[test]
    fn classes_are_the_sorted_labels_and_refuse_fractions() {
        let classes = Classes::of(&data(&[7.0, -2.0, 7.0, 3.0])).unwrap();
        assert_eq!(classes.names(), &[-2.0, 3.0, 7.0]);
        assert_eq!(classes.index(7.0), Some(2));
        assert_eq!(classes.indices(&data(&[3.0, -2.0])).unwrap(), vec![1, 0]);
        assert!(classes
            .indices(&data(&[4.0]))
            .unwrap_err()
            .contains("class 4 is not among"));
        assert!(Classes::of(&data(&[1.0, 2.5]))
            .unwrap_err()
            .starts_with("row 2: label 2.5"));
    }
}
