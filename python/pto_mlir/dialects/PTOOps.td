//===- PTOOps.td - Python bindings for the pto dialect -----*- tablegen -*-===//

#ifndef PTO_PYTHON_PTOOPS_TD
#define PTO_PYTHON_PTOOPS_TD

include "pto/Dialect/PTO/IR/PTOOps.td"

#endif // PTO_PYTHON_PTOOPS_TD
