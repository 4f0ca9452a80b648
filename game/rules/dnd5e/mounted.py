"""Mounted combat (5e, "Combat monté"): mounting, dismounting, riders carried, falls from the saddle."""

from __future__ import annotations

from ...core.sizes import SPACE_SQUARES, size_index
from ...i18n import translator
from ..errors import IllegalCommand
from ..state import Creature, Offer
from .attacks import saving_throw
from .conditions import give, immune
from .geometry import field_for, within
from .vocab import number

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

CONTROLLED_ACTS = {"move", "dash", "disengage", "dodge", "end", "react"}


def mount_of(battle, rider: Creature) -> Creature | None:
    mid = rider.effects.get("mounted_on")
    return battle.state.creatures.get(mid) if mid else None


def rider_of(battle, mount: Creature) -> Creature | None:
    rid = mount.effects.get("rider")
    return battle.state.creatures.get(rid) if rid else None


def controlled(battle, mount: Creature) -> bool:
    """A mount trained to carry riders, ridden by an ally, obeys its rider (5e, Controlling a mount)."""
    rider = rider_of(battle, mount)
    return rider is not None and mount.stats.rideable and rider.side == mount.side


def do_mount(battle, rider: Creature, target_id) -> None:
    """Once per move: mount a willing creature at least one size larger within 1.5 m, for half speed."""
    mount = battle.creature(target_id)
    if "mounted_on" in rider.effects:
        raise IllegalCommand(_("{id} is already mounted").format(id=rider.id))
    if mount is rider or mount.side != rider.side or not mount.standing:
        raise IllegalCommand(_("{mount} is not a willing mount for {id}").format(mount=mount.id, id=rider.id))
    if "rider" in mount.effects:
        raise IllegalCommand(_("{mount} already carries a rider").format(mount=mount.id))
    if size_index(mount.size) < size_index(rider.size) + 1:
        raise IllegalCommand(_("{mount} must be at least one size larger than {id}").format(
            mount=mount.id, id=rider.id))
    if not within(battle, rider, mount, 1.5):
        raise IllegalCommand(_("{id} is not within 1.5 m of {actor}").format(id=mount.id, actor=rider.id))
    _pay_half_speed(rider, "mount")
    rider.effects["mounted_on"] = mount.id
    rider.effects["mount_side"] = mount.side_squares
    mount.effects["rider"] = rider.id
    rider.x, rider.y = mount.x, mount.y
    rider.altitude = mount.altitude
    rider.conditions.discard("squeezing")
    battle.emit("move", _("{name} mounts {mount}").format(name=rider.name, mount=mount.name), rules=("mounted-combat",),
                creature=rider.id,
                path=[[rider.x, rider.y]], cost=0.0)
    if controlled(battle, mount):
        place_after_rider(battle, mount, rider)


def _pay_half_speed(rider: Creature, what: str) -> None:
    """5e, Monter et descendre de sa monture: "Une fois par mouvement", for half your speed."""
    if rider.effects.get("turn:mounting"):
        raise IllegalCommand(_("{id} has mounted or dismounted this turn already: once per move").format(id=rider.id))
    cost = rider.speed("walk") / 2
    if rider.speed("walk") == 0 or rider.movement_left() < cost - 1e-9:
        line = _("{id} needs {cost} m of movement to mount, has {left} m") if what == "mount" else \
            _("{id} needs {cost} m of movement to dismount, has {left} m")
        raise IllegalCommand(line.format(id=rider.id, cost=number(cost), left=number(rider.movement_left())))
    rider.movement_spent += cost
    rider.effects["turn:mounting"] = True


def place_after_rider(battle, mount: Creature, rider: Creature) -> None:
    """A controlled mount acts on its rider's initiative: it takes its turn right after the rider's."""
    order = battle.state.order
    current = battle.state.current_id
    order.remove(mount.id)
    order.insert(order.index(rider.id) + 1, mount.id)
    battle.state.turn_index = order.index(current)
    mount.initiative = rider.initiative
    battle.emit("note", _("{mount} now acts on {name}'s initiative").format(mount=mount.name, name=rider.name),
                rules=("mounted-combat", "initiative"), creature=mount.id)


def free_square_near(battle, mount: Creature, rider: Creature) -> tuple[int, int] | None:
    """Where a rider lands: the first free square within 1.5 m of the mount (rows, then columns)."""
    field = field_for(battle, rider)
    side = SPACE_SQUARES[rider.size]
    h, w = field.cost.shape
    best = None
    for y in range(mount.y - side, mount.y + mount.side_squares + 1):
        for x in range(mount.x - side, mount.x + mount.side_squares + 1):
            if not (0 <= x < w and 0 <= y < h) or not field.can_end[y, x] or field.squeezing[y, x]:
                continue
            gap = max(max(mount.x - (x + side - 1), x - (mount.x + mount.side_squares - 1), 0),
                      max(mount.y - (y + side - 1), y - (mount.y + mount.side_squares - 1), 0))
            if gap == 1 and best is None:
                best = (x, y)
    return best


