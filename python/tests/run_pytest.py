#!/usr/bin/env python3
"""ctest's `python` test: runs python/tests with pytest (Debian's
python3-pytest), or exits 77 (skipped) when pytest is missing.

Usage: run_pytest.py LIBFAIRY FAIRYC [pytest arguments]
Sets FAIRYC_LIBRARY and FAIRYC for the tests; writes nothing into the
source tree (no bytecode, no pytest cache).
"""
import os
import sys

sys.dont_write_bytecode = True
try:
    import pytest
except ImportError:
    print("SKIPPED: python3-pytest is missing (scripts/setup.sh installs it)")
    sys.exit(77)

os.environ["FAIRYC_LIBRARY"] = os.path.abspath(sys.argv[1])
os.environ["FAIRYC"] = os.path.abspath(sys.argv[2])
os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
here = os.path.dirname(os.path.abspath(__file__))
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", here] + sys.argv[3:]))
