#!/usr/bin/env python3
"""`kpk serve` against lila-tablebase, side by side: both started on the same Syzygy
directory, then wrk (10 s a run, 1 / 16 / 64 connections) on the same request lists, the two
servers alternating run by run (A B A B), for several rounds; the median requests per second
and p99 latency of each cell (every request asked once before timing, so both servers' answer
caches hold them), the start-up time (spawn to the first answer) and the resident
memory after the load.

Usage: compare.py KPK_BINARY LILA_BINARY SYZYGY_DIR URL_FILE... [--rounds N] [--seconds S] [--pinned]

On a 2-core machine the load generator competes with the server for the cores: when a server
answers faster than wrk can read, wrk's two threads take turns on the cores and its own waits
show in the latencies. With --pinned the servers run on core 0 (`taskset -c 0`) and wrk on
core 1 with one thread, so that each has a core of its own.

The request lists come from make_urls.py; urls.lua replays them round robin.
"""

import argparse
import os
import re
import statistics
import subprocess
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
PROBE = "/standard?fen=8/8/8/8/8/4k3/4P3/4K3_w_-_-_0_1"


def start(command, port):
    """Starts a server and returns it with the seconds from spawn to its first 200 answer."""
    began = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{PROBE}", timeout=1) as r:
                if r.status == 200:
                    return process, time.monotonic() - began
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"{command[0]} exited with {process.returncode}")
            time.sleep(0.0005)


def rss_mib(process):
    with open(f"/proc/{process.pid}/status") as status:
        kib = int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))
    return kib / 1024


def wrk(port, urls, connections, seconds, pinned):
    threads = 1 if connections == 1 or pinned else 2
    out = subprocess.run(
        (["taskset", "-c", "1"] if pinned else []) + ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "-s", os.path.join(HERE, "urls.lua"),
         f"http://127.0.0.1:{port}"],
        env=dict(os.environ, URLS=urls), capture_output=True, text=True, check=True).stdout
    fields = dict(kv.split("=") for kv in re.search(r"^BENCH (.*)$", out, re.M).group(1).split())
    if int(fields["non200"]):
        raise SystemExit(f"{fields['non200']} answers were not 200 on port {port}")
    return int(fields["requests"]) / float(fields["seconds"]), int(fields["p99_us"]) / 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kpk")
    parser.add_argument("lila")
    parser.add_argument("syzygy")
    parser.add_argument("urls", nargs="+")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--pinned", action="store_true")
    args = parser.parse_args()
    pin = ["taskset", "-c", "0"] if args.pinned else []
    servers = {
        "kpk serve": (pin + [args.kpk, "serve", "--addr", "127.0.0.1:18080", "--syzygy", args.syzygy], 18080),
        "lila-tablebase": (pin + [args.lila, "--standard", args.syzygy, "--bind", "127.0.0.1:19000"], 19000),
    }
    startup = {name: [] for name in servers}
    for _ in range(5):
        for name, (command, port) in servers.items():
            process, seconds = start(command, port)
            startup[name].append(seconds)
            process.terminate()
            process.wait()
    running = {name: start(command, port)[0] for name, (command, port) in servers.items()}
    # every request asked once before timing: both servers keep answers (lila-tablebase's
    # response cache, kpk's), and the figures are of a server that has seen its requests
    for urls in args.urls:
        paths = [line.strip() for line in open(urls)]
        for _, port in servers.values():
            for path in paths:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{path}").read()
    cells = {}
    for _ in range(args.rounds):
        for urls in args.urls:
            for connections in (1, 16, 64):
                for name, (_, port) in servers.items():
                    cells.setdefault((urls, connections, name), []).append(
                        wrk(port, urls, connections, args.seconds, args.pinned))
    print(f"start-up to the first answer, median of 5: " + ", ".join(
        f"{name} {statistics.median(s) * 1000:.1f} ms" for name, s in startup.items()))
    print("resident memory after the load: " + ", ".join(
        f"{name} {rss_mib(p):.1f} MiB" for name, p in running.items()))
    print(f"| requests | connections | {' | '.join(f'{n} req/s | {n} p99' for n in servers)} |")
    print("|---|---|" + "---|---|" * len(servers))
    for urls in args.urls:
        for connections in (1, 16, 64):
            row = []
            for name in servers:
                runs = cells[(urls, connections, name)]
                row.append(f"{statistics.median(r for r, _ in runs) / 1000:.1f} k")
                row.append(f"{statistics.median(p for _, p in runs):.2f} ms")
            print(f"| {os.path.basename(urls)} | {connections} | {' | '.join(row)} |")
    for p in running.values():
        p.terminate()
        p.wait()


if __name__ == "__main__":
    main()
