"""Parsing the command line and running each subcommand, with FORMATS.md's exit codes."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .content.errors import ContentError
from .content.paths import RULESETS
from .i18n import LANGUAGES, _, set_language
from .session.ray_backend import OPTION_HELP as RAY_HELP

EXIT_OK, EXIT_INVALID, EXIT_INTERRUPTED = 0, 2, 130
MAX_RUNS = 1_000_000  # battles of one `simulate` (each is kept until the summary)
MAX_PICTURE_PX = 4096  # `render` draws a map at most about this wide (squares from 32 down to 8 pixels)


def _error(message: str) -> int:
    print(f"error: {' '.join(str(message).split())}", file=sys.stderr)  # one line, whatever it holds
    return EXIT_INVALID


class Parser(argparse.ArgumentParser):
    """The command line's parser: a bad argument is one line on stderr (then exit 2), not the usage."""

    def error(self, message: str):
        print(f"error: {' '.join(message.split())} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(EXIT_INVALID)


def picture_path(name: str) -> Path:
    """Where a picture may be written: a name ending in .png (it is PNG whatever the name would
    say otherwise) in a folder that exists, not a directory or a special file; ValueError saying
    why not."""
    path = Path(name)
    if path.suffix.lower() != ".png":
        raise ValueError(f"{name}: the picture is a PNG: give a file name ending in .png")
    if not path.parent.is_dir():
        raise ValueError(f"{name}: no such folder {str(path.parent)!r}")
    if path.exists() and not path.is_file():
        raise ValueError(f"{name}: not a regular file")
    return path


def cmd_replay(args) -> int:
    from .content.scenarios import load_scenario
    from .session.replay import replay

    try:
        scenario = load_scenario(args.file, args.ruleset)
        result = replay(scenario)
    except ContentError as exc:
        return _error(str(exc))
    battle = result.battle
    if args.json:
        print(json.dumps(battle.to_json()))
    else:
        for line in battle.state.log:
            print(line)
        print()
        print(summary(battle))
    if result.error:
        return _error(result.error)
    return EXIT_OK


def summary(battle) -> str:
    state = battle.state
    lines = [f"Round {state.round}; " + (f"over, winner: {state.winner or 'nobody'}" if state.over
                                         else f"{state.current_id} to act")]
    for cid in state.creatures:
        c = battle.view(cid)  # the ruleset interface: any ruleset's creature
        conditions = ", ".join(sorted(c.conditions)) or "-"
        lines.append(f"  {c.id:<12} {c.side:<6} [{c.x:>2}, {c.y:>2}]  {c.hp:>3}/{c.max_hp:<3} {c.state:<11} {conditions}")
    return "\n".join(lines)


def cmd_check(args) -> int:
    from .session.check import check_file

    problems = 0
    for name in args.files:
        found = check_file(Path(name))
        for problem in found:
            print(f"error: {problem}", file=sys.stderr)
        if not found:
            print(f"ok: {name}")
        problems += len(found)
    return EXIT_INVALID if problems else EXIT_OK


def cmd_render(args) -> int:
    from .content.scenarios import load_scenario

    try:
        scenario = load_scenario(args.file, args.ruleset)
        out = picture_path(args.output)
    except ValueError as exc:  # a ContentError too
        return _error(str(exc))
    from .ui.render import render_to_png

    board = scenario.map.board
    square_px = max(8, min(32, MAX_PICTURE_PX // max(board.width, board.height)))  # big maps: smaller squares
    try:
        render_to_png(scenario, out, square_px=square_px, cover=args.cover, reach=args.reach, move=args.move)
    except ValueError as exc:  # teaching.TeachingError: an overlay of a creature the battle lacks
        return _error(str(exc))
    except OSError as exc:
        return _error(f"{args.output}: cannot write the picture: {exc.strerror or exc}")
    print(f"wrote {args.output}")
    return EXIT_OK


def cmd_bench(args) -> int:
    from .session.bench import run_bench

    figures = run_bench(progress=not args.json)
    from .ui.bench import frame_time_ms

    if not args.json:
        print("[+] frame time of a busy scene (1280x800, 40 tokens, reach overlay, full log)", file=sys.stderr)
    figures["frame_ms"] = frame_time_ms()
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:<28} {value}")
    return EXIT_OK


def cmd_simulate(args) -> int:
    from .content.scenarios import load_scenario
    from .session.ai import POLICIES
    from .session.ray_backend import ClusterError, jobs_conflict
    from .session.simulate import heat, sides_of, simulate, table

    policies = {}
    for item in args.policy or ():
        side, sep, level = item.partition("=")
        if not sep or level not in POLICIES:
            return _error(f"--policy {item}: expected SIDE=LEVEL with LEVEL one of {', '.join(POLICIES)}")
        policies[side] = level
    if args.runs < 1 or (args.jobs is not None and args.jobs < 1):
        return _error("--runs and --jobs must be at least 1")
    conflict = jobs_conflict(args.ray, args.jobs)
    if conflict:
        return _error(conflict)
    args.jobs = local_jobs(args)
    if args.runs > MAX_RUNS:
        return _error(f"--runs {args.runs}: at most {MAX_RUNS:,} battles in one simulation")
    rulesets = args.rulesets or [None]
    if len(args.files) > 1 or len(rulesets) > 1:
        try:
            return compare_files(args, rulesets, policies)
        except ClusterError as exc:
            return _error(str(exc))
    args.file, args.ruleset = args.files[0], rulesets[0]
    try:
        scenario = load_scenario(args.file, args.ruleset)
        heatmap = picture_path(args.heatmap) if args.heatmap else None
    except ContentError as exc:
        return _error(str(exc))
    except ValueError as exc:
        return _error(f"--heatmap {exc}")
    sides = sides_of(scenario)
    unknown = [side for side in policies if side not in sides]
    if unknown:
        return _error(f"--policy {unknown[0]}=...: the scenario has no side {unknown[0]!r} "
                      f"(sides: {', '.join(sides) or 'none'})")
    try:
        summary, results = simulate(args.file, args.runs, jobs=args.jobs, seed=args.seed, policies=policies,
                                    swap=args.swap, progress=not args.json, ruleset=args.ruleset, ray=args.ray)
    except (ContentError, ClusterError) as exc:
        return _error(str(exc))
    # the results first: a picture that cannot be written loses none of them
    print(json.dumps(summary) if args.json else table(summary), flush=True)
    if summary.get("interrupted"):
        return EXIT_INTERRUPTED
    if heatmap is not None:
        from .ui.heatmap import write_heatmap

        falls, damage = heat(scenario, results)
        try:
            write_heatmap(scenario, falls, damage, heatmap)
        except OSError as exc:
            return _error(f"--heatmap {args.heatmap}: cannot write the picture: {exc.strerror or exc}")
    return EXIT_OK


def local_jobs(args) -> int:
    """simulate's worker processes, or the CPUs of `--ray local` (default: 1 process, 2 CPUs)."""
    from .session.ray_backend import LOCAL, LOCAL_CPUS

    if args.jobs is not None:
        return args.jobs
    return LOCAL_CPUS if args.ray == LOCAL else 1


def cmd_play(args) -> int:
    from .content.paths import DEFAULT_SCENARIO
    from .content.scenarios import load_scenario

    path = Path(args.file) if args.file else DEFAULT_SCENARIO
    try:
        scenario = load_scenario(path, args.ruleset)
        screenshot = picture_path(args.screenshot) if args.screenshot else None
    except ContentError as exc:
        return _error(str(exc))
    except ValueError as exc:
        return _error(f"--screenshot {exc}")
    if args.seed is not None:
        scenario.seed = args.seed
    from .session.ai import choose
    from .ui.app import run

    try:
        return run(scenario, hotseat=args.hotseat, ai_sides=tuple(args.ai or ()),
                   screenshot=screenshot, exit_when_over=args.exit_when_over,
                   ai=lambda battle: choose(battle, "hard"))
    except ContentError as exc:
        return _error(str(exc))
    except OSError as exc:
        if screenshot is None:
            raise
        return _error(f"--screenshot {args.screenshot}: cannot write the picture: {exc.strerror or exc}")


def cmd_edit(args) -> int:
    from .ui.editor import run_editor

    try:
        return run_editor(args.file, max_frames=args.frames)
    except ContentError as exc:
        return _error(str(exc))


def compare_files(args, rulesets: list, policies: dict) -> int:
    """simulate with several files or rulesets: one table (or one JSON list) of every pair."""
    from .session.compare import compare, compare_table

    if args.heatmap:
        return _error("--heatmap draws one file under one ruleset: give one file and at most one ruleset")
    rows = compare(args.files, rulesets, args.runs, jobs=args.jobs, seed=args.seed, policies=policies,
                   swap=args.swap, progress=not args.json, ray=args.ray)
    print(json.dumps(rows) if args.json else compare_table(rows), flush=True)
    if any(r.get("interrupted") for r in rows):
        return EXIT_INTERRUPTED
    failed = [r for r in rows if "error" in r]
    if failed:
        return _error(f"{len(failed)} of {len(rows)} simulations could not be played: {failed[0]['error']}")
    return EXIT_OK


def ruleset_list(text: str) -> list[str]:
    """--ruleset of simulate: one ruleset or several, comma-separated ("5e,3.5,4e")."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in RULESETS]
    if not names or unknown:
        raise argparse.ArgumentTypeError(f"{(unknown or [text])[0]!r} is not a ruleset (known: {', '.join(RULESETS)})")
    return list(dict.fromkeys(names))


def add_ruleset_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", choices=RULESETS, help="play under this ruleset instead of the scenario's")


def cmd_rules(args) -> int:
    from .rules.cards import card, card_lines, cards

    ruleset = args.ruleset or "5e"
    if args.id is None:
        known = cards(ruleset)
        width = max((len(i) for i in known), default=0)
        for c in known.values():
            print(f"{c.id:<{width}}  {c.title_shown}")
        return EXIT_OK
    try:
        print("\n".join(card_lines(card(ruleset, args.id))))
    except KeyError as exc:
        return _error(exc.args[0])
    return EXIT_OK


def cmd_demo(args) -> int:
    from .session.demos import Demo, bundled

    if args.list:
        from .i18n import _

        found = bundled()
        width = max((len(info.name) for info in found), default=0)
        for info in found:
            print(f"{info.name:<{width}}  {_(info.title)}")
        return EXIT_OK
    try:
        demo = Demo.load(args.name or bundled()[0].name)
        sheet = picture_path(args.sheet) if args.sheet else None
        frames = Path(args.frames) if args.frames else None
        if frames is not None and (frames.exists() and not frames.is_dir() or not frames.parent.is_dir()):
            raise ValueError(f"--frames {args.frames}: not a folder, nor a new one in a folder that exists")
    except ValueError as exc:  # a ContentError too
        return _error(str(exc))
    if frames is None and sheet is None:
        from .ui.demo import run_demo

        return run_demo(demo, max_frames=args.max_frames)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # pictures only: no window
    from .ui.demo import write_frames, write_sheet

    try:
        if frames is not None:
            written = write_frames(demo, frames)
            print(f"wrote {len(written)} frames into {frames}")
        if sheet is not None:
            write_sheet(demo, sheet)
            print(f"wrote {args.sheet}")
    except OSError as exc:
        return _error(f"cannot write the pictures: {exc.strerror or exc}")
    return EXIT_OK


def language_options() -> argparse.ArgumentParser:
    """--lang, which every command takes (a parent parser of each)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help="the language of the words shown and printed (default: the system's, else English)")
    return common


def build_parser() -> argparse.ArgumentParser:
    common = language_options()
    parser = Parser(prog="skirmish", description="A grid-based tactical battle game (5e, 3.5 and 4e rules).",
                    parents=[common])
    sub = parser.add_subparsers(dest="command")

    def command(name: str, **kwargs) -> argparse.ArgumentParser:
        return sub.add_parser(name, parents=[common], **kwargs)

    play = command("play", help="play a scenario, a save or a bare map in a window")
    play.add_argument("file", nargs="?", help="scenario, save or map (default: the bundled skirmish)")
    play.add_argument("--hotseat", action="store_true", help="every side is played by people")
    play.add_argument("--ai", action="append", metavar="SIDE", help="the computer plays this side")
    play.add_argument("--seed", type=int, help="replace the scenario's seed")
    play.add_argument("--screenshot", metavar="PATH", help="save the last frame to this PNG on exit")
    play.add_argument("--exit-when-over", action="store_true", help="quit when the battle ends")
    add_ruleset_option(play)
    play.set_defaults(func=cmd_play)

    rep = command("replay", help="replay a scenario's commands headless")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true", help="print the final state as JSON")
    add_ruleset_option(rep)
    rep.set_defaults(func=cmd_replay)

    chk = command("check", help="validate maps, stat blocks and scenarios")
    chk.add_argument("files", nargs="+")
    chk.set_defaults(func=cmd_check)

    ren = command("render", help="draw a map or scenario to a PNG")
    ren.add_argument("file")
    ren.add_argument("-o", "--output", required=True, metavar="OUT.png")
    ren.add_argument("--cover", nargs=2, metavar=("A", "B"), help="draw the cover lines from creature A to B")
    ren.add_argument("--reach", metavar="ID", help="shade the squares creature ID threatens")
    ren.add_argument("--move", metavar="ID", help="where creature ID can move this turn, each square's cost on it")
    add_ruleset_option(ren)
    ren.set_defaults(func=cmd_render)

    sim = command("simulate", help="play many battles computer against computer")
    sim.add_argument("files", nargs="+", metavar="FILE", help="one layout, or several to compare in one table")
    sim.add_argument("--runs", type=int, default=100)
    sim.add_argument("--jobs", type=int, help="worker processes (default 1), or the CPUs of --ray local (default 2)")
    sim.add_argument("--ray", metavar="ADDRESS|local", help=_(RAY_HELP))
    sim.add_argument("--seed", type=int, help="battle i uses seed + i (default: the scenario's seed)")
    sim.add_argument("--policy", action="append", metavar="SIDE=LEVEL",
                     help="random, rush, normal or hard (default hard)")
    sim.add_argument("--swap", action="store_true", help="exchange the sides' levels every second battle")
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--heatmap", metavar="OUT.png", help="draw where creatures fell and damage was dealt")
    sim.add_argument("--ruleset", dest="rulesets", type=ruleset_list, metavar="R[,R...]",
                     help="play under this ruleset, or under each of several (5e,3.5,4e), instead of the scenario's")
    sim.set_defaults(func=cmd_simulate)

    edi = command("edit", help="the map and scenario editor (a window)")
    edi.add_argument("file", nargs="?", help="a map or scenario to edit, or a new file to make")
    edi.add_argument("--frames", type=int, help=argparse.SUPPRESS)  # tests: stop after this many frames
    edi.set_defaults(func=cmd_edit)

    ben = command("bench", help="print the performance figures of the benchmark suite")
    ben.add_argument("--json", action="store_true")
    ben.set_defaults(func=cmd_bench)

    dem = command("demo", help="play a captioned, scripted demo of a rule, or draw its frames")
    dem.add_argument("name", nargs="?", metavar="NAME or FILE", help="a bundled demo (see --list) or a scenario file")
    dem.add_argument("--list", action="store_true", help="one line per bundled demo: its name, then its title")
    dem.add_argument("--frames", metavar="DIR", help="write one PNG per step into DIR (step-001.png ...), no window")
    dem.add_argument("--sheet", metavar="OUT.png", help="every step's board and caption on one page, as a PNG")
    dem.add_argument("--max-frames", type=int, help=argparse.SUPPRESS)  # tests: close after this many frames
    dem.set_defaults(func=cmd_demo)

    rul = command("rules", help="print a rule card, or list the rule ids")
    rul.add_argument("id", nargs="?", help="a rule id (see the list)")
    rul.add_argument("--ruleset", choices=RULESETS, help="the ruleset whose cards to show (default 5e)")
    rul.set_defaults(func=cmd_rules)
    return parser


def main(argv: list[str] | None = None) -> int:
    from .core.memory import keep_freed_memory

    keep_freed_memory()  # numpy temporaries reuse freed memory instead of faulting in new pages
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    set_language(getattr(args, "lang", None))
    try:
        return args.func(args)
    except KeyboardInterrupt:
        # Ctrl-C: what was finished is printed already (simulate stops its workers); no traceback
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader went away (`skirmish replay --json FILE | head`): end quietly, as a filter
        # does; stdout is pointed at nothing so that Python's own flush at exit stays quiet too
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
