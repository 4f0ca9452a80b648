"""Parsing the command line and running each subcommand, with FORMATS.md's exit codes.

Every line it prints or writes to stderr is in the language spoken (`--lang`, else the system's):
its own messages through `_()`, argparse's (usage, `error:`, its errors) through `argparse_words`,
which points argparse's gettext at the game's catalogues. Ids, JSON and file contents never change."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .content.errors import ContentError
from .content.paths import RULESETS
from .i18n import LANGUAGES, N_, _, language, set_language, translated
from .rules.words import spoken, state_word
from .session.ray_backend import OPTION_HELP as RAY_HELP

EXIT_OK, EXIT_INVALID, EXIT_INTERRUPTED = 0, 2, 130
MAX_RUNS = 1_000_000  # battles of one `simulate` (each is kept until the summary)
MAX_PICTURE_PX = 4096  # `render` draws a map at most about this wide (squares from 32 down to 8 pixels)


def _error(message: str) -> int:
    print(_("error: {message}").format(message=" ".join(str(message).split())), file=sys.stderr)  # one line
    return EXIT_INVALID


class Parser(argparse.ArgumentParser):
    """The command line's parser: a bad argument is one line on stderr (then exit 2), not the usage."""

    def error(self, message: str):
        print(_("error: {message} (see {prog} --help)").format(message=" ".join(message.split()), prog=self.prog),
              file=sys.stderr)
        raise SystemExit(EXIT_INVALID)


# argparse's own words (Python 3.11's msgids), for the catalogue: argparse_words() has argparse
# look them up in the game's catalogues, so its usage line, headings and errors follow --lang
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"), N_("can't open '%(filename)s': %(error)s"),
    N_("expected %s argument"), N_("expected %s arguments"),
)


def argparse_words() -> None:
    """Point argparse's gettext at the game's catalogues (in the language spoken when it looks):
    argparse calls its module's `_` and `ngettext` when it builds a parser and when it reports."""
    argparse._ = lambda message: _(message)
    argparse.ngettext = lambda singular, plural, n: _(singular if n == 1 else plural)


def language_in(argv: list[str]) -> str | None:
    """The --lang of a command line, read before the parser is built (its help is in that
    language); None when it has none or an unknown one (the parser then says so)."""
    for i, arg in enumerate(argv):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else (
            argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else None)
        if value in LANGUAGES:
            return value
    return None


def picture_path(name: str) -> Path:
    """Where a picture may be written: a name ending in .png (it is PNG whatever the name would
    say otherwise) in a folder that exists, not a directory or a special file; ValueError saying
    why not."""
    path = Path(name)
    if path.suffix.lower() != ".png":
        raise ValueError(_("{name}: the picture is a PNG: give a file name ending in .png").format(name=name))
    if not path.parent.is_dir():
        raise ValueError(_("{name}: no such folder {folder!r}").format(name=name, folder=str(path.parent)))
    if path.exists() and not path.is_file():
        raise ValueError(_("{name}: not a regular file").format(name=name))
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
    if state.over:
        head = _("Round {round}; over, winner: {side}").format(round=state.round, side=state.winner or _("nobody"))
    else:
        head = _("Round {round}; {id} to act").format(round=state.round, id=state.current_id)
    lines = [head]
    for cid in state.creatures:
        c = battle.view(cid)  # the ruleset interface: any ruleset's creature
        conditions = ", ".join(sorted(spoken(n) for n in c.conditions)) or "-"
        lines.append(f"  {c.id:<12} {c.side:<6} [{c.x:>2}, {c.y:>2}]  {c.hp:>3}/{c.max_hp:<3} "
                     f"{state_word(c.state):<11} {conditions}")
    return "\n".join(lines)


def cmd_check(args) -> int:
    from .session.check import check_file

    problems = 0
    for name in args.files:
        found = check_file(Path(name))
        for problem in found:
            print(_("error: {message}").format(message=problem), file=sys.stderr)
        if not found:
            print(_("ok: {file}").format(file=name))
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
        return _error(_("{path}: cannot write the picture: {error}").format(path=args.output, error=exc.strerror or exc))
    print(_("wrote {path}").format(path=args.output))
    return EXIT_OK


