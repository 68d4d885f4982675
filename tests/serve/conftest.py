"""The course server's tests start the real things: ``hogkit serve`` and ``hogkit worker`` as child
processes on loopback, a private PostgreSQL cluster and a Redis server (skipped only where they are
not installed: .ci/system-tools installs them), a kit built to send to the server, and Debian's
headless Chromium for the pages."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from bench.services import Postgres, Redis, Unavailable
from hogkit.generate.pipeline import STEPS, build_kit
from hogkit.variant import load_variant, with_submit_url
from tests.conftest import ROOT
from tests.shipped.test_checker import KIT_STEPS

EXAMPLES = ROOT / "examples" / "submissions"
ASSIGNMENT = "Hog (Fall 2019)"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


@pytest.fixture(scope="session")
def postgres():
    try:
        cluster = Postgres().start()
    except Unavailable as exc:
        pytest.skip(str(exc))
    yield cluster
    cluster.remove()


@pytest.fixture(scope="session")
def redis():
    try:
        server = Redis().start()
    except Unavailable as exc:
        pytest.skip(str(exc))
    yield server
    server.remove()


def build_submitting_kit(url: str, out: Path) -> Path:
    """The fa19 kit, built to send to URL: its student folder."""
    steps = [step for step in STEPS if step in KIT_STEPS or step[0] == "okpy tests"]
    build_kit(with_submit_url(load_variant("fa19"), url), out=out, steps=steps)
    return out / "student_skeleton"


def student_folder(kit: Path, where: Path, copy: str) -> Path:
    """A student's folder: the kit, with the example COPY's hog.py."""
    shutil.copytree(kit, where)
    shutil.copy(EXAMPLES / copy / "hog.py", where / "hog.py")
    return where


def ok(folder: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """The kit's own ``python3 ok ARGS``, run in FOLDER as a student runs it."""
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    return subprocess.run([sys.executable, "ok", *args], cwd=folder, input=stdin, capture_output=True, text=True,
                          timeout=180, env=env)


def zipped(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


@pytest.fixture(scope="session")
def chromium():
    """A headless Chromium driven by chromedriver (Debian's packages): never a downloaded browser."""
    webdriver = pytest.importorskip("selenium.webdriver")
    binary, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": "/tmp"})
    browser = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver))
    yield browser
    browser.quit()
