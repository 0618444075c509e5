"""Paper-literal NumPy transcriptions of the kernel learners.

Each class is written from its source, not from our Rust code, and favours
plain linear algebra over speed: the dictionary's inverse Gram matrix is
never kept, every projection is a fresh `np.linalg.solve`. Used by
kernel_fixtures.py to make the reference numbers of tests/kernel_reference.rs.

Sources (github songaimin/ProjectionTwoStageC is the 2023 authors' code):
- ALD projection: Meng & Song, AAM 12(9) 2023, Eq. (2)-(4) and section 3.2.
- APSM: the authors' SKerAPSM_1.m (Slavakis, Theodoridis, Yamada 2008).
- Projectron / Projectron++: the authors' Projectron.m, Projectron_Plus.m
  (Orabona, Keshet, Caputo 2009).
- Kernel PA-I / PA-II: Crammer et al. 2006, section 6 (kernels) with
  k(x, x) for ||x||^2; past the budget the oldest support vector goes.
- Random budget perceptron: Cavallanti, Cesa-Bianchi, Gentile 2007.
- SPA: Lu, Sahoo, Zhao, Hoi 2018 (p = min(alpha, l) / beta, step capped at
  C / p) and the authors' SPA.m (p = min(l, 1), coefficient l).
- OLRU / OLRD: the authors' OLRU.m and OLRD.m (He & Kwok 2014); OLRD with
  a hard budget (uniform random discard past B) is our default form.
"""

from collections import deque

import numpy as np


def gaussian(sigma):
    def k(a, b):
        d = a - b
        return float(np.exp(-(d @ d) / (2.0 * sigma * sigma)))

    return k


class KernelModel:
    """f(x) = sum_i alpha_i k(s_i, x) (+ offset)."""

    def __init__(self, kernel):
        self.k = kernel
        self.sv = []
        self.alpha = []
        self.offset = 0.0

    def score(self, x):
        return sum(a * self.k(s, x) for s, a in zip(self.sv, self.alpha)) + self.offset

    def gram(self):
        return np.array([[self.k(a, b) for b in self.sv] for a in self.sv])

    def hinge(self, x, y):
        """The hinge loss max(0, 1 - y f(x))."""
        return max(0.0, 1.0 - y * self.score(x))

    def add(self, x, coefficient):
        """x joins the support set with its coefficient."""
        self.sv.append(x)
        self.alpha.append(coefficient)

    def drop(self, i):
        """The i-th support vector leaves."""
        self.sv.pop(i)
        self.alpha.pop(i)


class AldProjection(KernelModel):
    """Meng & Song 2023: APSM's concurrent projections without a bias,
    sparsified by approximate linear dependence (Eq. 4). The step mu is
    Eq. (2): sum_j w_j d_j^2 over ||sum_j w_j (u - P_j u)||^2, the norm of
    the window's own kernel functions; the update is Eq. (3) through the
    projection coefficients A_t."""

    def __init__(self, kernel, eta, q, lam, rho):
        super().__init__(kernel)
        self.eta, self.q, self.lam, self.rho = eta, q, lam, rho
        self.window = deque()  # (x, y, a) with a over the dictionary

    def learn(self, x, y):
        kxx = self.k(x, x)
        if not self.sv:
            delta, joins = kxx, kxx > 0
        else:
            kd = np.array([self.k(s, x) for s in self.sv])
            a = np.linalg.solve(self.gram(), kd)
            delta = kxx - kd @ a
            joins = delta > self.eta and delta > 1e-10 * kxx
        if joins:
            self.add(x, 0.0)
            self.window = deque((xj, yj, np.append(aj, 0.0)) for xj, yj, aj in self.window)
            a = np.zeros(len(self.sv))
            a[-1] = 1.0
        self.window.append((x, y, a))
        if len(self.window) > self.q:
            self.window.popleft()
        w = 1.0 / len(self.window)
        beta, num = [], 0.0
        for xj, yj, _ in self.window:
            kjj = self.k(xj, xj)
            loss = max(0.0, self.rho - yj * self.score(xj))
            # An exact projection onto the margin leaves a rounding loss of
            # ~1e-16; both implementations call a loss below 1e-12 rho zero.
            loss = loss if loss > 1e-12 * self.rho else 0.0
            num += w * loss * loss / kjj
            beta.append(w * yj * loss / kjj)
        beta = np.array(beta)
        xs = [xj for xj, _, _ in self.window]
        g_window = np.array([[self.k(a_, b_) for b_ in xs] for a_ in xs])
        den = beta @ g_window @ beta
        mu = self.lam * num / den if num > 0 and den > 0 else 0.0
        if mu > 0:
            direction = sum(b * aj for b, (_, _, aj) in zip(beta, self.window))
            self.alpha = list(np.array(self.alpha) + mu * direction)
        return mu


