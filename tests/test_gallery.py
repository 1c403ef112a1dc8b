"""Smoke tests of the gallery scripts with small settings (each writes a PNG)."""

import pathlib
import subprocess
import sys

import pytest

from nx_ordinal.cli import main

GALLERY = pathlib.Path(__file__).resolve().parents[1] / "gallery"
SCRIPTS = sorted(p.name for p in GALLERY.glob("plot_*.py"))
PNG = b"\x89PNG\r\n\x1a\n"


def test_gallery_has_the_figures():
    assert {"plot_classic_graphs.py", "plot_desargues.py", "plot_frucht.py",
            "plot_knn_density.py", "plot_netscience.py"} <= set(SCRIPTS)


def test_plot_frucht_writes_png(tmp_path):
    r = subprocess.run([sys.executable, str(GALLERY / "plot_frucht.py"), "--out",
                        str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "frucht.png").read_bytes()[:8] == PNG


def test_netscience_skips_cleanly_without_data(tmp_path):
    r = subprocess.run([sys.executable, str(GALLERY / "plot_netscience.py"), "--out",
                        str(tmp_path), "--data", str(tmp_path / "absent")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 77 and "skipping: data file" in r.stdout
    assert "netscience.gml not found" in r.stdout
    assert not list(tmp_path.glob("*.png"))


@pytest.mark.slow
def test_cli_gallery_runs_every_script_small(tmp_path, capsys):
    assert main(["gallery", "--out", str(tmp_path), "--small"]) == 0
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    expected = {"frucht.png", "desargues.png", "classic_graphs.png", "knn_density.png"}
    assert expected <= set(pngs)
    for p in tmp_path.glob("*.png"):
        assert p.read_bytes()[:8] == PNG


def test_power_grid_skips_cleanly_without_data(tmp_path):
    r = subprocess.run([sys.executable, str(GALLERY / "plot_power_grid.py"), "--out",
                        str(tmp_path), "--data", str(tmp_path / "absent")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 77 and "skipping: data file" in r.stdout
    assert "USPowerGrid.mtx not found" in r.stdout
    assert not list(tmp_path.glob("*.png"))


def test_power_grid_small(tmp_path, shared_data):
    if not (shared_data / "drawing-benchmark" / "graphs" / "USPowerGrid.mtx").is_file():
        pytest.skip("drawing-benchmark is not available")
    r = subprocess.run([sys.executable, str(GALLERY / "plot_power_grid.py"), "--out",
                        str(tmp_path), "--small", "--data", str(shared_data)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "power_grid.png").read_bytes()[:8] == PNG
    # the published t-FDP positions of the 300 stations nearest station 0
    assert "t-FDP: NP1 0.605 (published drawing)" in r.stdout
    assert "loe_layout: NP1" in r.stdout


def test_scripts_print_plain_numbers_and_no_build_paths():
    # no absolute path of a build machine, no numpy reprs (np.float64(...)) in printed
    # output, and every "wrote PATH" goes through _common, silent on a docs page
    for name in SCRIPTS:
        text = (GALLERY / name).read_text(encoding="utf-8")
        assert "/work/" not in text and "/home/" not in text, name
        assert 'print(f"wrote' not in text and 'print("wrote' not in text, name
        assert "round(v, 1) for k, v" not in text, name
    ns = (GALLERY / "plot_netscience.py").read_text(encoding="utf-8")
    assert "0.80" not in ns and "0.54" not in ns  # numbers the figure does not show


def test_wrote_is_silent_under_sphinx_gallery(tmp_path):
    code = (f"import sys, types; sys.path.insert(0, {str(GALLERY)!r}); import _common; "
            "_common.wrote('x.png'); sys.modules['sphinx_gallery'] = types.ModuleType('s'); "
            "_common.wrote('y.png')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "wrote x.png\n"


def test_netscience_prints_the_gari_it_draws(tmp_path, shared_data):
    r = subprocess.run([sys.executable, str(GALLERY / "plot_netscience.py"), "--out",
                        str(tmp_path), "--small", "--data", str(shared_data / "netscience")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("GARI: ")][0]
    assert "LOE " in line and "spring " in line
