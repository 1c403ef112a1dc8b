"""The HTML view (``nx_ordinal.view.write_html``) at 20,000 nodes: file size, writing time,
and in headless Chromium the time to load and show the page and the frame times of pan and
zoom.

The browser is driven through the DevTools protocol over a pipe (``--remote-debugging-pipe``,
standard library only).  Load: from ``Page.navigate`` to the load event, then to the first
animation frame after it (the page drawn once).  Pan / zoom: 120 animation frames, each
dispatching one wheel event (zoom about the pointer) or one pointer drag step to the SVG;
the reported frame time is the median and 90th percentile interval between frames (16.7 ms
is the 60 Hz budget).  Redraw: from the end of the pan (the pointer released) to the second
frame after it, the one full repaint at the new ``viewBox`` (main-thread work; rasterising
runs on Chromium's other threads).
Headless Chromium renders in software (``--disable-gpu``): a desktop browser with a GPU is
faster.

    PYTHONPATH=. OPENBLAS_NUM_THREADS=1 python benchmarks/bench_html_view.py [--n 20000]
        [--layout points|loe] [--out DIR] [--screenshot]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from _chromium import FLAGS, Browser, find_chromium  # noqa: E402

FRAMES_JS = """
new Promise(function (done) {
  var svg = document.getElementById("view"), r = svg.getBoundingClientRect();
  var cx = r.left + r.width / 2, cy = r.top + r.height / 2, t = [], k = 0, mode = %s;
  if (mode === "pan") svg.dispatchEvent(new PointerEvent("pointerdown",
      {clientX: cx, clientY: cy, button: 0, pointerId: 1, bubbles: true}));
  function step() {
    t.push(performance.now());
    if (k === 120) {  // the gesture ends: the view is redrawn once at its new viewBox
      var d = []; for (var i = 1; i < t.length; i++) d.push(t[i] - t[i - 1]);
      d.sort(function (a, b) { return a - b; });
      var t1 = performance.now();
      svg.dispatchEvent(new PointerEvent("pointerup",
          {clientX: cx, clientY: cy, button: 0, pointerId: 1, bubbles: true}));
      requestAnimationFrame(function () { requestAnimationFrame(function () {
        done(JSON.stringify({median: d[d.length >> 1], p90: d[Math.floor(d.length * 0.9)],
                             max: d[d.length - 1], redraw: performance.now() - t1}));
      }); });
      return;
    }
    if (mode === "zoom") svg.dispatchEvent(new WheelEvent("wheel", {deltaY: k < 60 ? -40 : 40,
        clientX: cx + 100, clientY: cy - 50, bubbles: true, cancelable: true}));
    else svg.dispatchEvent(new PointerEvent("pointermove", {clientX: cx + 4 * (k %% 60) - 120,
        clientY: cy + 2 * (k %% 60), button: 0, pointerId: 1, bubbles: true}));
    k++; requestAnimationFrame(step);
  }
  requestAnimationFrame(step);
})
"""


def measure(exe: str, path: str) -> dict:
    profile = tempfile.mkdtemp(prefix="nxo-chromium-")
    b = Browser(exe, profile)
    try:
        targets = b.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        session = b.call("Target.attachToTarget", {"targetId": page["targetId"],
                                                   "flatten": True})["sessionId"]
        b.call("Page.enable", session=session)
        t0 = time.perf_counter()
        b.call("Page.navigate", {"url": f"file://{os.path.abspath(path)}"}, session=session)
        b.wait_event("Page.loadEventFired")
        t_load = time.perf_counter() - t0
        b.call("Runtime.evaluate", {"expression": "new Promise(function (d) { "
                                    "requestAnimationFrame(function () { "
                                    "requestAnimationFrame(d); }); })",
                                    "awaitPromise": True}, session=session)
        t_frame = time.perf_counter() - t0
        ready = b.call("Runtime.evaluate", {"expression": "document.body.dataset.readyMs",
                                            "returnByValue": True}, session=session)
        out = {"load_s": t_load, "first_frame_s": t_frame,
               "script_ms": float(ready["result"]["value"])}
        for mode in ("zoom", "pan"):
            res = b.call("Runtime.evaluate", {"expression": FRAMES_JS % json.dumps(mode),
                                              "awaitPromise": True, "returnByValue": True},
                         session=session)
            out[mode] = json.loads(res["result"]["value"])
        t1 = time.perf_counter()
        b.call("Runtime.evaluate", {"expression": "var q = document.getElementById('q');"
                                    "q.value = '10';"
                                    "q.dispatchEvent(new KeyboardEvent('keydown', "
                                    "{key: 'Enter'}));"
                                    "new Promise(function (d) { requestAnimationFrame("
                                    "function () { requestAnimationFrame(d); }); })",
                                    "awaitPromise": True}, session=session)
        out["search_s"] = time.perf_counter() - t1
        return out
    finally:
        b.close()
        shutil.rmtree(profile, ignore_errors=True)


def main() -> None:
    import networkx as nx

    import nx_ordinal
    from nx_ordinal.constraints import knn_graph

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=20_000)
    p.add_argument("--k", type=int, default=5)
    p.add_argument("--layout", choices=("points", "loe"), default="points")
    p.add_argument("--out", default=tempfile.gettempdir())
    p.add_argument("--screenshot", action="store_true")
    args = p.parse_args()

    rng = np.random.default_rng(0)
    centres = rng.uniform(-4, 4, size=(12, 2))
    X = centres[rng.integers(0, 12, args.n)] + rng.normal(size=(args.n, 2)) * rng.uniform(
        0.3, 1.2, size=(args.n, 1))
    G = nx.Graph(knn_graph(X, args.k))
    if args.layout == "loe":
        t = time.perf_counter()
        pos = nx_ordinal.loe_layout(G, seed=0)
        print(f"loe_layout: {time.perf_counter() - t:.1f} s")
    else:
        pos = {i: X[i] for i in range(args.n)}
    path = os.path.join(args.out, f"view_{args.n}.html")
    t = time.perf_counter()
    nx_ordinal.write_html(G, pos, path, title=f"kNN graph, k = {args.k}, {args.n} nodes")
    t_write = time.perf_counter() - t
    size = os.path.getsize(path)
    print(f"n = {args.n}, edges = {G.number_of_edges()}: write_html {t_write:.2f} s, "
          f"{size / 1e6:.2f} MB ({size / args.n:.0f} bytes per node)", flush=True)
    exe = find_chromium()
    if exe is None:
        print("no chromium installed: browser timings skipped")
        return
    for run in range(2):
        m = measure(exe, path)
        print(f"run {run}: load event {m['load_s']:.2f} s, first frame {m['first_frame_s']:.2f}"
              f" s (page script {m['script_ms']:.0f} ms); zoom frames median "
              f"{m['zoom']['median']:.1f} ms, p90 {m['zoom']['p90']:.1f} ms; pan frames median "
              f"{m['pan']['median']:.1f} ms, p90 {m['pan']['p90']:.1f} ms; redraw after the pan "
              f"{m['pan']['redraw']:.0f} ms; "
              f"search + redraw {m['search_s'] * 1e3:.0f} ms")
    if args.screenshot:
        png = path.replace(".html", ".png")
        profile = tempfile.mkdtemp(prefix="nxo-chromium-")
        subprocess.run([exe, *FLAGS, f"--user-data-dir={profile}", f"--screenshot={png}",
                        f"file://{os.path.abspath(path)}"], capture_output=True, timeout=300)
        shutil.rmtree(profile, ignore_errors=True)
        print(f"wrote {png}")


if __name__ == "__main__":
    main()
