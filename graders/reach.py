"""Whether a sandbox uid could reach what it must not: the grader, the submissions, the results,
the course's tests or a copy of the reference (the uid mode without Landlock shows the child the
host's filesystem with that uid's rights)."""

from __future__ import annotations

from pathlib import Path

from graders.isolation import Isolation
from graders.uids import PROBE_UID, copies_within_reach, digests_of, grader_paths, reachable_by
from hogkit.errors import HogkitError
from hogkit.generate.solution import solution_hog_source
from hogkit.variant import Variant, load_variant, variant_names


def reference_texts(variant: Variant | None) -> list[bytes]:
    """The reference ``hog.py`` of VARIANT and of every named variant, and the course's tests."""
    variants = [load_variant(name) for name in variant_names()] + ([variant] if variant is not None else [])
    texts = [solution_hog_source(v).encode() for v in variants]
    for v in variants:
        if v.ok_tests is not None:
            texts += [p.read_bytes() for p in Path(v.ok_tests).rglob("*") if p.is_file() and not p.is_symlink()]
    return texts


def require_out_of_reach(isolation: Isolation, paths: list[Path], *, variant: Variant | None = None) -> None:
    """In uid mode without Landlock, refuse to grade if a sandbox uid could read or change the
    grader's files or PATHS (submissions, results, the course's tests), or read a copy of the
    reference or of the course's tests anywhere on the machine. Other modes need no check: the
    child sees only the view."""
    if isolation.mode != "uid" or isolation.landlock:
        return
    reachable = reachable_by(PROBE_UID, [*grader_paths(), *(Path(p).resolve() for p in paths)])
    if reachable:
        tops = [p for p in reachable if not any(p != q and p.startswith(q.rstrip("/") + "/") for q in reachable)]
        raise HogkitError(f"uid isolation: a sandbox uid can read or write {', '.join(reachable[:4])}",
                          f"chmod o-rwx {' '.join(tops[:4])} (setup.sh does this on Gradescope), or use a host "
                          "where bubblewrap or Landlock works")
    copies = copies_within_reach(PROBE_UID, digests_of(reference_texts(variant)))
    if copies:
        raise HogkitError(f"uid isolation: a sandbox uid can read the reference or the grader at "
                          f"{', '.join(copies[:4])}",
                          "make them readable by their owner only (chmod -R o-rwx), or use a host where "
                          "bubblewrap or Landlock works")


__all__ = ["reference_texts", "require_out_of_reach"]
