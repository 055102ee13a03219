#!/usr/bin/env python3
"""Checks proto/operator.openapi.yaml: valid YAML, OpenAPI 3, every $ref resolves, every operation
has responses, and every operation behind the bearer check (all but POST /api/v1/login) documents
401 and 403. Exits 1 naming each problem."""
import sys

import yaml

METHODS = {"get", "post", "put", "delete", "patch"}


def refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def resolve(doc, ref):
    if not ref.startswith("#/"):
        return False
    node = doc
    for part in ref[2:].split("/"):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def main(path):
    with open(path, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    problems = []
    if not str(doc.get("openapi", "")).startswith("3."):
        problems.append("openapi: must be 3.x")
    for ref in sorted(set(refs(doc))):
        if not resolve(doc, ref):
            problems.append(f"$ref {ref} does not resolve")
    paths = doc.get("paths") or {}
    if not paths:
        problems.append("paths: empty")
    for route, item in paths.items():
        if not route.startswith("/api/v1"):
            problems.append(f"{route}: not under /api/v1")
        for method, op in (item or {}).items():
            if method not in METHODS:
                continue
            responses = (op or {}).get("responses") or {}
            if not responses:
                problems.append(f"{method.upper()} {route}: no responses")
            public = op.get("security") == []
            if not public:
                for code in ("401", "403"):
                    if code not in responses:
                        problems.append(f"{method.upper()} {route}: behind the bearer check, must document {code}")
    for p in problems:
        print(p)
    print(f"{path}: {sum(1 for i in paths.values() for m in (i or {}) if m in METHODS)} operations, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
