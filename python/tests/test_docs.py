"""docs/python.md shows python/examples/where.py as it is, and documents
every name the package exports."""
import os
import re

import fairyc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def page() -> str:
    return open(os.path.join(ROOT, "docs", "python.md")).read()


def test_the_example_is_the_file():
    blocks = re.findall(r"```python\n(.*?)```", page(), re.S)
    example = open(os.path.join(ROOT, "python", "examples", "where.py")).read()
    assert blocks == [example]


def test_every_export_is_documented():
    text = page()
    for name in fairyc.__all__:
        assert "`%s" % name in text or ".%s" % name in text, name
