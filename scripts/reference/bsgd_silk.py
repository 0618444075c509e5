"""NumPy transcriptions of SILK and BSGD (issue 23's last two budgeted
kernel learners), written from their sources, not from our Rust code.
Used by kernel_fixtures.py for the reference numbers of
tests/kernel_reference.rs.

- SILK: Cheng, Vishwanathan, Schuurmans, Wang & Caelli, "Implicit online
  learning with kernels", NIPS 19 (2006). The paper's text past its first
  page was not at hand: the step is the minimiser of the implicit problem
  1/2 ||f - f_t||^2 + eta lambda/2 ||f||^2 + C max(0, rho - y f(x)), as
  Orabona's silk_train.m (Kernel Machines for MATLAB, 2007) and AI on
  Browser's silk.js compute it (eta = rho = 1, their defaults), and past the
  buffer B the smallest |alpha| goes (both codes; Wang, Crammer & Vucetic
  2012, Section 2.4, say the same of SILK).
- BSGD: Wang, Crammer & Vucetic, "Breaking the curse of kernelization:
  budgeted stochastic gradient descent for large-scale SVM training",
  JMLR 13 (2012), read in the preprint the authors ship with BudgetedSVM
  (doc/pdfs_of_algorithm_papers/BSGD_paper.pdf): Algorithm 1 with
  Pegasos's eta_t = 1/(lambda t) (Table 2), Algorithm 2's removal (6.1),
  projection (6.2, Eq. 6.3, the smallest vector projected) and merging
  (6.3, Eq. 6.6-6.8, m the smallest, n the best partner). The paper leaves
  the line search open ("e.g. the golden search"): ours is written out in
  best_h, and is the Rust's.
"""

import numpy as np

from kernel_learners import KernelModel

GOLDEN = (np.sqrt(5.0) - 1.0) / 2.0
BRACKET_SHARE = 1e-3
SPAN_FLOOR = 1e-10


class Silk(KernelModel):
    """tau = lambda / (1 + lambda); alpha_x = y max(0, min((1 - tau) C,
    (1 - (1 - tau) y f(x)) / k(x, x))); f <- (1 - tau) f + alpha_x k(x, .);
    x joins when alpha_x != 0; past B the smallest |alpha| (x included,
    the first of equals) goes. learn() returns |alpha_x|."""

    def __init__(self, kernel, c, lam, budget):
        super().__init__(kernel)
        self.c, self.lam, self.budget = c, lam, budget

    def learn(self, x, y):
        f = self.score(x)
        decay = 1.0 - self.lam / (1.0 + self.lam)
        step = max(0.0, min(decay * self.c, (1.0 - decay * y * f) / self.k(x, x)))
        self.alpha = [decay * a for a in self.alpha]
        if step == 0.0:
            return 0.0
        self.sv.append(x)
        self.alpha.append(y * step)
        if self.budget is not None and len(self.sv) > self.budget:
            r = min(range(len(self.alpha)), key=lambda i: (abs(self.alpha[i]), i))
            del self.sv[r], self.alpha[r]
        return step


def least(values, scale=0.0):
    """The first index whose value is within 1e-12 (|least| + scale) of the
    least (ties in exact arithmetic, told apart by rounding alone)."""
    low = min(values)
    return next(i for i, v in enumerate(values) if v <= low + 1e-12 * (abs(low) + scale))


