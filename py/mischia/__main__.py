"""Command line: ``python -m mischia QUERY FILE.json`` prints the answer as JSON.

``FILE`` may be ``-`` for standard input. ``--seed N`` makes the dice the app
rolls repeatable. Bad input prints ``{"error": …, "field": …}`` on stderr and
exits with status 2. ``python -m mischia coverage`` prints rule coverage.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from .errors import InputError
from .queries import QUERY_NAMES, run


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mischia", description=__doc__.splitlines()[0])
    parser.add_argument("query", choices=QUERY_NAMES + ("coverage", "rulesets"))
    parser.add_argument("file", nargs="?", default="-")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    if args.query == "coverage":
        from .coverage import main as coverage_main
        return coverage_main([args.file] if args.file != "-" else [])
    if args.query == "rulesets":
        from .ruleset import get_ruleset, ruleset_ids
        print(json.dumps({r: get_ruleset(r).name for r in ruleset_ids()}, ensure_ascii=False, indent=2))
        return 0
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    except OSError as exc:
        print(json.dumps({"error": "file", "message": str(exc)}), file=sys.stderr)
        return 2
    try:
        payload = json.loads(text)
    except ValueError as exc:
        print(json.dumps({"error": "input", "field": "file", "message": f"not valid JSON: {exc}"}),
              file=sys.stderr)
        return 2
    try:
        answer = run(args.query, payload, random.Random(args.seed))
    except InputError as exc:
        print(json.dumps(exc.to_dict(), ensure_ascii=False), file=sys.stderr)
        return 2
    print(json.dumps(answer, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
