"""The course database: an engine for SQLite (the embedded default) or PostgreSQL, brought to the
newest schema by Alembic, and the course's settings.

SQLite runs in WAL mode with ``synchronous=FULL`` (a commit is on disk when it returns) and takes
its write lock when a transaction begins (``BEGIN IMMEDIATE``), so concurrent writers wait their
turn instead of failing. PostgreSQL is reached with psycopg 3. A database that cannot be reached
is a :class:`StoreDown`, which the web app answers with 503 and the commands with one line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event, select
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from courseserver.models import Setting
from hogkit.errors import HogkitError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BUSY_SECONDS = 30


class StoreDown(HogkitError):
    """The database cannot be reached or written."""


def _sqlite_pragmas(connection, _record) -> None:
    connection.isolation_level = None  # the driver's own transactions off: BEGIN comes from _begin
    cursor = connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", f"busy_timeout={BUSY_SECONDS * 1000}"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _begin(connection) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def database_url(url: str) -> str:
    """URL with the driver SQLAlchemy uses for it (psycopg 3 for PostgreSQL)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise HogkitError(f"--db {url!r} is not a database URL",
                          "give sqlite:///PATH or postgresql://USER@HOST/NAME") from None
    if parsed.drivername in ("postgresql", "postgres", "postgresql+psycopg"):
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    if parsed.drivername == "sqlite" and parsed.database:
        return url
    raise HogkitError(f"--db {parsed.render_as_string()!r} is not a database HogKit keeps a course in",
                      "give sqlite:///PATH or postgresql://USER@HOST/NAME")


def shown_url(url: str) -> str:
    """URL as it may be printed (no password)."""
    return make_url(url).render_as_string(hide_password=True)


def make_engine(url: str) -> Engine:
    """An engine for the database at URL (SQLite or PostgreSQL), not yet connected."""
    url = database_url(url)
    if url.startswith("sqlite"):
        path = make_url(url).database
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": BUSY_SECONDS, "check_same_thread": False},
                               pool_size=8, max_overflow=8)
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _begin)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=8,
                         connect_args={"connect_timeout": 10})


class Store:
    """The database of one course: its engine and sessions, made afresh in each process that uses it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._pid = -1
        self._engine: Engine | None = None
        self._sessions: sessionmaker | None = None

    @property
    def engine(self) -> Engine:
        if self._pid != os.getpid():  # a forked worker must not share its parent's connections
            if self._engine is not None:
                self._engine.dispose(close=False)
            self._engine = make_engine(self.url)
            self._sessions = sessionmaker(self._engine, expire_on_commit=False)
            self._pid = os.getpid()
        return self._engine

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session in one transaction, committed at the end (rolled back on an error); an
        unreachable database is a StoreDown."""
        self.engine  # noqa: B018 - made for this process
        try:
            with self._sessions() as session, session.begin():
                yield session
        except (OperationalError, DBAPIError) as exc:
            raise StoreDown(f"the course database cannot be used ({_first_line(exc)})",
                            "check that the database is running and reachable, then try again") from None

    def migrate(self) -> None:
        """Bring the database to the newest schema (Alembic)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.set_main_option("sqlalchemy.url", database_url(self.url).replace("%", "%%"))
        try:
            with self.engine.connect() as connection:
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
                connection.commit()
        except (OperationalError, DBAPIError) as exc:
            raise StoreDown(f"cannot open the course database {shown_url(self.url)} ({_first_line(exc)})",
                            "check --db (and that the database server is running)") from None

    def ping(self) -> bool:
        """Whether the database answers."""
        try:
            with self.engine.connect() as connection:
                connection.exec_driver_sql("SELECT 1")
            return True
        except (OperationalError, DBAPIError):
            return False


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__


def get_setting(session: Session, key: str, default: object = None) -> object:
    """The course setting KEY (DEFAULT when unset)."""
    row = session.get(Setting, key)
    return default if row is None else json.loads(row.value)


def put_setting(session: Session, key: str, value: object) -> None:
    """Set the course setting KEY to VALUE (JSON)."""
    row = session.get(Setting, key)
    if row is None:
        session.add(Setting(key=key, value=json.dumps(value)))
    else:
        row.value = json.dumps(value)


def all_settings(session: Session) -> dict[str, object]:
    """Every course setting."""
    return {row.key: json.loads(row.value) for row in session.scalars(select(Setting))}
