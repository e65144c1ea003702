"""The one rule both display drivers use to clip a region to the panel."""


def clip(x: int, y: int, w: int, h: int, width: int, height: int) -> tuple:
    """(x, y, w, h) inside the panel; w = -1 / h = -1 reach the far edge.
    An empty region comes back with w or h <= 0."""
    if w < 0:
        w = width - x
    if h < 0:
        h = height - y
    if x < 0:
        w += x
        x = 0
    if y < 0:
        h += y
        y = 0
    return x, y, min(w, width - x), min(h, height - y)