def do_dismount(battle, rider: Creature) -> None:
    mount = mount_of(battle, rider)
    if mount is None:
        raise IllegalCommand(_("{id} is not mounted").format(id=rider.id))
    _pay_half_speed(rider, "dismount")
    square = free_square_near(battle, mount, rider)
    if square is None:
        raise IllegalCommand(_("there is no free square beside {mount} to dismount to").format(mount=mount.id))
    _leave(battle, rider, mount, square)
    battle.emit("move", _("{name} dismounts to [{x}, {y}]").format(name=rider.name, x=rider.x, y=rider.y),
                rules=("mounted-combat",), creature=rider.id,
                path=[[mount.x, mount.y], [rider.x, rider.y]], cost=0.0)


def _leave(battle, rider: Creature, mount: Creature, square) -> None:
    rider.effects.pop("mounted_on", None)
    rider.effects.pop("mount_side", None)
    mount.effects.pop("rider", None)
    rider.x, rider.y = square
    rider.altitude = 0.0


def carry_rider(battle, mount: Creature) -> None:
    """The rider stays in the saddle as the mount moves."""
    rider = rider_of(battle, mount)
    if rider is not None:
        rider.x, rider.y = mount.x, mount.y
        rider.altitude = mount.altitude
        rider.effects["mount_side"] = mount.side_squares


def keep_saddle(battle, rider: Creature, why: str) -> None:
    """5e: moved against its will or knocked prone, the rider saves Dex DC 10 or falls prone nearby."""
    mount = mount_of(battle, rider)
    if mount is None:
        return
    ok, text = saving_throw(battle, rider, "dex", 10)
    battle.emit("save", _("{save} ({why})").format(save=text, why=why), rules=("mounted-combat", "saving-throw"),
                creature=rider.id, success=ok)
    if not ok:
        fall_off(battle, rider, mount)


def mount_falls(battle, mount: Creature) -> None:
    """5e, Combat monté: "Si votre monture tombe à terre, vous pouvez utiliser votre réaction pour
    sauter durant sa chute et atterrir sur vos pieds. Sinon vous tombez à terre" (no save): the
    rider is offered the leap while it has its reaction, else it falls prone beside the mount."""
    rider = rider_of(battle, mount)
    if rider is None or any(o.kind == "leap" and o.reactor == rider.id for o in battle.state.offers):
        return
    if rider.reaction and rider.standing and not rider.incapacitated and not rider.surprised:
        battle._offer([Offer(reactor=rider.id, kind="leap", provoker=mount.id)])
    else:
        fall_off(battle, rider, mount)


def leap_off(battle, rider: Creature, take: bool) -> None:
    """The rider's answer to its falling mount: leap off with its reaction, or fall with it."""
    mount = mount_of(battle, rider)
    if mount is None:
        return
    if not (take and rider.reaction and rider.standing):
        fall_off(battle, rider, mount)
        return
    rider.reaction = False
    _leave(battle, rider, mount, free_square_near(battle, mount, rider) or (mount.x, mount.y))
    battle.emit("move", _("{name} leaps from {mount} as it falls and lands on its feet at [{x}, {y}]").format(
                name=rider.name, mount=mount.name, x=rider.x, y=rider.y), rules=("mounted-combat", "reactions"),
                creature=rider.id, path=[[mount.x, mount.y], [rider.x, rider.y]],
                cost=0.0, forced=True)


def fall_off(battle, rider: Creature, mount: Creature) -> None:
    square = free_square_near(battle, mount, rider) or (mount.x, mount.y)
    _leave(battle, rider, mount, square)
    line = _("{name} falls from {mount}, lands on its feet at [{x}, {y}]") if immune(rider, "prone") else \
        _("{name} falls from {mount}, prone at [{x}, {y}]")
    battle.emit("move", line.format(name=rider.name, mount=mount.name, x=rider.x, y=rider.y),
                rules=("mounted-combat", "prone"), creature=rider.id, path=[[mount.x, mount.y], [rider.x, rider.y]],
                cost=0.0, forced=True)
    give(battle, rider, "prone")


def check_mounts(battle) -> None:
    """A mount that drops (dead, unconscious) falls with its rider; a fallen rider leaves the saddle."""
    for rider in battle.state.creatures.values():
        mount = mount_of(battle, rider)
        if mount is None:
            continue
        if not rider.alive or rider.state != "conscious":
            square = free_square_near(battle, mount, rider) or (mount.x, mount.y)
            _leave(battle, rider, mount, square)
        elif not mount.standing:  # it drops, and falls prone (SRD 5.1, Unconscious)
            mount_falls(battle, mount)
