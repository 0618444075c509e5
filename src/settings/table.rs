//! The table. One row per setting; the macro (table_macro.rs) turns the
//! rows into the [`Settings`] struct, the [`Key`] enum and [`TABLE`], so a
//! new setting is one row here and one line in the entry of each learner
//! that reads it.
//!
//! Defaults: the first is the command line's and the library's; `page` is
//! the playground's where it differs (its plane is 2-D and small).

use super::table_macro::{settings_table, Field};
use super::value::{NoneMeans, Slot};
use super::{
    BiasMode, BsgdMaintenance, Condition, CovarianceForm, KernelForm, KernelKind, LibolForm,
    OgdLoss, OlrdForm, Range, Reduction, Scale, Scope, SpaForm, Spec,
};
use crate::data::Preset;
use crate::error::Result;
use crate::report::Task;

impl Settings {
    /// A setting as text (links, messages).
    pub fn text(&self, key: Key) -> String {
        // The slot needs `&mut`; a copy keeps `self` untouched.
        self.clone().slot(key).text(key.spec().words)
    }

    /// Changes a setting from text; nothing changes if it is refused.
    pub fn set_text(&mut self, key: Key, text: &str) -> Result<()> {
        let spec = key.spec();
        self.slot(key)
            .set_text(spec.label, spec.range, spec.words, text)
    }

    /// A setting as the event log stores it.
    pub fn number(&self, key: Key) -> f64 {
        self.clone().slot(key).number()
    }

    /// Changes a setting from the event log's number.
    pub fn set_number(&mut self, key: Key, v: f64) -> Result<()> {
        let spec = key.spec();
        self.slot(key)
            .set_number(spec.label, spec.range, spec.words, v)
    }

    /// Checks every value against its range (for values set as fields
    /// rather than through `set_text`).
    pub fn validate(&self) -> Result<()> {
        let mut copy = self.clone();
        for &key in Key::ALL {
            let v = copy.slot(key).number();
            copy.set_number(key, v)?;
        }
        Ok(())
    }
}

