"""Every command a 4e battle accepts now, each with a neutral Preview (api.py): one move per
reachable square (its path, cost, the opportunity attacks it provokes and the foes it flanks
there; a shift too), each power on each
valid target (the hit chance, the defence attacked and every modifier), each melee or ranged
power at the square a hidden foe was seen hiding in (guessing), and the other acts exactly when
`check` accepts them. The attacks' previews see hidden foes as their enemies believe them
(belief.believed), never where they are. `best_blow` (the battle's `blow`): the expected damage
of a creature's best attack power on another, the previews' own number."""

from __future__ import annotations

from dataclasses import replace

from ...core.board import SQUARE_M
from ...core.terrain import COVER_NAMES
from ...i18n import N_, translator
from .. import api
from ..errors import IllegalCommand
from ..words import spoken
from . import economy, stealth
from .athletics import checks_along, success_chance
from .attacks import expected_damage, roll_for
from .belief import believed
from .conditions import speed_squares
from .geometry import field_for, flanked, foes_beside, gap
from .guessing import guessed, unseen_refusal
from .moving import leaving_provokes, provokers_along
from .powers import aim, power_of
from .words import action

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

LABELS = {"second_wind": N_("second wind"), "total_defense": N_("total defense"), "action_point": N_("action point"),
          "stand": N_("stand"), "drop_prone": N_("drop prone"), "escape": N_("escape"), "hide": N_("hide")}

SIMPLE = ("second_wind", "total_defense", "action_point", "stand", "drop_prone", "escape", "hide")


def legal_commands(battle) -> list[api.Option]:
    state = battle.state
    if state.over or not state.started:
        return []
    if state.offers:
        return offer_options(battle)
    c = state.current
    if c is None:
        return []
    speed = speed_squares(c) * SQUARE_M
    # one field serves every move of the turn (a double move, a run, a charge: the same costs)
    field = field_for(battle, c, limit_m=max(2 * speed, speed + 2 * SQUARE_M)) if speed > 0 else None
    options = move_options(battle, c, field) + run_options(battle, c, field) + shift_options(battle, c, field)
    if field is not None and battle.board.prop("climbable").any():
        climbing = field_for(battle, c, "climb", limit_m=2 * speed)
        options += move_options(battle, c, climbing, "climb")
    options += charge_options(battle, c, field)
    with believed(battle, c) as chances:  # the previews of attacks never tell where a hidden foe is
        options += power_options(battle, c, chances) + guess_options(battle, c, chances)
    for act in SIMPLE:
        if not battle.refusal(c, act):
            options.append(api.Option({"actor": c.id, "act": act}, _(LABELS[act]), simple_preview(battle, c, act)))
    for other in state.creatures.values():
        if other.side != c.side:
            for act, name in (("grapple", "grab"), ("shove", "bull-rush")):
                if not battle.special_refusal(c, name, other.id):
                    preview = attack_preview(battle, c, power_of(c, name), (other.id,), "standard")
                    label = _("grab {target}") if name == "grab" else _("bull rush {target}")
                    options.append(api.Option({"actor": c.id, "act": act, "target": other.id},
                                              label.format(target=other.name), preview))
        if not battle.stabilize_refusal(c, other.id):
            options.append(api.Option({"actor": c.id, "act": "stabilize", "target": other.id},
                                      _("first aid to {target}").format(target=other.name),
                                      api.Preview(target=other.id, uses=action("standard"))))
    options.append(api.Option({"actor": c.id, "act": "end"}, _("end the turn")))
    return options


def simple_preview(battle, c, act: str) -> api.Preview:
    """What an act without arguments brings: a second wind heals a healing surge's worth, once
    an encounter; an action point gives one more standard action, and does not come back;
    hiding has its chance to beat every enemy's passive Perception."""
    preview = api.Preview(uses=action(_uses(act)))
    if act == "hide":
        return replace(preview, success_chance=stealth.success_chance(battle, c))
    if act == "second_wind":
        return replace(preview, target=c.id, hostile=False, uses_left=1,
                       expected_heal=float(min(c.stats.surge_value, c.stats.hp - max(0, c.hp))))
    if act == "action_point":
        return replace(preview, uses_left=c.action_points, extra_action="standard")
    return preview


def _uses(act: str) -> str:
    return {"second_wind": "standard", "total_defense": "standard", "action_point": "free", "stand": "move",
            "drop_prone": "minor", "escape": "move", "hide": "move"}.get(act, "")


