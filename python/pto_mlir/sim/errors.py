"""Exceptions raised by the simulator.

Every error the simulator raises derives from :class:`SimError`, so a caller
can tell a program the model refuses (an unsupported op, undefined scalar
behaviour, a Graph submission the runtime would reject) from a bug in the
caller's own code.
"""


class SimError(Exception):
    """The program cannot be executed as written (undefined behaviour, an
    out-of-bounds access, a malformed call)."""


class UnsupportedOpError(SimError):
    """The interpreter has no semantics for an operation.

    Attributes:
        op_name: e.g. ``"arith.addui_extended"``.
        location: the op's MLIR location, as text.
    """

    def __init__(self, op_name: str, location: str, detail: str = ""):
        self.op_name = op_name
        self.location = location
        text = f"unsupported operation '{op_name}' at {location}"
        super().__init__(text + (f": {detail}" if detail else ""))


class GraphSubmissionError(SimError):
    """The host_build_graph runtime refuses a Graph submission (an invalid
    boundary, too many nodes, an explicit dependency, a nested recording...).
    """


class DefinitionLimitError(GraphSubmissionError):
    """A Graph needs a 17th recorded definition (the runtime keeps at most 16
    per Graph)."""
