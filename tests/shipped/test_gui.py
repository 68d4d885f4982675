"""The Tk GUI for real: a window on an Xvfb display, whole games clicked through by the GUI's
--autoplay hook with the student's (here: the reference) hog.py, and a screenshot of the screen
kept as a test artifact (in $HOGKIT_ARTIFACTS, or the test's temporary folder) and checked. Plain
``hog_gui.py`` is a game between two people; ``-f`` plays final_strategy, and the person changes
seats from one game to the next; fa17's Hog Wild turns roll four-sided dice; an unfinished copy is
told which problem to finish, in one line, without a window. The window's words are hog_ui.py's:
each message that names a player agrees with it (You, Computer, Player 0), and every turn names the
points it earned beyond take_turn's (fa19's Feral Hogs, on a zero-dice turn too) as HogKit's engine
replaying the same choices and dice says.

Xvfb writes its screen to a file (-fbdir) in XWD format; the test reads that file, so no
screenshot tool is needed. Without Xvfb the test is skipped with the reason (.ci/run installs it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

from hogkit.variant import load_variant
from tests.shipped.turn_words import disagreements, expected_more, play_kit

WIDTH, HEIGHT = 1024, 768


def _has_tkinter() -> bool:
    return subprocess.run([sys.executable, "-c", "import tkinter"], capture_output=True).returncode == 0


pytestmark = [
    pytest.mark.skipif(shutil.which("Xvfb") is None,
                       reason="Xvfb is not installed (apt-get install xvfb; .ci/run does this as root)"),
    pytest.mark.skipif(not _has_tkinter(), reason="this Python has no tkinter"),
]


def with_display(test):
    """TEST (a test of another module that plays in a window) skipped, with the reason, where
    Xvfb or tkinter is missing, as this module's tests are."""
    for mark in pytestmark:
        test = mark(test)
    return test


@contextmanager
def virtual_display(fbdir: Path):
    """A fresh Xvfb display whose screen is mirrored into a file in FBDIR; yields (DISPLAY, screen file).

    Another process (a second test worker) may take a free display number at the same moment:
    an Xvfb that cannot have its number exits, and the next number is tried."""
    screen = fbdir / "Xvfb_screen0"
    for number in range(91, 160):
        if Path(f"/tmp/.X{number}-lock").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{WIDTH}x{HEIGHT}x24", "-fbdir", str(fbdir),
                                 "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while proc.poll() is None and not (Path(f"/tmp/.X11-unix/X{number}").exists() and screen.exists()):
            if time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"Xvfb :{number} did not start")
            time.sleep(0.05)
        if proc.poll() is None:
            break
    else:
        pytest.fail("no free X display number from :91 to :159")
    try:
        yield f":{number}", screen
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def display(tmp_path_factory):
    """A fresh Xvfb display whose screen is mirrored into a file; yields (DISPLAY, screen file)."""
    with virtual_display(tmp_path_factory.mktemp("xvfb")) as found:
        yield found


def read_xwd(path: Path) -> np.ndarray:
    """The RGB pixels of an XWD file written by Xvfb (24-bit depth, 32 bits per pixel)."""
    data = path.read_bytes()
    fields = struct.unpack(">25I", data[:100])
    header_size, version, width, height = fields[0], fields[1], fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line, ncolors = fields[7], fields[11], fields[12], fields[19]
    assert version == 7 and bits_per_pixel == 32, fields
    start = header_size + 12 * ncolors
    pixels = np.frombuffer(data, dtype=np.uint8, count=height * bytes_per_line, offset=start)
    pixels = pixels.reshape(height, bytes_per_line)[:, : width * 4].reshape(height, width, 4)
    return pixels[:, :, 2::-1] if byte_order == 0 else pixels[:, :, 1:]


