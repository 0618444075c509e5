"""NumPy transcriptions of the budgeted kernel learners of issue 23, each
written from its paper's algorithm box (and, for a `form="authors"`, from
Lu & Hoi's MATLAB code, github jingcoco/Online-Kernel-Learning, binary/),
not from our Rust code. Used by kernel_fixtures.py for the reference
numbers of tests/kernel_reference.rs.

- Forgetron: Dekel, Shalev-Shwartz & Singer, SIAM J. Comput. 37(5) 2008,
  the self-tuned Forgetron: sigma_i y_i k(x_i, .), phi chosen in closed form
  as DOGMA's k_forgetron_st_train.m (Orabona) and JSAT's Forgetron write it;
  form "authors": forgetron.m.
- Stoptron: Orabona, Keshet & Caputo, "Bounded kernel-based online
  learning", JMLR 10 (2009): the kernel perceptron that stops once it
  holds B support vectors.
- BOGD: Zhao, Wang, Wu, Jin & Hoi, ICML 2012, by uniform sampling, as
  JSAT's BOGD reads it (the paper's text could not be opened: see
  src/kernel/bogd.rs); form "authors": BOGD.m. Fed the Rust
  generator's uniforms (relatives.py's port of xoshiro256** and rand's f64).
- FOGD: Lu, Hoi, Wang, Zhao & Liu, "Large scale online kernel learning",
  JMLR 17(47) 2016, its Fourier online gradient descent, the frequencies
  the Rust draws (the same port, and data::rng's Box-Muller normal); and
  its Nystrom online gradient descent, NOGD.
- BPA-S: Wang & Vucetic, "Online passive-aggressive algorithms on a
  budget", AISTATS 2010, the simple variant (BPAs.m with k(x, x) = 1).
"""

import numpy as np

from kernel_learners import KernelModel
from relatives import uniforms


class Forgetron(KernelModel):
    """On y f(x) <= 0: M += 1, x joins with sigma = 1; past the budget B,
    with r the oldest, lambda = sigma_r and mu = y_r f'(x_r) (f' with x
    added), phi = max{phi in (0, 1] : Q + Psi <= 15/32 M}, every sigma is
    scaled by phi, Q += Psi(lambda, phi, mu) = (lambda phi)^2 +
    2 lambda phi (1 - phi mu), and r is removed. learn() returns 1 on an
    update, 0 otherwise."""

    def __init__(self, kernel, budget, form="paper"):
        super().__init__(kernel)
        self.budget, self.form = budget, form
        self.sigma, self.labels = [], []
        self.q, self.m = 0.0, 0

    def phi(self, lam, mu):
        a, b, c = lam * lam - 2 * lam * mu, 2 * lam, self.q - 15 / 32 * self.m
        d = b * b - 4 * a * c
        if self.form == "paper":
            # DOGMA's and JSAT's closed form of the max.
            if a > 0 or (a < 0 and d > 0 and (-b - np.sqrt(d)) / (2 * a) > 1):
                return min(1.0, (-b + np.sqrt(d)) / (2 * a))
            if a == 0:
                return min(1.0, -c / b)
            return 1.0
        # forgetron.m, branch by branch.
        if a == 0:
            return max(0.0, min(1.0, -c / b))
        if a + b + c <= 0:
            return 1.0
        if a > 0:
            return (-b + np.sqrt(d)) / (2 * a)
        return (-b - np.sqrt(d)) / (2 * a)

    def learn(self, x, y):
        f = self.score(x)
        if self.form == "authors" and (1.0 if f >= 0 else -1.0) != y:
            self.m += 1  # err_count: a wrong sign, +1 at a score of 0
        if y * f > 0:
            return 0.0
        if self.form == "paper":
            self.m += 1
        self.sv.append(x)
        self.sigma.append(1.0)
        self.labels.append(y)
        if self.budget is not None and len(self.sv) > self.budget:
            lam, r = self.sigma[0], self.sv[0]
            f_prime = sum(s * l * self.k(v, r) for s, l, v in zip(self.sigma, self.labels, self.sv))
            mu = self.labels[0] * f_prime
            phi = self.phi(lam, mu)
            self.sigma = [phi * s for s in self.sigma]
            self.q += (lam * phi) ** 2 + 2 * lam * phi * (1 - phi * mu)
            self.sv, self.sigma, self.labels = self.sv[1:], self.sigma[1:], self.labels[1:]
        self.alpha = [s * l for s, l in zip(self.sigma, self.labels)]
        return 1.0


