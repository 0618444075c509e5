"""The paired t-test src/paper/stats.rs must match (its unit test holds
these numbers): python3 scripts/reference/paired_test.py"""
from scipy.stats import ttest_rel

a = [0.20, 0.22, 0.25, 0.21, 0.24]
b = [0.21, 0.25, 0.24, 0.24, 0.27]
result = ttest_rel(a, b)
print(f"t = {result.statistic!r}, two-sided p = {result.pvalue!r}")