class Apsm(KernelModel):
    """SKerAPSM_1.m, line by line (muAdj = lam)."""

    def __init__(self, kernel, q=4, lam=0.1, radius=5.0, dictionary=700, rho=1.0):
        super().__init__(kernel)
        self.q, self.lam, self.radius, self.L = q, lam, radius, dictionary
        self.rho0 = self.rho = rho
        self.theta0 = self.theta = 1.0
        self.labels = []
        self.fnorm = 0.0

    def learn(self, xn, yn):
        n = len(self.sv) + 1
        first = max(0, n - self.q)
        xs = self.sv[first:] + [xn]
        ys = np.array(self.labels[first:] + [yn])
        w = np.full(len(xs), 1.0 / len(xs))
        gn = np.array([[self.k(a, b) for b in xs] for a in xs])
        anorm = 1.0 + np.diag(gn)
        g = np.array([self.score(x) for x in xs])
        beta = np.maximum(0.0, self.rho - ys * g) * w * ys / anorm
        an = anorm @ (beta**2 / w)
        mu = 0.0 if an == 0 else self.lam * an / (beta @ (1.0 + gn) @ beta)
        self.alpha.append(0.0)
        gamma = np.array(self.alpha)
        gamma[first:] += mu * beta
        fnorm = self.fnorm + 2 * mu * beta @ (g - self.offset) + mu * mu * beta @ gn @ beta
        if np.sqrt(fnorm) > self.radius:
            gamma *= self.radius / np.sqrt(fnorm)
            fnorm = self.radius**2
        svs = self.sv + [xn]
        labels = self.labels + [yn]
        if n > self.L:
            s0, g0 = svs[0], gamma[0]
            k0 = np.array([self.k(s, s0) for s in svs])
            fnorm = fnorm - 2 * g0 * gamma @ k0 + g0 * g0 * self.k(s0, s0)
            gamma, svs, labels = gamma[1:], svs[1:], labels[1:]
        self.offset += mu * beta.sum()
        self.sv, self.labels, self.alpha, self.fnorm = svs, labels, list(gamma), fnorm
        feasible = np.sum(beta == 0) / len(beta)
        self.theta += 1e-3 if feasible >= 0.5 else -1e-3
        self.rho = max(0.0, 0.1 * (self.theta - self.theta0) + self.rho0)
        return mu


class Projectron(KernelModel):
    """Projectron.m and Projectron_Plus.m (rho = 1)."""

    def __init__(self, kernel, eta, plus):
        super().__init__(kernel)
        self.eta, self.plus = eta, plus

    def projection(self, x):
        kn = np.array([self.k(s, x) for s in self.sv])
        coeff = np.linalg.solve(self.gram(), kn)
        return kn, coeff, self.k(x, x) - kn @ coeff

    def learn(self, x, y):
        f = self.score(x)
        loss = max(0.0, 1.0 - y * f)
        if not self.sv or (y * f <= 0):
            if self.sv:
                _, coeff, err = self.projection(x)
            if self.sv and np.sqrt(max(err, 0.0)) <= self.eta:
                self.alpha = list(np.array(self.alpha) + y * coeff)
            else:
                self.add(x, y)
        elif self.plus and loss > 0:
            kn, coeff, err = self.projection(x)
            penalty = np.sqrt(max(err, 0.0)) / self.eta
            if loss > penalty:
                norm = kn @ coeff
                tau = min(loss / norm, 2 * (loss - penalty) / norm, 1.0)
                self.alpha = list(np.array(self.alpha) + y * tau * coeff)


