"""Serves a GGUF model over llama.cpp's own OpenAI-compatible HTTP server (the xllamacpp wheel), on loopback.

Installed by scripts/llama-server.sh into ${PARLEY_CACHE:-~/.cache/parley}/venv/llama-server and run with that
venv's python. Prints one line, "listening http://HOST:PORT", once the model is loaded and the server answers;
then serves until it is interrupted or, with --until-stdin-closes, until its standard input closes (so a test that
started it as a child process cannot leave it running).
"""
import argparse
import os
import signal
import sys
import threading


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", required=True, help="the GGUF file")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0, help="0: a free port (default)")
    ap.add_argument("--ctx-size", type=int, default=4096, help="context tokens in all (default 4096)")
    ap.add_argument("--parallel", type=int, default=1, help="slots decoded together (default 1)")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="CPU threads (default: all)")
    ap.add_argument("--no-prompt-cache", action="store_true",
                    help="evaluate every prompt whole (llama.cpp reuses the last prompt's prefix by default)")
    ap.add_argument("--until-stdin-closes", action="store_true", help="stop when standard input closes")
    a = ap.parse_args()
    if not os.path.isfile(a.model):
        print(f"llama_server.py: no such model file {a.model}", file=sys.stderr)
        return 2
    if a.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"llama_server.py: serves on loopback only, not {a.host}", file=sys.stderr)
        return 2

    import xllamacpp as xlc

    p = xlc.CommonParams()
    p.model.path = a.model
    p.model_alias = {os.path.basename(a.model)}
    p.hostnames = [a.host]
    p.port = a.port
    p.n_ctx = a.ctx_size
    p.n_parallel = a.parallel
    p.cpuparams.n_threads = a.threads
    p.cpuparams_batch.n_threads = a.threads
    if a.no_prompt_cache:
        p.cache_prompt = False
    server = xlc.Server(p)  # loads the model and starts the HTTP server; returns when it listens
    print("listening " + server.listening_address, flush=True)

    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    signal.signal(signal.SIGINT, lambda *_: done.set())
    if a.until_stdin_closes:
        threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    done.wait()
    del server
    return 0


if __name__ == "__main__":
    sys.exit(main())