class Stoptron(KernelModel):
    """Orabona, Keshet & Caputo, JMLR 10 (2009): the perceptron, adding x
    with alpha = y on y f(x) <= 0 while it holds fewer than B; then it
    stops. learn() returns 1 on an update, 0 otherwise."""

    def __init__(self, kernel, budget):
        super().__init__(kernel)
        self.budget = budget

    def learn(self, x, y):
        if y * self.score(x) > 0 or len(self.sv) >= self.budget:
            return 0.0
        self.sv.append(x)
        self.alpha.append(y)
        return 1.0


class Bogd(KernelModel):
    """BOGD by uniform sampling (Zhao et al. 2012), as JSAT reads the
    paper (whose text could not be checked): f <- (1 - lam eta) f every step; on a loss (y f <
    1) x joins with eta y while fewer than B are held; once B are held, j
    is drawn uniformly, the others become sign(a) min(|a| (1 - lam eta)
    B/(B - 1), eta gamma), j is removed and x joins with eta y.
    form "authors": BOGD.m (y f <= 1; the others scaled by (1 - lam eta)
    B/(B - 1), x added, then all scaled by min(1, eta gamma / max |a|)).
    `draws`: the uniforms u of the session's generator, one per removal,
    j = floor(u B). learn() returns eta on a loss, 0 otherwise."""

    def __init__(self, kernel, budget, eta, lam, gamma, draws, form="paper"):
        super().__init__(kernel)
        self.budget, self.eta, self.lam, self.gamma = budget, eta, lam, gamma
        self.draws, self.form = iter(draws), form

    def learn(self, x, y):
        f = self.score(x)
        loss = y * f < 1 if self.form == "paper" else y * f <= 1
        alpha = np.array(self.alpha)
        if not loss:
            self.alpha = list((1 - self.lam * self.eta) * alpha)
            return 0.0
        if self.budget is None or len(self.sv) < self.budget:
            self.alpha = list((1 - self.lam * self.eta) * alpha) + [self.eta * y]
            self.sv.append(x)
            return self.eta
        b = self.budget
        j = min(int(next(self.draws) * b), b - 1)
        scaled = b * (1 - self.lam * self.eta) / (b - 1) * alpha if b > 1 else alpha * 0
        keep = [i for i in range(b) if i != j]
        if self.form == "paper":
            cap = self.eta * self.gamma
            alpha = np.sign(scaled[keep]) * np.minimum(np.abs(scaled[keep]), cap)
            alpha = np.append(alpha, self.eta * y)
        else:
            alpha = np.append(scaled[keep], self.eta * y)
            alpha = alpha * min(self.eta * self.gamma / np.max(np.abs(alpha)), 1)
        self.sv = [self.sv[i] for i in keep] + [x]
        self.alpha = list(alpha)
        return self.eta


M64 = (1 << 64) - 1
# FOGD's frequencies of input feature j come from derived(seed, FREQUENCIES + j).
FREQUENCIES = 0x464F_4744_0000_0000


def derived(seed, purpose):
    """data::rng::derived: the seed of a generator for a named purpose."""
    return seed ^ ((purpose * 0xD6E8_FEB8_6659_FD93) & M64)


def normals(seed, n):
    """data::rng::normal, n times from seeded(seed): Box-Muller on two of
    rand's f64 uniforms, sqrt(-2 ln(1 - u1)) cos(2 pi u2)."""
    u = uniforms(seed, 2 * n)
    return [np.sqrt(-2 * np.log(1 - u[2 * k])) * np.cos(2 * np.pi * u[2 * k + 1]) for k in range(n)]


