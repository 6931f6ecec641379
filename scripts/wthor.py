"""WTHOR game files (format: ../shared/data/wthor/SOURCES.md), as the Python scripts read them.
Imported by scripts/bench-depth, book-match and soak-clock (Python puts a script's own directory
on its import path)."""
import struct


def transcripts(path):
    """Each game's moves as one transcript (f5d6c3...), in file order. WTHOR stores a move as
    10*row+col (1-based), no passes (the engine's transcript reader implies them), and 0 after
    the last move."""
    data = open(path, "rb").read()
    for g in range(struct.unpack_from("<I", data, 4)[0]):
        line = ""
        for m in data[16 + 68 * g + 8:16 + 68 * (g + 1)]:
            if m == 0:
                break
            line += "abcdefgh"[m % 10 - 1] + str(m // 10)
        yield line
