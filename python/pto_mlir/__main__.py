"""``python -m pto_mlir``: the ``pto-compile`` driver (:mod:`pto_mlir.compile`).

    python -m pto_mlir program.mlir [-o DIR] [--runtime R] [--emit ir,cpp,report]
"""

import sys

from .compile import main

if __name__ == "__main__":
    sys.exit(main())