class Fogd(KernelModel):
    """FOGD (Lu, Hoi, Wang, Zhao & Liu, JMLR 2016), the random Fourier
    features of the Gaussian kernel, u_i ~ N(0, I / sigma^2), and z(x) =
    (cos u_i.x, sin u_i.x) / sqrt(D) (the 1/sqrt(D) of the kernel's
    approximation: FouGD.m's eta is ours over D); on y w.z < 1,
    w += eta y z. The frequencies are the Rust generator's (see derived
    and normals). learn() returns eta on a step, 0 otherwise."""

    def __init__(self, sigma, d, eta, seed, dim):
        super().__init__(None)
        cols = [normals(derived(seed, FREQUENCIES + j), d) for j in range(dim)]
        self.u = np.array(cols).T / sigma
        self.d, self.eta = d, eta
        self.w = np.zeros(2 * d)

    def z(self, x):
        p = self.u @ x
        return np.concatenate([np.cos(p), np.sin(p)]) / np.sqrt(self.d)

    def score(self, x):
        return float(self.w @ self.z(x))

    def learn(self, x, y):
        z = self.z(x)
        if y * (self.w @ z) >= 1:
            return 0.0
        self.w = self.w + self.eta * y * z
        return self.eta


class Nogd(KernelModel):
    """NOGD (Lu, Hoi, Wang, Zhao & Liu, JMLR 2016), Algorithm 2 as we read
    it: kernel OGD on the hinge loss (x joins with eta y on y f < 1) until
    B are held; when the set fills, [V, D] = the top k = max(1, floor(rho B
    + 1/2)) eigenpairs of its Gram matrix (eigenvalues above 1e-10 of the
    largest), M = D^-1/2 V^T, w = alpha M^+; then on y w.z(x) < 1 with
    z(x) = M k(x), w += eta y z(x). `alpha` is kept as M^T w, the
    coefficients over the B vectors the fixture compares. learn() returns
    eta on a step, 0 otherwise."""

    def __init__(self, kernel, budget, eta, rho):
        super().__init__(kernel)
        self.budget, self.eta, self.rho = budget, eta, rho
        self.M = self.w = None

    def z(self, x):
        return self.M @ np.array([self.k(s, x) for s in self.sv])

    def score(self, x):
        return super().score(x) if self.M is None else float(self.w @ self.z(x))

    def learn(self, x, y):
        if y * self.score(x) >= 1:
            return 0.0
        if self.M is not None:
            self.w = self.w + self.eta * y * self.z(x)
        else:
            self.sv.append(x)
            self.alpha.append(self.eta * y)
            if self.budget is not None and len(self.sv) == self.budget:
                values, vectors = np.linalg.eigh(self.gram())
                order = np.argsort(values)[::-1]
                k = max(1, int(np.floor(self.rho * self.budget + 0.5)))
                top = [i for i in order[:k] if values[i] > 1e-10 * values[order[0]] and values[i] > 0]
                self.M = np.diag(values[top] ** -0.5) @ vectors[:, top].T
                self.w = np.array(self.alpha) @ np.linalg.pinv(self.M)
        if self.M is not None:
            self.alpha = list(self.M.T @ self.w)
        return self.eta


class BpaS(KernelModel):
    """BPA-S (Wang & Vucetic, AISTATS 2010): kernel PA-I, tau = min(C,
    l / k(x, x)); at the budget, for each r, beta = a_r k(s_r, x) / k(x, x)
    + tau y, and the r with the least 1/2 ||f' - f||^2 + C l(f') (the first
    of equals) is replaced by x with beta (appended). learn() returns tau
    on a step, 0 otherwise."""

    def __init__(self, kernel, c, budget):
        super().__init__(kernel)
        self.c, self.budget = c, budget

    def learn(self, x, y):
        f = self.score(x)
        loss = max(0.0, 1 - y * f)
        if loss == 0:
            return 0.0
        kxx = self.k(x, x)
        tau = min(self.c, loss / kxx)
        if self.budget is None or len(self.sv) < self.budget:
            self.sv.append(x)
            self.alpha.append(tau * y)
            return tau
        best = None
        for r, (s, a) in enumerate(zip(self.sv, self.alpha)):
            krt, krr = self.k(s, x), self.k(s, s)
            beta = a * krt / kxx + tau * y
            distance = a * a * krr + beta * beta * kxx - 2 * a * beta * krt
            q = 0.5 * distance + self.c * max(0.0, 1 - y * (f - a * krt + beta * kxx))
            if best is None or q < best[0]:
                best = (q, r, beta)
        _, r, beta = best
        self.sv = self.sv[:r] + self.sv[r + 1:] + [x]
        self.alpha = self.alpha[:r] + self.alpha[r + 1:] + [beta]
        return tau
