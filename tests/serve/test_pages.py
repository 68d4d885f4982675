"""The student's page and the staff page in a real headless Chromium (Debian's, driven by
chromedriver through Selenium): sign in with a token, see submissions and results once published,
class progress per problem, the queue, regrade, publish, extensions and the gradebook download."""

from __future__ import annotations

import csv
import time

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen
from selenium.webdriver.support.ui import WebDriverWait

from bench.services import CourseServer, write_roster
from tests.serve.conftest import EXAMPLES, zipped
from tests.serve.test_attacks import post

WAIT = 60
pytestmark = pytest.mark.slow  # a copy graded before the browser opens: about half a minute


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A course with one graded submission (alice's complete copy) and a student with none."""
    root = tmp_path_factory.mktemp("pages")
    roster = write_roster(root / "roster.csv", ["alice@example.edu", "bob@example.edu"])
    server = CourseServer(root / "course", args=["--variant", "fa19", "--roster", str(roster), "--workers",
                                                 "1"]).start()
    token = server.tokens()["alice@example.edu"]
    got, receipt = post(server, zipped({"hog.py": (EXAMPLES / "complete" / "hog.py").read_bytes()}), token=token)
    assert got == 201
    deadline = time.monotonic() + 600
    while server.api("api/staff/student?email=alice@example.edu", token=server.staff_token())[1]["uploads"][0][
            "grading"] != "graded":
        assert time.monotonic() < deadline, server.log()
        time.sleep(1)
    yield server
    assert server.stop() == 0
    assert "Traceback" not in server.log()
    assert server.leftovers() == []  # its workers stopped with it


def _sign_in(browser, url: str, token: str, button: str) -> None:
    browser.get(url)
    field = browser.find_element(By.ID, "token")
    field.clear()
    field.send_keys(token)
    browser.find_element(By.ID, button).click()


def _cells(browser, table: str) -> list[list[str]]:
    return [[td.text for td in tr.find_elements(By.TAG_NAME, "td")]
            for tr in browser.find_elements(By.CSS_SELECTOR, f"#{table} tbody tr")]


def _until(browser, check) -> None:
    """Wait for CHECK(browser), through the page's own refreshes of its tables."""
    WebDriverWait(browser, WAIT, ignored_exceptions=(StaleElementReferenceException,)).until(check)


def _message(browser, text: str) -> str:
    _until(browser, seen.text_to_be_present_in_element((By.ID, "message"), text))
    return browser.find_element(By.ID, "message").text


def test_the_student_page_shows_results_only_once_published(chromium, graded):
    token = graded.tokens()["alice@example.edu"]
    graded.api("api/staff/publish", token=graded.staff_token(), body={"published": False})
    _sign_in(chromium, graded.url, token, "show")
    _message(chromium, "1 archive(s) received.")
    assert "results are not published yet" in chromium.find_element(By.ID, "who").text
    [row] = _cells(chromium, "uploads")
    assert row[1:5] == ["submission", "graded", "", "final"]
    assert not chromium.find_element(By.ID, "report").is_displayed()

    graded.api("api/staff/publish", token=graded.staff_token(), body={"published": True})
    chromium.find_element(By.ID, "show").click()
    _until(chromium, lambda b: b.find_element(By.ID, "report").is_displayed())
    [row] = _cells(chromium, "uploads")
    assert row[3] == "22/22"
    problems = _cells(chromium, "problems")
    assert len(problems) == 14 and all(p[2] == "yes" for p in problems)

    _sign_in(chromium, graded.url, "not-a-token-at-all", "show")
    assert "not one this course gave out" in _message(chromium, "token")


def test_the_staff_page_runs_the_course(chromium, graded, tmp_path):
    chromium.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    _sign_in(chromium, graded.url + "staff", graded.tokens()["alice@example.edu"], "open")
    assert "staff token" in _message(chromium, "staff token")  # a student's token opens nothing

    _sign_in(chromium, graded.url + "staff", graded.staff_token(), "open")
    _message(chromium, "Signed in.")
    assert chromium.find_element(By.ID, "assignment").text == "Hog (Fall 2019)"
    progress = {row[0]: row for row in _cells(chromium, "progress")}
    assert progress["Problem 1"] == ["Problem 1", "2", "1", "1"] and len(progress) == 14
    assert ["done", "1"] in _cells(chromium, "queue")
    students = {row[0]: row for row in _cells(chromium, "students")}
    assert students["alice@example.edu"][5] == "22/22" and students["bob@example.edu"][1] == "0"
    assert any(row[3] == "yes" for row in _cells(chromium, "workers"))

    chromium.find_element(By.ID, "unpublish").click()
    _message(chromium, "Results are hidden.")
    chromium.find_element(By.ID, "publish").click()
    _message(chromium, "Results are published.")
    assert chromium.find_element(By.ID, "published").text == "published"

    chromium.find_element(By.ID, "extension-email").send_keys("  BOB@example.edu")
    chromium.find_element(By.ID, "extension-due").send_keys("2999-01-01T00:00:00Z")
    chromium.find_element(By.ID, "extend").click()
    _message(chromium, "bob@example.edu: due 2999-01-01T00:00:00Z")
    _until(chromium, lambda b: {r[0]: r for r in _cells(b, "students")}["bob@example.edu"][6]
           == "2999-01-01T00:00:00+00:00")

    chromium.find_element(By.ID, "due").send_keys("2030-05-01T12:00:00-07:00")
    chromium.find_element(By.ID, "save-policy").click()
    _message(chromium, "Policy saved.")
    assert "Due 2030-05-01T19:00:00+00:00" in chromium.find_element(By.ID, "policy").text

    chromium.find_element(By.ID, "regrade").click()
    _message(chromium, "1 regrade job(s) queued.")

    chromium.find_element(By.ID, "export").click()
    _message(chromium, "grades.csv downloaded.")
    _until(chromium, lambda b: (tmp_path / "grades.csv").exists())
    rows = list(csv.reader((tmp_path / "grades.csv").read_text().splitlines()))
    assert rows[0][:2] == ["student", "Problem 0"] and rows[2][:4] == ["alice@example.edu", "0", "2", "1"]
    chromium.save_screenshot(str(tmp_path / "staff.png"))
