//===- Passes.td - pto passes ------------------------------*- tablegen -*-===//

#ifndef PTO_TRANSFORMS_PASSES_TD
#define PTO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def NormalizeReturnOrder : Pass<"pto-normalize-return-order", "ModuleOp"> {
  let summary = "Make every tensor a Graph or kernel returns one of its parameters";
  let description = [{
    A launch that writes a tensor rebinds it, so a body that writes its
    InOut parameter `%c` naturally returns the last rebinding (`%c2`), not
    `%c` itself. The Graph's callers, the boundary legalization and the C++
    translation all need the other reading: which parameter is returned at
    each position. This pass rewrites each returned tensor of every
    `pto.graph` and `pto.kernel` with a body to the parameter it names, by
    following tied results (`TiedOpInterface`), `pto.scope` yields and
    buffer-carrying `scf.for` / `scf.if` results back to a function argument.

    ```mlir
    pto.graph @g(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) -> !pto.tensor<16xf32> {
      %c1, %t = pto.submit @k(%a, %c) : (...) -> !pto.tensor<16xf32>
      pto.return %c1 : !pto.tensor<16xf32>     // becomes: pto.return %c
    }
    ```

    A returned tensor that is not, by buffer identity, one of the function's
    parameters (an allocation, a view, a buffer chosen at run time) is an
    error at the return: positions are never guessed. Non-tensor results are
    left alone (the Graph boundary checks reject them).
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def LegalizeGraphBoundary : Pass<"pto-legalize-graph-boundary", "ModuleOp"> {
  let summary = "Make every Graph replay-safe for the host_build_graph runtime";
  let description = [{
    The `host_build_graph` runtime records a Graph's task topology on the
    first call and replays it, patching only boundary tensor addresses and
    boundary scalar values. For each `pto.graph`, this pass moves to every
    call site what the body derives from its parameters, and rejects what
    replay cannot reproduce:

    - **Step A, derived scalars.** A scalar the body computes from its own
      scalar parameters and constants through pure ops (*hoistable*)
      becomes a new scalar parameter when an op that stays in the body
      reads it (the frontier only: what only other derived values or
      hoisted views read gets no parameter); each call site recomputes it
      from the arguments it passes.
      A scalar that is neither a parameter, nor hoistable, nor
      replay-invariant (it depends on a loop over a runtime bound, a
      `pto.read`, ...) is rejected where a task consumes it.
    - **Step B, views of boundary tensors.** A `pto.slice` whose source is,
      by buffer identity, a tensor parameter (through tied results of
      in-place launches and through hoisted views) becomes a new tensor
      parameter when every offset and size is hoistable; the call site takes
      the view. It stays in place when every non-literal operand is
      replay-invariant (a constant-trip loop's induction variable), and is
      rejected otherwise (the frozen offset would be the first call's). A
      view of a buffer chosen at run time among boundary tensors (`scf.if`,
      `arith.select`), or built on a view that stays in the body, cannot be
      rebuilt at the call site: it must be replay-invariant. A
      hoisted view's sizes must be literals or replay-invariant. The new
      parameter takes its root's direction (`inout` for a hoisted
      allocation).
    - **Step C, allocations.** A `pto.create` at the top level of the body
      (directly or inside `pto.scope`s) becomes a new `inout` tensor
      parameter; each call site allocates it right before the call (named
      `<name>__graph_arg<N>`). A create under `scf.for` loops of literal
      bounds becomes one such parameter holding a window per iteration,
      stacked along axis 0, and each iteration takes its own with a
      `pto.slice` at a replay-invariant offset; a rank-0 or column-major
      create, or one whose stacked extent exceeds 32 bits, stays. Step C
      runs before Step B, so views of hoisted allocations are views of
      boundary tensors. A `pto.dim` of a literal extent is folded first.
      A top-level create whose dynamic sizes the call site can compute
      (from scalar parameters and extents) becomes a dynamic-shape
      parameter the callers allocate with those sizes; its shape joins the
      boundary layout (the Graph key).
      With `arenas` (the default), the allocations of one element type
      share one flat `inout` parameter, `arena_<type>`: each is a literal
      `pto.slice` of it (offsets aligned to 1024 bytes, sizes rounded up to
      them), `pto.reshape`d to its shape at the top of the body, and each
      caller allocates one buffer per element type. A Graph then needs one
      boundary tensor per element type, not per allocation, and more than
      128 intermediates fit the 128-tensor limit.
    - **Step D, legality.** The module targets `host_build_graph`; at least
      one and at most 128 tensor parameters, at most 64 scalar parameters
      (after Step A); returns are parameters; 1 to 1024 recorded nodes
      (launches and dummy tasks once per loop iteration, allocations in
      batches of 16, counted after hoisting); no launch or allocation under
      a runtime loop, `scf.while` or `scf.if`; literal allocation shapes; no
      `pto.full`; literal `core_num`; every view left in the body (of any
      buffer) and every task scalar is the same on every call; no task or
      view reads a buffer chosen among boundary tensors by a call-varying
      value; `pto.read` only of boundary tensors no task of the Graph
      writes; no task writes (through any window) a parameter declared
      `in`, which a call passes as an input; tensor returns only. (A Graph
      calling a Graph, `deps` or
      `pred` on a Graph call and a host `pto.write` in a Graph are never
      legal: the op verifiers reject them.)

    New parameters are appended: new tensors after the existing tensors and
    before the scalars, new scalars last. At a call site, right before the
    call, come the computation of the new scalars, then allocations, then
    what the views' offsets need, then the views. A parameter the body read
    before hoisting and no longer reads after it (every use moved to the
    callers) leaves the boundary: a tensor next to its views would put their
    per-call offsets into the Graph key, a scalar would take one of the 64
    slots for nothing. A Graph keeps at least one tensor parameter.

    Each Graph is planned on its body as written, then its call sites and
    its body are rewritten once each; Graphs are planned and rewritten in
    parallel (diagnostics in single-thread order; the output does not
    depend on threading).

    With `--remarks-filter=pto-legalize-graph-boundary` (MLIR's remark
    options) the pass explains each decision: a passed remark at each value
    it hoists (`hoisted-allocation`, `hoisted-view`, `hoisted-scalar`: why,
    and the parameter it became), at each computed scalar that moves out
    with its readers and gets no parameter
    (`scalar-recomputed-at-call-sites`) and at each parameter that leaves
    the boundary (`dead-parameter`) or view nothing reads, erased rather
    than hoisted (`view-erased`); a missed remark at each allocation,
    view or computed scalar it leaves in the body
    (`allocation-left-in-place`, `view-left-in-place`,
    `scalar-left-in-place`: under a loop of literal bounds, region-local, or
    replay-invariant). Literal constants are not explained.

    Run `pto-normalize-return-order` first (the pipeline
    `pto-graph-legalize-pipeline` does).
  }];
  let options = [
    Option<"arenas", "arenas", "bool", /*default=*/"true",
           "Pack the allocations of each element type into one arena "
           "parameter (Step C, arenas); off: one parameter per allocation">
  ];
  let dependentDialects = ["::mlir::pto::PTODialect",
                           "::mlir::arith::ArithDialect"];
}

def VerifyGraphBoundary : Pass<"pto-verify-graph-boundary", "ModuleOp"> {
  let summary = "Check that every Graph is replay-safe (the legalization's post-conditions)";
  let description = [{
    Re-derives, independently of `pto-legalize-graph-boundary`, what a
    replay-safe Graph must satisfy, and reports each violation at its
    location: no allocation at the top level of a Graph body; no derived
    scalar that could have been hoisted reaching a task or a view; and every
    rule of the legality step (every view and task scalar the same on every
    call, node count, parameter counts, writes to `in` parameters, returns,
    call-site rules). It finds
    them in one walk of its own per Graph (topology, node count, hoisting
    post-conditions) and shares with the legalization the replay-invariance
    analysis and the wording of each error, so a later pass that
    reintroduces a rejected state is caught. It changes nothing.
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def VerifyReshapes : Pass<"pto-verify-reshapes", "ModuleOp"> {
  let summary = "Check that every pto.reshape's source is contiguous through its whole view chain";
  let description = [{
    The runtime reshapes only a tensor whose elements are consecutive in its
    buffer (it asserts otherwise). A `pto.reshape`'s source may be a view of
    a view of ...: a slice of a column window, a row of a transpose, a slice
    of a tensor with a dynamic extent. This pass places each source in the
    buffer it views through the whole chain (the `ViewLayouts` analysis over
    `BufferProvenance`: literal slice offsets, swapped strides of a
    transpose, the row-major strides a reshape starts again) and reports a
    reshape whose source is not contiguous there, or whose contiguity
    depends on a dynamic extent or on a buffer chosen at run time among
    windows. A whole row-major buffer is contiguous whatever its shape, and
    so are a reshape of a contiguous view and a window of consecutive rows
    of one (every axis inside the outermost one it cuts is whole).
    Transposing twice is contiguous again. It changes nothing; both
    pipelines run it first.

    ```mlir
    %cols = pto.slice %x [0, 0] [8, 8] : !pto.tensor<8x16xf32> to !pto.tensor<8x8xf32>
    %row = pto.slice %cols [2, 0] [2, 8] : !pto.tensor<8x8xf32> to !pto.tensor<2x8xf32>
    // error: reshapes a window whose elements are not consecutive in the
    //        buffer it views: axis 0 of its source steps 16 elements there,
    //        the axes inside it hold 8
    %flat = pto.reshape %row : !pto.tensor<2x8xf32> to !pto.tensor<16xf32>
    ```
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def VerifyKernelWindows : Pass<"pto-verify-kernel-windows", "ModuleOp"> {
  let summary = "Check that every launch keeps its kernels' windows inside the tensors passed";
  let description = [{
    A kernel parameter with a `#pto.window` touches that box of the tensor
    passed, at offsets and of sizes computed from the launch's scalars. For
    every `pto.submit` whose scalars the window depends on are constants and
    whose tensor has a static extent on an axis, checks that the box lies in
    the tensor on that axis (for a `mixed` kernel, the group's windows and
    each lane's), and reports the launch otherwise: the kernel would read or
    write memory outside its argument. Windows that depend on a non-constant
    scalar are checked per task by the stub runtime and the simulator. It
    changes nothing; both pipelines run it first.

    ```mlir
    pto.kernel aiv @silu(%mlp: !pto.tensor<16x17408xbf16> {pto.direction = #pto.direction<inout>,
        pto.window = #pto.window<offsets = ()[s0] -> (0, s0), sizes = ()[s0] -> (16, 1024)>},
        %n_off: index)
    // error: the window of @silu's parameter #0 covers [16384, 17408) on axis 1,
    //        outside the tensor passed (extent 1024)
    %r, %t = pto.submit @silu(%tile, %c16384) : (!pto.tensor<16x1024xbf16>, index) -> ...
    ```
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def HoistEntryExtents : Pass<"pto-hoist-entry-extents", "ModuleOp"> {
  let summary = "Read each dynamic extent of an entry tensor once, at entry";
  let description = [{
    A `pto.dim` of a `pto.orchestration` tensor parameter along a `?` axis
    reads the tensor's descriptor at run time. Every such extent the body
    uses is defined once, at the start of the function, and every use reads
    that one value: the first `pto.dim` of each (parameter, axis) moves to
    the entry block (keeping its name), and the others are replaced by it.
    The C++ then reads each extent once, before the body's scope, instead
    of once per `pto.dim` (a second read in a loop body would be a second
    variable no analysis can prove equal to the first).

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      %m = pto.dim %x, 0 : !pto.tensor<?x128xf32>
      ...
    }
    %m2 = pto.dim %x, 0 : !pto.tensor<?x128xf32>
    // becomes, at the start of the body:
    %m = pto.dim %x, 0 : !pto.tensor<?x128xf32>
    // and every use of %m2 reads %m.
    ```

    Static extents (which fold to constants) and extents of other tensors
    are left alone.
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def MaterializeRuntimeScopes : Pass<"pto-materialize-runtime-scopes", "ModuleOp"> {
  let summary = "Wrap function, loop and branch bodies in runtime scopes";
  let description = [{
    Places an auto `pto.scope` around the body of every `pto.orchestration`
    and `pto.graph`, every `scf.for` body and every `scf.if` branch, so that
    the C++ translation prints `PTO2_SCOPE()` exactly where the IR has a
    scope. Values the body's terminator reads leave the scope through
    `pto.yield`. Bodies inside a manual scope are left alone (a manual scope
    orders its tasks by explicit dependencies only), and a body that already
    is a single scope is not wrapped again, so the pass is idempotent.

    ```mlir
    scf.for %i = %c0 to %c4 step %c1 {
      %c1, %t = pto.submit @k(%a, %c) : (...) -> !pto.tensor<16xf32>
    }
    // becomes
    scf.for %i = %c0 to %c4 step %c1 {
      pto.scope {
        %c1, %t = pto.submit @k(%a, %c) : (...) -> !pto.tensor<16xf32>
      }
    }
    ```
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def HoistCallSiteAllocations
    : Pass<"pto-hoist-call-site-allocations", "ModuleOp"> {
  let summary = "Move the buffers the legalization allocates for Graph calls out of the callers' loops";
  let description = [{
    `pto-legalize-graph-boundary` turns each allocation of a Graph body into
    an inout parameter and allocates a fresh buffer for it right before every
    call. In a caller's loop that is one buffer per iteration, all alive
    until the enclosing scope ends. Where the body writes each element of
    such a buffer before it reads it (the `EntryLiveness` analysis: the
    parameter is dead on entry), nothing flows from one call to the next
    through it. This pass then moves its `pto.create` before the outermost
    enclosing `scf.for`, so that one buffer serves every iteration; the inout
    direction orders the successive calls on it.

    A buffer is moved when the Graph parameter it is passed as carries
    `#pto.hoisted<allocation>` (what the legalization records), the call is
    its only use, no result of the call returns it, and the parameter is
    dead on entry. The analysis follows the body in program order through
    views (literal slices, transposes, reshapes of contiguous windows, also
    of an arena), kernel directions, `pto.overwrites` and `#pto.window`s
    with literal scalars; a write counts only where it runs once per call
    (not under `scf.for`, `scf.if` or a predicate), and anything it cannot
    resolve counts as a read of the whole tensor. A task whose kernel writes
    no tensor reads nothing observable.

    A buffer stays in a `pto.parallel` loop (its iterations need buffers of
    their own: shared, they would be serialized), in a loop inside a manual
    `pto.scope` (the runtime would not order the calls sharing it) and under
    any other region (`scf.if`, `pto.scope`). With
    `--remarks-filter=pto-hoist-call-site-allocations`, each move and each
    buffer left in a loop for one of the last two reasons is explained.

    ```mlir
    // Before: a fresh buffer per iteration.
    scf.for %i = %c0 to %c40 step %c1 {
      %tmp = pto.create : !pto.tensor<16x128xf32>
      pto.call @layer(%x, %tmp) : (...) -> ()
    }
    // After: one buffer for all 40 calls.
    %tmp = pto.create : !pto.tensor<16x128xf32>
    scf.for %i = %c0 to %c40 step %c1 {
      pto.call @layer(%x, %tmp) : (...) -> ()
    }
    ```
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def HoistManualScopeAllocations
    : Pass<"pto-hoist-manual-scope-allocations", "ModuleOp"> {
  let summary = "Move allocations out of manual scopes";
  let description = [{
    A tensor created inside a manual scope may be read by tasks after it,
    but the runtime releases what a scope allocated when the scope ends (a
    reader submitted after that keeps it alive only if its allocation is
    still live). So this pass moves each `pto.create`, `pto.full` or
    `pto.alloc_tensors` whose buffer (or a window of it) a manual
    `pto.scope` returns to just before the scope, where the allocation lives
    as long as the enclosing scope and the C++ declares the buffer in the
    enclosing block. The side-effect-free ops that compute its sizes or fill
    value in the scope from values known before it (a constant, a product,
    an outer tensor's `pto.dim`) move with it. One that cannot move (made in
    a region nested in the scope, or sized by a value only the scope's tasks
    give) is an error at the allocation. A buffer used only inside the scope
    stays there, released with the scope as written
    (`pto-retain-manual-scope-allocations` keeps it alive for the scope's
    tasks).
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def RetainManualScopeAllocations
    : Pass<"pto-retain-manual-scope-allocations", "ModuleOp"> {
  let summary = "Keep buffers alive for the manual-scope tasks that use them";
  let description = [{
    Outside manual scopes the runtime gives every task that passes an
    allocated buffer an edge to the allocation (creator retention,
    `DEP_WAIT | DEP_RETAIN`), which keeps the buffer alive until the task is
    done. In a manual scope it infers no edge: only the reference of the
    scope the buffer was allocated in holds it, and that is dropped when the
    scope ends, not when its tasks finish, so a later allocation may reuse
    the memory under a running task.

    For each `pto.submit` in a manual scope of a `pto.orchestration` that
    passes a buffer of a `pto.create`, `pto.alloc_tensors` or `pto.full`
    (through views, tied results, choices and loop carries), this pass adds
    an explicit dependency on the allocation's task (`pto.owner_task_id` of
    the buffer allocated, or of the tensor passed where a choice among
    buffers made in branches passes it; explicit dependencies retain),
    unless:
    - the allocation lives until the function returns: its innermost scope
      is the one around the whole body, after which nothing allocates;
    - the program names the allocation's task id in some dependency itself
      (`pto.owner_task_id` of the buffer, not of one that may be a
      `pto.set_owner` view of it; also as an `arith.select` arm): it keeps
      that buffer alive its own way, as "the last reader depends on the
      allocation".

    A buffer allocated in a branch of the scope and passed under an owner
    set by `pto.set_owner` is an error at the launch: the allocation's task
    id can be read neither there nor from the tensor passed.

    A buffer the runtime allocated with a task P of the same manual scope (a
    create info's out parameter) lives while P does. A launch that passes
    it gets a dependency on P unless it already depends on P, or on an
    allocation made before P in the scope, or the program manages such an
    allocation: the runtime reclaims the heap in ring order, so a live
    allocation holds every output after it (paged attention's update reads
    the softmax's outputs and depends on the accumulators' allocation).

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      pto.scope manual {
        %acc = pto.create : !pto.tensor<16xf32>
        %a1, %t = pto.submit @fill(%acc) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        ...
    // becomes
        %acc_tid = pto.owner_task_id %acc : !pto.tensor<16xf32>
        %a1, %t = pto.submit @fill(%acc) deps(%acc_tid : !pto.task_id) : ...
    ```

    In `pto-orchestration-prepare-pipeline` after `pto-batch-allocations`.
    A Graph's allocations move to its callers in the legalization.
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
  let statistics = [
    Statistic<"numRetained", "num-retained",
              "Dependencies added to keep a buffer alive">
  ];
}

def BatchAllocations : Pass<"pto-batch-allocations"> {
  let summary = "Group the pto.create ops of each block into pto.alloc_tensors";
  let description = [{
    Decides how allocations become runtime `alloc_tensors` calls and records
    it in the IR, so that the C++ translation prints one call per
    `pto.alloc_tensors` and a Graph's recorded nodes are counted from ops.
    In each block of a Graph or orchestration function (kernel bodies are
    left alone), the `pto.create` ops whose dynamic sizes are defined
    outside the block become, in order, `pto.alloc_tensors` ops of at most
    16 results (`kAllocTensorsArgs`) at the start of the block; a launch
    between two creates does not split a batch. Every other create becomes a
    one-result `pto.alloc_tensors` where it stands. Each batch is located at
    its creates (a fused location) and records their user names (`names`).

    A create the runtime cannot allocate (rank 0, a `dn` layout, an extent
    over 32 bits) is reported at the create, and the pass fails.

    ```mlir
    %a = pto.create : !pto.tensor<16xf32>
    %t = pto.submit @k(%a) ...
    %b = pto.create(%n) : !pto.tensor<?xf32>
    // becomes
    %a, %b = pto.alloc_tensors(%n) {names = ["a", "b"]}
        : !pto.tensor<16xf32>, !pto.tensor<?xf32>
    %t = pto.submit @k(%a) ...
    ```
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def InsertRuntimeChecks : Pass<"pto-insert-runtime-checks", "ModuleOp"> {
  let summary = "Guard computed values the runtime takes in narrower fields";
  let description = [{
    The runtime keeps tensor extents and view offsets in 32 bits
    (`uint32_t`) and a task's block count in 16 (`int16_t`, blocks times
    the kernel's lanes at most 32767, `kMaxBlockSubtasks`), where the IR
    computes `index` values. The verifiers reject a literal out of range; a
    computed one the C++ would truncate without a word (2^32 rows become 0,
    40000 blocks become -25536).

    This pass runs MLIR's integer range analysis
    (`dataflow::IntegerRangeAnalysis`; `pto.dim` is `[0, 2^32-1]`, or its
    static extent) once over the module and, for each dynamic extent of a
    `pto.create`, `pto.alloc_tensors`, `pto.full`, `pto.create_info` or
    `pto.reshape`, dynamic offset or size of a `pto.slice` and non-literal
    `core_num` of a `pto.submit` that it cannot prove in range, inserts
    before the op an unsigned compare and a `cf.assert` whose message names
    the source location, the op, the value and the range. The C++
    translation prints the assert as the runtime's failure report
    (`rt_report_fatal` at the `simpler_6ebaf771` level).

    A constant operand out of range is an error at its op instead: it is
    known now, and the C++ would truncate it (2^32 + 8 rows to 8).

    A `pto.submit` (or `pto.call`) that passes a tensor (or a create info)
    with a run-time extent where the kernel's (or Graph's) parameter declares
    a static one gets a check that the extent is the declared one: the
    runtime hands the callee whatever the tensor has, and a kernel written
    for 16 rows would read or write past 12.

    An `arith.fptosi` or `arith.fptoui` of a computed float (the
    language's `pto.i32(f)`) gets a check that the value is a number whose
    truncation fits the integer: C++ leaves any other conversion undefined.

    A `pto.reshape` with a dynamic shape also gets a check that its result
    holds as many elements as its source (the runtime only debug-asserts
    it), unless both counts are the same product of the same extents: the
    same constants and `pto.dim` reads multiplied by `arith.muli`, e.g.
    `[d0 * d1, d2]` of a `?x?x?` source.

    ```mlir
    %n2 = arith.muli %n, %c2 : index
    %buf = pto.create(%n2) : !pto.tensor<?x128xf32>
    // becomes
    %max = arith.constant 4294967295 : index
    %ok = arith.cmpi ule, %n2, %max : index
    cf.assert %ok, "in.mlir:4:10: 'pto.create' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"
    %buf = pto.create(%n2) : !pto.tensor<?x128xf32>
    ```

    In `pto-orchestration-prepare-pipeline` after `pto-batch-allocations`
    (a batch's checks precede its one runtime call) and after
    `pto-verify-graph-boundary` (the checks read only what the guarded op
    reads and change no Graph's recording).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect"];
  let statistics = [
    Statistic<"numChecks", "num-checks", "Values guarded by a cf.assert">
  ];
}

def MarkGraphConfigScalars
    : Pass<"pto-mark-graph-config-scalars", "::mlir::pto::GraphOp"> {
  let summary = "Mark the boundary scalars a Graph reads while it is recorded";
  let description = [{
    A Graph body that reads a scalar parameter's value while it is recorded
    (in an `arith` op, a loop bound, a view offset: anything but passing it
    to a task) bakes that value into the recording. Such a scalar must join
    the Graph's Config, the key the runtime caches recordings under, so
    that a call with another value records a new definition instead of
    replaying a wrong one. This pass records that decision as the unit
    argument attribute `pto.config_scalar` on each such parameter (and
    removes a stale one); the C++ translation prints a Config field for
    each marked parameter, fills it at every call site and decodes it in
    the body.

    ```mlir
    pto.graph @g(%x: !pto.tensor<16xf32>, %n: index {pto.config_scalar},
                 %s: index) {
      // %n bounds a loop (read while recorded); %s only reaches a task.
    }
    ```
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def ExpandManualPhaseFence : Pass<"pto-expand-manual-phase-fence", "ModuleOp"> {
  let summary = "Replace all-to-all dependencies on a task id array by a barrier";
  let description = [{
    In a manual scope, M launches that each depend on the same array of N
    task ids cost M * N dependency edges. When that is more than the M + N
    edges of a barrier, this pass inserts one `pto.task_dummy` depending on
    the array (marked `pto.phase_fence`) where the array is defined, and
    makes those launches depend on the barrier instead:

    ```mlir
    // tids[N] -> launch_1 .. launch_M        becomes
    // tids[N] -> barrier -> launch_1 .. launch_M
    ```

    M counts each launch once per iteration of the constant-trip loops
    between the array's definition and the launch; a launch under a loop
    without constant bounds or under a branch is left alone. A launch that
    depends on the array a loop is filling (its own iteration argument) has
    one consumer per fence point and is never rewritten. The array is a
    value, so the barrier sees exactly the ids each launch would have.
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def ClassifyResultVariables
    : Pass<"pto-classify-result-variables", "ModuleOp"> {
  let summary = "Decide which carries and branch or scope results need a C++ variable";
  let description = [{
    The C++ translation prints a tensor value as the name of the buffer it
    names. A value that is the same buffer on every path needs no variable;
    anything else is a variable declared before the op and assigned at each
    yield. This pass makes that decision once, from the buffer-provenance
    analysis, and records it:

    - `pto.carry_variables` on every `scf.for` with iteration arguments, a
      boolean per iteration argument: false when the value is a tensor that
      every iteration hands back as the same buffer it received;
    - `pto.result_variables` on every `scf.if` and `pto.scope` with results,
      a boolean per result: false when the result is a tensor that names a
      buffer defined outside the op (both branches of an `scf.if` yield the
      same one).

    The translation reads the attributes instead of re-deriving them. The
    dialect checks that only tensors are given no variable.

    (The carries of a parallel loop are already checked by the dialect:
    `pto.parallel` requires task ids to be carried in a
    `!pto.task_id_array<N>` with one slot per iteration, N the constant
    trip count.)

    ```mlir
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c) -> (!pto.tensor<16xf32>) {
      %acc1, %t = pto.submit @k(%a, %acc) : (...) -> !pto.tensor<16xf32>
      scf.yield %acc1 : !pto.tensor<16xf32>
    } {pto.carry_variables = array<i1: false>}
    %s = scf.if %f -> (!pto.tensor<16xf32>) {
      scf.yield %a : !pto.tensor<16xf32>
    } else {
      scf.yield %b : !pto.tensor<16xf32>
    } {pto.result_variables = array<i1: true>}
    ```
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def MarkAlwaysSubmittedBarriers
    : Pass<"pto-mark-always-submitted-barriers", "ModuleOp"> {
  let summary = "Mark the barriers whose every dependency is a valid task id";
  let description = [{
    A `pto.task_dummy` is submitted only if at least one of its
    dependencies is a valid task id at run time; its id is otherwise the
    invalid sentinel. This pass sets `pto.always_submitted` on each barrier
    whose dependencies are all statically valid: ids of `pto.submit`s and of
    barriers it marks (in order, so chains of barriers are marked in one
    walk); a barrier with no dependency is always submitted too. The
    translation then submits such a barrier unconditionally and orders on
    its id without an `is_valid()` test. The dialect verifies the
    attribute, so a barrier marked by hand is held to the same rule.

    ```mlir
    %t1 = ... pto.submit ...
    %b = pto.task_dummy deps(%t1 : !pto.task_id) {pto.always_submitted}
    ```
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def MarkHostControlTensors
    : Pass<"pto-mark-host-control-tensors", "ModuleOp"> {
  let summary = "Mark the orchestration parameters the host reads or writes";
  let description = [{
    Under host_build_graph the orchestration function runs on the host
    while the runtime builds the task graph. A `pto.read` or `pto.write`
    there accesses host memory, so the tensor parameter it reaches (through
    views, selects and loop, branch or scope carries) is a *host control
    tensor*: its argument metadata selects HOST storage and no transfer
    (`pto-translate --pto-to-arg-metadata`), and the device never sees it.
    This pass sets `pto.host_control` on each such parameter:

    ```mlir
    pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                            %lens: !pto.tensor<8xi32> {pto.direction = #pto.direction<in>, pto.host_control})
    ```

    It is an error for a host access to reach anything but a parameter (a
    runtime allocation or a device task's output has no contents while the
    graph is built), and for a host control tensor, or any alias of it, to
    also reach a device task or a Graph launch, as a tensor argument or as a
    dispatch predicate: pass host control data and device data in separate
    parameters. A host control tensor reaching an op the pass cannot follow
    (one with regions or tensor results other than the views, selects and
    carries above, e.g. `scf.while`) is an error too. A parameter marked by
    hand is held to the same rules. Modules
    for the default runtime are left unchanged: there, host accesses go
    through the runtime to device memory.
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def LegalizeCppNames : Pass<"pto-legalize-cpp-names", "ModuleOp"> {
  let summary = "Name every value the C++ translation declares a variable for";
  let description = [{
    Decides, once, the C++ identifier of every variable that stands for an
    IR value, and records it, so that the translation prints names instead
    of choosing them (cf. CIRCT's LegalizeNames):

    - `pto.cpp_names` on an op: one string per result, `""` for a result
      printed as another value (a tied `pto.submit` or `pto.call` result,
      a constant, a static `pto.dim`, a carry or branch result without a
      variable, an unread task id);
    - `pto.cpp_arg_names` on `pto.graph`, `pto.orchestration` and
      `scf.for`: one string per argument of the entry block (the induction
      variable first for a loop);
    - `pto.cpp_name` on `pto.graph`: the C++ function it prints as,
      `<entry>_graph_<graph>`.

    A name is the value's user name (its name location: the SSA name of the
    source, or `pto_mlir.builder`'s name), else a name after what the value
    is (`view`, `tid`, `carry`, ...); entry tensors are `ext_<name>`. It is
    made a C++ identifier that is not a keyword, a runtime name or
    macro-like, and unique in the module (`x`, `x_1`, ...). The translation
    adds only its own helper variables (shape arrays, dependency arrays,
    loop counters), uniquified against these names.

    ```mlir
    %v = pto.slice %a[0] [4] {pto.cpp_names = ["v"]} : !pto.tensor<16xf32> to !pto.tensor<4xf32>
    ```

    The dialect checks that each entry is `""` or an identifier and that
    the counts match; the translation rejects a reserved or repeated name.
    Run after every pass that creates values (the last but one pass of
    `pto-orchestration-prepare-pipeline`).
  }];
  let dependentDialects = ["::mlir::pto::PTODialect"];
}

def MarkPrepared : Pass<"pto-mark-prepared", "ModuleOp"> {
  let summary = "Record that the module is ready for the C++ translations";
  let description = [{
    The last pass of `pto-orchestration-prepare-pipeline`. It sets the unit
    attribute `pto.prepared` on the module:

    ```mlir
    module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
    ```

    `pto-translate --pto-to-cpp` and `--pto-to-arg-metadata` print what the
    passes before it decided (runtime scopes, carry variables, host control
    tensors, phase-fence barriers, entry extents) and reject a module
    without the attribute, naming the pipeline to run, rather than print
    C++ for IR those passes never saw (e.g. launches outside any scope).
  }];
}

#endif // PTO_TRANSFORMS_PASSES_TD
