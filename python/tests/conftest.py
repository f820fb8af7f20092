"""Shared fixtures: the fairyc tool the package is compared with.

FAIRYC names it (ctest passes the build's); otherwise the one on PATH.
FAIRYC_LIBRARY names the libfairy the package loads (docs/python.md).
"""
import os
import shutil
import subprocess
import sys
from typing import List

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
ROOT = os.path.dirname(os.path.dirname(HERE))


@pytest.fixture(scope="session")
def fairyc_tool() -> str:
    tool = os.environ.get("FAIRYC") or shutil.which("fairyc")
    if not tool:
        pytest.skip("no fairyc tool: set FAIRYC")
    return tool


@pytest.fixture(scope="session")
def run_fairyc(fairyc_tool):
    def run(args: List[str]) -> subprocess.CompletedProcess:
        return subprocess.run([fairyc_tool] + args, capture_output=True,
                              text=True, cwd=ROOT, timeout=120)
    return run


@pytest.fixture(scope="session")
def root() -> str:
    return ROOT
