"""The attribute classes of pto_mlir.dialects.pto over the C API."""

import pytest

from pto_mlir.dialects import pto
from pto_mlir.ir import Attribute, Context, StringAttr


@pytest.fixture
def ctx():
    with Context() as context:
        yield context


@pytest.mark.parametrize("cls,keywords,prefix", [
    (pto.DirectionAttr, ["in", "out", "inout"], "#pto.direction"),
    (pto.CoreTypeAttr, ["aic", "aiv", "mixed"], "#pto.core_type"),
    (pto.RuntimeAttr, ["tensormap_and_ringbuffer", "host_build_graph"], "#pto.runtime"),
])
def test_enum_attributes_round_trip_through_text(ctx, cls, keywords, prefix):
    for keyword in keywords:
        attr = cls.get(keyword)
        assert str(attr) == f"{prefix}<{keyword}>"
        parsed = Attribute.parse(f"{prefix}<{keyword}>")
        assert cls.isinstance(parsed)
        assert cls(parsed).value == keyword
        assert cls(parsed) == attr
    with pytest.raises(ValueError, match="unknown .*'bogus': expected"):
        cls.get("bogus")
    with pytest.raises(ValueError, match="Cannot cast attribute"):
        cls(StringAttr.get("in"))


def test_enum_attributes_reject_one_another(ctx):
    assert not pto.DirectionAttr.isinstance(pto.CoreTypeAttr.get("aic"))
    assert not pto.RuntimeAttr.isinstance(pto.DirectionAttr.get("in"))


def test_hoisted_attribute_fields(ctx):
    view = pto.HoistedAttr.get("view", of="w")
    assert str(view) == '#pto.hoisted<view, of = "w">'
    assert (view.kind, view.of, view.computed_by) == ("view", "w", None)
    scalar = pto.HoistedAttr(Attribute.parse(
        '#pto.hoisted<scalar, computed_by = "arith.muli">'))
    assert (scalar.kind, scalar.of, scalar.computed_by) == ("scalar", None, "arith.muli")
    bare = pto.HoistedAttr.get("allocation")
    assert str(bare) == "#pto.hoisted<allocation>"
    assert bare.of is None and bare.computed_by is None
    with pytest.raises(ValueError, match="unknown hoisted kind 'tensor'"):
        pto.HoistedAttr.get("tensor")


def test_shorthand_constructors_return_the_classes(ctx):
    assert isinstance(pto.direction_attr("inout"), pto.DirectionAttr)
    assert isinstance(pto.runtime_attr("host_build_graph"), pto.RuntimeAttr)
    with pytest.raises(ValueError):
        pto.core_type_attr("gpu")


def test_argument_directions_read_the_attributes(ctx):
    from pto_mlir.ir import Module
    module = Module.parse("""
      pto.kernel aiv @k(!pto.tensor<4xf32>,
                        !pto.tensor<4xf32> {pto.direction = #pto.direction<out>},
                        !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                        f32)
    """)
    kernel = module.body.operations[0]
    assert pto.argument_directions(kernel) == ["in", "out", "inout", "in"]
