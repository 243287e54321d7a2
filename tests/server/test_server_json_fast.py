"""The server reads clients' messages and writes acts' rows with orjson, and must read and write
exactly what the standard ``json`` module does: what orjson refuses goes to ``json``."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landlords.server.protocol import ProtocolError, loads, message_id, parse
from landlords.server.storage import _json_text

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values, st.booleans())
def test_a_message_is_read_as_the_standard_decoder_reads_it(value, as_bytes):
    text = json.dumps(value)
    got = loads(text.encode() if as_bytes else text)
    assert got == json.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "ping", "n": NaN}',  # the standard decoder's extensions
        '{"type": "ping", "n": Infinity}',
        '{"type": "ping", "n": 123456789012345678901234567890}',  # past 64 bits
        '{"type": "ping", "s": "\\ud800"}',  # a lone surrogate
        '{"type": "ping", "n": 1e400}',  # past a double: infinity
    ],
)
def test_what_orjson_refuses_is_read_by_json(text):
    got = loads(text)
    want = json.loads(text)
    assert got.keys() == want.keys()
    for k in want:
        if isinstance(want[k], float) and math.isnan(want[k]):
            assert math.isnan(got[k])
        else:
            assert got[k] == want[k]


def test_an_act_past_64_bits_is_still_refused_for_its_version_not_as_bad_json():
    with pytest.raises(ProtocolError) as err:
        parse('{"type": "act", "action": {"type": "roll"}, "version": 123456789012345678901234567890}')
    assert err.value.code == "bad_message" and "version" in err.value.message


@pytest.mark.parametrize("text", ["{", '{"type": "ping",}', b'{"type": "\xff"}', "[1, 2", ""])
def test_invalid_json_is_refused_as_before(text):
    with pytest.raises(ProtocolError) as err:
        parse(text)
    assert err.value.code == "bad_json"
    assert message_id(text) is None


def test_a_dropped_message_s_id_is_found_through_either_decoder():
    assert message_id('{"type": "act", "id": 7}') == 7
    assert message_id('{"type": "act", "id": 7, "n": NaN}') == 7


@settings(max_examples=200, deadline=None)
@given(json_values.filter(lambda v: "Infinity" not in json.dumps(v)))  # an act holds no floats
def test_an_act_s_row_reads_back_as_it_was_written(value):
    assert json.loads(_json_text(value)) == value