def offer_options(battle) -> list[api.Option]:
    offer = battle.state.offers[0]
    reactor = battle.state.creatures[offer.reactor]
    provoker = battle.state.creatures[offer.provoker]
    uses = "opportunity" if offer.kind == "opportunity" else "immediate interrupt"
    preview = api.Preview(target=provoker.id, hostile=True, uses=action(uses), attack="basic", kind=offer.kind,
                          provoker=provoker.id)
    basic = reactor.stats.basic_power
    if offer.kind == "readied":
        preview = api.Preview(target=provoker.id, hostile=True, uses=action("immediate reaction"), kind=offer.kind,
                              provoker=provoker.id, then=dict(reactor.effects.get("readied", {}).get("then", {})))
    elif basic is not None:
        preview = attack_preview(battle, reactor, basic, (provoker.id,), uses, kind=offer.kind)
    return [api.Option({"actor": reactor.id, "act": "react", "take": True},
                       _("attack {target}").format(target=provoker.name), preview),
            api.Option({"actor": reactor.id, "act": "react", "take": False}, _("let it go"),
                       api.Preview(kind=offer.kind, provoker=provoker.id))]


def move_options(battle, c, field, mode: str = "walk") -> list[api.Option]:
    """A move to each square the field reaches; in `mode` "climb" only those whose path climbs
    (the others are walks). A move that needs Athletics checks (athletics.py) gives the chance to
    pass them all."""
    moves = economy.moves_left(c)
    speed = speed_squares(c) * SQUARE_M
    if not moves or speed <= 0:
        return []
    limit = speed * moves
    options = []
    cache: dict = {}
    climbable = battle.board.prop("climbable")
    side = c.side_squares
    beside = foes_beside(c, flankable_foes(battle, c))
    for y, x in zip(*field.reachable(limit).nonzero()):
        x, y = int(x), int(y)
        steps = field.path_to(x, y)
        if mode == "climb" and not any(climbable[s[1]:s[1] + side, s[0]:s[0] + side].any() for s in steps):
            continue
        cost = field.cost_to(x, y)
        uses = "move" if cost <= speed + 1e-9 else "move and standard"
        if uses == "move" and economy.payer(c, "move") is None:
            continue
        provokes = known_provokers(battle, c, steps, cache)
        command = {"actor": c.id, "act": "move", "to": [x, y]}
        if mode != "walk":
            command["mode"] = mode
        label = _("move to {square}") if mode == "walk" else _("climb to {square}")
        options.append(api.Option(command, label.format(square=[x, y]),
                                  api.Preview(uses=action(uses), path=tuple(steps), cost_m=cost, mode=mode,
                                              opportunity_attacks=provokes,
                                              success_chance=success_chance(c, checks_along(battle, c, steps)),
                                              flanks=flanks_at(battle, c, (x, y), beside))))
    return options


def known_provokers(battle, c, steps, cache) -> tuple[str, ...]:
    """Who would get an opportunity attack on the way, as the mover's side knows: a hidden foe
    is left out (a preview never tells where it is; the attack comes all the same)."""
    creatures = battle.state.creatures
    return tuple(p for p in provokers_along(battle, c, steps, cache) if not unseen_refusal(c, creatures[p]))


def flankable_foes(battle, c) -> list:
    """The foes c could flank, as its side knows them: standing, not hidden from it."""
    return [f for f in battle.state.creatures.values() if f.side != c.side and f.standing and not unseen_refusal(c, f)]


def flanks_at(battle, c, at: tuple[int, int], beside: dict) -> tuple[str, ...]:
    """The foes c would flank standing at `at`, of those `foes_beside` found next to it."""
    near = beside.get(at)
    return flanks_from(battle, c, at, near) if near else ()


def flanks_from(battle, c, at: tuple[int, int], foes) -> tuple[str, ...]:
    """The foes c would flank if it stood at `at` (4e, Flanking: combat advantage), the
    creature put there and back (nobody moves)."""
    home = c.x, c.y
    c.x, c.y = at
    try:
        return tuple(f.id for f in foes if flanked(battle, c, f))
    finally:
        c.x, c.y = home


def run_options(battle, c, field) -> list[api.Option]:
    if economy.refusal(c, "move") or speed_squares(c) <= 0 or c.prone:
        return []
    limit = (speed_squares(c) + 2) * SQUARE_M
    speed = speed_squares(c) * SQUARE_M
    options = []
    cache: dict = {}
    for y, x in zip(*field.reachable(limit).nonzero()):
        x, y = int(x), int(y)
        cost = field.cost_to(x, y)
        if cost <= speed + 1e-9:
            continue  # a plain move goes there without running's penalties
        steps = field.path_to(x, y)
        options.append(api.Option({"actor": c.id, "act": "run", "to": [x, y]},
                                  _("run to {square}").format(square=[x, y]),
                                  api.Preview(uses=action("move"), path=tuple(steps), cost_m=cost, mode="walk",
                                              opportunity_attacks=known_provokers(battle, c, steps, cache),
                                              success_chance=success_chance(c, checks_along(battle, c, steps)))))
    return options


