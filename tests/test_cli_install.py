"""``nx-ordinal gallery`` after a non-editable install of a freshly built wheel into a new
virtual environment, run from outside the checkout.

The wheel is installed with ``--no-deps --no-index``; the new environment sees the
dependencies of the running one through a ``.pth`` file (paths only: the checkout, which an
editable install puts on the path through a ``.pth`` of its own, stays invisible).  So no
package index is needed, and every failure -- of the build, the install or the command -- is
a failure of the package, never a skip.  The build uses the installed hatchling when there
is one (``--no-build-isolation``), otherwise pip's isolated build."""

import importlib.util
import os
import pathlib
import subprocess
import sys
import sysconfig

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PNG = b"\x89PNG\r\n\x1a\n"


def _pip(python, *args, cwd):
    r = subprocess.run([str(python), "-m", "pip", *args], cwd=cwd, capture_output=True,
                       text=True, timeout=900)
    assert r.returncode == 0, f"pip {' '.join(args)} failed:\n{r.stdout[-2000:]}{r.stderr[-3000:]}"
    return r


@pytest.mark.slow
def test_gallery_after_wheel_install(tmp_path):
    wheels = tmp_path / "wheels"
    isolation = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    _pip(sys.executable, "wheel", "--no-deps", *isolation, "-q", "-w", str(wheels), str(ROOT),
         cwd=tmp_path)
    (wheel,) = wheels.glob("nx_ordinal-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=300)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path("
                           "'purelib'))"], capture_output=True, text=True, check=True).stdout
    # the package folders the running interpreter imports from (its own site-packages and
    # any it reaches through .pth files), never the checkout
    deps = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    deps |= {p for p in sys.path if p and os.path.isdir(p)
             and os.path.basename(p) in ("site-packages", "dist-packages")}
    deps.discard(str(ROOT))
    pathlib.Path(site.strip(), "_test_deps.pth").write_text("\n".join(sorted(deps)) + "\n")
    # the running environment's pip installs into the new one; --ignore-installed: the
    # running environment's own nx_ordinal, seen through the .pth, is neither "already
    # satisfied" nor uninstalled
    _pip(sys.executable, "--python", str(python), "install", "--no-deps", "--no-index",
         "--ignore-installed", "-q",
         str(wheel), cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(OPENBLAS_NUM_THREADS="1", NX_ORDINAL_DATA=str(tmp_path / "absent"))
    exe = str(venv / "bin" / "nx-ordinal")

    def run(*args):
        return subprocess.run([exe, *args], cwd=elsewhere, env=env, capture_output=True,
                              text=True, timeout=600)

    where = subprocess.run([str(python), "-c", "import nx_ordinal; print(nx_ordinal.__file__)"],
                           cwd=elsewhere, env=env, capture_output=True, text=True)
    assert str(venv) in where.stdout  # the installed copy, not the checkout
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("nx-ordinal ")
    r = run("gallery", "--out", "figs", "--only", "frucht")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "gallery: 1 made, 0 skipped, 0 failed" in r.stdout
    assert (elsewhere / "figs" / "frucht.png").read_bytes()[:8] == PNG
    umask = os.umask(0o022)
    os.umask(umask)
    assert os.stat(elsewhere / "figs" / "frucht.png").st_mode & 0o777 == 0o666 & ~umask
    r = run("gallery", "--out", "figs", "--only", "ree_map")
    assert r.returncode == 0 and "gallery: 0 made, 1 skipped (plot_ree_map.py)" in r.stdout
    assert "us-cities-top-1k.csv not found" in r.stdout