def cmd_bench(args) -> int:
    from .session.bench import run_bench

    figures = run_bench(progress=not args.json, ruleset=args.ruleset)
    from .ui.bench import frame_time_ms

    if not args.json:
        print(_("[+] frame time of a busy scene (1280x800, 40 tokens, reach overlay, full log)"), file=sys.stderr)
    figures["frame_ms"] = frame_time_ms()
    import importlib

    from .speedups import COMPILED, compiled_modules

    for name in COMPILED:  # (3.5's and 4e's too, whatever the ruleset benched)
        importlib.import_module(name)
    figures["compiled_modules"] = f"{len(compiled_modules())}/{len(COMPILED)}"  # loaded compiled (Cython)
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
            return _error(_("--policy {item}: expected SIDE=LEVEL with LEVEL one of {levels}").format(
                item=item, levels=", ".join(POLICIES)))
        policies[side] = level
    if args.runs < 1 or (args.jobs is not None and args.jobs < 1):
        return _error(_("--runs and --jobs must be at least 1"))
    conflict = jobs_conflict(args.ray, args.jobs)
    if conflict:
        return _error(conflict)
    args.jobs = local_jobs(args)
    if args.runs > MAX_RUNS:
        return _error(_("--runs {runs}: at most {most} battles in one simulation").format(
            runs=args.runs, most=f"{MAX_RUNS:,}" if language() == "en" else f"{MAX_RUNS:,}".replace(",", "\u202f")))
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
        return _error(_("--heatmap {error}").format(error=exc))
    sides = sides_of(scenario)
    unknown = [side for side in policies if side not in sides]
    if unknown:
        return _error(_("--policy {side}=...: the scenario has no side {side!r} (sides: {sides})").format(
            side=unknown[0], sides=", ".join(sides) or _("none")))
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
            return _error(_("--heatmap {path}: cannot write the picture: {error}").format(path=args.heatmap, error=exc.strerror or exc))
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
        return _error(_("--screenshot {error}").format(error=exc))
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
        return _error(_("--screenshot {path}: cannot write the picture: {error}").format(
            path=args.screenshot, error=exc.strerror or exc))


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
        return _error(_("--heatmap draws one file under one ruleset: give one file and at most one ruleset"))
    rows = compare(args.files, rulesets, args.runs, jobs=args.jobs, seed=args.seed, policies=policies,
                   swap=args.swap, progress=not args.json, ray=args.ray)
    print(json.dumps(rows) if args.json else compare_table(rows), flush=True)
    if any(r.get("interrupted") for r in rows):
        return EXIT_INTERRUPTED
    failed = [r for r in rows if "error" in r]
    if failed:
        return _error(_("{failed} of {total} simulations could not be played: {error}").format(
            failed=len(failed), total=len(rows), error=failed[0]["error"]))
    return EXIT_OK


def ruleset_list(text: str) -> list[str]:
    """--ruleset of simulate: one ruleset or several, comma-separated ("5e,3.5,4e")."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in RULESETS]
    if not names or unknown:
        raise argparse.ArgumentTypeError(_("{name!r} is not a ruleset (known: {known})").format(
            name=(unknown or [text])[0], known=", ".join(RULESETS)))
    return list(dict.fromkeys(names))


def add_ruleset_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", choices=RULESETS, help=_("play under this ruleset instead of the scenario's"))


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
        found = bundled()
        width = max((len(info.name) for info in found), default=0)
        for info in found:
            print(f"{info.name:<{width}}  {translated('demos', info.title)}")
        return EXIT_OK
    try:
        demo = Demo.load(args.name or bundled()[0].name)
        sheet = picture_path(args.sheet) if args.sheet else None
        frames = Path(args.frames) if args.frames else None
        if frames is not None and (frames.exists() and not frames.is_dir() or not frames.parent.is_dir()):
            raise ValueError(_("--frames {path}: not a folder, nor a new one in a folder that exists").format(path=args.frames))
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
            print(_("wrote {count} frames into {path}").format(count=len(written), path=frames))
        if sheet is not None:
            write_sheet(demo, sheet)
            print(_("wrote {path}").format(path=args.sheet))
    except OSError as exc:
        return _error(_("cannot write the pictures: {error}").format(error=exc.strerror or exc))
    return EXIT_OK


def language_options() -> argparse.ArgumentParser:
    """--lang, which every command takes (a parent parser of each)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help=_("the language of the words shown and printed (default: the system's, else English)"))
    return common


