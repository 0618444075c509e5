"""Paired differences of one learner's held-out error against each other
learner's, at each size, from `onlinelearn frontier --json` (runs paired by
ordering: the same seed, the same shuffle). docs/frontier.md's verdict
quotes these. Plain Python, no dependencies:

    onlinelearn frontier --json ... > a3a.json
    python3 scripts/frontier_paired.py a3a.json [ald-projection]

t is the mean difference over its standard error, with n - 1 degrees of
freedom (|t| > 2.09 is p < 0.05 two-sided at 19, i.e. 20 orderings)."""
import json
import math
import sys


def paired(a, b):
    d = [x - y for x, y in zip(a, b)]
    mean = sum(d) / len(d)
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1))
    return mean, (mean / (sd / math.sqrt(len(d))) if sd > 0 else math.inf)


def main():
    report = json.load(open(sys.argv[1]))
    learner = sys.argv[2] if len(sys.argv) > 2 else "ald-projection"
    points = {(p["algo"], p["target"]): p for p in report["points"]}
    learners = list(dict.fromkeys(p["algo"] for p in report["points"]))
    errors = lambda a, size: [r["test_error"] for r in points[(a, size)]["runs"]]
    for size in report["sizes"]:
        ranked = sorted(learners, key=lambda a: points[(a, size)]["test_error"]["mean"])
        rank = ranked.index(learner) + 1
        print(f"size {size}: {learner} ranks {rank} of {len(learners)}; "
              f"its error minus each other's (t, {len(errors(learner, size)) - 1} df):")
        for other in ranked:
            if other != learner:
                mean, t = paired(errors(learner, size), errors(other, size))
                print(f"  {other:<18} {mean:+.4f}  (t = {t:+.1f})")


if __name__ == "__main__":
    main()
