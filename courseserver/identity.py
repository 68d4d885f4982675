"""Who is who: students' emails normalised one way everywhere, their secret tokens, the roster.

An email is compared only after :func:`normal_email` (Unicode NFKC, case folded, outer spaces
dropped), so ``"  ALICE.W@Berkeley.EDU "`` and an address written with the Kelvin sign (U+212A)
are the addresses they look like. Tokens are random; the database keeps only their SHA-256, and
staff get them once in ``tokens.csv`` (readable by its owner only).
"""

from __future__ import annotations

import csv
import hashlib
import io
import secrets
import unicodedata
from pathlib import Path

from graders.files import write_atomic
from hogkit.errors import HogkitError

MAX_EMAIL = 254
MAX_ROSTER_BYTES = 16 * 1024 * 1024
TOKEN_BYTES = 20


def normal_email(text: str) -> str:
    """TEXT as an email is compared: NFKC, case folded, without spaces around it."""
    return unicodedata.normalize("NFKC", str(text)).casefold().strip()


def email_problem(email: str) -> str:
    """Why the normalised EMAIL cannot name a student ('' when it can)."""
    if not email:
        return "it is empty"
    if len(email) > MAX_EMAIL:
        return f"it is longer than {MAX_EMAIL} characters"
    if any(c.isspace() or not c.isprintable() for c in email):
        return "it holds spaces or control characters"
    if email.count("@") > 1 or email.startswith("@") or email.endswith("@"):
        return "it is not an email or a course id"
    return ""


def new_token() -> str:
    """A fresh secret token: hexadecimal digits (never a leading '-' that a command line would take
    for an option)."""
    return secrets.token_hex(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """What the database keeps of TOKEN."""
    return hashlib.sha256(token.encode("utf-8", errors="surrogatepass")).hexdigest()


def read_roster(path: Path) -> list[str]:
    """The normalised emails of the roster CSV at PATH (a column headed ``email``), in its order."""
    try:
        raw = Path(path).read_bytes()[:MAX_ROSTER_BYTES + 1]
    except OSError as exc:
        raise HogkitError(f"cannot read the roster {path}: {exc.strerror}", "give a CSV file with an email column") \
            from None
    if len(raw) > MAX_ROSTER_BYTES:
        raise HogkitError(f"the roster {path} is larger than {MAX_ROSTER_BYTES} bytes", "give one row per student")
    try:
        rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    except (UnicodeDecodeError, csv.Error) as exc:
        raise HogkitError(f"the roster {path} is not a UTF-8 CSV file ({exc})", "save it as CSV, UTF-8") from None
    header = [normal_email(cell) for cell in rows[0]] if rows else []
    if "email" not in header:
        raise HogkitError(f"the roster {path} has no email column", "head one column 'email', one student a row")
    column = header.index("email")
    emails: list[str] = []
    seen: dict[str, int] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        email = normal_email(row[column] if column < len(row) else "")
        problem = email_problem(email)
        if problem:
            raise HogkitError(f"line {number} of the roster {path}: the email cannot be used ({problem})",
                              "give one email a row")
        if email in seen:
            raise HogkitError(f"line {number} of the roster {path}: {email} is on line {seen[email]} too",
                              "list each student once (emails are compared without case or outer spaces)")
        seen[email] = number
        emails.append(email)
    if not emails:
        raise HogkitError(f"the roster {path} lists no student", "add one email a row under the email header")
    return emails


def read_tokens(path: Path) -> dict[str, str]:
    """The email -> token pairs of a tokens.csv written before ({} when there is none)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise HogkitError(f"cannot read {path} ({exc})", "restore it, or move it away to list new tokens only") \
            from None
    return {normal_email(row["email"]): row["token"] for row in csv.DictReader(io.StringIO(text))
            if row.get("email") and row.get("token")}


def write_tokens(path: Path, tokens: dict[str, str]) -> None:
    """Write TOKENS (email -> token) as ``email,token`` rows, readable by the owner only."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["email", "token"])
    writer.writerows(sorted(tokens.items()))
    write_atomic(path, buffer.getvalue(), private=True)


def staff_token(path: Path) -> str:
    """The staff token kept at PATH, made (readable by the owner only) the first time."""
    try:
        token = Path(path).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        token = ""
    except (OSError, UnicodeDecodeError) as exc:
        raise HogkitError(f"cannot read {path} ({exc})", "restore it, or remove it to make a new staff token") \
            from None
    if not token:
        token = new_token()
        write_atomic(path, token + "\n", private=True)
    return token
