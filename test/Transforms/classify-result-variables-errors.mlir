// RUN: pto-opt %s -split-input-file -verify-diagnostics
// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-classify-result-variables

// Dialect verification of `pto.carry_variables` (a boolean array on an
// scf.for, one entry per iteration argument) and `pto.result_variables` (on
// an scf.if or pto.scope, one entry per result); only a tensor may be given
// no variable. Each case is rejected when parsed, before any pass runs.

func.func private @wrong_size(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'pto.carry_variables' has 1 entries for 2 iteration arguments}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c1) -> (index, index) {
    scf.yield %a, %b : index, index
  } {pto.carry_variables = array<i1: true>}
  return
}

// -----

func.func private @none_for_no_iter_args(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'pto.carry_variables' has 1 entries for 0 iteration arguments}}
  scf.for %i = %c0 to %n step %c1 {
  } {pto.carry_variables = array<i1: false>}
  return
}

// -----

func.func private @wrong_kind_i32(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'pto.carry_variables' must be a boolean array on an scf.for}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    scf.yield %a : index
  } {pto.carry_variables = array<i32: 1>}
  return
}

// -----

func.func private @wrong_kind_unit(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'pto.carry_variables' must be a boolean array on an scf.for}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    scf.yield %a : index
  } {pto.carry_variables}
  return
}

// -----

func.func private @not_on_for(%f: i1) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'pto.carry_variables' must be a boolean array on an scf.for}}
  %r = scf.if %f -> (index) {
    scf.yield %c0 : index
  } else {
    scf.yield %c0 : index
  } {pto.carry_variables = array<i1: true>}
  return
}

// -----

module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @on_submit(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    // expected-error @below {{'pto.carry_variables' must be a boolean array on an scf.for}}
    %c1, %t = pto.submit @k(%c) {pto.carry_variables = array<i1: true>} : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

func.func private @carry_scalar_without_variable(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'pto.carry_variables' gives result #0 of type 'index' no variable: only a tensor can print as the name of a buffer}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    scf.yield %a : index
  } {pto.carry_variables = array<i1: false>}
  return
}

// -----

func.func private @result_wrong_size(%f: i1) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'pto.result_variables' has 2 entries for 1 results}}
  %r = scf.if %f -> (index) {
    scf.yield %c0 : index
  } else {
    scf.yield %c0 : index
  } {pto.result_variables = array<i1: true, true>}
  return
}

// -----

func.func private @result_scalar_without_variable(%f: i1) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'pto.result_variables' gives result #0 of type 'index' no variable: only a tensor can print as the name of a buffer}}
  %r = scf.if %f -> (index) {
    scf.yield %c0 : index
  } else {
    scf.yield %c0 : index
  } {pto.result_variables = array<i1: false>}
  return
}

// -----

func.func private @result_on_for(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'pto.result_variables' must be a boolean array on an scf.if or pto.scope}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    scf.yield %a : index
  } {pto.result_variables = array<i1: true>}
  return
}

// -----

func.func private @result_not_bool(%f: i1) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'pto.result_variables' must be a boolean array on an scf.if or pto.scope}}
  %r = scf.if %f -> (index) {
    scf.yield %c0 : index
  } else {
    scf.yield %c0 : index
  } {pto.result_variables}
  return
}
