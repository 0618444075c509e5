//! `--shuffle-buffer N`: a stream shuffled within N samples, as data
//! loaders shuffle (TensorFlow's `Dataset.shuffle`, PyTorch's
//! `ShufflerIterDataPipe`): the first N samples fill a buffer; each later
//! one takes the place of a buffered sample drawn at random, which goes to
//! the learners; at the end the rest go out in a random order. Memory holds
//! N samples, whatever the stream's length; a sample moves at most about N
//! places... later on average, so a larger buffer mixes more. A whole-file
//! shuffle (`--seed` alone) is a different order: the two do not agree.

use onlinelearn::data::rng::Rng;
use onlinelearn::{Dataset, Features, SparseFeatures};
use rand::seq::SliceRandom;
use rand::Rng as _;

/// Rows handed to the learners at a time.
const OUT_ROWS: usize = 4096;

/// One buffered sample, its vectors reused when another takes its place.
#[derive(Default)]
struct Slot {
    indices: Vec<u32>,
    values: Vec<f64>,
    sparse: bool,
    label: f64,
}

impl Slot {
    fn fill(&mut self, x: Features<'_>, label: f64) {
        self.indices.clear();
        self.values.clear();
        match x {
            Features::Dense(v) => {
                self.sparse = false;
                self.values.extend_from_slice(v);
            }
            Features::Sparse(s) => {
                self.sparse = true;
                self.indices.extend_from_slice(s.indices());
                self.values.extend_from_slice(s.values());
            }
        }
        self.label = label;
    }

    fn features(&self) -> Features<'_> {
        if self.sparse {
            let x = SparseFeatures::new(&self.indices, &self.values);
            Features::Sparse(x.expect("a data set's row"))
        } else {
            Features::Dense(&self.values)
        }
    }
}

/// A shuffle buffer in front of the learners.
pub struct Shuffler {
    slots: Vec<Slot>,
    capacity: usize,
    rng: Rng,
    out: Option<Dataset>,
}

impl Shuffler {
    pub fn new(capacity: usize, rng: Rng) -> Self {
        Self {
            slots: Vec::new(),
            capacity: capacity.max(1),
            rng,
            out: None,
        }
    }

    /// Takes a block's rows in; `learn` gets blocks of shuffled rows.
    pub fn push(&mut self, block: &Dataset, learn: &mut impl FnMut(&Dataset)) {
        for i in 0..block.len() {
            let (x, label) = (block.row(i), block.label(i));
            if self.slots.len() < self.capacity {
                let mut slot = Slot::default();
                slot.fill(x, label);
                self.slots.push(slot);
                continue;
            }
            let j = self.rng.random_range(0..self.capacity);
            self.emit(j, learn);
            self.slots[j].fill(x, label);
        }
    }

    /// The buffered rest, in a random order.
    pub fn finish(mut self, learn: &mut impl FnMut(&Dataset)) {
        let mut slots = std::mem::take(&mut self.slots);
        slots.shuffle(&mut self.rng);
        self.slots = slots;
        for j in 0..self.slots.len() {
            self.emit(j, learn);
        }
        if let Some(out) = self.out.take().filter(|o| !o.is_empty()) {
            learn(&out);
        }
    }

    fn emit(&mut self, j: usize, learn: &mut impl FnMut(&Dataset)) {
        let slot = &self.slots[j];
        let x = slot.features();
        let out = self.out.get_or_insert_with(|| {
            if slot.sparse {
                Dataset::sparse()
            } else {
                Dataset::dense(x.dim())
            }
        });
        out.push(x, slot.label).expect("rows of a data set");
        if out.len() >= OUT_ROWS {
            learn(out);
            out.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use onlinelearn::data::rng::seeded;

    #[test]
    fn every_sample_comes_out_once_within_reach_of_its_place() {
        let mut data = Dataset::dense(1);
        for i in 0..10_000 {
            data.push(Features::Dense(&[i as f64]), 1.0).unwrap();
        }
        let mut seen = Vec::new();
        let mut shuffler = Shuffler::new(100, seeded(3));
        let mut learn = |b: &Dataset| seen.extend((0..b.len()).map(|i| b.row(i).dot(&[1.0])));
        shuffler.push(&data, &mut learn);
        shuffler.finish(&mut learn);
        assert_eq!(seen.len(), 10_000);
        assert_ne!(
            seen[..100],
            (0..100).map(|i| i as f64).collect::<Vec<_>>()[..]
        );
        // A sample cannot come out before it went in, less the buffer.
        for (at, &v) in seen.iter().enumerate() {
            assert!(v as usize <= at + 100, "{v} at {at}");
        }
        seen.sort_by(f64::total_cmp);
        assert!(seen.iter().enumerate().all(|(i, &v)| v == i as f64));
    }
}
