"""One course as the server and the commands open it: its places, limits, database, archives,
queue and variant, and the roster that admits its students."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from courseserver.archive import kit_files
from courseserver.blobs import Blobs
from courseserver.config import Limits, Places
from courseserver.identity import new_token, read_tokens, staff_token, token_digest, write_tokens
from courseserver.models import Student, now
from courseserver.queue import GradingQueue
from courseserver.store import Store, get_setting, put_setting
from hogkit.errors import HogkitError
from hogkit.generate.okpy_step import assignment_name
from hogkit.variant import Variant, load_variant


@dataclass
class Course:
    """A course's parts, open: where it lives, its limits, its store, archives and queue, and its variant."""

    places: Places
    limits: Limits
    store: Store
    blobs: Blobs
    queue: GradingQueue
    variant: Variant
    variant_name: str
    assignment: str
    files: frozenset[str]


def course_variant(store: Store, given: str | None) -> str:
    """The course's variant: the one it was started with (GIVEN must agree), or GIVEN for a new course."""
    with store.session() as session:
        kept = get_setting(session, "variant")
        if kept and given and kept != given:
            raise HogkitError(f"this course grades {kept}, not {given}",
                              f"leave out --variant, or give --variant {kept} (or a new --data for a new course)")
        if not kept and not given:
            raise HogkitError("there is no course here yet", "start one with: hogkit serve --variant NAME --roster "
                                                             "FILE --data DIR")
        if not kept:
            load_variant(given)  # a variant that cannot load is never the course's
            put_setting(session, "variant", given)
    return str(kept or given)


def open_course(places: Places, limits: Limits, *, variant: str | None = None, migrate: bool = True) -> Course:
    """Open (making it if it is new) the course at PLACES; VARIANT names a new course's variant."""
    limits.check()
    store = Store(places.db)
    if migrate:
        store.migrate()
    name = course_variant(store, variant)
    loaded = load_variant(name)
    if loaded.ok_tests is not None:
        raise HogkitError(f"{name} grades with the course's own okpy tests, which the course server does not run",
                          "grade those copies with hogkit grade-batch --ok-tests")
    return Course(places=places, limits=limits, store=store, blobs=Blobs(places.archives),
                  queue=GradingQueue(places.queue, limits=limits), variant=loaded, variant_name=name,
                  assignment=assignment_name(loaded), files=kit_files(loaded))


def admit(course: Course, emails: list[str]) -> tuple[int, int]:
    """Admit the students EMAILS (normalised): each new one gets a token, listed in tokens.csv
    before the database keeps its digest. Return (admitted now, admitted before)."""
    with course.store.session() as session:
        known = set(session.scalars(select(Student.email)))
    fresh = [email for email in emails if email not in known]
    if not fresh:
        return 0, len(emails)
    tokens = read_tokens(course.places.tokens)
    tokens.update({email: new_token() for email in fresh})
    write_tokens(course.places.tokens, tokens)
    moment = now()
    with course.store.session() as session:
        session.add_all(Student(email=email, token_digest=token_digest(tokens[email]), admitted=moment)
                        for email in fresh)
    return len(fresh), len(emails) - len(fresh)


def staff_digest(places: Places) -> str:
    """The digest of the course's staff token (made the first time)."""
    return token_digest(staff_token(places.staff_token))
