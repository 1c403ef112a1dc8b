"""Shared bits of the gallery scripts (argument parsing, import path, saving)."""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(HERE)
# run from a checkout without installing (not from the copy shipped inside the package)
if os.path.isdir(os.path.join(_ROOT, "nx_ordinal")) and _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

#: exit status of a script that cannot make its figure because a data file is absent;
#: ``nx-ordinal gallery`` reports such a script as skipped, not as a success
SKIPPED = 77


def skip(missing):
    """Say which data file is missing and exit with :data:`SKIPPED`."""
    print(f"skipping: data file {missing} not found (set NX_ORDINAL_DATA or --data)",
          flush=True)
    if not under_sphinx_gallery():  # there the script returns: an empty example, no error
        sys.exit(SKIPPED)

#: plain LOE: spectral start (+ perturbed restarts), lowest Err_local wins.  The default
#: ``loe_layout`` instead runs from the spectral and Kamada-Kawai starts, follows each run at
#: checkpoints and keeps the best GARI, which reaches the GARI targets on the famous graphs
LOE_PLAIN = dict(init="spectral", select="loss")


def parser(description):
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--out", default=".", help="folder for the PNG (default: current folder)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--small", action="store_true", help="tiny settings for smoke tests")
    return p


def under_sphinx_gallery():
    """True when sphinx-gallery runs the script (it shows the figures left open)."""
    return "sphinx_gallery" in sys.modules


def data_dir():
    """The real data sets: ``$NX_ORDINAL_DATA``, else ``shared/data`` beside the checkout
    (searched upwards from the gallery folder, as the tests do)."""
    import pathlib

    if os.environ.get("NX_ORDINAL_DATA"):
        return os.environ["NX_ORDINAL_DATA"]
    root = pathlib.Path(HERE).parent
    for parent in [root, *root.parents]:
        if (parent.parent / "shared" / "data").is_dir():
            return str(parent.parent / "shared" / "data")
    return str(root.parent / "shared" / "data")


def save(fig, out, name):
    import matplotlib.pyplot as plt

    from nx_ordinal.plot import save_figure

    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, name)
    save_figure(fig, path)
    if not under_sphinx_gallery():
        plt.close(fig)
    wrote(path)
    return path


def wrote(path, extra=""):
    """Say where the figure went, except on a docs page (sphinx-gallery shows the figure;
    the build folder's path means nothing to a reader)."""
    if not under_sphinx_gallery():
        print(f"wrote {path}{extra}")