class KernelPa(KernelModel):
    """Kernel PA-I (variant 1) or PA-II (variant 2); oldest out past B."""

    def __init__(self, kernel, variant, c, budget=None):
        super().__init__(kernel)
        self.variant, self.c, self.budget = variant, c, budget

    def learn(self, x, y):
        loss = self.hinge(x, y)
        if loss == 0:
            return
        kxx = self.k(x, x)
        tau = min(self.c, loss / kxx) if self.variant == 1 else loss / (kxx + 1 / (2 * self.c))
        self.add(x, tau * y)
        if self.budget is not None and len(self.sv) > self.budget:
            self.drop(0)


class RandomBudgetPerceptron(KernelModel):
    def __init__(self, kernel, budget, rng):
        super().__init__(kernel)
        self.budget, self.rng = budget, rng

    def learn(self, x, y):
        if y * self.score(x) > 0:
            return
        self.add(x, y)
        if self.budget is not None and len(self.sv) > self.budget:
            i = self.rng.integers(len(self.sv) - 1)  # never the newest
            self.drop(i)


class Spa(KernelModel):
    """form "paper": p = min(a, l) / b, coefficient min(C / p, l / k(x, x)) y;
    form "authors": SPA.m, p = min(l, 1), coefficient l y. rho = 1."""

    def __init__(self, kernel, rng, form="paper", a=1.0, b=1.0, c=1.0):
        super().__init__(kernel)
        self.rng, self.form, self.a, self.b, self.c = rng, form, a, b, c

    def learn(self, x, y):
        loss = self.hinge(x, y)
        if loss == 0:
            return
        if self.form == "paper":
            p = min(self.a, loss) / self.b
            coefficient = min(self.c / p, loss / self.k(x, x))
        else:
            p, coefficient = min(loss, 1.0), loss
        if self.rng.random() < p:
            self.add(x, coefficient * y)


class Olru(KernelModel):
    """OLRU.m: on a loss, with probability P = c T^-a, add x with eta l y."""

    def __init__(self, kernel, rng, eta=1.0, c=1.2, a=0.2, horizon=3000):
        super().__init__(kernel)
        self.rng, self.eta = rng, eta
        self.p = min(1.0, c * horizon ** (-a))

    def learn(self, x, y):
        loss = self.hinge(x, y)
        chosen = self.rng.random() < self.p
        if loss > 0 and chosen:
            self.add(x, self.eta * loss * y)


class Olrd(KernelModel):
    """OLRD.m: on a loss add x with eta l y; past B = floor(1 + c sqrt(T)),
    with probability 1/B drop one of the first B, chosen uniformly."""

    def __init__(self, kernel, rng, eta=1.0, c=1.0, horizon=3000):
        super().__init__(kernel)
        self.rng, self.eta = rng, eta
        self.b = int(np.floor(1 + c * np.sqrt(horizon)))

    def learn(self, x, y):
        loss = self.hinge(x, y)
        if loss == 0:
            return
        self.add(x, self.eta * loss * y)
        if len(self.sv) > self.b and self.rng.random() < 1.0 / self.b:
            i = self.rng.integers(self.b)
            self.drop(i)


class OlrdBudget(KernelModel):
    """OLRD with a hard budget B (our default form): on a loss add x with
    eta l y; past B, discard a uniformly random support vector."""

    def __init__(self, kernel, rng, eta, budget):
        super().__init__(kernel)
        self.rng, self.eta, self.budget = rng, eta, budget

    def learn(self, x, y):
        loss = self.hinge(x, y)
        if loss == 0:
            return
        self.add(x, self.eta * loss * y)
        if len(self.sv) > self.budget:
            i = self.rng.integers(len(self.sv) - 1)  # never the newest
            self.drop(i)
