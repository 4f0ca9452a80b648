"""Writing a picture as a PNG file: encoded in memory, then written beside its target and renamed,
so that a failure (a full disk, a read-only folder) is one OSError and leaves no half file."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

import pygame
from ..i18n import _


def save_png(surface: pygame.Surface, path) -> None:
    """The surface as a PNG at path (whatever the name's extension); OSError when it cannot be."""
    buffer = io.BytesIO()
    try:
        pygame.image.save(surface, buffer, "picture.png")  # the hint, not the path, picks PNG
    except pygame.error as exc:
        raise OSError(_("cannot encode the picture: {error}").format(error=exc)) from None
    path = Path(path)
    handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(buffer.getvalue())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
