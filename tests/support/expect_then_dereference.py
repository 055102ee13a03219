#!/usr/bin/env python3
"""Finds a non-fatal check of an optional/expected followed by a use of its value in the same test.

    EXPECT_TRUE(x) ... *x / x-> / x.value()     undefined behaviour when x is empty: use ASSERT_TRUE
    EXPECT_FALSE(x) ... x.error()               undefined behaviour when x holds a value: use ASSERT_FALSE
    EXPECT_EQ(f(...).error(), E)                the same when f accepts, and the test may pass: use
                                                refusal_of(f(...)) (tests/support/refusal_of.hpp)

A use guarded by `if (x)` / `if (!x) return` is fine. Run by ctest (expect_then_dereference); prints each
finding as path:line and exits 1 if there is any.
"""
import pathlib
import re
import sys

IDENT = r"[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*)*(?:\[[^\]]+\])?"
CHECKS = (
    ("TRUE", re.compile(r"EXPECT_TRUE\(\s*(.+?)\s*\)\s*(?:<<|;)")),
    ("FALSE", re.compile(r"EXPECT_FALSE\(\s*(.+?)\s*\)\s*(?:<<|;)")),
)


def checked_names(condition):
    """x, x.has_value(), a && b, static_cast<bool>(x)."""
    condition = re.sub(r"\.has_value\(\)", "", condition)
    condition = re.sub(r"static_cast<bool>\((.*)\)", r"\1", condition)
    names = []
    for part in re.split(r"\s*&&\s*", condition):
        part = part.strip().strip("()")
        if re.fullmatch(IDENT, part):
            names.append(part)
    return names


# A check whose first argument calls .error() on a call's result, unchecked.
UNCHECKED_CALL = re.compile(r"(?:EXPECT|ASSERT)_[A-Z_]+\(\s*[^;]*?\)\s*\.\s*error\(\)")


def findings(path):
    lines = path.read_text(errors="replace").splitlines()
    for i, line in enumerate(lines):
        if UNCHECKED_CALL.search(line.split("<<")[0]):  # a message after << runs only on failure
            yield f"{path}:{i + 1}: .error() of an unchecked call inside a check: {line.strip()}"
        for kind, regex in CHECKS:
            match = regex.search(line)
            if not match:
                continue
            for name in checked_names(match.group(1)):
                e = re.escape(name)
                if kind == "TRUE":
                    use = re.compile(r"\*\s*" + e + r"\b(?!\s*\()|\b" + e + r"\s*->|\b" + e + r"\s*\.\s*value\(\)")
                else:
                    use = re.compile(r"\b" + e + r"\s*\.\s*error\(\)")
                reassigned = re.compile(r"\b" + e + r"\s*=[^=]")
                guard = re.compile(r"if\s*\(\s*!?\s*" + e + r"\s*(\)|&&)|&&\s*" + e + r"\s*\)")
                for j in range(i + 1, min(len(lines), i + 60)):
                    later = lines[j]
                    if reassigned.search(later) or re.match(r"^(TEST|}\s*$)", later):
                        break
                    if guard.search(later):
                        break
                    if use.search(later):
                        yield f"{path}:{i + 1}: EXPECT_{kind}({name}) then line {j + 1}: {later.strip()}"
                        break


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "tests")
    found = [f for path in sorted(root.rglob("*.[ch]pp")) for f in findings(path)]
    for f in found:
        print(f)
    if found:
        print(f"{len(found)} non-fatal check(s) followed by a dereference: use ASSERT_* (or refusal_of)",
              file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