/// The help of a setting that only one family's learners read: the page's
/// first module cannot run them (src/registry/families.rs), so it leaves
/// the text out (0.6 KB gzip for the kernel family's, measured) and shows
/// the full module's once that is loaded.
const fn family_help(held: bool, help: &'static str) -> &'static str {
    if held {
        help
    } else {
        ""
    }
}

const fn kernel_help(help: &'static str) -> &'static str {
    family_help(cfg!(feature = "kernel"), help)
}
const fn libol_help(help: &'static str) -> &'static str {
    family_help(cfg!(feature = "libol"), help)
}
const fn relatives_help(help: &'static str) -> &'static str {
    family_help(cfg!(feature = "relatives"), help)
}
/// AROW's, SCW's and LIBOL's second-order learners' (all in the full module).
const fn second_order_help(help: &'static str) -> &'static str {
    family_help(cfg!(any(feature = "second-order", feature = "libol")), help)
}

const fn whole(min: u64, max: u64) -> Range {
    Range::Whole {
        min,
        max,
        none: NoneMeans::Nothing,
    }
}

/// A whole number, or none (no value).
const fn whole_or_none(min: u64, max: u64) -> Range {
    Range::Whole {
        min,
        max,
        none: NoneMeans::NoValue,
    }
}

settings_table! {
    /// PA-I and PA-II's aggressiveness (also kernel PA, BPA-S and SPA's paper form).
    C c: f64 = 1.0, page 0.1;
        "c", code 0, Range::Positive, Learner, live true;
        "C": "Aggressiveness: PA-I's step is at most C, PA-II's is damped by 1/(2C); a small C shrugs off noisy labels.";
    /// Half-width of the regression tube: errors up to eps cost nothing.
    Epsilon epsilon: f64 = 0.1;
        "eps", code 1, Range::NonNegative, Learner, live true, when "--task regression" |s| s.task == Task::Regression;
        "tube width ε": "Regression errors up to ε cost nothing (the ε-insensitive tube).";
    /// The step of the perceptron and the pocket (and OLRU, OLRD, BOGD, FOGD and NOGD's eta).
    LearningRate learning_rate: f64 = 1.0;
        "lr", code 2, Range::Positive, Learner, live true;
        "learning rate": "How far a mistake moves the weights (the perceptron's step; OLRU, OLRD, BOGD, FOGD and NOGD scale each new coefficient by it).";
    /// How a linear learner learns its intercept.
    Bias bias: BiasMode = BiasMode::Augmented;
        "bias", code 3, Range::Choice, Learner, live true;
        "bias": "augmented: b is a weight on a constant 1 (exact PA projection); decoupled: b moves as scikit-learn's does; none: no intercept.";
    /// Which kernel the kernel learners use.
    Kernel kernel: KernelKind = KernelKind::Gaussian;
        "kernel", code 9, Range::Choice, Learner, live true;
        "kernel": kernel_help("gaussian: exp(−‖x − z‖²/2σ²); polynomial: (offset + x·z)^degree; linear: x·z.");
    /// The Gaussian kernel's width.
    Sigma sigma: f64 = 1.0, page 0.5;
        "sigma", code 5, Range::Positive, Learner, live true, when "--kernel gaussian" |s| s.kernel == KernelKind::Gaussian;
        "kernel width σ": kernel_help("The Gaussian kernel's width: k = exp(−‖x − z‖² / 2σ²); small σ draws tight, wiggly boundaries.");
    /// The polynomial kernel's degree.
    Degree degree: u64 = 2;
        "degree", code 10, whole(1, 10), Learner, live true, when "--kernel polynomial" |s| s.kernel == KernelKind::Polynomial;
        "polynomial degree": kernel_help("The power of the polynomial kernel (offset + x·z)^degree.");
    /// The polynomial kernel's offset.
    Offset offset: f64 = 1.0;
        "offset", code 11, Range::NonNegative, Learner, live true, when "--kernel polynomial" |s| s.kernel == KernelKind::Polynomial;
        "polynomial offset": kernel_help("The constant of the polynomial kernel (offset + x·z)^degree.");
    /// A hard cap on the support set (kernel perceptron, kernel PA, OLRD).
    Budget budget: Option<u64> = None, page Some(200);
        "budget", code 6, whole_or_none(1, 1_000_000), Learner, live true;
        "budget": kernel_help("The most support vectors kept; past it one is removed (which one depends on the learner). Empty: no budget.");
    /// Projectron's threshold on the distance from the span.
    Eta eta: f64 = 0.1;
        "eta", code 7, Range::NonNegative, Learner, live true;
        "projection threshold η": kernel_help("A mistake whose distance from the support set's span is at most η is projected onto it instead of joining.");
    /// ALD projection's threshold on the squared distance from the span.
    Nu nu: f64 = 0.1;
        "nu", code 8, Range::NonNegative, Learner, live true;
        "ALD threshold ν": kernel_help("A sample joins the dictionary when its squared distance from the dictionary's span exceeds ν (Meng & Song write η).");
    /// APSM and ALD projection's window of concurrent projections.
    Window window: u64 = 4;
        "q", code 12, whole(1, 64), Learner, live false;
        "window q": kernel_help("How many recent samples each step projects onto at once.");
    /// APSM and ALD projection's relaxation factor of the step.
    Lambda lambda: f64 = 0.1;
        "lambda", code 13, Range::OpenTwo, Learner, live false;
        "step factor λ": kernel_help("Scales the projection step μ (λ = 1: the full projection; the authors' APSM code uses 0.1).");
    /// The margin rho of the hinge loss max(0, rho - y f(x)).
    Rho rho: f64 = 1.0;
        "rho", code 14, Range::Positive, Learner, live false;
        "margin ρ": kernel_help("The margin the loss asks for: ℓ = max(0, ρ − y f(x)) (APSM's starting margin, which then adapts).");
    /// APSM's ball: ||f|| <= Delta.
    Radius radius: f64 = 5.0;
        "radius", code 15, Range::Positive, Learner, live false;
        "ball radius Δ": kernel_help("APSM keeps ‖f‖ ≤ Δ by scaling the model back into that ball.");
    /// APSM's dictionary: the L most recent samples.
    Dictionary dictionary: u64 = 700;
        "dictionary", code 16, whole(1, 1_000_000), Learner, live false;
        "dictionary size L": kernel_help("APSM keeps the L most recent samples; older ones are dropped.");
    /// T, the stream length OLRU and OLRD plan for (none: the data's length).
    Horizon horizon: Option<u64> = None;
        "horizon", code 17, Range::Whole { min: 1, max: 1_000_000_000, none: NoneMeans::DataLength }, Learner, live false;
        "planned stream length T": kernel_help("The stream length OLRU and OLRD plan for (P = c T^−a, B = 1 + c √T); none: the data's length (3000 on the page).");
    /// OLRU's update probability P = min(1, c T^-a): its c.
    OlruC olru_c: f64 = 1.2;
        "olru-c", code 18, Range::Positive, Learner, live false;
        "OLRU c": kernel_help("OLRU adds a support vector on a loss with probability P = min(1, c T^−a).");
    /// OLRU's a.
    OlruA olru_a: f64 = 0.2;
        "olru-a", code 19, Range::NonNegative, Learner, live false;
        "OLRU a": kernel_help("The exponent a of OLRU's probability P = min(1, c T^−a).");
    /// OLRD's budget B = floor(1 + c sqrt(T)) when none is given: its c.
    OlrdC olrd_c: f64 = 1.0;
        "olrd-c", code 20, Range::Positive, Learner, live false;
        "OLRD c": kernel_help("OLRD's budget B = ⌊1 + c √T⌋, used when no budget is set.");
    /// Which OLRD runs: a hard budget, or the 2023 authors' code.
    OlrdForm olrd_form: OlrdForm = OlrdForm::Budget;
        "olrd-form", code 21, Range::Choice, Learner, live false;
        "OLRD form": kernel_help("budget: past B a random support vector goes; authors: the 2023 code's rule (past B, one of the first B goes with probability 1/B; not a cap).");
    /// Which SPA runs: the paper's or the 2023 authors' code.
    SpaForm spa_form: SpaForm = SpaForm::Paper;
        "spa-form", code 22, Range::Choice, Learner, live false;
        "SPA form": kernel_help("paper: p = min(α, ℓ)/β, step min(C/p, ℓ/k(x,x)); authors: the 2023 code's p = min(ℓ, 1), coefficient ℓ.");
    /// SPA's alpha in p = min(alpha, l) / beta.
    SpaAlpha spa_alpha: f64 = 1.0;
        "spa-alpha", code 23, Range::Positive, Learner, live false, when "--spa-form paper" |s| s.spa_form == SpaForm::Paper;
        "SPA α": kernel_help("SPA samples a sample with loss ℓ into the set with probability p = min(α, ℓ)/β (α ≤ β).");
    /// SPA's beta.
    SpaBeta spa_beta: f64 = 1.0;
        "spa-beta", code 24, Range::Positive, Learner, live false, when "--spa-form paper" |s| s.spa_form == SpaForm::Paper;
        "SPA β": kernel_help("The divisor β of SPA's probability p = min(α, ℓ)/β: a larger β keeps fewer support vectors.");
    /// Which Forgetron runs: the paper's self-tuned rule or the authors' code.
    ForgetronForm forgetron_form: KernelForm = KernelForm::Paper;
        "forgetron-form", code 70, Range::Choice, Learner, live false, when "--budget N" |s| s.budget.is_some();
        "Forgetron form": kernel_help("paper: the self-tuned Forgetron, φ the largest in (0, 1] with Q + Ψ ≤ 15/32·M, M its updates; authors: Lu & Hoi's forgetron.m, M its wrong signs and, where Ψ is concave in φ, the larger root (a φ above 1).");
    /// BOGD's regulariser: f shrinks by 1 - lambda eta every step.
    BogdLambda bogd_lambda: f64 = 1e-4;
        "bogd-lambda", code 71, Range::NonNegative, Learner, live true;
        "BOGD λ": kernel_help("The regulariser λ/2 ‖f‖² BOGD descends with the hinge loss: every step shrinks each α by 1 − λη (ours: 0.0001; Lu & Hoi's experiments use 1/T², T the stream's length).");
    /// BOGD's cap on a coefficient: eta gamma.
    BogdGamma bogd_gamma: f64 = 10.0;
        "bogd-gamma", code 72, Range::Positive, Learner, live true, when "--budget N" |s| s.budget.is_some();
        "BOGD γ": kernel_help("Past the budget BOGD rescales the kept coefficients by (1 − λη)B/(B − 1), each at most ηγ (Lu & Hoi's experiments: 10).");
    /// Which BOGD runs: the paper's or the authors' code.
    BogdForm bogd_form: KernelForm = KernelForm::Paper;
        "bogd-form", code 73, Range::Choice, Learner, live false;
        "BOGD form": kernel_help("paper: BOGD steps when y f < 1 and caps each rescaled coefficient at ηγ; authors: Lu & Hoi's BOGD.m, which steps when y f ≤ 1 and scales the whole set by min(1, ηγ/max|α|).");
    /// FOGD's D: its random Fourier features (2D weights).
    FogdD fogd_d: u64 = 200;
        "fogd-d", code 74, whole(1, 100_000), Learner, live false;
        "FOGD D": kernel_help("FOGD's number D of random Fourier features: its model is 2D weights, and z(x)·z(x′) approximates the Gaussian kernel the better the larger D (ours: 200).");
    /// NOGD's rank: the Nystrom map keeps k = rho B eigenpairs.
    NogdRank nogd_rank: f64 = 0.2;
        "nogd-rank", code 75, Range::UpToOne, Learner, live false, when "--budget N" |s| s.budget.is_some();
        "NOGD rank ρ": kernel_help("Once its budget B is full, NOGD maps x through the top k = ρB eigenpairs of the B vectors' Gram matrix, rounded (Lu & Hoi's experiments: 0.2).");
    /// SILK's regulariser: every alpha shrinks by 1 - tau, tau = lambda / (1 + lambda).
    SilkLambda silk_lambda: f64 = 0.01;
        "silk-lambda", code 82, Range::NonNegative, Learner, live true;
        "SILK λ": kernel_help("The regulariser λ/2 ‖f‖² of SILK's implicit step: every α shrinks by 1 − τ, τ = λ/(1 + λ), and x's coefficient is at most (1 − τ)C; λ = 0 is kernel PA-I (ours: 0.01).");
    /// BSGD's regulariser: Pegasos's step eta_t = 1 / (lambda t).
    BsgdLambda bsgd_lambda: f64 = 1e-4;
        "bsgd-lambda", code 83, Range::Positive, Learner, live true;
        "BSGD λ": kernel_help("The SVM objective's λ/2 ‖f‖²: BSGD steps by ηₜ = 1/(λt), so every α shrinks by 1 − 1/t and x joins with y/(λt) (BudgetedSVM's default: 0.0001).");
    /// How BSGD keeps its budget.
    BsgdMaintenance bsgd_maintenance: BsgdMaintenance = BsgdMaintenance::Merging;
        "bsgd-maintenance", code 84, Range::Choice, Learner, live false, when "--budget N" |s| s.budget.is_some();
        "BSGD maintenance": kernel_help("Past the budget, the support vector of least ‖α‖² k(x, x): removal drops it; projection spreads it over the others (K⁻¹k); merging joins it with the partner that loses least into one vector z on the line between them (Gaussian kernel only; the paper's best).");
    /// AROW's regularizer r in beta = 1 / (x'Sigma x + r).
    R r: f64 = 1.0;
        "r", code 28, Range::Positive, Learner, live true;
        "AROW r": second_order_help("AROW's regularizer: β = 1/(xᵀΣx + r), α = ℓβ; a larger r makes smaller, slower updates (LIBOL's default: 1).");
    /// SCW's confidence: the probability eta of classifying x right.
    Confidence confidence: f64 = 0.75;
        "confidence", code 29, Range::Confidence, Learner, live true;
        "confidence η": second_order_help("SCW asks that x be classified right with probability η under the weight distribution: φ = Φ⁻¹(η) (LIBOL's defaults: 0.75 for SCW-I, 0.9 for SCW-II).");
    /// The second-order learners' initial covariance a I.
    InitialVariance initial_variance: f64 = 1.0;
        "initial-variance", code 30, Range::Positive, Learner, live false;
        "initial variance a": second_order_help("The weights start with covariance Σ = a·I: a larger a trusts the first samples more.");
    /// All of Sigma, or its diagonal.
    Covariance covariance: CovarianceForm = CovarianceForm::Full;
        "covariance", code 31, Range::Choice, Learner, live false;
        "covariance": second_order_help("full: all of Σ ((d+1)² numbers, O(d²) per update); diagonal: its diagonal only, for wide data (the command line picks it past 1000 features unless told).");
    /// ALMA's form: the paper's normalised x and ≤, or LIBOL's ALMA.m.
    AlmaForm alma_form: LibolForm = LibolForm::Paper;
        "alma-form", code 34, Range::Choice, Learner, live false;
        "ALMA form": libol_help("paper: x is normalised (x̂ = x/‖x‖) and ALMA updates when y w·x̂ ≤ (1 − α)γₖ; libol: LIBOL's ALMA.m, the raw x and a strict <.");
    /// ALMA's alpha: the share of the margin it gives up, in (0, 1].
    AlmaAlpha alma_alpha: f64 = 0.9;
        "alma-alpha", code 35, Range::UpToOne, Learner, live true;
        "ALMA α": libol_help("ALMA updates while the normalised margin is at most (1 − α)γₖ, with γₖ = (1/α)/√k: α = 1 updates on mistakes only, a smaller α asks for a wider margin (LIBOL's default: 0.9).");
    /// ALMA's C in the step eta_k = C / sqrt(k).
    AlmaC alma_c: f64 = std::f64::consts::SQRT_2;
        "alma-c", code 36, Range::Positive, Learner, live true;
        "ALMA C": libol_help("ALMA's step on its k-th update is ηₖ = C/√k (the paper's choice and LIBOL's default: √2).");
    /// ROMMA's and aggressive ROMMA's form.
    RommaForm romma_form: LibolForm = LibolForm::Paper;
        "romma-form", code 37, Range::Choice, Learner, live false;
        "ROMMA form": libol_help("paper: the first update is the smallest w with y w·x = 1 (w = y x/‖x‖²), and ROMMA updates when y w·x ≤ 0; libol: LIBOL's ROMMA.m and aROMMA.m, w = y x first, and a mistake is a wrong sign (a score of 0 predicts +1).");
    /// The loss OGD descends.
    OgdLoss ogd_loss: OgdLoss = OgdLoss::Hinge;
        "ogd-loss", code 38, Range::Choice, Learner, live true;
        "OGD loss": libol_help("The loss OGD steps down, with ηₜ = η/√t (η: the learning rate): hinge max(0, 1 − m), logistic log(1 + e^−m), square (y − f)²/2, zero-one (LIBOL's: a step on a wrong sign).");
    /// SOP's form.
    SopForm sop_form: LibolForm = LibolForm::Paper;
        "sop-form", code 39, Range::Choice, Learner, live false;
        "SOP form": libol_help("paper: x joins SOP's correlation matrix only on a mistake (y f ≤ 0); libol: LIBOL's SOP.m, on every sample, and a mistake is a wrong sign.");
    /// CW's form.
    CwForm cw_form: LibolForm = LibolForm::Paper;
        "cw-form", code 40, Range::Choice, Learner, live false;
        "CW form": libol_help("paper: Dredze, Crammer & Pereira 2008, the constraint y w·x ≥ φ xᵀΣx; libol: LIBOL's CW.m, the exact convex form y w·x ≥ φ√(xᵀΣx) of Crammer, Dredze & Pereira 2008.");
    /// CW's confidence eta: phi = Phi^-1(eta).
    CwEta cw_eta: f64 = 0.7;
        "cw-eta", code 41, Range::Confidence, Learner, live true;
        "CW η": libol_help("CW asks that x be classified right with probability η under the weight distribution N(w, Σ): φ = Φ⁻¹(η) (LIBOL's default: 0.7).");
    /// IELLIP's form.
    IellipForm iellip_form: LibolForm = LibolForm::Paper;
        "iellip-form", code 42, Range::Choice, Learner, live false;
        "IELLIP form": libol_help("paper: c shrinks by the factor b after each update, and IELLIP updates when y f ≤ 0; libol: LIBOL's IELLIP.m, c shrinks after every sample, and a mistake is a wrong sign.");
    /// IELLIP's b: c shrinks by this factor.
    IellipB iellip_b: f64 = 0.3;
        "iellip-b", code 43, Range::UpToOne, Learner, live true;
        "IELLIP b": libol_help("IELLIP multiplies its c by b (when: see IELLIP form); b = 1 keeps c fixed (LIBOL's default: 0.3).");
    /// IELLIP's first c.
    IellipC iellip_c: f64 = 0.1;
        "iellip-c", code 44, Range::OpenUnit, Learner, live false;
        "IELLIP c": libol_help("IELLIP's first c, in Σ ← (Σ − c·Σg gᵀΣ)/(1 − c): how far an update shrinks the ellipsoid along x (LIBOL's default: 0.1).");
    /// NAROW's b: Sigma moves only where x'Sigma x > 1/b.
    NarowB narow_b: f64 = 1.0;
        "narow-b", code 45, Range::Positive, Learner, live true;
        "NAROW b": libol_help("NAROW shrinks Σ only where xᵀΣx > 1/b, with r = xᵀΣx/(b·xᵀΣx − 1) (LIBOL's default: 1).");
    BallseptronR ballseptron_r: f64 = 0.1;
        "ballseptron-r", code 60, Range::Positive, Learner, live true;
        "Ballseptron r": relatives_help("The Ballseptron also updates a correctly classified x when the ball of radius r around it reaches the boundary (y w·x/‖w‖ ≤ r), moving w by y x̂, x̂ the ball's point deepest across. Ours: 0.1, as Cognitive Foundry's; the paper fixes none.");
    PaumTauPlus paum_tau_plus: f64 = 1.0;
        "paum-tau-plus", code 61, Range::NonNegative, Learner, live true;
        "PAUM τ₊₁": relatives_help("PAUM updates on a positive sample while y f ≤ τ₊₁: a larger τ₊₁ pushes the boundary away from the positives (ours: 1; the paper tunes it per task).");
    PaumTauMinus paum_tau_minus: f64 = 1.0;
        "paum-tau-minus", code 62, Range::NonNegative, Learner, live true;
        "PAUM τ₋₁": relatives_help("PAUM updates on a negative sample while y f ≤ τ₋₁; τ₋₁ ≠ τ₊₁ makes the margins uneven, for unbalanced classes (ours: 1; τ₊₁ = τ₋₁ = 0 is the perceptron).");
    /// How PAUM moves its bias: Table 1's η y R² as we read it (unchecked),
    /// or η y as its first author's code does.
    PaumForm paum_form: KernelForm = KernelForm::Paper;
        "paum-form", code 91, Range::Choice, Learner, live false, when "--bias augmented" |s| s.bias == BiasMode::Augmented;
        "PAUM form": relatives_help("How PAUM's bias moves on an update. paper: b += η y R² (R the largest ‖x‖ so far), the rule we read in the paper's Table 1, not checked against it here; authors: b += η y, as its first author's code (GATE's Paum.java) and AI on Browser's paum.js do. They differ wherever R ≠ 1.");
    ShiftingLambda shifting_lambda: f64 = 1.0;
        "shifting-lambda", code 63, Range::Positive, Learner, live true;
        "shifting λ": relatives_help("On its k-th mistake (from 0) the shifting perceptron shrinks w by 1 − λₖ, λₖ = λ/(λ + k), before adding y x: a larger λ forgets faster, λ → 0 is the perceptron (ours: 1).");
    PegasosLambda pegasos_lambda: f64 = 0.01;
        "pegasos-lambda", code 64, Range::Positive, Learner, live true;
        "Pegasos λ": relatives_help("The SVM objective's λ/2 ‖w‖²: Pegasos steps by ηₜ = 1/(λt) and keeps ‖w‖ ≤ 1/√λ (ours: 0.01; the paper's runs use 1e-4 on CCAT and 5e-5 on astro-ph, two text sets, and 1e-6 on covertype, forest cover data).");
    WinnowAlpha winnow_alpha: f64 = 2.0;
        "winnow-alpha", code 65, Range::AboveOne, Learner, live true;
        "Winnow α": relatives_help("On a mistake balanced Winnow multiplies each w⁺ᵢ by α^(y xᵢ/R) and divides each w⁻ᵢ by it (R: the largest |xᵢ| so far): a larger α learns faster and forgets faster (ours: 2, as Weka's Winnow).");
    WinnowTheta winnow_theta: f64 = 0.0;
        "winnow-theta", code 66, Range::Finite, Learner, live true;
        "Winnow θ": relatives_help("Balanced Winnow predicts +1 when (w⁺ − w⁻)·x ≥ θ. Ours: 0, since the bias weights (a constant attribute 1) already move the boundary; Littlestone's θ for Boolean data with positive weights is of the order of the number of attributes.");
    SelectiveB selective_b: f64 = 1.0;
        "selective-b", code 67, Range::Positive, Learner, live true;
        "selective b": relatives_help("The selective perceptron asks for a sample's label with probability b/(b + |w·x|): a smaller b asks less often where it is already sure (ours: 1; the paper tunes b to the data's radius and margin).");
    /// The batch pocket's tries (Lao Ma's loop: 100), after which it stops.
    Iterations iterations: u64 = 100;
        "iterations", code 90, whole(1, 1_000_000), Learner, live true;
        "iterations": relatives_help("The batch pocket's tries: each proposes w + y x for a misclassified sample and keeps it only if the mistakes over the batch drop; after this many the search stops and w stays (Lao Ma's post: 100). Raising it lets a stopped run go on; Reset starts it again.");
    /// The Banditron's exploration: it guesses its top class with
    /// probability 1 − γ + γ/K, any other with γ/K; γ in (0, 0.5) as the
    /// paper's Algorithm 1 has it.
    BanditronGamma banditron_gamma: f64 = 0.01;
        "banditron-gamma", code 80, Range::OpenHalf, Learner, live true, when "--multiclass banditron" |s| s.multiclass == Reduction::Banditron;
        "Banditron γ": relatives_help("The Banditron guesses its top class with probability 1 − γ + γ/K and each other class with γ/K, and learns only whether the guess was right: a larger γ explores more. The paper's range is (0, 0.5) and it tunes γ per data set (0.006 to 0.05 in its experiments); ours is 0.01, DOGMA's default.");
    /// The multiclass perceptron's form: the paper's or LIBOL's code.
    CrammerSingerForm crammer_singer_form: LibolForm = LibolForm::Paper;
        "crammer-singer-form", code 81, Range::Choice, Learner, live false, when "--multiclass crammer-singer, crammer-singer-uniform or crammer-singer-proportional" |s| matches!(s.multiclass, Reduction::CrammerSinger | Reduction::CrammerSingerUniform | Reduction::CrammerSingerProportional);
        "Crammer-Singer form": relatives_help("The multiclass perceptron's error set E. paper: the wrong classes scoring at least the true one's score, and the rows move whenever E is not empty (a tie is an error); libol: LIBOL's M_Perceptron*.m, rows move only when the prediction is wrong, and E holds only the classes scoring above the true one.");
    /// The page's synthetic stream.
    Preset preset: Preset = Preset::Overlapping;
        "preset", code 26, Range::Choice, Page, live false;
        "preset": "The synthetic stream the page learns from.";
    /// Seeds the stream (page), the shuffles (command line) and the randomised learners.
    Seed seed: u64 = 0, page 1;
        "seed", code 25, whole(0, super::MAX_SEED), Run, live false;
        "seed": "Seeds the data (the page's stream, the command line's shuffles) and the randomised learners: the same seed, the same run.";
    /// Label noise added to the page's stream.
    Noise noise: f64 = 0.0;
        "noise", code 4, Range::Unit, Page, live true;
        "label noise": "The share of streamed labels flipped at random (on top of the preset's own).";
    /// How more than two classes are learned (the command line on data with
    /// K > 2 classes, the page with more than two classes).
    Multiclass multiclass: Reduction = Reduction::OneVsRest;
        "multiclass", code 32, Range::Choice, Run, live false;
        "multiclass": "More than two classes: one-vs-rest (a learner per class); crammer-singer (a row per class, moved against the best wrong one: PA's step or the perceptron's); the perceptron's -uniform and -proportional updates; banditron (told only if its guess was right).";
    /// The page's classes: its preset's, or more once a click adds one.
    Classes classes: u64 = 2;
        "classes", code 33, whole(2, 6), Page, live false;
        "classes": "Classes on the plane; keys 1 to 6 pick a click's class.";
    /// How the command line scales the features before learning.
    Scale scale: Scale = Scale::None;
        "scale", code 92, Range::Choice, Cli, live false;
        "scale": "none: the values as read; standard: each feature to mean 0 and standard deviation 1 over the training file (read twice first, for the means and then the deviations; the same transform for --test), as the Pocket PLA post and scikit-learn's StandardScaler do.";
    /// Classification or regression (the command line; the page's follows its preset).
    Task task: Task = Task::Classification;
        "task", code 27, Range::Choice, Cli, live false;
        "task": "classification: labels ±1 (0/1 read as −1/+1); regression: real-valued targets.";
}
