"""Helpers shared by the ASAP gallery scripts (not a figure)."""


def aligned(X, Y):
    """Y moved onto X by the best similarity transform (for plotting next to the truth)."""
    from nx_ordinal.metrics import procrustes_align

    return procrustes_align(X, Y)[:, : X.shape[1]]