def shift_options(battle, c, field) -> list[api.Option]:
    if economy.refusal(c, "move") or speed_squares(c) <= 0:
        return []
    options = []
    beside = foes_beside(c, flankable_foes(battle, c))
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            to = (c.x + dx, c.y + dy)
            if (dx, dy) == (0, 0) or not battle.board.inside(to[0], to[1], c.side_squares):
                continue
            try:
                battle.shift_steps(c, to, field)
            except IllegalCommand:
                continue
            options.append(api.Option({"actor": c.id, "act": "shift", "to": list(to)},
                                      _("shift to {square}").format(square=list(to)),
                                      api.Preview(uses=action("move"), path=(to,), cost_m=SQUARE_M,
                                                  flanks=flanks_at(battle, c, to, beside))))
    return options


def charge_options(battle, c, field) -> list[api.Option]:
    basic = c.stats.basic_power
    if economy.refusal(c, "standard") or basic is None or field is None:
        return []
    options = []
    cache: dict = {}
    for other in battle.state.creatures.values():
        if other.side == c.side or not other.alive:
            continue
        try:
            steps, cost = battle.charge_path(c, other, basic, None, field)
        except IllegalCommand:
            continue
        preview = attack_preview(battle, c, basic, (other.id,), "standard", charging=True)
        # a charge moves as a move does: leaving an enemy's side on the way provokes
        provokes = known_provokers(battle, c, steps, cache)
        options.append(api.Option({"actor": c.id, "act": "charge", "target": other.id},
                                  _("charge {target}").format(target=other.name),
                                  _with_path(preview, steps, cost, provokes)))
    return options


def _with_path(preview, steps, cost, provokes=()):
    return replace(preview, path=tuple(steps), cost_m=cost, opportunity_attacks=provokes)


def _spent_and_provoked(battle, c, power) -> dict:
    """What a power's preview adds: the uses left of an encounter or daily power (it does not come
    back this battle; a recharge one may), and the opportunity attacks a ranged or area power
    provokes when used beside an enemy (4e)."""
    limited = {"uses_left": c.uses_left(power)} if power.usage in ("encounter", "daily") else {}
    provokes = {"opportunity_attacks": tuple(leaving_provokes(battle, c))} \
        if power.kind in ("ranged", "area-burst") else {}
    return {**limited, **provokes}


def power_options(battle, c, chances=None) -> list[api.Option]:
    """Each power on each valid target (`chances`: the hidden foes put in believed squares, the
    chance each is there, belief.believed: an area's expected damage on one is weighted by it)."""
    options = []
    for power in c.stats.powers:
        if c.uses_left(power) <= 0 or economy.refusal(c, power.action):
            continue
        extra = _spent_and_provoked(battle, c, power)
        for command, aimed in _aims(battle, c, power):
            if power.heal:
                target = battle.state.creatures[aimed.targets[0]]
                # a healing surge's worth and the power's dice (4e: healing below 0 starts at 0)
                mean = target.stats.surge_value + (power.heal_bonus.average if power.heal_bonus else 0.0)
                lacks = target.stats.hp - max(0, target.hp)
                preview = api.Preview(target=target.id, hostile=False, uses=action(power.action), attack=power.name,
                                      expected_heal=float(min(mean, lacks)) if target.surges > 0 else 0.0, **extra)
                label = _("{power} on {targets}").format(power=spoken(power.name), targets=target.name)
            else:
                preview = attack_preview(battle, c, power, aimed.targets, power.action, aimed.long_range, aimed.origin,
                                         weights=chances)
                preview = replace(preview, **extra)
                label = _("{power} on {targets}").format(
                    power=spoken(power.name), targets=", ".join(battle.state.creatures[t].name for t in aimed.targets))
            options.append(api.Option(command, label, preview))
    return options


