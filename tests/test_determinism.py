"""Same seed, same bytes in a new process, whatever Python's hash seed.

Determinism tests that repeat a call in one process cannot see a node order taken from a
set: string hashes, hence set iteration order, change only between processes.  Each test
here runs the same call in two fresh processes with different ``PYTHONHASHSEED`` values and
compares bytes: the API (every method of the table and every classical drawer of the
registry, on a disconnected graph with string node names) and the command line (``draw``
to JSON, with and without ``--largest-component``, whose component is less than half the
graph: the size at which ``G.subgraph(set)`` iterates the set).
"""

import hashlib
import os
import pathlib
import subprocess
import sys

import networkx as nx
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
HASH_SEEDS = ("1", "2")


def _env(hash_seed):
    env = dict(os.environ, PYTHONHASHSEED=hash_seed, OPENBLAS_NUM_THREADS="1")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "tests"),
                                         env.get("PYTHONPATH", "")])
    return env


def _run_both(cmds, **kwargs):
    """Run ``cmds[k]`` under ``HASH_SEEDS[k]``, the processes side by side (the suite runs
    in one process on a machine with more than one core); their results in that order."""
    procs = [subprocess.Popen(cmd, env=_env(hs), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, **kwargs)
             for cmd, hs in zip(cmds, HASH_SEEDS, strict=True)]
    results = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        results.append(subprocess.CompletedProcess(p.args, p.returncode, out, err))
    return results


def _graph():
    """A disconnected graph with string names: a 30-node main component (less than half),
    three smaller ones and two isolated nodes; built in a fixed order."""
    G = nx.Graph()
    parts = [nx.petersen_graph(), nx.cycle_graph(7), nx.path_graph(9), nx.star_graph(5),
             nx.complete_graph(4)]
    main = nx.circular_ladder_graph(15)  # 30 nodes
    for k, H in enumerate([main, *parts]):
        G.add_nodes_from(f"c{k}-node{v}" for v in H)
        G.add_edges_from((f"c{k}-node{u}", f"c{k}-node{v}") for u, v in H.edges())
    G.add_nodes_from(["lonely-a", "lonely-b"])
    return G


_API = r"""
import hashlib, sys, warnings
import numpy as np
import networkx as nx
from method_cases import cheap_layouts
import test_determinism as T

warnings.simplefilter("ignore")
G = T._graph()
for name, f in sorted(cheap_layouts().items()):
    pos = f(G, seed=11)
    X = np.ascontiguousarray([pos[v] for v in G], dtype=np.float64)
    order = "\n".join(map(str, pos)).encode()
    print(name, hashlib.sha256(order + X.tobytes()).hexdigest(), flush=True)
"""


def test_api_same_bytes_under_different_hash_seeds():
    runs = []
    for r in _run_both([[sys.executable, "-c", _API]] * len(HASH_SEEDS), cwd=ROOT):
        assert r.returncode == 0, r.stderr[-3000:]
        runs.append(r.stdout)
    lines = [out.splitlines() for out in runs]
    assert len(lines[0]) >= 11 and len(lines[0]) == len(lines[1])
    differ = [a.split()[0] for a, b in zip(*lines, strict=True) if a != b]
    assert not differ, f"layouts that depend on the hash seed: {differ}"


_RINGS = r"""
import hashlib, warnings
import numpy as np
import networkx as nx
import nx_ordinal
from nx_ordinal.layouts._loe import leaves

warnings.simplefilter("ignore")
moved = []
ring = leaves.ring_leaves
def spy(X, A, **kw):
    Y = ring(X, A, **kw)
    moved.append(0 if Y is None else int((Y != X).any(axis=1).sum()))
    return Y
import nx_ordinal.layouts._loe as loe_module
loe_module.ring_leaves = spy
G = nx.les_miserables_graph()
pos = nx_ordinal.loe_layout(G, seed=5)
X = np.ascontiguousarray([pos[v] for v in G], dtype=np.float64)
order = "\n".join(map(str, pos)).encode()
print(moved, hashlib.sha256(order + X.tobytes()).hexdigest(), flush=True)
"""


