//! FOGD, Fourier online gradient descent (Lu, Hoi, Wang, Zhao & Liu,
//! "Large scale online kernel learning", JMLR 17(47), 2016): the Gaussian
//! kernel k(x, x′) = exp(−‖x − x′‖²/2σ²) approximated by D random Fourier
//! features (Rahimi & Recht), then plain online gradient descent on the
//! hinge loss in that space. With uᵢ ~ N(0, I/σ²), i = 1..D,
//!
//! z(x) = (cos uᵢ·x, sin uᵢ·x)ᵢ / √D,  z(x)·z(x′) ≈ k(x, x′),
//!
//! f(x) = w·z(x), and on a loss (y f(x) < 1) w ← w + η y z(x). The model
//! is the 2D weights: there are no support vectors, whatever the stream's
//! length, so it takes no budget (its size is D).
//!
//! Our choices: z carries the 1/√D of the kernel's approximation, so η is
//! the step a kernel learner would take (Lu & Hoi's FouGD.m leaves it out:
//! its η_fou is ours divided by D, the same function exactly). The
//! frequencies come from the session's seed: the D frequencies of input
//! feature j are drawn, when j is first seen, from a generator of their own
//! (`derived(seed, FREQUENCIES + j)`, standard normals by Box-Muller, over
//! σ), so dense and sparse rows, and a link's replay, draw the same ones.
//! sin and cos are libm's, the same bits natively and in wasm.

use super::function::KernelSpec;
use crate::data::rng::{derived, normal};
use crate::data::Dataset;
use crate::error::{Code, Error, Result};
use crate::features::Features;
use crate::grid::Grid;
use crate::learner::{
    hinge_loss, is_mistake, Configured, Details, Entry, Family, Info, Learner, LinearModel,
    SupportChange, Sweep, Task, Update,
};
use crate::progress::Progress;
use crate::settings::{check, KernelKind, Key, Settings};

pub const INFO: Info = Info {
    name: "fogd",
    label: "FOGD",
    family: Family::Kernel,
    rule: super::text_with_code("z(x) = (cos uᵢ·x, sin uᵢ·x)/√D with uᵢ ~ N(0, I/σ²); f(x) = w·z(x); on a loss, w ← w + η y z(x)"),
    step: "η",
    passive: super::text_with_code("the margin is at least 1"),
    note: super::text_with_code("f(x) = w·z(x) stands for a Gaussian kernel expansion Σ αᵢ k(sᵢ, x), since z(x)·z(x′) ≈ k(x, x′); it keeps no support vectors."),
    source: super::text_with_code("Lu, Hoi, Wang, Zhao & Liu 2016"),
    stochastic: true,
    reads: |_| super::kernel_keys![LearningRate, FogdD],
    size: super::text_with_code("its D random Fourier features (--fogd-d); it keeps no support vectors"),
    cap: |_| Some(0),
    sweep: Some(Sweep {
        key: Key::FogdD,
        values: &[25.0, 50.0, 100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0],
    }),
    ..Info::DEFAULT
};

pub const ENTRY: Entry<Fogd> = Entry {
    check: gaussian_only,
    build: |s| Fogd::new(s.sigma, s.fogd_d as usize, s.learning_rate, s.seed),
};

/// Random Fourier features approximate a shift-invariant kernel: of ours,
/// the Gaussian alone.
fn gaussian_only(s: &Settings) -> Result<()> {
    if s.kernel == KernelKind::Gaussian {
        return Ok(());
    }
    Err(Error::Mismatch(crate::msg!(
        Code::KernelRefused,
        learner = INFO.label
    )))
}

/// The purpose of the frequencies' generators: feature j draws from
/// `derived(seed, FREQUENCIES + j)`.
const FREQUENCIES: u64 = 0x464F_4744_0000_0000;

/// The model, for the export: u (D rows over the features seen) and w.
pub struct FourierModel {
    pub sigma: f64,
    /// uᵢ, i = 1..D, over the input features seen so far (u = g/σ).
    pub frequencies: Vec<Vec<f64>>,
    /// w: the D cosine weights, then the D sine weights.
    pub weights: Vec<f64>,
}

#[derive(Clone, Debug)]
pub struct Fogd {
    sigma: f64,
    eta: f64,
    seed: u64,
    /// Per input feature j, its D standard normals gᵢⱼ (uᵢⱼ = gᵢⱼ/σ).
    columns: Vec<Vec<f64>>,
    /// The D cosine weights, then the D sine weights.
    weights: Vec<f64>,
    /// Scratch: uᵢ·x.
    projection: Vec<f64>,
}

/// The D standard normals of feature j.
fn draw_column(seed: u64, j: usize, d: usize) -> Vec<f64> {
    let mut rng = derived(seed, FREQUENCIES + j as u64);
    (0..d).map(|_| normal(&mut rng)).collect()
}

impl Fogd {
    /// `features`: D, the number of frequencies (2D weights).
    pub fn new(sigma: f64, features: usize, eta: f64, seed: u64) -> Result<Self> {
        check(Key::Sigma, sigma)?;
        check(Key::FogdD, features as f64)?;
        Ok(Self {
            sigma,
            eta: check(Key::LearningRate, eta)?,
            seed,
            columns: Vec::new(),
            weights: vec![0.0; 2 * features],
            projection: Vec::new(),
        })
    }

    /// D.
    pub fn features(&self) -> usize {
        self.weights.len() / 2
    }

    /// The frequencies and weights (the model export, the tests).
    pub fn model(&self) -> FourierModel {
        let d = self.features();
        let frequencies = (0..d)
            .map(|i| self.columns.iter().map(|g| g[i] / self.sigma).collect())
            .collect();
        FourierModel {
            sigma: self.sigma,
            frequencies,
            weights: self.weights.clone(),
        }
    }

