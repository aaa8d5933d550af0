#!/usr/bin/env python3
"""A bounded soak of a real `parley serve` on loopback, driven by wrk (scripts/soak.lua).

Starts `parley serve` as a child on a fresh SQLite file and a free loopback port, uploads the two-player Chat
protocol, opens --dialogues dialogues with both seats taken, and then, minute by minute, runs wrk for one minute with a
mix of moves and reads over all of them (one request in four a move). After each minute it prints the minute's
throughput, p50 and p99 latency, the requests that were not 200 or failed, the load average, the server's resident
memory (VmRSS) and its live heap (used after a full GC that jcmd asks for between minutes). At the end every
dialogue's transcript must hold exactly the moves m0, m1, ... that were sent, in order, and the server must stop with
exit code 0 on SIGTERM. Exits 1 on any error, 2 on bad options. Run from the repository root after
`mvn -B package -DskipTests`; needs wrk (Debian: apt-get install -y wrk) and python3.
"""
import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fail(msg, code=1):
    print("scripts/soak: " + msg, file=sys.stderr)
    sys.exit(code)


def options():
    p = argparse.ArgumentParser(prog="scripts/soak.sh", description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=int, default=5, help="how long, 1 to 5 (default 5)")
    p.add_argument("--dialogues", type=int, default=400, help="dialogues, at least --connections (default 400)")
    p.add_argument("--connections", type=int, default=16, help="wrk's connections, one per thread (default 16)")
    p.add_argument("--cached-dialogues", type=int, help="the server's --cached-dialogues, the dialogues it holds in "
                   "memory (default: the server's own)")
    p.add_argument("--cached-moves", type=int, help="the server's --cached-moves, the moves it holds in memory "
                   "(default: the server's own)")
    p.add_argument("--snapshot-every", type=int, help="the server's --snapshot-every (default: the server's own)")
    p.add_argument("--json", help="also write the figures as JSON to this file")
    p.add_argument("--histogram", help="write the server's class histogram (jcmd GC.class_histogram) at the end here")
    a = p.parse_args()
    if not 1 <= a.minutes <= 5:
        fail("--minutes must be 1 to 5 (the soak is bounded), not %d" % a.minutes, 2)
    if not 1 <= a.connections <= 256:
        fail("--connections must be 1 to 256, not %d" % a.connections, 2)
    if a.dialogues < a.connections or a.dialogues > 10000:
        fail("--dialogues must be from --connections (%d) to 10000, not %d" % (a.connections, a.dialogues), 2)
    for name in ("cached_dialogues", "cached_moves", "snapshot_every"):
        v = getattr(a, name)
        if v is not None and v < 1:
            fail("--%s must be at least 1, not %d" % (name.replace("_", "-"), v), 2)
    if shutil.which("wrk") is None:
        fail("wrk is not installed (Debian: apt-get install -y wrk)", 2)
    if not os.path.isfile(os.path.join(HERE, "experiments", "app", "target", "parley.jar")):
        fail("experiments/app/target/parley.jar not found; build it first with: mvn -B package -DskipTests", 2)
    return a


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Http:
    def __init__(self, base):
        self.base = base

    def call(self, method, path, body=None, raw=None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if body is not None:
            # urllib would say application/x-www-form-urlencoded, a form's type, which the server refuses
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode("utf-8", "replace")


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def live_heap_kib(pid):
    """The heap in use right after a full GC (jcmd GC.run, then GC.heap_info's 'used'), or -1 without jcmd."""
    if shutil.which("jcmd") is None:
        return -1
    try:
        subprocess.run(["jcmd", str(pid), "GC.run"], capture_output=True, timeout=60, check=True)
        info = subprocess.run(["jcmd", str(pid), "GC.heap_info"], capture_output=True, text=True, timeout=60,
                              check=True).stdout
    except (subprocess.SubprocessError, OSError):
        return -1
    m = re.search(r"used (\d+)K", info)
    return int(m.group(1)) if m else -1


def load1():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def main():
    a = options()
    work = tempfile.mkdtemp(prefix="parley-soak-")
    port = free_port()
    base = "http://127.0.0.1:%d" % port
    log = open(os.path.join(work, "serve.log"), "w")
    command = [os.path.join(HERE, "parley"), "serve", "--host", "127.0.0.1", "--port", str(port),
               "--db", os.path.join(work, "soak.db")]
    if a.cached_dialogues is not None:
        command += ["--cached-dialogues", str(a.cached_dialogues)]
    if a.cached_moves is not None:
        command += ["--cached-moves", str(a.cached_moves)]
    if a.snapshot_every is not None:
        command += ["--snapshot-every", str(a.snapshot_every)]
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    try:
        run(a, work, base, server)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


def run(a, work, base, server):
    http = Http(base)
    for _ in range(240):
        if server.poll() is not None:
            fail("parley serve exited with %s: %s" % (server.returncode,
                                                      open(os.path.join(work, "serve.log")).read()[-2000:]))
        try:
            if http.call("GET", "/health")[0] == 200:
                break
        except OSError:
            pass
        time.sleep(0.5)
    else:
        fail("parley serve did not answer /health within 120 s")
    with open(os.path.join(HERE, "experiments", "server", "src", "main", "resources", "server", "chat.dgdl"), "rb") as f:
        status, body = http.call("PUT", "/protocol", raw=f.read())
    if status != 201:
        fail("PUT /protocol answered %d: %s" % (status, body))
    dialogues = []
    for _ in range(a.dialogues):
        status, body = http.call("POST", "/dialogue/new/Chat", {"participants": [
            {"name": "a", "player": "Ann"}, {"name": "b", "player": "Ben"}]})
        if status != 200:
            fail("POST /dialogue/new/Chat answered %d: %s" % (status, body))
        seats = {p["player"]: p["participantID"] for p in body["participants"]}
        dialogues.append({"id": body["dialogueID"], "ann": seats["Ann"], "ben": seats["Ben"]})
    data = os.path.join(work, "dialogues.lua")
    env = dict(os.environ, SOAK_DATA=data, SOAK_THREADS=str(a.connections))
    print("scripts/soak: %d dialogues, %d connections, %d minute(s) against %s (pid %d)"
          % (a.dialogues, a.connections, a.minutes, base, server.pid), file=sys.stderr)
    rows = []

    def counts():
        """Each dialogue's move count, from the server, written for wrk: every minute goes on where the last stopped."""
        with open(data, "w") as f:
            f.write("dialogues = {\n")
            for d in dialogues:
                status, body = http.call("GET", "/dialogue/%s/status" % d["id"])
                if status != 200:
                    fail("status of %s answered %d: %s" % (d["id"], status, body))
                d["moves"] = body["moves"]
                f.write('{id="%s", ann="%s", ben="%s", moves=%d},\n' % (d["id"], d["ann"], d["ben"], d["moves"]))
            f.write("}\n")
        return sum(d["moves"] for d in dialogues)

    start_rss, start_heap = rss_kib(server.pid), live_heap_kib(server.pid)
    print("minute  load  requests  req/s  moves/s  p50 ms  p99 ms  max ms  errors  RSS MiB  live heap MiB")
    print("%6s %5.1f %9s %6s %8s %7s %7s %7s %7s %8.1f %14.1f"
          % ("0", load1(), "-", "-", "-", "-", "-", "-", "-", start_rss / 1024, start_heap / 1024), flush=True)
    stored = counts()
    for minute in range(1, a.minutes + 1):
        load = load1()
        w = subprocess.run(["wrk", "-t", str(a.connections), "-c", str(a.connections), "-d", "60s",
                            "--timeout", "30s", "-s", os.path.join(HERE, "scripts", "soak.lua"), base],
                           capture_output=True, text=True, env=env)
        m = re.search(r"^SOAK (\{.*\})$", w.stdout, re.M)
        if w.returncode != 0 or m is None:
            fail("wrk failed (exit %d): %s %s" % (w.returncode, w.stdout[-2000:], w.stderr[-2000:]))
        s = json.loads(m.group(1))
        rss, heap = rss_kib(server.pid), live_heap_kib(server.pid)
        now = counts()
        errors = s["not_200"] + s["connect"] + s["read"] + s["write"] + s["timeout"]
        secs = s["duration_us"] / 1e6
        row = {"minute": minute, "load1": load, "requests": s["requests"], "requests_per_s": s["requests"] / secs,
               "moves": now - stored, "moves_per_s": (now - stored) / secs, "p50_ms": s["p50_us"] / 1000,
               "p99_ms": s["p99_us"] / 1000, "max_ms": s["max_us"] / 1000, "errors": errors,
               "first_error": s["first_error"], "rss_mib": rss / 1024, "live_heap_mib": heap / 1024,
               "moves_stored": now}
        stored = now
        rows.append(row)
        print("%6d %5.1f %9d %6.0f %8.0f %7.1f %7.1f %7.0f %7d %8.1f %14.1f"
              % (minute, load, row["requests"], row["requests_per_s"], row["moves_per_s"], row["p50_ms"],
                 row["p99_ms"], row["max_ms"], errors, row["rss_mib"], row["live_heap_mib"]), flush=True)
        if errors:
            print("scripts/soak: minute %d: %s" % (minute, s["first_error"]), file=sys.stderr)
    # every transcript holds exactly the moves sent, in order
    total = 0
    for d in dialogues:
        status, body = http.call("GET", "/dialogue/%s/transcript" % d["id"])
        said = [e["reply"]["p"] for e in body["transcript"]]
        if said != ["m%d" % k for k in range(len(said))] or len(said) != d["moves"]:
            fail("dialogue %s's transcript is not m0, m1, ...: %s" % (d["id"], said[:20]))
        total += len(said)
    if a.histogram:
        with open(a.histogram, "w") as f:
            subprocess.run(["jcmd", str(server.pid), "GC.class_histogram"], stdout=f, timeout=120)
    server.send_signal(signal.SIGTERM)
    try:
        code = server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        fail("parley serve did not stop within 60 s of SIGTERM")
    errors = sum(r["errors"] for r in rows)
    summary = {"dialogues": a.dialogues, "connections": a.connections, "minutes": rows, "moves_stored": total,
               "errors": errors, "exit_code": code, "start_rss_mib": start_rss / 1024,
               "start_live_heap_mib": start_heap / 1024}
    print("scripts/soak: %d moves stored, every transcript in order; %d errors; exit code on SIGTERM %d"
          % (total, errors, code), file=sys.stderr)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(summary, f, indent=2)
    if errors or code != 0:
        sys.exit(1)


if __name__ == "__main__":
    main()
