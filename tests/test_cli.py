
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
    assert lines[0].split() == ["method", "GARI", "Err_local", "seconds"]
    assert lines[1].split()[:2] == ["loe", "1.000"]


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
