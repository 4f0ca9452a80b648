"""Tiled maps (docs/FORMATS.md, "Tiled maps"): .tmx and .tmj read with pytiled-parser wherever a
map or scenario is accepted; terrain from the tile property `terrain`, creatures from object
layers, the map's properties; errors naming the file and the tile or object."""

import json

import pytest

from game.cli import main
from game.content.errors import ContentError
from game.content.maps import load_map
from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario, parse_scenario
from game.core.terrain import TERRAIN
from game.session.replay import new_battle

FORD = MAPS_DIR / "tiled-ford.tmx"
TERRAINS = ["floor", "wall", "difficult", "shallow-water", "deep-water", "low-wall", "arrow-slit", "mystery"]


def terrain(board, x, y) -> str:
    return str(TERRAIN["name"][board.terrain[y, x]])


def tmj(tmp_path, layers, objects=(), properties=(), name="t.tmj"):
    """A small Tiled JSON map (4 x 3, 16 px tiles) with an embedded tileset: tile i is TERRAINS[i]."""
    tileset = {"firstgid": 1, "name": "terrain", "tilewidth": 16, "tileheight": 16, "tilecount": 8, "columns": 8,
               "image": "t.png", "imagewidth": 128, "imageheight": 16, "margin": 0, "spacing": 0,
               "tiles": [{"id": i, "properties": [{"name": "terrain", "type": "string", "value": t}]}
                         for i, t in enumerate(TERRAINS)]}
    data = {"type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
            "renderorder": "right-down", "width": 4, "height": 3, "tilewidth": 16, "tileheight": 16,
            "infinite": False, "nextlayerid": 9, "nextobjectid": 9, "tilesets": [tileset],
            "properties": [{"name": k, "type": "int" if isinstance(v, int) else "string", "value": v}
                           for k, v in properties],
            "layers": [{"id": i + 1, "name": f"layer{i}", "type": "tilelayer", "width": 4, "height": 3,
                        "x": 0, "y": 0, "opacity": 1, "visible": True, "data": data}
                       for i, data in enumerate(layers)]}
    if objects:
        data["layers"].append({"id": 8, "name": "creatures", "type": "objectgroup", "x": 0, "y": 0, "opacity": 1,
                               "visible": True, "draworder": "topdown", "objects": list(objects)})
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def obj(oid, name, kind, x, y, **props):
    return {"id": oid, "name": name, "type": kind, "x": x, "y": y, "width": 16, "height": 16, "rotation": 0,
            "visible": True, "properties": [{"name": k, "type": "string" if isinstance(v, str) else "int", "value": v}
                                            for k, v in props.items()]}


def test_the_bundled_tiled_map_plays_as_a_scenario_with_its_properties():
    scenario = load_scenario(FORD)
    assert (scenario.title, scenario.ruleset, scenario.seed) == ("Ford of the two banks (Tiled)", "5e", 77)
    assert [(c.id, c.kind, c.side, c.at) for c in scenario.creatures][:2] == \
        [("orc1", "orc", "red", (13, 3)), ("orc2", "orc", "red", (13, 6))]
    board = scenario.map.board
    assert (board.width, board.height) == (16, 10)
    assert terrain(board, 0, 0) == "wall" and terrain(board, 7, 3) == "deep-water"
    assert terrain(board, 3, 5) == "low-wall" and terrain(board, 1, 1) == "floor"
    battle = new_battle(scenario)
    assert not battle.state.over


def test_check_replay_and_render_take_a_tiled_file(tmp_path, capsys):
    assert main(["check", str(FORD)]) == 0
    capsys.readouterr()
    assert main(["replay", str(FORD), "--json"]) == 0
    assert sorted(json.loads(capsys.readouterr().out)["creatures"]) == ["orc1", "orc2", "orc3", "orc4"]
    assert main(["render", str(FORD), "-o", str(tmp_path / "ford.png")]) == 0
    assert (tmp_path / "ford.png").stat().st_size > 1000


def test_a_tmj_map_the_topmost_tile_wins_and_an_empty_square_is_floor(tmp_path):
    # two tile layers: the second (higher) covers the first; 0 is no tile at all
    lower = [2, 2, 2, 2, 1, 3, 3, 1, 0, 0, 0, 0]
    upper = [0, 0, 0, 0, 0, 5, 0, 0, 6, 0, 0, 0]
    mapdata = load_map(tmj(tmp_path, [lower, upper]))
    rows = mapdata.board
    assert [terrain(rows, x, 1) for x in range(4)] == ["floor", "deep-water", "difficult", "floor"]
    assert [terrain(rows, x, 2) for x in range(4)] == ["low-wall", "floor", "floor", "floor"]


def test_objects_are_creatures_with_kind_id_side_and_scenario_keys(tmp_path):
    floor = [1] * 12
    path = tmj(tmp_path, [floor], objects=[obj(1, "gob1", "goblin", 33, 17, side="red", current_hp=3),
                                           obj(2, "hero", "fighter", 0, 0, side="blue", conditions="prone")],
               properties=[("title", "Small"), ("seed", 5)])
    scenario = load_scenario(path)
    gob, hero = scenario.creatures
    assert (gob.id, gob.kind, gob.side, gob.at, gob.current_hp) == ("gob1", "goblin", "red", (2, 1), 3)
    assert hero.conditions == ("prone",) and scenario.seed == 5 and scenario.title == "Small"


def test_a_scenario_naming_a_tiled_map_uses_its_own_creatures(tmp_path):
    data = {"format": 1, "title": "Own roster", "map": "tiled-ford.tmx", "seed": 3,
            "creature": [{"id": "f", "kind": "fighter", "side": "blue", "at": [2, 4]},
                         {"id": "g", "kind": "goblin", "side": "red", "at": [13, 4]}]}
    scenario = parse_scenario(data, tmp_path / "own.toml")
    assert [c.id for c in scenario.creatures] == ["f", "g"]
    assert terrain(scenario.map.board, 7, 3) == "deep-water"


@pytest.mark.parametrize("layers, objects, words", [
    ([[8] * 12], (), ["t.tmj", "tile 7 of tileset 'terrain'", "unknown terrain 'mystery'"]),
    ([[1] * 12], [obj(1, "gob1", "goblin", 0, 0)], ["t.tmj", "object 1 ('gob1')", "no 'side'"]),
    ([[1] * 12], [obj(3, "", "goblin", 0, 0, side="red")], ["object 3", "no name"]),
    ([[1] * 12], [obj(4, "x", "dragon-turtle", 0, 0, side="red")], ["t.tmj", "'x'", "dragon-turtle"]),
])
def test_a_bad_tiled_file_is_one_line_naming_the_file_and_the_tile_or_object(tmp_path, capsys, layers, objects, words):
    path = tmj(tmp_path, layers, objects)
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    text = str(caught.value)
    assert all(w in text for w in words), text
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and all(w in err for w in words[1:2])


def test_a_file_that_is_not_tiled_at_all_is_one_line(tmp_path):
    path = tmp_path / "broken.tmx"
    path.write_text("<map><oops")
    with pytest.raises(ContentError, match="broken.tmx"):
        load_scenario(path)
