
import pathlib
import sys

import networkx as nx
import pytest

from nx_ordinal.cli import main
from nx_ordinal.io import read_layout_record


@pytest.fixture
def graph_file(tmp_path):
    path = tmp_path / "g.graphml"
    nx.write_graphml(nx.frucht_graph(), path)
    return path


def test_draw_json_and_png(tmp_path, graph_file, capsys):
    out = tmp_path / "lay.json"
    assert main(["draw", str(graph_file), "-m", "loe", "--seed", "1", "-o", str(out)]) == 0
    rec = read_layout_record(out)
    assert rec["method"] == "loe" and rec["parameters"] == {"dim": 2, "seed": 1}
    assert rec["metrics"]["gari"] == 1.0 and len(rec["pos"]) == 12
    png = tmp_path / "g.png"
    assert main(["draw", str(graph_file), "-m", "kamada_kawai", "-o", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = tmp_path / "g3.svg"
    assert main(["draw", str(graph_file), "-m", "spring", "--dim", "3", "-o", str(svg)]) == 0
    assert b"<svg" in svg.read_bytes()[:500]
    assert "GARI" in capsys.readouterr().out


def test_compare_prints_table(graph_file, capsys):
    assert main(["compare", str(graph_file), "-m", "loe", "spectral"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].split() == ["method", "GARI", "NP1", "NP2", "stress", "long", "edges",
                                "Err_local", "seconds"]
    assert lines[1].split()[:3] == ["loe", "1.000", "1.000"]
    # the footnote does not call Err_local every method's objective (issue 34 item 13): it
    # says which stage minimises it and that the others do not
    note = " ".join(" ".join(lines).split())
    assert "LOE's objective" not in note and "Err_local stage only" in note
    assert "every other method minimises its own objective" in note


@pytest.mark.parametrize("content, args", [
    ("<graphml><graph", ["draw", "{f}", "-o", "{out}"]),
    ("{bad json", ["draw", "{f}.json", "-o", "{out}"]),
    ("a b c d\n", ["compare", "{f}"]),
    (None, ["draw", "{missing}", "-o", "{out}"]),
    ("1 2\n", ["draw", "{f}", "-m", "nope", "-o", "{out}"]),
    ("1 2\n", ["draw", "{f}", "-o", "{tmp}/x.gif"]),
    ("1 2\n", ["draw", "{f}", "-o", "{tmp}/no/such/dir/x.png"]),
    ("# only a comment\n", ["draw", "{f}", "-o", "{out}"]),
    ("1 2\n", ["draw", "{f}", "--dim", "0", "-o", "{out}"]),
])
def test_bad_input_exit_status_2(tmp_path, capsys, content, args):
    f = tmp_path / "in.graphml"
    fmt = dict(f=f, out=tmp_path / "out.png", missing=tmp_path / "missing.gml", tmp=tmp_path)
    argv = [a.format(**fmt) for a in args]
    if content is not None:
        target = argv[1]
        with open(target, "w") as fh:
            fh.write(content)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("nx-ordinal: error: ")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "out.png").exists()


def test_cli_as_subprocess_no_traceback(tmp_path):
    import subprocess
    import sys

    bad = tmp_path / "bad.gml"
    bad.write_text("graph [ node [")
    r = subprocess.run([sys.executable, "-m", "nx_ordinal.cli", "draw", str(bad), "-o",
                        str(tmp_path / "x.png")], capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.count("\n") == 1


def test_demo_subcommand_unchanged(tmp_path, capsys):
    out = tmp_path / "demo.png"
    assert main(["demo", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Frucht" in text and "Desargues" in text and out.exists()


# --------------------------------------------------------------------------------------
# the installed console script, driven in a subprocess from a temporary folder

ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]
PNG = b"\x89PNG\r\n\x1a\n"


def _script():
    import pathlib
    import shutil
    import sys

    exe = pathlib.Path(sys.executable).parent / "nx-ordinal"
    found = str(exe) if exe.exists() else shutil.which("nx-ordinal")
    if found is None:
        pytest.skip("the nx-ordinal console script is not installed")
    return found


def _env(**extra):
    import os

    env = dict(os.environ, PYTHONPATH=str(ROOT), OPENBLAS_NUM_THREADS="1")
    env.update(extra)
    return env


def _run(args, cwd, umask=None, **kw):
    import os
    import subprocess

    preexec = None if umask is None else (lambda: os.umask(umask))
    return subprocess.run([_script(), *args], cwd=cwd, env=_env(), capture_output=True,
                          text=True, timeout=120, preexec_fn=preexec, **kw)


def test_console_script_version_and_help(tmp_path):
    from nx_ordinal import __version__

    r = _run(["--version"], tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == f"nx-ordinal {__version__}"
    r = _run(["--help"], tmp_path)
    assert r.returncode == 0 and "``" not in r.stdout and "ordinal" in r.stdout
    r = _run(["draw", "--help"], tmp_path)
    assert r.returncode == 0
    methods = r.stdout.split("registered layout methods (-m):")[1]
    for name in ("loe", "soe", "asap_loe", "landmark", "spring", "kamada_kawai"):
        assert f"\n  {name} " in methods
    for option in ("-p KEY=VALUE", "--largest-component", "--labels", "--size W,H",
                   "--dpi", "--node-size", "--color {gari,degree,component,none}", "--quiet"):
        assert option in r.stdout, option
    assert "-p KEY=VALUE" in _run(["compare", "--help"], tmp_path).stdout


def test_console_script_files_honour_umask(tmp_path):
    import os

    nx.write_edgelist(nx.frucht_graph(), tmp_path / "g.edgelist")
    for name in ("out.png", "out.json"):
        r = _run(["draw", "g.edgelist", "-m", "spectral", "-o", name], tmp_path, umask=0o022)
        assert r.returncode == 0, r.stderr
        assert os.stat(tmp_path / name).st_mode & 0o777 == 0o644
    r = _run(["draw", "g.edgelist", "-m", "spectral", "-o", "private.json"], tmp_path,
             umask=0o077)
    assert r.returncode == 0 and os.stat(tmp_path / "private.json").st_mode & 0o777 == 0o600
    assert (tmp_path / "out.png").read_bytes()[:8] == PNG
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.edgelist", "out.json", "out.png",
                                                          "private.json"]


def test_console_script_ctrl_c_exit_130_and_no_file(tmp_path):
    """SIGINT while LOE optimises (its progress bar is on stderr): exit 130, one line on
    stderr, no output file, no temporary file."""
    import os
    import select
    import signal
    import subprocess
    import time

    # a scale-free graph has no zero-objective drawing, and tol=0 keeps the run going: the
    # default call on a geometric graph can finish before the signal arrives
    G = nx.barabasi_albert_graph(1500, 3, seed=1)
    nx.write_edgelist(G, tmp_path / "g.edgelist", data=False)
    proc = subprocess.Popen([_script(), "draw", "g.edgelist", "-m", "loe", "-p", "n_init=1",
                             "-p", "select='loss'", "-p", "tol=0", "-p",
                             "max_iter=100000", "-o", "out.png"], cwd=tmp_path, env=_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    err = b""
    deadline = time.monotonic() + 90
    try:
        while b"loe-" not in err:  # the solver's progress display has started
            assert time.monotonic() < deadline, err
            ready, _, _ = select.select([proc.stderr], [], [], 1.0)
            if ready:
                chunk = os.read(proc.stderr.fileno(), 4096)
                assert chunk, f"exited early: {err!r}"
                err += chunk
        proc.send_signal(signal.SIGINT)
        out, rest = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    err = (err + rest).decode()
    assert proc.returncode == 130, err
    assert err.endswith("nx-ordinal: interrupted\n")
    # stderr is a pipe: the progress display is plain lines, no \r redraws
    assert "\r" not in err and "loe-lbfgs: " in err
    # one line for the interruption; the only other lines are the memory estimate that
    # verbose runs state up front, before any work, and the progress lines
    other = [ln for ln in err.split("\n") if ln and "estimated peak memory" not in ln
             and not ln.startswith("loe-lbfgs: ")]
    assert len(other) == 1 and other[0].endswith("nx-ordinal: interrupted")
    assert "Traceback" not in err and "Warning" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.edgelist"]


def _interrupt_when(args, cwd, stream, marker):
    """Run the console script, send SIGINT once ``marker`` appears on ``stream`` ("out" or
    "err"); returns (returncode, stdout, stderr) as text."""
    import os
    import select
    import signal
    import subprocess
    import time

    proc = subprocess.Popen([_script(), *args], cwd=cwd, env=_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    watched = proc.stdout if stream == "out" else proc.stderr
    seen = b""
    deadline = time.monotonic() + 90
    try:
        while marker not in seen:
            assert time.monotonic() < deadline, seen
            ready, _, _ = select.select([watched], [], [], 1.0)
            if ready:
                chunk = os.read(watched.fileno(), 4096)
                assert chunk, f"exited before {marker!r}: {seen!r}"
                seen += chunk
        assert proc.poll() is None, "finished before the signal"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    if stream == "out":
        out = seen + out
    else:
        err = seen + err
    return proc.returncode, out.decode(), err.decode()


# subcommand -> (argv, stream and marker that show the work has begun, files it would write);
# draw and gallery have their own tests above
_CTRL_C = {
    "demo": (["demo", "-o", "out.png"], "out", b"graph", ["out.png"]),
    "compare": (["compare", "g.edgelist", "-m", "loe", "-p", "n_init=1", "-p",
                 "select='loss'", "-p", "tol=0", "-p", "max_iter=100000", "-o",
                 "out.png"], "err", b"loe-", ["out.png"]),
    "draw": "test_console_script_ctrl_c_exit_130_and_no_file",
    "gallery": "test_console_script_gallery_ctrl_c",
}


def _subcommands():
    import argparse

    from nx_ordinal.cli import build_parser

    (sub,) = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(sub.choices)


def test_every_subcommand_has_a_ctrl_c_test():
    """docs: Ctrl-C stops every subcommand with exit 130 and no output file."""
    assert sorted(_CTRL_C) == _subcommands()
    for case in _CTRL_C.values():
        assert not isinstance(case, str) or callable(globals().get(case)), case


@pytest.mark.parametrize("command", [c for c in sorted(_CTRL_C)
                                     if not isinstance(_CTRL_C[c], str)])
def test_console_script_ctrl_c_in_subcommand(command, tmp_path):
    """SIGINT once the subcommand's work has begun: exit 130, ``nx-ordinal: interrupted`` as
    the last line of stderr, no traceback, no output file, no temporary file, no result on
    stdout."""
    args, stream, marker, files = _CTRL_C[command]
    G = nx.barabasi_albert_graph(1500, 3, seed=1)  # no zero-objective drawing: LOE keeps going
    nx.write_edgelist(G, tmp_path / "g.edgelist", data=False)
    code, out, err = _interrupt_when(args, tmp_path, stream, marker.encode()
                                     if isinstance(marker, str) else marker)
    assert code == 130, err
    assert err.endswith("nx-ordinal: interrupted\n"), err
    assert "Traceback" not in err and "Warning" not in err
    assert "wrote" not in out and "GARI" not in out
    for name in files:
        assert not (tmp_path / name).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.edgelist"]


# --------------------------------------------------------------------------------------
# -p parameters and early checks (in process, with a recording layout in the registry)

def test_parse_params_literals_and_strings():
    from nx_ordinal.cli import parse_params

    assert parse_params(["max_iter=50", "init=spectral", "delta=1e-2", "x=(1, 'a')",
                         "flag=True", "none=None", "s='quoted'"]) == {
        "max_iter": 50, "init": "spectral", "delta": 0.01, "x": (1, "a"), "flag": True,
        "none": None, "s": "quoted"}
    assert parse_params(None) == {}
    for bad, match in [(["max_iter"], "-p expects KEY=VALUE"), (["=3"], "-p expects KEY=VALUE"),
                       (["1x=3"], "-p expects KEY=VALUE"),
                       (["a=1", "a=2"], "-p a given twice")]:
        with pytest.raises(ValueError, match=match):
            parse_params(bad)


@pytest.fixture
def recorder(monkeypatch):
    """A registered layout ``recorder`` that records its calls (a spectral layout)."""
    from nx_ordinal import registry

    calls = []

    def recorder_layout(G, pos=None, *, max_iter=100, init="auto", scale=1, center=None,
                        dim=2, seed=None, store_pos_as=None, verbose=False):
        calls.append(dict(max_iter=max_iter, init=init, dim=dim, seed=seed, verbose=verbose,
                          n=G.number_of_nodes()))
        return nx.spectral_layout(G, dim=dim)

    registry._load_entry_points()
    monkeypatch.setitem(registry._REGISTRY, "recorder",
                        registry.LayoutEntry("recorder", recorder_layout, "test layout"))
    return calls


@pytest.fixture(scope="module")
def big_graph(tmp_path_factory):
    """A 3,000-node graph file."""
    path = tmp_path_factory.mktemp("big") / "big.edgelist"
    nx.write_edgelist(nx.random_regular_graph(3, 3000, seed=0), path, data=False)
    return path


def test_params_reach_the_layout(tmp_path, recorder, capsys):
    path = tmp_path / "g.edgelist"
    nx.write_edgelist(nx.frucht_graph(), path)
    out = tmp_path / "g.json"
    assert main(["draw", str(path), "-m", "recorder", "-p", "max_iter=7", "-p", "init=spectral",
                 "--seed", "3", "-o", str(out)]) == 0
    assert recorder == [dict(max_iter=7, init="spectral", dim=2, seed=3, verbose=True, n=12)]
    rec = read_layout_record(out)
    assert rec["parameters"] == {"max_iter": 7, "init": "spectral", "dim": 2, "seed": 3}
    assert main(["draw", str(path), "-m", "recorder", "-q", "-o", str(out)]) == 0
    assert recorder[-1]["verbose"] is False
    # compare passes them to every method (each must take them) and draws the layouts
    fig = tmp_path / "cmp.png"
    n_calls = len(recorder)
    assert main(["compare", str(path), "-m", "recorder", "ree", "-p", "init=spectral",
                 "-o", str(fig)]) == 2
    assert capsys.readouterr().err == (
        "nx-ordinal: error: -p init: layout 'ree' has no parameter 'init', only 'recorder'; "
        "--keep-going gives it only to the layouts that take it\n")
    # spectral takes no max_iter (networkx's spectral_layout has none): refused before any
    # work; with --keep-going it goes to the recorder only, and both layouts are drawn
    assert main(["compare", str(path), "-m", "recorder", "spectral", "-p", "max_iter=9",
                 "-o", str(fig)]) == 2
    assert "layout 'spectral' has no parameter 'max_iter'" in capsys.readouterr().err
    assert len(recorder) == n_calls and not fig.exists()
    assert main(["compare", str(path), "-m", "recorder", "spectral", "-p", "max_iter=9",
                 "-o", str(fig), "--keep-going"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("nx-ordinal compare: -p max_iter goes only to 'recorder' "
                                   "('spectral' has no such parameter)\n")
    assert "failed" not in captured.err and "spectral" in captured.out
    assert recorder[-1]["max_iter"] == 9 and fig.read_bytes()[:8] == PNG


@pytest.mark.parametrize("argv, message", [
    # a value of a type the parameter does not take (its annotation: float | None)
    (["compare", "-m", "recorder,loe", "-p", "max_time=abc"],
     "-p max_time='abc': layout 'loe' takes float or None for max_time, got str"),
    (["draw", "-m", "loe", "-p", "max_time=abc", "-o", "{tmp}/x.png"],
     "-p max_time='abc': layout 'loe' takes float or None for max_time, got str"),
    (["compare", "-m", "recorder,loe", "-p", "max_iter=1.5"],
     "-p max_iter=1.5: layout 'loe' takes int for max_iter, got float"),
    # unannotated: from the default (max_iter=100)
    (["compare", "-m", "recorder", "-p", "max_iter=lots"],
     "-p max_iter='lots': layout 'recorder' takes int or float for max_iter, got str"),
    # networkx's drawers behind the registry's wrappers: their own parameters
    (["compare", "-m", "loe,spring", "-p", "iterations=many", "--keep-going"],
     "-p iterations='many': layout 'spring' takes int or float for iterations, got str"),
    # a parameter no layout takes is an error even with --keep-going
    (["compare", "-m", "loe,spring", "-p", "max_itr=3", "--keep-going"],
     "-p max_itr: none of the layouts 'loe', 'spring' has a parameter 'max_itr'"),
    (["compare", "-m", "recorder,spring,sfdp", "-p", "max_iter=10"],
     "-p max_iter: layout 'spring' has no parameter 'max_iter', only 'recorder', 'sfdp'; "
     "--keep-going gives it only to the layouts that take it"),
])
def test_params_checked_against_every_method_before_any_work(tmp_path, recorder, big_graph,
                                                             capsys, argv, message):
    argv = [argv[0], str(big_graph), *(a.format(tmp=tmp_path) for a in argv[1:])]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"nx-ordinal: error: {message}\n"
    assert recorder == [] and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args, message", [
    (["-o", "{tmp}/no/such/dir/x.png"], "output directory '{tmp}/no/such/dir' does not exist"),
    (["--dim", "4", "-o", "{tmp}/x.png"], "can draw only dim <= 3 to .png, got --dim 4"),
    (["--dim", "0", "-o", "{tmp}/x.png"], "dim must be >= 1, got 0"),
    (["-o", "{tmp}/x.gif"], "output must end in .png, .svg, .pdf, .json, .gexf, .graphml or "
                            ".html, got '{tmp}/x.gif'"),
    (["-o", "{tmp}"], "output must end in"),
    (["-o", "{tmp}/sub.png"], "output '{tmp}/sub.png' is a directory"),
    (["-p", "nope=1", "-o", "{tmp}/x.png"],
     "layout 'recorder' has no parameter 'nope'; its parameters: max_iter, init, scale, "
     "center, store_pos_as"),
    (["-p", "max_iter", "-o", "{tmp}/x.png"], "-p expects KEY=VALUE"),
    (["-p", "seed=3", "-o", "{tmp}/x.png"], "-p seed=...: use --seed instead"),
    (["-p", "verbose=1", "-o", "{tmp}/x.png"], "-p verbose=...: use --quiet instead"),
    (["-p", "pos={{}}", "-o", "{tmp}/x.png"],
     "-p pos=...: initial positions cannot be given on the command line"),
    (["--size", "3", "-o", "{tmp}/x.png"], "--size expects WIDTH,HEIGHT in inches, got '3'"),
    (["--size", "3,-1", "-o", "{tmp}/x.png"], "--size must be a positive number, got '-1'"),
    (["--dpi", "0", "-o", "{tmp}/x.png"], "--dpi must be a positive number, got '0'"),
    (["--node-size", "big", "-o", "{tmp}/x.png"], "--node-size must be a positive number"),
    (["-m", "nope", "-o", "{tmp}/x.png"], "unknown layout method 'nope'"),
    (["INPUT={tmp}", "-o", "{tmp}/x.png"], "'{tmp}' is a directory, not a graph file"),
    (["INPUT={tmp}/missing.gml", "-o", "{tmp}/x.png"], "no such file: '{tmp}/missing.gml'"),
])
def test_early_failures_never_run_the_layout(tmp_path, recorder, big_graph, capsys, args,
                                             message):
    (tmp_path / "sub.png").mkdir()
    argv = ["draw", str(big_graph), "-m", "recorder"]
    for a in args:
        a = a.format(tmp=tmp_path)
        if a.startswith("INPUT="):
            argv[1] = a[6:]
        else:
            argv.append(a)
    if "-m" in args:  # the test's own method replaces the recorder
        i = argv.index("-m")
        del argv[i:i + 2]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"nx-ordinal: error: {message.format(tmp=tmp_path)}\n" or (
        err.startswith(f"nx-ordinal: error: {message.format(tmp=tmp_path)}")
        and err.count("\n") == 1), err
    assert ".tmp" not in err
    assert recorder == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub.png"]


def test_early_failure_for_compare(tmp_path, recorder, big_graph, capsys):
    assert main(["compare", str(big_graph), "-m", "recorder", "-p", "nope=1"]) == 2
    assert main(["compare", str(big_graph), "-m", "recorder", "-o", str(tmp_path / "x.txt")]) == 2
    assert main(["compare", str(big_graph), "-m", "recorder", "--dim", "4", "-o",
                 str(tmp_path / "x.png")]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "nx-ordinal: error: layout 'recorder' has no parameter 'nope'; its parameters: "
        "max_iter, init, scale, center, store_pos_as",
        f"nx-ordinal: error: output must end in .png, .svg or .pdf, got '{tmp_path}/x.txt'",
        "nx-ordinal: error: can draw only dim <= 3 to .png, got --dim 4"]
    assert recorder == []


def test_unwritable_output_folder(tmp_path, recorder, big_graph, capsys):
    """A folder without write permission is refused before any work.  As root, where file
    permissions do not apply, the folder is ``/proc/sys`` (Linux), which root cannot write
    either."""
    import os

    locked = tmp_path / "locked"
    locked.mkdir()
    os.chmod(locked, 0o500)
    try:
        if os.access(locked, os.W_OK):  # root: take a folder nobody can create files in
            locked = pathlib.Path("/proc/sys")
            assert sys.platform.startswith("linux") and not os.access(locked, os.W_OK)
        assert main(["draw", str(big_graph), "-m", "recorder", "-o", str(locked / "x.png")]) == 2
        assert capsys.readouterr().err == (
            f"nx-ordinal: error: output directory '{locked}' is not writable\n")
        assert not (locked / "x.png").exists()
    finally:
        os.chmod(tmp_path / "locked", 0o700)
    assert recorder == []


def test_largest_component_and_drawing_options(tmp_path, recorder):
    G = nx.disjoint_union(nx.petersen_graph(), nx.path_graph(3))
    G.add_node("lonely")
    path = tmp_path / "g.edgelist"
    nx.write_edgelist(G, path, data=False)
    with open(path, "a") as fh:
        fh.write("lonely\n")
    out = tmp_path / "g.png"
    assert main(["draw", str(path), "-m", "recorder", "--largest-component", "-o", str(out),
                 "--size", "4,3", "--dpi", "50", "--color", "degree", "--no-labels"]) == 0
    assert recorder[-1]["n"] == 10
    import matplotlib.image

    h, w = matplotlib.image.imread(out).shape[:2]
    assert w <= 210 and h <= 160  # 4 x 3 inches at 50 dpi (tight bounding box)
    assert main(["draw", str(path), "-m", "recorder", "-o", str(out), "--color",
                 "component"]) == 0
    assert recorder[-1]["n"] == 14


def test_gallery_only_and_skipped(tmp_path, monkeypatch, capfd):
    monkeypatch.setenv("NX_ORDINAL_DATA", str(tmp_path / "absent"))
    assert main(["gallery", "--out", str(tmp_path / "out"), "--only", "ree_map"]) == 0
    out = capfd.readouterr().out
    assert "us-cities-top-1k.csv not found" in out
    assert "gallery: 0 made, 1 skipped (plot_ree_map.py), 0 failed" in out
    assert not list((tmp_path / "out").iterdir())
    assert main(["gallery", "--out", str(tmp_path / "out"), "--only", "nope"]) == 2
    err = capfd.readouterr().err
    assert err.startswith("nx-ordinal: error: no gallery script 'nope'; available: ")
    assert "frucht" in err and "netscience" in err


def test_console_script_gallery_ctrl_c(tmp_path):
    """SIGINT to ``nx-ordinal gallery`` while a script runs: the script is stopped before it
    writes its figure, exit 130, one line on stderr."""
    import signal
    import subprocess
    import time

    # a script of some 20 s (classic_graphs, used before, can end within the wait below)
    proc = subprocess.Popen([_script(), "gallery", "--out", "figs", "--only", "large_geometric"],
                            cwd=tmp_path, env=_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line == "running plot_large_geometric.py\n", line
        time.sleep(3.0)  # the script is importing or laying out its graphs
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert err == "nx-ordinal: interrupted\n"
    figs = tmp_path / "figs"
    assert not figs.exists() or list(figs.iterdir()) == []


class _FakeTTY:
    """A stderr that says it is a terminal, recording what is written."""

    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s

    def flush(self):
        pass

    def isatty(self):
        return True


def _slow_layout(monkeypatch, seconds):
    import time

    from nx_ordinal import registry

    def slow_layout(G, dim=2):
        time.sleep(seconds)
        return nx.circular_layout(G, dim=dim)

    monkeypatch.setitem(registry._REGISTRY, "slow",
                        registry.LayoutEntry("slow", slow_layout, "test", takes_seed=False))


def test_progress_line_for_layouts_without_their_own(tmp_path, monkeypatch, capsys):
    """A layout without ``verbose`` that runs over a second gets one updating line on
    stderr when it is a terminal, cleared at the end; ``--quiet`` has none."""
    import re

    _slow_layout(monkeypatch, 2.5)
    path = tmp_path / "g.edgelist"
    nx.write_edgelist(nx.cycle_graph(5), path)
    tty = _FakeTTY()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(["draw", str(path), "-m", "slow", "-o", str(tmp_path / "a.json")]) == 0
    err = tty.text
    assert re.match(r"\rnx-ordinal: slow running \(\d s\)", err) and "\n" not in err
    assert err.endswith("s)\r" + " " * len("nx-ordinal: slow running (1 s)") + "\r")
    tty.text = ""
    assert main(["draw", str(path), "-m", "slow", "-q", "-o", str(tmp_path / "b.json")]) == 0
    assert tty.text == ""


def test_progress_line_not_on_a_terminal(tmp_path, monkeypatch, capsys):
    """stderr redirected to a file: plain lines every PLAIN_INTERVAL seconds, no ``\\r``."""
    import re

    from nx_ordinal.cli import _Ticker

    monkeypatch.setattr(_Ticker, "PLAIN_INTERVAL", 0.4)
    _slow_layout(monkeypatch, 1.0)
    path = tmp_path / "g.edgelist"
    nx.write_edgelist(nx.cycle_graph(5), path)
    assert main(["draw", str(path), "-m", "slow", "-o", str(tmp_path / "a.json")]) == 0
    err = capsys.readouterr().err
    assert "\r" not in err and err.endswith("\n")
    lines = err.splitlines()
    assert 1 <= len(lines) <= 2  # at 0.4 s and 0.8 s of a 1-second layout
    assert all(re.fullmatch(r"nx-ordinal: slow running \(\d s\)", t) for t in lines)


def test_no_progress_bar_for_a_quick_ordinal_layout(tmp_path, capsys):
    """An ordinal layout finishing within a second shows no bar (the progress display waits
    a second), and the delay is restored for library calls afterwards."""
    from nx_ordinal._core.progress import Progress

    path = tmp_path / "g.edgelist"
    nx.write_edgelist(nx.frucht_graph(), path)
    assert main(["draw", str(path), "-m", "loe", "-o", str(tmp_path / "a.json")]) == 0
    err = capsys.readouterr().err
    assert "it/s" not in err and "loe-lbfgs" not in err and "loe_layout:" not in err
    assert Progress.delay == 0.0


def test_gallery_list_and_help_texts(capsys):
    assert main(["gallery", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = [ln.split()[0] for ln in lines]
    assert "frucht" in names and "netscience" in names and names == sorted(names)
    row = lines[names.index("frucht")]
    assert "The Frucht graph: LOE against the classical drawers" in row
    assert "[no --small]" not in row
    assert lines[names.index("lpem")].endswith("[no --small]")
    for sub, words in [("gallery", ["Run the gallery scripts", "--list",
                                    "(default: gallery_out"]),
                       ("demo", ["Lay out the Frucht graph", "(default:"]),
                       ("compare", ["Err_local", "--verbose"])]:
        with pytest.raises(SystemExit):
            main([sub, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        for w in words:
            assert w in text, (sub, w)


def test_compare_explains_err_local_and_soe_is_quiet(graph_file, tmp_path, capsys):
    assert main(["compare", str(graph_file), "-m", "loe", "spring"]) == 0
    out = capsys.readouterr().out
    assert "Long edges: the 99th-percentile" in out and "compare it within one graph" in out
    png = tmp_path / "s.png"
    assert main(["draw", str(graph_file), "-m", "soe", "-o", str(png)]) == 0
    assert "estimated peak memory" not in capsys.readouterr().err
    assert main(["draw", str(graph_file), "-m", "soe", "-v", "-o", str(png)]) == 0
    assert "soe: estimated peak memory" in capsys.readouterr().err


def test_directed_graph_note_and_compare_figure(tmp_path, monkeypatch):
    import matplotlib.figure

    titles = []
    save = matplotlib.figure.Figure.savefig

    def keep(fig, *a, **k):
        titles.extend(ax.get_title() for ax in fig.axes if ax.get_title())
        return save(fig, *a, **k)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", keep)
    path = tmp_path / "d.gml"
    nx.write_gml(nx.gn_graph(15, seed=1), path)
    assert main(["draw", str(path), "-m", "spring", "-q", "-o", str(tmp_path / "a.png")]) == 0
    assert titles[-1].startswith("spring\nGARI ")
    assert titles[-1].endswith("\nedge direction ignored: drawn as undirected")
    assert main(["draw", str(path), "-m", "loe", "-q", "-o", str(tmp_path / "b.png")]) == 0
    assert "direction" not in titles[-1]
    titles.clear()
    assert main(["compare", str(path), "-m", "loe", "spring", "-q", "-o",
                 str(tmp_path / "c.png")]) == 0
    assert len(titles) == 2 and "direction" not in titles[0]
    assert titles[1].endswith("(ignores edge direction)")


def test_draw_gexf_graphml_html(tmp_path, graph_file, capsys):
    for ext in ("gexf", "graphml"):
        out = tmp_path / f"lay.{ext}"
        assert main(["draw", str(graph_file), "-m", "spectral", "-q", "-o", str(out)]) == 0
        H = nx.read_gexf(out) if ext == "gexf" else nx.read_graphml(out)
        assert H.number_of_nodes() == 12 and H.number_of_edges() == 18
        xy = [(d["viz"]["position"] if ext == "gexf" else d) for _, d in H.nodes(data=True)]
        assert all(isinstance(p["x"], float) and isinstance(p["y"], float) for p in xy)
        span = max(max(p[a] for p in xy) - min(p[a] for p in xy) for a in "xy")
        assert span == pytest.approx(1000.0)  # the tools' units: 1000 wide
    out = tmp_path / "plain.graphml"  # --color: the figure's colours
    assert main(["draw", str(graph_file), "-m", "spectral", "-q", "--color", "none", "-o",
                 str(out)]) == 0
    assert {d["color"] for _, d in nx.read_graphml(out).nodes(data=True)} == {"#1f77b4"}
    out = tmp_path / "view.html"
    assert main(["draw", str(graph_file), "-m", "spectral", "-q", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.count("<circle ") == 12 and "://" not in page
    assert "<title>g.graphml: spectral</title>" in page
    assert f"wrote {out} (spectral, GARI" in capsys.readouterr().out


@pytest.mark.parametrize("extra, message", [
    (["--dim", "3"], "the .html view draws only dim <= 2, got --dim 3"),
    (["--color", "degree"], "the .html view colours nodes by gari or none, got --color degree"),
])
def test_draw_html_bad_options_exit_2(tmp_path, graph_file, capsys, extra, message):
    out = tmp_path / "view.html"
    assert main(["draw", str(graph_file), "-q", "-o", str(out), *extra]) == 2
    assert capsys.readouterr().err.strip() == f"nx-ordinal: error: {message}"
    assert not out.exists()


def test_compare_method_lists_in_every_spelling(tmp_path, graph_file, capsys):
    for argv in (["-m", "loe", "spring"], ["-m", "loe,spring"], ["-m", "loe", "-m", "spring"],
                 ["-m", "loe,spring", "-m", "loe"]):
        assert main(["compare", str(graph_file), "-q", *argv]) == 0
        rows = [ln.split()[0] for ln in capsys.readouterr().out.splitlines()[1:3]]
        assert rows == ["loe", "spring"], argv


def test_draw_edgeless_graph_title(tmp_path, monkeypatch, capsys):
    """An edgeless graph: the title says so, with no "nan", and no empty colour bar."""
    import matplotlib.figure

    path = tmp_path / "nodes.edgelist"
    path.write_text("a\nb\nc\n")
    titles = []
    real = matplotlib.figure.Figure.savefig

    def spy(fig, *args, **kwargs):
        titles.append(([a.get_title() for a in fig.axes], len(fig.axes)))
        return real(fig, *args, **kwargs)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", spy)
    assert main(["draw", str(path), "-m", "loe", "-o", str(tmp_path / "out.png")]) == 0
    (title, *_), n_axes = titles[0]
    assert title == "LOE\n3 nodes, no edges" and n_axes == 1
    assert "nan" not in capsys.readouterr().out


def test_subcommand_help_is_wrapped(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    for cmd in ("draw", "compare"):  # (their parsers keep line breaks for the epilog table)
        with pytest.raises(SystemExit):
            main([cmd, "--help"])
        out = capsys.readouterr().out
        description = out.split("\n\n")[1]
        assert max(len(line) for line in description.splitlines()) <= 79, (cmd, description)


def test_compare_reports_failed_methods_and_exits_non_zero(graph_file, tmp_path, capsys,
                                                          monkeypatch):
    # a layout that fails: its failure is named on stderr and the exit status says so
    from nx_ordinal import registry

    def broken(G, dim=2, seed=None):
        raise ValueError("broken layout")

    monkeypatch.setitem(registry._REGISTRY, "spring",
                        registry.LayoutEntry("spring", broken, "test"))
    out = tmp_path / "cmp.png"
    args = ["compare", str(graph_file), "-m", "loe,spring", "-o", str(out)]
    assert main(args) == 1
    captured = capsys.readouterr()
    assert "nx-ordinal compare: spring failed: " in captured.err
    assert "wrote " in captured.out and "(without spring)" in captured.out and out.is_file()
    assert main([*args, "--keep-going"]) == 0
    assert "spring failed" in capsys.readouterr().err


@pytest.fixture
def saved(monkeypatch):
    """The figures the command line saves, kept open for the test to look at."""
    from nx_ordinal import cli

    figs = []
    monkeypatch.setattr(cli, "_save", lambda fig, path, dpi: figs.append(fig))
    return figs


def _cmaps(ax):
    return {c.get_cmap().name for c in ax.collections if c.get_array() is not None}


def test_draw_title_cmap_and_no_colorbar(graph_file, tmp_path, saved, capsys):
    out = str(tmp_path / "x.png")
    args = ["draw", str(graph_file), "-m", "spring", "-o", out, "-q"]  # GARI colours vary
    assert main([*args, "--title", "My graph", "--cmap", "viridis"]) == 0
    assert main([*args, "--no-colorbar"]) == 0
    assert main([*args, "--title", ""]) == 0
    a, b, c = (f.axes[0] for f in saved)
    assert a.get_title() == "My graph" and _cmaps(a) == {"viridis"}
    assert len(saved[0].axes) == 2  # the drawing and its colour bar
    assert b.get_title().startswith("spring\nGARI ") and b.get_title().endswith(", 12 nodes")
    assert _cmaps(b) == {"RdYlBu"}
    assert len(saved[1].axes) == 1  # --no-colorbar
    assert c.get_title() == ""


def test_compare_title_cmap_and_no_colorbar(graph_file, tmp_path, saved, capsys):
    out = str(tmp_path / "x.png")
    args = ["compare", str(graph_file), "-m", "spring,spectral", "-o", out, "-q"]
    assert main([*args, "--title", "Frucht", "--cmap", "plasma"]) == 0
    assert main([*args, "--no-colorbar"]) == 0
    one, two = saved
    assert one._suptitle.get_text() == "Frucht"
    assert two._suptitle.get_text() == "Frucht Graph: 12 nodes, 18 edges"  # the default
    assert len(one.axes) == 3 and len(two.axes) == 2  # two panels (+ the shared colour bar)
    assert all(_cmaps(ax) == {"plasma"} for ax in one.axes[:2])
    # the title's room is above the panels: no panel reaches into it
    top = max(ax.get_position().y1 for ax in one.axes[:2])
    assert top < one._suptitle.get_position()[1] - 0.02


def test_demo_title(tmp_path, saved, capsys):
    assert main(["demo", "-o", str(tmp_path / "d.png"), "--title", "LOE demo"]) == 0
    assert saved[0]._suptitle.get_text() == "LOE demo"


@pytest.mark.parametrize("argv, message", [
    (["draw", "-o", "{tmp}/x.png", "--cmap", "viridiss"],
     "unknown colour map 'viridiss' for --cmap; did you mean viridis, viridis_r, cividis?"),
    (["compare", "-m", "recorder", "--cmap", "nosuchmap"],  # checked without -o too
     "unknown colour map 'nosuchmap' for --cmap; e.g. viridis, plasma, RdYlBu, coolwarm"),
    (["draw", "-o", "{tmp}/x.png", "--cmap", "viridis", "--color", "component"],
     "--cmap colours --color gari or degree, got --color component"),
])
def test_drawing_option_errors_before_any_work(tmp_path, recorder, big_graph, capsys, argv,
                                               message):
    argv = [argv[0], str(big_graph), "-m", "recorder",
            *(a.format(tmp=tmp_path) for a in argv[1:] if a not in ("-m", "recorder"))]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"nx-ordinal: error: {message}\n"
    assert recorder == [] and list(tmp_path.iterdir()) == []
