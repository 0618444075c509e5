//! What a label becomes for the learners: a number for a regression, ±1
//! for two classes, a class index for more.
//!
//! Read whole, a file's classes are all its labels: two classes become
//! ±1 (0/1 and ±1 as they are, else the larger label +1), more a
//! multiclass run. A stream cannot see its labels ahead, so it follows a
//! rule that gives the same mapping whenever it can decide:
//!
//! - `--classes a,b,...` names the classes: two or one map as above, more
//!   make a multiclass run, and any other label is a bad line.
//! - Without it, −1, 0 and +1 go straight in (+1 is +1, 0 and −1 are −1)
//!   while at most two of them appear: the mapping any file of such labels
//!   gets. A label outside them, or a third of them, cannot be placed: a
//!   file is then read once for its classes and learned again from the
//!   start (see `learn.rs`), a stream read once is refused with a message
//!   naming `--classes`.

use onlinelearn::data::Classes;
use onlinelearn::number::text;

/// Two classes (or one) as ±1: 1 → +1 and 0 or −1 → −1 when the labels
/// are those, else the smaller class → −1 and the larger → +1.
#[derive(Clone, Debug)]
pub struct TwoClasses {
    usual: bool,
    positive: f64,
    negative: f64,
    /// Named by `--classes`: only those labels are classes.
    named: bool,
}

impl TwoClasses {
    /// The classes a file was read for: of the usual labels, 0 and −1 are
    /// one class (a test file of −1 and 1 after a training file of 0 and 1,
    /// as the direct rule takes them).
    pub fn of(classes: &Classes) -> Self {
        let names = classes.names();
        Self {
            usual: names.iter().all(|&n| n == 1.0 || n == 0.0 || n == -1.0),
            positive: names.last().copied().unwrap_or(1.0),
            negative: if names.len() == 2 { names[0] } else { f64::NAN },
            named: false,
        }
    }

    /// The classes `--classes` names: a label outside them is a bad line,
    /// the other of 0 and −1 too.
    pub fn named(classes: &Classes) -> Self {
        Self {
            named: true,
            ..Self::of(classes)
        }
    }

    /// ±1 for a label of the classes, None for another.
    pub fn map(&self, label: f64) -> Option<f64> {
        // 0 and −1 both map to −1, but of two classes named (0 and 1, or
        // −1 and 1) only that one is a class: the other is a bad line.
        let among = !self.named
            || self.negative.is_nan()
            || label == self.positive
            || label == self.negative;
        if self.usual && !among {
            None
        } else if self.usual {
            match label {
                1.0 => Some(1.0),
                0.0 | -1.0 => Some(-1.0),
                _ => None,
            }
        } else if label == self.positive {
            Some(1.0)
        } else if label == self.negative {
            Some(-1.0)
        } else {
            None
        }
    }
}

/// How a run maps its labels.
#[derive(Clone, Debug)]
pub enum LabelRule {
    /// A regression: labels as they are.
    Numbers,
    /// Two known classes (or one).
    Two(Classes, TwoClasses),
    /// Classes not known ahead: −1, 0, +1 as they come, at most two.
    Direct(Classes),
    /// More than two known classes: the learners get class indices.
    Many(Classes),
}

/// A label a rule cannot take.
#[derive(Debug)]
pub enum Refusal {
    /// The direct rule met a label it cannot place: the classes must be
    /// known first.
    Unplaced(f64),
    /// Not one of the known classes.
    NotAmong(f64),
}

impl LabelRule {
    /// The rule for the classes a file was read for.
    pub fn known(classes: Classes) -> Self {
        Self::of(classes, TwoClasses::of)
    }

    /// The rule for the classes `--classes` names: only those.
    pub fn named(classes: Classes) -> Self {
        Self::of(classes, TwoClasses::named)
    }

    /// More than two classes as indices, else two as ±1 by `two`.
    fn of(classes: Classes, two: fn(&Classes) -> TwoClasses) -> Self {
        if classes.len() > 2 {
            LabelRule::Many(classes)
        } else {
            let two = two(&classes);
            LabelRule::Two(classes, two)
        }
    }

    /// The direct rule, before any label.
    pub fn direct() -> Self {
        LabelRule::Direct(Classes::from_labels([]).expect("no labels"))
    }

    /// A training label's target; the direct rule learns the label's class.
    #[inline]
    pub fn train(&mut self, label: f64) -> Result<f64, Refusal> {
        if let LabelRule::Direct(seen) = self {
            let usual = label == 1.0 || label == 0.0 || label == -1.0;
            if !usual || (seen.index(label).is_none() && seen.len() == 2) {
                return Err(Refusal::Unplaced(label));
            }
            if seen.index(label).is_none() {
                seen.add(label).expect("a whole number");
            }
        }
        self.test(label)
    }

    /// A test label's target: the training's classes, as they are.
    #[inline]
    pub fn test(&self, label: f64) -> Result<f64, Refusal> {
        match self {
            LabelRule::Numbers => Ok(label),
            LabelRule::Two(_, two) => two.map(label).ok_or(Refusal::NotAmong(label)),
            LabelRule::Direct(_) => match label {
                1.0 => Ok(1.0),
                0.0 | -1.0 => Ok(-1.0),
                _ => Err(Refusal::NotAmong(label)),
            },
            LabelRule::Many(classes) => classes
                .index(label)
                .map(|k| k as f64)
                .ok_or(Refusal::NotAmong(label)),
        }
    }

    /// The classes, for a classification.
    pub fn classes(&self) -> Option<&Classes> {
        match self {
            LabelRule::Numbers => None,
            LabelRule::Two(classes, _) | LabelRule::Direct(classes) | LabelRule::Many(classes) => {
                Some(classes)
            }
        }
    }

    /// The classes as a list for messages: "−1, 1".
    pub fn names(&self) -> String {
        self.classes()
            .map(|c| c.names().iter().map(|&n| text(n)).collect::<Vec<_>>())
            .unwrap_or_default()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_direct_rule_takes_two_of_minus_one_zero_and_one_as_a_file_would() {
        let mut rule = LabelRule::direct();
        assert_eq!(rule.train(0.0).unwrap(), -1.0);
        assert_eq!(rule.train(1.0).unwrap(), 1.0);
        assert!(matches!(rule.train(-1.0), Err(Refusal::Unplaced(_))));
        assert!(matches!(rule.train(2.0), Err(Refusal::Unplaced(_))));
        // A test label of the usual three maps as a file of two would map it.
        assert_eq!(rule.test(-1.0).unwrap(), -1.0);
        let file = Classes::from_labels([0.0, 1.0]).unwrap();
        let two = TwoClasses::of(&file);
        for label in [-1.0, 0.0, 1.0] {
            assert_eq!(two.map(label), rule.test(label).ok());
        }
    }

    #[test]
    fn known_classes_map_the_larger_to_plus_one_and_index_many() {
        let mut two = LabelRule::known(Classes::from_labels([7.0, 2.0]).unwrap());
        assert_eq!(two.train(7.0).unwrap(), 1.0);
        assert_eq!(two.train(2.0).unwrap(), -1.0);
        assert!(matches!(two.train(3.0), Err(Refusal::NotAmong(_))));
        let mut many = LabelRule::known(Classes::from_labels([1.0, 11.0, 21.0]).unwrap());
        assert_eq!(many.train(21.0).unwrap(), 2.0);
        assert_eq!(many.names(), "1, 11, 21");
    }
}