def build_parser() -> argparse.ArgumentParser:
    common = language_options()
    parser = Parser(prog="skirmish", description=_("A grid-based tactical battle game (5e, 3.5 and 4e rules)."),
                    parents=[common])
    sub = parser.add_subparsers(dest="command", title=_("commands"))

    def command(name: str, **kwargs) -> argparse.ArgumentParser:
        return sub.add_parser(name, parents=[common], description=kwargs.get("help"), **kwargs)

    play = command("play", help=_("play a scenario, a save or a bare map in a window"))
    play.add_argument("file", nargs="?", help=_("scenario, save or map (default: the bundled skirmish)"))
    play.add_argument("--hotseat", action="store_true", help=_("every side is played by people"))
    play.add_argument("--ai", action="append", metavar=_("SIDE"), help=_("the computer plays this side"))
    play.add_argument("--seed", type=int, help=_("replace the scenario's seed"))
    play.add_argument("--screenshot", metavar=_("PATH"), help=_("save the last frame to this PNG on exit"))
    play.add_argument("--exit-when-over", action="store_true", help=_("quit when the battle ends"))
    add_ruleset_option(play)
    play.set_defaults(func=cmd_play)

    rep = command("replay", help=_("replay a scenario's commands headless"))
    rep.add_argument("file", help=_("a scenario or a save"))
    rep.add_argument("--json", action="store_true", help=_("print the final state as JSON"))
    add_ruleset_option(rep)
    rep.set_defaults(func=cmd_replay)

    chk = command("check", help=_("validate maps, stat blocks and scenarios"))
    chk.add_argument("files", nargs="+", help=_("maps, stat blocks, items or scenarios"))
    chk.set_defaults(func=cmd_check)

    ren = command("render", help=_("draw a map or scenario to a PNG"))
    ren.add_argument("file", help=_("a map or a scenario"))
    ren.add_argument("-o", "--output", required=True, metavar="OUT.png", help=_("the PNG to write"))
    ren.add_argument("--cover", nargs=2, metavar=("A", "B"), help=_("draw the cover lines from creature A to B"))
    ren.add_argument("--reach", metavar="ID", help=_("shade the squares creature ID threatens"))
    ren.add_argument("--move", metavar="ID", help=_("where creature ID can move this turn, each square's cost on it"))
    add_ruleset_option(ren)
    ren.set_defaults(func=cmd_render)

    sim = command("simulate", help=_("play many battles computer against computer"))
    sim.add_argument("files", nargs="+", metavar=_("FILE"), help=_("one layout, or several to compare in one table"))
    sim.add_argument("--runs", type=int, default=100, help=_("how many battles (default 100)"))
    sim.add_argument("--jobs", type=int, help=_("worker processes (default 1), or the CPUs of --ray local (default 2)"))
    sim.add_argument("--ray", metavar="ADDRESS|local", help=_(RAY_HELP))
    sim.add_argument("--seed", type=int, help=_("battle i uses seed + i (default: the scenario's seed)"))
    sim.add_argument("--policy", action="append", metavar=_("SIDE=LEVEL"),
                     help=_("random, rush, normal or hard (default hard)"))
    sim.add_argument("--swap", action="store_true", help=_("exchange the sides' levels every second battle"))
    sim.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    sim.add_argument("--heatmap", metavar="OUT.png", help=_("draw where creatures fell and damage was dealt"))
    sim.add_argument("--ruleset", dest="rulesets", type=ruleset_list, metavar="R[,R...]",
                     help=_("play under this ruleset, or under each of several (5e,3.5,4e), instead of the scenario's"))
    sim.set_defaults(func=cmd_simulate)

    edi = command("edit", help=_("the map and scenario editor (a window)"))
    edi.add_argument("file", nargs="?", help=_("a map or scenario to edit, or a new file to make"))
    edi.add_argument("--frames", type=int, help=argparse.SUPPRESS)  # tests: stop after this many frames
    edi.set_defaults(func=cmd_edit)

    ben = command("bench", help=_("print the performance figures of the benchmark suite"))
    ben.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    ben.add_argument("--ruleset", choices=RULESETS,
                     help=_("measure the computer players under this ruleset (default: 5e)"))
    ben.set_defaults(func=cmd_bench)

    dem = command("demo", help=_("play a captioned, scripted demo of a rule, or draw its frames"))
    dem.add_argument("name", nargs="?", metavar=_("NAME or FILE"), help=_("a bundled demo (see --list) or a scenario file"))
    dem.add_argument("--list", action="store_true", help=_("one line per bundled demo: its name, then its title"))
    dem.add_argument("--frames", metavar="DIR", help=_("write one PNG per step into DIR (step-001.png ...), no window"))
    dem.add_argument("--sheet", metavar="OUT.png", help=_("every step's board and caption on one page, as a PNG"))
    dem.add_argument("--max-frames", type=int, help=argparse.SUPPRESS)  # tests: close after this many frames
    dem.set_defaults(func=cmd_demo)

    rul = command("rules", help=_("print a rule card, or list the rule ids"))
    rul.add_argument("id", nargs="?", help=_("a rule id (see the list)"))
    rul.add_argument("--ruleset", choices=RULESETS, help=_("the ruleset whose cards to show (default 5e)"))
    rul.set_defaults(func=cmd_rules)
    return parser


def main(argv: list[str] | None = None) -> int:
    from .core.memory import keep_freed_memory

    keep_freed_memory()  # numpy temporaries reuse freed memory instead of faulting in new pages
    set_language(language_in(sys.argv[1:] if argv is None else argv))  # the help is built in it
    argparse_words()
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
