"""OpenSpiel's C++ CFR (pyspiel's CFRSolver / CFRPlusSolver) and Parley's CfrSolver side by side, in one run.

Run with the python of OpenSpiel's virtual environment (scripts/openspiel-venv.sh prints it) and Parley's built
bench jar:

    PY=$(bash scripts/openspiel-venv.sh | tail -1)
    nice -n 10 "$PY" bench/openspiel/cfr_side_by_side.py bench/target/benchmarks.jar [ROUNDS]

Both solvers stay alive for the whole run. Each round times a block of iterations of each (OpenSpiel first in odd
rounds, Parley first in even ones) by the CPU time of the thread that ran it (time.thread_time here,
ThreadMXBean in Parley's dev.parley.bench.CfrTimer), so other work on a shared machine inflates neither much. One
iteration updates both players in turn in both libraries (OpenSpiel's alternating updates, its default). Prints
per (game, variant) the per-iteration times and the ratio OpenSpiel / Parley of every round with its median,
min and max, and the load average before and after.
"""
import os
import statistics
import subprocess
import sys
import time

import pyspiel

# (game, variant, OpenSpiel iterations per block, Parley iterations per block): blocks of roughly 0.2-1 s.
CASES = [
    ("kuhn_poker", "cfr", 2000, 20000),
    ("kuhn_poker", "cfr+", 2000, 20000),
    ("leduc_poker", "cfr", 30, 3000),
    ("leduc_poker", "cfr+", 30, 3000),
]
SOLVERS = {"cfr": pyspiel.CFRSolver, "cfr+": pyspiel.CFRPlusSolver}


def load():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main():
    if len(sys.argv) < 2:
        print("usage: cfr_side_by_side.py BENCH_JAR [ROUNDS]", file=sys.stderr)
        sys.exit(2)
    jar = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    for entry in jar.split(os.pathsep):  # a jar, or a class path
        if not os.path.exists(entry):
            print(f"cfr_side_by_side.py: {entry}: no such file (build the jar: mvn -B -q -pl bench -am package"
                  " -DskipTests)", file=sys.stderr)
            sys.exit(2)
    java = subprocess.Popen(["java", "-cp", jar, "dev.parley.bench.CfrTimer"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)

    def parley(game, variant, n):
        java.stdin.write(f"{game} {variant} {n}\n")
        java.stdin.flush()
        answer = java.stdout.readline().strip()
        if not answer or answer.startswith("error"):
            raise SystemExit(f"cfr_side_by_side.py: CfrTimer answered '{answer}'")
        return float(answer)

    solvers = {}

    def openspiel(game, variant, n):
        key = (game, variant)
        if key not in solvers:
            solvers[key] = SOLVERS[variant](pyspiel.load_game(game))
        solver = solvers[key]
        t0 = time.thread_time()
        for _ in range(n):
            solver.evaluate_and_update_policy()
        return (time.thread_time() - t0) / n * 1e6

    print(f"load average before: {load()}; OpenSpiel {pyspiel.__file__}")
    for game, variant, n_os, n_parley in CASES:  # warm-up: one block each (the JIT compiles Parley's loops)
        openspiel(game, variant, max(1, n_os // 4))
        parley(game, variant, n_parley)
        parley(game, variant, n_parley)
    results = {case[:2]: ([], []) for case in CASES}
    for r in range(rounds):
        for game, variant, n_os, n_parley in CASES:
            os_us, parley_us = results[(game, variant)]
            if r % 2 == 0:
                os_us.append(openspiel(game, variant, n_os))
                parley_us.append(parley(game, variant, n_parley))
            else:
                parley_us.append(parley(game, variant, n_parley))
                os_us.append(openspiel(game, variant, n_os))
    java.stdin.close()
    java.wait()
    print(f"{'CPU µs per iteration':<22} {'OpenSpiel C++ min-max':<24} {'Parley min-max':<20} "
          f"OpenSpiel / Parley: median (min-max) over {rounds} rounds")
    for (game, variant), (os_us, parley_us) in results.items():
        ratios = [a / b for a, b in zip(os_us, parley_us)]
        print(f"{game + ' ' + variant:<22} {min(os_us):>9.1f}-{max(os_us):<14.1f} "
              f"{min(parley_us):>7.2f}-{max(parley_us):<12.2f} "
              f"{statistics.median(ratios):.1f} ({min(ratios):.1f}-{max(ratios):.1f})")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
