"""Helpers shared by the ASAP gallery scripts (not a figure)."""


def rigidity_available():
    try:
        from nx_ordinal.rigidity import is_globally_rigid  # noqa: F401
    except ImportError:
        return False
    return True


def aligned(X, Y):
    """Y moved onto X by the best similarity transform (for plotting next to the truth)."""
    from nx_ordinal.metrics import procrustes_align

    return procrustes_align(X, Y)[:, : X.shape[1]]
