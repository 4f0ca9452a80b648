# Cython's C types for the hottest helper of board.py (this file is read only when the module
# is compiled: the .py stays the one source of its behaviour, and runs as it is uncompiled)
import cython


@cython.locals(ax=cython.long, ay=cython.long, aside=cython.long, bx=cython.long, by=cython.long,
               bside=cython.long, dx=cython.long, dy=cython.long)
cpdef long gap_squares(a, b, diagonals=*) except? -1
