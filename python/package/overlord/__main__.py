"""``python -m overlord sim ...``: ``overlord sim`` on a Ray cluster (see :mod:`overlord.ray`)."""

import sys

USAGE = """usage: python -m overlord sim GAME --scenario ID [overlord sim's options] [--ray ADDRESS] [--chunk GAMES]

`python -m overlord sim --help` lists every option."""


def main() -> int:
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    if args[0] != "sim":
        sys.stderr.write(f"error: no command `{args[0]}`; the one command is `sim`\n{USAGE}\n")
        return 2
    from .ray import main as sim_main

    return sim_main(args[1:])


if __name__ == "__main__":
    sys.exit(main())