def artifacts_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("HOGKIT_ARTIFACTS", tmp_path / "artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def play_in_window(kit: Path, folder: str, display: str, log: Path, *extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, DISPLAY=display)
    return subprocess.Popen([sys.executable, "hog_gui.py", "--autoplay", "--log", str(log), *extra],
                            cwd=kit / folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for(path: Path, proc: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        if proc.poll() is not None:
            pytest.fail(f"the GUI exited early: {proc.stderr.read()}")
        if time.monotonic() > deadline:
            proc.kill()
            pytest.fail("the game did not finish in time")
        time.sleep(0.05)
    time.sleep(0.5)  # let Tk draw the final state


@pytest.fixture(scope="module")
def fa19_kit(tmp_path_factory):
    return play_kit("fa19", tmp_path_factory.mktemp("kit")).parent


def test_a_full_game_in_a_real_window(fa19_kit, display, tmp_path):
    import matplotlib.image

    log = tmp_path / "game.json"
    proc = play_in_window(fa19_kit, "solutions", display[0], log, "--seed", "3", "--exit-after", "3000")
    _wait_for(log, proc)
    pixels = read_xwd(display[1])
    shot = artifacts_dir(tmp_path) / "hog_gui_fa19.png"
    matplotlib.image.imsave(shot, pixels)
    assert proc.wait(timeout=30) == 0, proc.stderr.read()

    game = json.loads(log.read_text())
    assert game["names"] == ["Player 0", "Player 1"]  # plain hog_gui.py: two people
    assert max(game["scores"]) >= 100
    assert game["turns"][-1]["after"] == game["scores"]
    assert len(game["turns"]) >= 5
    story = "\n".join(game["story"])
    assert "Game over:" in story
    assert "That's the biggest gain yet for Player" in story  # Phase 2 commentary from hog.py
    assert any(turn["events"] for turn in game["turns"])  # rules that fired are named
    assert {turn["who"] for turn in game["turns"]} == {0, 1}
    assert story.startswith("New game: Player 0 moves first.")
    assert game["asked"][0] == "Player 0 has 0 points and Player 1 has 0. How many dice (0 to 10)?"
    assert disagreements("\n".join([*game["story"], *game["asked"]]), game["names"]) == []
    turns = game["turns"]
    played = [(turn["choice"], turn["outcomes"], turn["sides"]) for turn in turns]
    expected = expected_more(load_variant("fa19"), played)
    for turn, (who, line) in zip(turns, expected, strict=True):
        assert turn["who"] == who
        assert [event for event in turn["events"] if re.search(r" (more|fewer) points?\.$", event)] == (
            [line] if line else []), turn
    assert any(line == "Feral Hogs: 3 more points." and turn["choice"] == 0
               for turn, (_, line) in zip(turns, expected, strict=True))

    image = matplotlib.image.imread(shot)
    assert image.shape[:2] == (HEIGHT, WIDTH)
    rgb = (image[:, :, :3] * 255).astype(np.uint8)
    colours = {tuple(p) for p in rgb.reshape(-1, 3)[::7]}
    assert len(colours) > 20, "the screenshot looks blank"
    felt = np.all(rgb == (0x2E, 0x7D, 0x32), axis=2)  # the green table the dice lie on
    assert felt.sum() > 5000, "the dice area is not on screen"


def test_against_final_strategy_you_change_seats_each_game(fa19_kit, display, tmp_path):
    log = tmp_path / "final.json"
    proc = play_in_window(fa19_kit, "solutions", display[0], log, "-f", "--games", "2", "--seed", "4",
                          "--exit-after", "200")
    _wait_for(log, proc)
    assert proc.wait(timeout=30) == 0, proc.stderr.read()
    log = json.loads(log.read_text())
    games = log["games"]
    assert [game["names"] for game in games] == [["You", "Computer"], ["Computer", "You"]]
    for game in games:
        assert max(game["scores"]) >= 100 and game["turns"][-1]["after"] == game["scores"]
        asked = r"You have \d+ points? and Computer has \d+\. How many dice \(0 to 10\)\?"
        assert re.fullmatch(asked, game["asked"][0])
        assert disagreements("\n".join(game["asked"]), game["names"]) == []
    story = "\n".join(log["story"])
    assert "New game: You move first." in story and "New game: Computer moves first." in story
    assert re.search(r"^You roll \d+ dice: ", story, re.M) and re.search(r"^Computer rolls \d+ dice: ", story, re.M)
    assert len(re.findall(r"^Game over: .*\. (You win|Computer wins)!$", story, re.M)) == 2
    assert disagreements(story, ["You", "Computer"]) == []


def test_hog_wild_turns_roll_four_sided_dice(display, tmp_path_factory, tmp_path):
    kit = play_kit("fa17", tmp_path_factory.mktemp("fa17")).parent
    log = tmp_path / "fa17.json"
    proc = play_in_window(kit, "solutions", display[0], log, "--seed", "2", "--exit-after", "100")
    _wait_for(log, proc)
    assert proc.wait(timeout=30) == 0, proc.stderr.read()
    game = json.loads(log.read_text())
    first = game["turns"][0]  # 0 + 0 is a multiple of 7: the first turn is wild; autoplay rolls 4
    assert first["choice"] == 4 and first["sides"] == 4 and len(first["outcomes"]) == 4
    assert all(1 <= outcome <= 4 for outcome in first["outcomes"])
    assert "Player 0 rolls 4 four-sided dice: " in "\n".join(game["story"])
    wild = [turn for turn in game["turns"] if turn["sides"] == 4]
    assert all(turn["choice"] == len(turn["outcomes"]) for turn in wild if turn["choice"] > 0)


def test_an_unfinished_copy_is_told_which_problem_to_finish(fa19_kit, display, tmp_path):
    log = tmp_path / "skeleton.json"
    proc = play_in_window(fa19_kit, "student_skeleton", display[0], log, "--exit-after", "100")
    assert proc.wait(timeout=30) == 1
    err = proc.stderr.read()
    assert err.startswith("error: python3 hog_gui.py plays with your hog.py, and Problem 1 (roll_dice) is not "
                          "finished: roll_dice(") and err.count("\n") == 1, err
    assert "python3 ok -q 01" in err and "Traceback" not in err and not log.exists()
