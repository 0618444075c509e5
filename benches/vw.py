#!/usr/bin/env python3
"""The command line against Vowpal Wabbit on one a9a-like stream, end to end.

    python3 benches/vw.py [--copies 60] [--repeats 5] [--bin target/release/onlinelearn]

The stream is a9a (../shared/data/a9a, 32,561 lines, 123 binary features,
about 14 non-zero a line) repeated --copies times; without that file, a
seeded sparse set of the same shape. Each tool learns it once, one pass,
hinge loss: `onlinelearn learn --algo pa1` (PA-I) from the file, from a pipe
(`cat FILE | onlinelearn learn --train -`) and from gzip, and Vowpal Wabbit
(`python -m vowpalwabbit -d FILE --loss_function hinge`, the pip package,
whose labels are converted to its `-1 | 3:1 ...` text first). VW is timed
twice: its command line as a whole (the Python interpreter's start
included), and its learning alone inside Python (`Workspace(...)` and
`finish()`, the import excluded). Wall time is the median of --repeats runs,
taken in turns; resident memory is each command's peak (GNU time's %M, so
/usr/bin/time must be there).
Without the vowpalwabbit package (`pip install vowpalwabbit`), only ours is
timed.
"""

import argparse
import gzip
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
A9A = ROOT.parent / "shared" / "data" / "a9a"

VW_IN_PROCESS = """
import sys, time, vowpalwabbit
start = time.perf_counter()
vowpalwabbit.Workspace(arg_list=sys.argv[1:]).finish()
print(time.perf_counter() - start)
"""


def a9a_lines():
    """a9a's lines, or 32,561 seeded lines of its shape."""
    if A9A.exists():
        return [l for l in A9A.read_text().splitlines() if l.strip()]
    print(f"{A9A} is not here: a seeded sparse set of a9a's shape instead")
    rng = random.Random(9)
    lines = []
    for _ in range(32561):
        features = sorted(rng.sample(range(1, 124), 14))
        label = "+1" if rng.random() < 0.24 else "-1"
        lines.append(label + " " + " ".join(f"{i}:1" for i in features))
    return lines


def write_data(directory, copies):
    lines = a9a_lines()
    directory.mkdir(parents=True, exist_ok=True)
    libsvm = directory / f"a9a-x{copies}"
    vw = directory / f"a9a-x{copies}.vw"
    gz = directory / f"a9a-x{copies}.gz"
    text = "\n".join(lines) + "\n"
    # VW's text format: the label, a bar, the features (its own names).
    vw_text = "".join(
        ("1 | " if l.split(" ", 1)[0] in ("+1", "1") else "-1 | ") + l.split(" ", 1)[1] + "\n"
        for l in lines
    )
    with open(libsvm, "w") as f:
        for _ in range(copies):
            f.write(text)
    with open(vw, "w") as f:
        for _ in range(copies):
            f.write(vw_text)
    with open(libsvm, "rb") as f, gzip.open(gz, "wb", compresslevel=1) as out:
        shutil.copyfileobj(f, out)
    return libsvm, vw, gz, len(lines) * copies


def timed(command, stdin_file=None):
    """(wall seconds, peak resident MB, stdout) of one run of `command`.

    With `stdin_file`, `cat stdin_file` is piped into it: the pipe's
    writer is another process, as in a shell. The peak is GNU time's %M:
    a child forked from this Python process would count the interpreter's
    pages in its own ru_maxrss (Linux keeps the peak across exec), and
    time's child is forked from time.
    """
    start = time.perf_counter()
    cat = None
    stdin = None
    if stdin_file is not None:
        cat = subprocess.Popen(["cat", str(stdin_file)], stdout=subprocess.PIPE)
        stdin = cat.stdout
    measured = ["/usr/bin/time", "-f", "peak-kb %M"] + command
    child = subprocess.Popen(measured, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if cat is not None:
        cat.stdout.close()
    out, err = child.communicate()
    wall = time.perf_counter() - start
    if cat is not None:
        cat.wait()
    if child.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{err.decode()}")
    peak = [l for l in err.decode().splitlines() if l.startswith("peak-kb ")][-1]
    return wall, int(peak.split()[1]) / 1024, out.decode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--bin", default=str(ROOT / "target" / "release" / "onlinelearn"))
    parser.add_argument("--dir", default="/tmp/onlinelearn-vw-bench")
    args = parser.parse_args()
    binary = Path(args.bin)
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "onlinelearn"], cwd=ROOT, check=True)
    libsvm, vw_file, gz, n = write_data(Path(args.dir), args.copies)
    size = libsvm.stat().st_size / 1e6
    print(f"{n:,} samples, {size:.0f} MB of LIBSVM text ({libsvm})")
    learn = [str(binary), "learn", "--algo", "pa1", "--quiet"]
    runs = {
        "onlinelearn, file": (learn + ["--train", str(libsvm)], None),
        "onlinelearn, pipe (cat | --train -)": (learn + ["--train", "-"], libsvm),
        "onlinelearn, gzip": (learn + ["--train", str(gz)], None),
    }
    try:
        import vowpalwabbit  # noqa: F401

        vw_args = ["-d", str(vw_file), "--loss_function", "hinge", "--quiet"]
        runs["Vowpal Wabbit, command line"] = ([sys.executable, "-m", "vowpalwabbit"] + vw_args, None)
        runs["Vowpal Wabbit, learning alone"] = ([sys.executable, "-c", VW_IN_PROCESS] + vw_args, None)
    except ImportError:
        print("vowpalwabbit is not installed (pip install vowpalwabbit): Vowpal Wabbit skipped")
    walls = {name: [] for name in runs}
    memory = {name: 0.0 for name in runs}
    for _ in range(args.repeats):
        for name, (command, stdin_file) in runs.items():
            wall, rss, out = timed(command, stdin_file)
            if name.endswith("learning alone"):
                wall = float(out.strip())
            walls[name].append(wall)
            memory[name] = max(memory[name], rss)
    ours = statistics.median(walls["onlinelearn, file"])
    print(f"\n{'':38} {'median s':>9} {'samples/s':>10} {'peak RSS':>9} {'÷ ours (file)':>14}")
    for name in runs:
        wall = statistics.median(walls[name])
        print(
            f"{name:38} {wall:9.2f} {n / wall / 1e6:8.2f} M {memory[name]:7.0f} MB {wall / ours:13.2f}x"
        )
    print(f"\n{args.repeats} runs each, in turns; medians. {os.cpu_count()} cores.")


if __name__ == "__main__":
    main()