def test_leaf_rings_and_fans_same_bytes_under_different_hash_seeds():
    """Les Miserables (string names): a hub of nine leaves gets rings and hubs of two to
    five leaves that t-LOE left at one point get fans; the ties between twins at one point
    are broken by vertex order, which must be the graph's, not a set's."""
    runs = []
    for r in _run_both([[sys.executable, "-c", _RINGS]] * len(HASH_SEEDS), cwd=ROOT):
        assert r.returncode == 0, r.stderr[-3000:]
        runs.append(r.stdout)
    assert runs[0] == runs[1]
    moved = [int(m) for m in runs[0].split("]")[0].strip("[").split(",")]
    assert max(moved) > 9  # the ring's nine and a fan's leaves moved


_CLASSICAL = r"""
import hashlib, warnings
import numpy as np
from nx_ordinal import registry
import test_determinism as T

warnings.simplefilter("ignore")
G = T._graph()
for name in registry.available_layouts():
    entry = registry.get_entry(name)
    if entry.ordinal:
        continue
    try:
        pos = registry.layout(G, name, seed=11)
    except (ImportError, OSError, RuntimeError) as exc:  # an optional extra or program
        print(name, "unavailable", type(exc).__name__, str(exc).replace("\n", " "),
              flush=True)
        continue
    X = np.ascontiguousarray([pos[v] for v in G], dtype=np.float64)
    order = "\n".join(map(str, pos)).encode()
    print(name, hashlib.sha256(order + X.tobytes()).hexdigest(), flush=True)
"""


def test_classical_drawers_same_bytes_under_different_hash_seeds():
    """The registry's classical drawers pack the components of a disconnected graph one by
    one: each component must reach its drawer in the graph's node order, not a set's."""
    runs = []
    for r in _run_both([[sys.executable, "-c", _CLASSICAL]] * len(HASH_SEEDS), cwd=ROOT):
        assert r.returncode == 0, r.stderr[-3000:]
        runs.append(r.stdout)
    lines = [out.splitlines() for out in runs]
    ran = [a.split()[0] for a in lines[0] if "unavailable" not in a]
    assert {"kamada_kawai", "spectral", "spring"} <= set(ran), lines[0]
    # a drawer is left out only when what it needs is not installed (its message says what
    # to install), never because it failed
    failed = [a for a in lines[0] if "unavailable" in a and "install" not in a.lower()]
    assert not failed, failed
    differ = [a.split()[0] for a, b in zip(*lines, strict=True) if a != b]
    assert not differ, f"classical drawers that depend on the hash seed: {differ}"


@pytest.mark.parametrize("largest", [False, True], ids=["whole", "largest-component"])
def test_cli_same_bytes_under_different_hash_seeds(tmp_path, largest):
    G = _graph()
    graph = tmp_path / "g.edgelist"
    with open(graph, "w") as fh:  # isolated nodes too: one name on a line
        for u, v in G.edges():
            fh.write(f"{u} {v}\n")
        for v in nx.isolates(G):
            fh.write(f"{v}\n")
    digests = []
    outs = [tmp_path / f"pos-{hs}.json" for hs in HASH_SEEDS]
    cmds = [[sys.executable, "-m", "nx_ordinal.cli", "draw", str(graph), "-m", "loe", "-q",
             "-o", str(out)] + (["--largest-component"] if largest else []) for out in outs]
    for out, r in zip(outs, _run_both(cmds, cwd=tmp_path), strict=True):
        assert r.returncode == 0, r.stderr[-3000:]
        digests.append(hashlib.sha256(out.read_bytes()).hexdigest())
        text = out.read_text()
        assert ("lonely-a" in text) is (not largest)
    assert digests[0] == digests[1]