def best_h(r, c):
    """The h maximising r e^(-c(1-h)^2) + (1 - r) e^(-c h^2) (Eq. 6.6 for
    the Gaussian kernel, k(x_m, x_n) = e^(-c)), for r >= 0: golden-section
    search over [0, max(1, r)] to 1/1000 of it, then up to four Newton
    steps on f'(h) = 0 while f'' < 0 and h stays in the bracket."""
    def f(h):
        return r * np.exp(-c * (1 - h) * (1 - h)) + (1 - r) * np.exp(-c * h * h)

    low, high = 0.0, max(1.0, r)
    a, b = low, high
    tolerance = BRACKET_SHARE * (high - low)
    p, q = b - GOLDEN * (b - a), a + GOLDEN * (b - a)
    fp, fq = f(p), f(q)
    while b - a >= tolerance:
        if fp >= fq:
            b, q, fq = q, p, fp
            p = b - GOLDEN * (b - a)
            fp = f(p)
        else:
            a, p, fp = p, q, fq
            q = a + GOLDEN * (b - a)
            fq = f(q)
    h = (a + b) / 2
    for _ in range(4):
        u, v = np.exp(-c * (1 - h) * (1 - h)), np.exp(-c * h * h)
        slope = 2 * c * (r * (1 - h) * u - (1 - r) * h * v)
        curve = r * u * (4 * c * c * (1 - h) * (1 - h) - 2 * c) + (1 - r) * v * (4 * c * c * h * h - 2 * c)
        if not curve < 0:
            break
        nxt = h - slope / curve
        if not low <= nxt <= high:
            break
        h = nxt
    return h


class Bsgd(KernelModel):
    """BPegasos: eta_t = 1/(lambda t); f <- (1 - eta_t lambda) f; if
    y f(x) < 1, x joins with eta_t y; past B, Algorithm 2 on p = the least
    ||alpha_j||^2 k(x_j, x_j). learn() returns eta_t on a step, else 0."""

    def __init__(self, kernel, lam, budget, maintenance="merging", sigma=None):
        super().__init__(kernel)
        self.lam, self.budget, self.maintenance, self.sigma = lam, budget, maintenance, sigma
        self.t = 0

    def learn(self, x, y):
        self.t += 1
        f = self.score(x)
        eta = 1.0 / (self.lam * self.t)
        decay = 1.0 - eta * self.lam
        self.alpha = [decay * a for a in self.alpha]
        if y * f >= 1.0:
            return 0.0
        projecting = self.budget is not None and self.maintenance == "projection"
        if projecting and self.sv:
            k = np.array([self.k(s, x) for s in self.sv])
            d = np.linalg.solve(self.gram(), k)
            kxx = self.k(x, x)
            if kxx - k @ d <= SPAN_FLOOR * kxx:
                # x is in the span: its eta y k(x, .) joins through the others.
                self.alpha = [a + eta * y * di for a, di in zip(self.alpha, d)]
                return eta
        self.sv.append(x)
        self.alpha.append(eta * y)
        if self.budget is not None and len(self.sv) > self.budget:
            getattr(self, self.maintenance)()
        return eta

    def smallest(self):
        return least([a * a * self.k(s, s) for s, a in zip(self.sv, self.alpha)])

    def removal(self):
        p = self.smallest()
        del self.sv[p], self.alpha[p]

    def projection(self):
        p = self.smallest()
        rest = [j for j in range(len(self.sv)) if j != p]
        kp = np.array([[self.k(self.sv[i], self.sv[j]) for j in rest] for i in rest])
        k = np.array([self.k(self.sv[j], self.sv[p]) for j in rest])
        change = self.alpha[p] * np.linalg.solve(kp, k)  # Eq. (6.3)
        for j, dj in zip(rest, change):
            self.alpha[j] += dj
        del self.sv[p], self.alpha[p]

    def merging(self):
        m = least([a * a for a in self.alpha])
        am, candidates = self.alpha[m], []
        for n, an in enumerate(self.alpha):
            if n == m or am + an == 0:
                continue
            d = self.sv[m] - self.sv[n]
            c = (d @ d) / (2 * self.sigma * self.sigma)
            r = am / (am + an)
            h = 1 - best_h(1 - r, c) if r < 0 else best_h(r, c)
            az = am * np.exp(-c * (1 - h) ** 2) + an * np.exp(-c * h * h)
            loss = am * am + an * an + 2 * am * an * np.exp(-c) - az * az  # Eq. (6.8)
            candidates.append((loss, n, h, az))
        if not candidates:
            del self.sv[m], self.alpha[m]
            return
        _, n, h, az = candidates[least([c[0] for c in candidates], am * am)]
        z = h * self.sv[m] + (1 - h) * self.sv[n]  # Eq. (6.7)
        for i in sorted((m, n), reverse=True):
            del self.sv[i], self.alpha[i]
        self.sv.append(z)
        self.alpha.append(az)
