"""What each creature kind does under each level, over N mirror battles (--swap): damage dealt and
taken, survival, and how often it gives each kind of command (by act, with a few details).
Usage: .venv/bin/python tools/ai_roles.py [SCENARIO] [--battles N] [--seed S] [--levels hard,normal]"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from game.content.scenarios import load_scenario
from game.session.ai import choose
from game.session.replay import new_battle
from game.session.simulate import sides_of


def kind_of(cid: str) -> str:
    return cid.split("-", 1)[1].rstrip("0123456789")


def describe(command: dict, battle) -> str:
    act = command.get("act", "?")
    if act == "attack":
        return "attack" + ("/offhand" if command.get("offhand") else "") + f"/{command.get('with', '')}"
    if act in ("shove", "grapple", "cast", "use"):
        return f"{act}/{command.get('spell') or command.get('item') or command.get('mode', '')}"
    if act == "react":
        return f"react/{command.get('take')}"
    return act


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", nargs="?", default="maps/mirror-heroes.scenario.toml")
    parser.add_argument("--battles", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--levels", default="hard,normal")
    args = parser.parse_args()
    first, second = args.levels.split(",")
    dealt, taken, acts, survived, played = (defaultdict(Counter) for _ in range(5))
    wins = Counter()
    for index in range(args.battles):
        scenario = load_scenario(args.scenario)
        scenario.seed = args.seed + index
        a, b = sides_of(scenario)
        levels = {a: first, b: second} if index % 2 == 0 else {a: second, b: first}
        battle = new_battle(scenario)
        commands = 0
        while not battle.state.over and battle.state.round <= 60 and commands < 20000:
            state = battle.state
            acting = state.offers[0].reactor if state.offers else state.current_id
            level = levels[state.creatures[acting].side]
            command = choose(battle, level)
            acts[level][(kind_of(acting), describe(command, battle))] += 1
            events = battle.submit(command, undo_on_error=False)
            commands += 1
            for event in events:
                if event.kind == "damage":
                    target = event.data["target"]
                    tl = levels[battle.state.creatures[target].side]
                    taken[tl][kind_of(target)] += event.data["amount"]
                    source = event.data.get("source")
                    if source:
                        dealt[levels[battle.state.creatures[source].side]][kind_of(source)] += event.data["amount"]
        for cid, c in battle.state.creatures.items():
            played[levels[c.side]][kind_of(cid)] += 1
            survived[levels[c.side]][kind_of(cid)] += c.standing
        if battle.state.over and battle.state.winner:
            wins[levels[battle.state.winner]] += 1
    print(f"{args.battles} battles, wins: {dict(wins)}")
    kinds = sorted(played[first])
    print(f"{'kind':10} " + " ".join(f"{lv + ' dealt':>13} {lv + ' taken':>13} {lv + ' alive':>12}" for lv in (first, second)))
    for kind in kinds:
        row = []
        for lv in (first, second):
            n = max(played[lv][kind], 1)
            row.append(f"{dealt[lv][kind] / n:13.1f} {taken[lv][kind] / n:13.1f} {survived[lv][kind] / n:12.2f}")
        print(f"{kind:10} " + " ".join(row))
    for kind in kinds:
        print(f"\n{kind}: commands per battle ({first} / {second})")
        names = sorted({d for lv in (first, second) for k, d in acts[lv] if k == kind})
        for d in names:
            print(f"  {d:40} {acts[first][(kind, d)] / args.battles:7.2f} {acts[second][(kind, d)] / args.battles:7.2f}")


if __name__ == "__main__":
    main()