    /// uᵢ·x into `out`; the columns of features not in `columns` are
    /// computed on the spot (the same numbers `learn` would keep).
    fn project(
        columns: &[Vec<f64>],
        seed: u64,
        sigma: f64,
        d: usize,
        x: Features<'_>,
        out: &mut Vec<f64>,
    ) {
        out.clear();
        out.resize(d, 0.0);
        let mut add = |j: usize, v: f64| {
            if v == 0.0 {
                return;
            }
            let drawn;
            let g = match columns.get(j) {
                Some(g) => g,
                None => {
                    drawn = draw_column(seed, j, d);
                    &drawn
                }
            };
            for (p, g) in out.iter_mut().zip(g) {
                *p += g * v;
            }
        };
        match x {
            Features::Dense(v) => v.iter().enumerate().for_each(|(j, &v)| add(j, v)),
            Features::Sparse(s) => {
                for (&j, &v) in s.indices().iter().zip(s.values()) {
                    add(j as usize, v);
                }
            }
        }
        out.iter_mut().for_each(|p| *p /= sigma);
    }

    /// w·z for projections p.
    fn dot(&self, p: &[f64]) -> f64 {
        let d = p.len();
        let (c, s) = self.weights.split_at(d);
        let sum: f64 = p
            .iter()
            .zip(c.iter().zip(s))
            .map(|(&p, (c, s))| c * libm::cos(p) + s * libm::sin(p))
            .sum();
        sum / (d as f64).sqrt()
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let d = self.features();
        let needed = match x {
            Features::Dense(v) => v.len(),
            Features::Sparse(s) => s.indices().last().map_or(0, |&j| j as usize + 1),
        };
        while self.columns.len() < needed {
            self.columns
                .push(draw_column(self.seed, self.columns.len(), d));
        }
        let mut p = std::mem::take(&mut self.projection);
        Self::project(&self.columns, self.seed, self.sigma, d, x, &mut p);
        let score = self.dot(&p);
        let loss = hinge_loss(y, score);
        let stepped = loss > 0.0;
        if stepped {
            let scale = self.eta * y / (d as f64).sqrt();
            let (c, s) = self.weights.split_at_mut(d);
            for ((c, s), &p) in c.iter_mut().zip(s.iter_mut()).zip(&p) {
                *c += scale * libm::cos(p);
                *s += scale * libm::sin(p);
            }
        }
        let after = if stepped { self.dot(&p) } else { score };
        self.projection = p;
        Update {
            score,
            margin: y * score,
            loss,
            tau: if stepped { self.eta } else { 0.0 },
            score_after: after,
            aggressive: stepped,
            mistake: is_mistake(Task::Classification, y, score),
            support: SupportChange::default(),
            confidence: Default::default(),
            details: Details::default(),
        }
    }
}

impl Learner for Fogd {
    fn task(&self) -> Task {
        Task::Classification
    }

    fn score(&self, x: Features<'_>) -> f64 {
        let mut p = Vec::new();
        Self::project(
            &self.columns,
            self.seed,
            self.sigma,
            self.features(),
            x,
            &mut p,
        );
        self.dot(&p)
    }

    fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update {
        self.learn(x, y)
    }

    /// One plain loop, as the kernel learners' (no unrolled row loops).
    fn learn_batch(
        &mut self,
        data: &Dataset,
        rows: std::ops::Range<usize>,
        progress: &mut Progress,
    ) {
        for i in rows {
            let y = data.label(i);
            let update = self.learn(data.row(i), y);
            progress.record(y, &update);
        }
    }

    fn reset(&mut self) {
        self.weights.iter_mut().for_each(|w| *w = 0.0);
    }

    fn linear_model(&self) -> Option<LinearModel> {
        None
    }

    fn kernel(&self) -> Option<KernelSpec> {
        Some(KernelSpec::Gaussian { sigma: self.sigma })
    }

    /// cos(a + b) and sin(a + b) from a row's and a column's parts: 2D
    /// products a cell instead of D sines and cosines.
    fn score_grid(&self, grid: &Grid, out: &mut [f32]) {
        let d = self.features();
        let column = |j: usize| match self.columns.get(j) {
            Some(g) => g.clone(),
            None => draw_column(self.seed, j, d),
        };
        let (gx, gy) = (column(0), column(1));
        let (c, s) = self.weights.split_at(d);
        let norm = (d as f64).sqrt();
        let parts = |g: &[f64], t: f64| -> Vec<(f64, f64)> {
            g.iter().map(|g| libm::sincos(g * t / self.sigma)).collect()
        };
        let across: Vec<Vec<(f64, f64)>> = (0..grid.nx).map(|i| parts(&gx, grid.x(i))).collect();
        let mut row = vec![(0.0, 0.0); d];
        for j in 0..grid.ny {
            for (((r, (sb, cb)), c), s) in row.iter_mut().zip(parts(&gy, grid.y(j))).zip(c).zip(s) {
                *r = (c * cb + s * sb, s * cb - c * sb);
            }
            for (i, a) in across.iter().enumerate() {
                let f: f64 = a
                    .iter()
                    .zip(&row)
                    .map(|((sa, ca), (p, q))| ca * p + sa * q)
                    .sum();
                out[j * grid.nx + i] = (f / norm) as f32;
            }
        }
    }
}

impl Configured for Fogd {
    fn retune(&mut self, settings: &Settings) {
        self.sigma = settings.sigma;
        self.eta = settings.learning_rate;
    }
}