def _aims(battle, c, power):
    """(command, aim) for each valid way to use the power now."""
    found = []
    seen = set()
    base = {"actor": c.id, "act": "attack", "with": power.name}
    if not power.area:
        for other in battle.state.creatures.values():
            if (other.side == c.side) != (power.targets == "ally"):
                continue  # offered: attacks on foes, heals on allies (check accepts the others too)
            if unseen_refusal(c, other):
                continue  # a hidden foe is attacked at a guessed square, not by its id
            try:
                aimed = aim(battle, c, power, other.id)
            except IllegalCommand:
                continue
            found.append(({**base, "target": other.id}, aimed))
        return found
    if power.kind == "close-burst":
        candidates = [None]
    elif power.kind == "close-blast":
        n = power.size
        candidates = [(x, y) for y in range(c.y - n, c.y + c.side_squares + 1)
                      for x in range(c.x - n, c.x + c.side_squares + 1)]
    else:
        candidates = [sq for o in battle.state.creatures.values() if o.alive and o.side != c.side
                      for sq in o.squares()]  # within belief.believed: a hidden foe where it is believed
    for at in candidates:
        try:
            aimed = aim(battle, c, power, None, at)
        except IllegalCommand:
            continue
        creatures = battle.state.creatures
        if not any(creatures[t].side != c.side for t in aimed.targets):
            continue
        key = tuple(sorted(aimed.targets))
        if key in seen and power.kind != "area-burst":
            continue
        seen.add(key)
        command = dict(base) if at is None else {**base, "at": list(at)}
        found.append((command, aimed))
    return found


def guess_options(battle, c, chances) -> list[api.Option]:
    """4e, a hidden foe (guessing.py): each melee or ranged power aimed at the square its enemies
    believe it is in, when that square can be attacked so; called within belief.believed, the foe
    put in that square (`chances`: the chance it is there), never where it really is. The Preview
    is the attack on the foe in that square (its cover, range, the -5 of total concealment), its
    expected damage weighted by that chance."""
    options = []
    for foe_id, chance in chances.items():
        foe = battle.state.creatures[foe_id]
        square = [foe.x, foe.y]
        for power in c.stats.powers:
            if not guessable(c, power):
                continue
            try:
                _there, far = guessed(battle, c, power, square)  # only whether the square can be attacked so
            except IllegalCommand:
                continue
            preview = attack_preview(battle, c, power, (foe.id,), power.action, far, weights=chances)
            options.append(api.Option({"actor": c.id, "act": "attack", "with": power.name, "at": square},
                                      _("{power} on the square {square} (guessing)").format(
                                          power=spoken(power.name), square=square),
                                      replace(preview, **_spent_and_provoked(battle, c, power))))
    return options


def guessable(c, power) -> bool:
    """Whether c may use the power now on a square it guesses a hidden foe is in (guessing.py): a
    melee or ranged attack on foes (no area, no heal, no shift of its own), with a use and its
    action left."""
    return not (power.area or power.heal or power.shift or power.targets == "ally" or c.uses_left(power) <= 0
                or economy.refusal(c, power.action))


def attack_preview(battle, c, power, targets, uses, long_range=False, origin=None, charging=False, kind=None,
                   weights=None):
    """The preview of a power on its targets: the first target's odds and every modifier, the
    expected damage summed over the targets (`uses`: the kind of action, an id; `weights`: the
    chance a target is there at all, a hidden foe's believed square, 1 when not listed)."""
    creatures = battle.state.creatures
    first = creatures[targets[0]]
    roll = roll_for(battle, c, first, power, charging, long_range, origin)
    total = 0.0
    each = []
    for tid in targets:
        t = creatures[tid]
        r = roll if t is first else roll_for(battle, c, t, power, charging, long_range, origin)
        sneak = c.stats.sneak_attack if r.advantage else None
        value = expected_damage(power, r, t, sneak, "weakened" in c.conditions) * (weights or {}).get(tid, 1.0)
        each.append((tid, value))
        total += value if t.side != c.side else -value
    return api.Preview(
        target=first.id, hostile=first.side != c.side, uses=action(uses), attack=power.name,
        hit_chance=roll.hit_chance, crit_chance=roll.crit_chance, target_number=roll.defence,
        defence=roll.defence_name, expected_damage=total, cover=COVER_NAMES.get(roll.cover, "none"),
        reasons=roll.reasons, rules=tuple(roll.rules), ranged=not power.melee,
        distance_m=gap(c, first) * SQUARE_M, inside=tuple(targets), kind=kind,
        damage_by_target=tuple(each) if len(targets) > 1 else (),
    )


def best_blow(battle, attacker, target) -> float:
    """The expected damage of the attacker's best attack power on the target from where both
    stand, the number its preview shows (`attack_preview`: combat advantage, cover, sneak attack,
    weakened...): every at-will and every encounter or daily power with a use left, as if it
    could strike now (neither its actions nor its range asked); no heal, no power on allies."""
    best = 0.0
    for power in attacker.stats.powers:
        if power.heal or power.targets == "ally" or power.damage is None or attacker.uses_left(power) <= 0:
            continue
        best = max(best, attack_preview(battle, attacker, power, (target.id,), power.action).expected_damage)
    return best
