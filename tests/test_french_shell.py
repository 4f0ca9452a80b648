"""The window, the command line and the files' messages in French (`--lang fr`, or the system's
locale): the real window loop driven headless, the command line in and out of process, and the
catalogues' French drawn by the bundled fonts. English stays the default: every test that speaks
French restores English in a `finally`."""

import ast
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import cli, i18n  # noqa: E402
from game.catalogues import read_catalogue  # noqa: E402
from game.rules.registry import new_battle  # noqa: E402
from game.session.simulate import table  # noqa: E402
from game.ui import app as ui_app  # noqa: E402
from helpers import creature, scenario  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GRID = """
..........
..........
..........
"""
BROKEN_MAP = 'name = "broken"\ngrid = """\n#x#\n###\n"""\n'


@pytest.fixture
def french_app(tmp_path, french):
    apps = []

    def make(roster, dice=()):
        s = scenario(GRID, roster, dice=dice, initiative=[c["id"] for c in roster])
        app = ui_app.App(s, battle=new_battle(s), data_dir=tmp_path / "data")
        apps.append(app)
        app.step()
        return app

    yield make
    for app in apps:
        app.close()


def key(app, k, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=0))
    app.step()


def test_the_window_speaks_french_through_its_real_loop(french_app):
    app = french_app([creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (8, 1))])
    assert app.manager.get_locale() == "fr"  # pygame-gui's own widgets follow the game's language
    assert app.prompt_lines()[0][0].startswith("Choisissez une action ci-dessous")
    key(app, pygame.K_m)  # where can the fighter go?
    assert app.prompt_lines()[0][0].startswith("Déplacement : à pied (reste 9 m)")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_BACKSPACE)  # nothing to take back: said in French
    assert app.messages[-1][0] == "Impossible d'annuler : rien n'a encore été joué"
    key(app, pygame.K_F1)
    assert app.dialog_kind == "help" and app.dialog.title == "Commandes"
    assert "finir le tour" in app.dialog.body and "Ctrl+Z ou Retour arrière" in app.dialog.body
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # nothing chosen: quitting asks first
    assert app.dialog_kind == "quit" and app.dialog.title == "Quitter Skirmish ?"
    assert {b.text for b in app.dialog.buttons} == {"Quitter [Échap]", "Rester [N]"}
    key(app, pygame.K_n)
    assert app.dialog is None and app.running


def test_the_end_screen_says_who_won_in_french(french_app):
    app = french_app([creature("fighter", "fighter", "blue", (2, 1)), creature("gob1", "goblin", "red", (3, 1))],
                     dice=[20, 8, 8])
    app.submit({"actor": "fighter", "act": "attack", "target": "gob1", "with": "longsword"})  # a critical hit
    for _i in range(3):
        app.step()
    assert app.battle.state.over and app.dialog_kind == "end"
    headline, lines = app.end_summary()
    assert headline == "Victoire : Bleu !"
    assert "La bataille est terminée : victoire de Bleu" in app.battle.state.log  # the engine's own line
    assert lines[0] == "Rounds joués : 1." and lines[1] == "Tombés :"
    assert any(line.startswith("   Goblin (Rouge) — ") for line in lines)  # the name stays the data's


def test_an_attack_preview_reads_in_french(french):
    from game.rules.api import Preview
    from game.ui.modes import attack_lines

    preview = Preview(hit_chance=0.55, target_number=11, defence="AC 15", cover="half", cover_bonus=2,
                      expected_damage=4.25)
    lines = [text for text, _colour in attack_lines(preview, "")]
    assert lines[0] == "55 % de toucher : il faut 11 (AC 15 + 2 d'abri)"
    assert lines[1] == "Abri : partiel" and lines[-1] == "Dégâts attendus 4,2"  # a decimal comma


def test_every_french_letter_of_the_window_has_a_glyph_in_the_bundled_fonts():
    """The window draws in Noto Sans (board, panel, widgets): no French character of the window's
    catalogues may fall back to the missing-glyph box."""
    import pygame.freetype

    pygame.freetype.init()
    letters = set()
    for domain in ("ui", "engine", "session"):
        for message in read_catalogue(domain):
            if message.id and isinstance(message.string, str):
                letters |= set(message.string)
    assert {"é", "è", "à", "ç", "É", "«", "’"} & letters  # the catalogues do hold accents
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"):
        font = pygame.freetype.Font(str(ROOT / "assets" / "fonts" / name), 14)
        missing = sorted(c for c in letters if c.isprintable() and font.get_metrics(c)[0] is None)
        assert missing == [], f"{name} lacks {missing}"
    font = pygame.freetype.Font(str(ROOT / "assets" / "fonts" / "NotoSans-Regular.ttf"), 14)
    assert font.get_metrics("\u4e00")[0] is None  # the check can fail: a CJK glyph is not in the font


def test_check_of_a_broken_map_in_french_is_one_french_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.map.toml"
    bad.write_text(BROKEN_MAP)
    try:
        assert cli.main(["check", str(bad), "--lang", "fr"]) == 2
    finally:
        i18n.set_language("en")
    err = capsys.readouterr().err
    assert err.splitlines() == [f"erreur : {bad}:3: grille ligne 0 colonne 1 : caractère de terrain inconnu 'x'"]
    assert cli.main(["check", str(bad)]) == 2  # English again afterwards
    assert capsys.readouterr().err.startswith("error: ")


def test_argparse_speaks_french_too(capsys):
    try:
        with pytest.raises(SystemExit) as exited:
            cli.main(["--lang", "fr", "check"])
        assert exited.value.code == 2
        assert capsys.readouterr().err.strip() == (
            "erreur : les arguments suivants sont obligatoires : files (voir skirmish check --help)")
        with pytest.raises(SystemExit):
            cli.main(["--lang=fr", "render", "--help"])
        help_text = capsys.readouterr().out
        assert help_text.startswith("utilisation : skirmish render")
        assert "afficher ce message d'aide et quitter" in help_text and "le PNG à écrire" in help_text
    finally:
        i18n.set_language("en")


def test_lang_defaults_to_the_system_locale_in_a_fresh_process(tmp_path):
    bad = tmp_path / "bad.map.toml"
    bad.write_text(BROKEN_MAP)
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    run = [sys.executable, "-m", "game", "check", str(bad)]
    french = subprocess.run(run, env={**env, "LANG": "fr_FR.UTF-8"}, capture_output=True, text=True, cwd=ROOT)
    assert french.returncode == 2 and french.stderr.startswith("erreur : ") and "caractère de terrain" in french.stderr
    english = subprocess.run(run + ["--lang", "en"], env={**env, "LANG": "fr_FR.UTF-8"}, capture_output=True,
                             text=True, cwd=ROOT)
    assert english.returncode == 2 and english.stderr.startswith("error: ")  # --lang wins over the locale


def test_simulate_table_headings_in_french(french):
    summary = {"runs": 4, "battles_per_second": 2.5, "mean_rounds": 3.5, "rounds_sd": 0.5,
               "wins": {"blue": 3, "red": 1, "draw": 0}, "win_rate_ci95": {"blue": [0.3, 0.95], "red": [0.05, 0.7]},
               "wins_by_level": {"hard": {}},
               "creatures": {"fighter": {"side": "blue", "survival": 0.75, "mean_damage_dealt": 12.25}}}
    lines = table(summary).splitlines()
    assert lines[0] == "4 batailles, 2,5 batailles/s ; rounds : moyenne 3,5, écart type 0,5"
    assert lines[1].split() == ["camp", "victoires", "taux", "intervalle", "à", "95", "%"]
    assert lines[2].split()[:4] == ["blue", "3", "75,0", "%"]  # side ids stay ids


def test_no_module_that_translates_rebinds_the_underscore():
    """`_` is the translation function wherever it is imported: a throwaway `_` assigned in such a
    module (`x, _ = pair`) would make `_()` fail in that function."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports = any(isinstance(n, ast.ImportFrom) and (n.module or "").endswith("i18n")
                      and any(a.name == "_" for a in n.names) for n in ast.walk(tree))
        if imports:
            found += [f"{path.relative_to(ROOT)}:{n.lineno}" for n in ast.walk(tree)
                      if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)]
    assert found == []


def test_every_bundled_name_is_spoken_in_french(french):
    """Attack, power, spell and item ids read through rules/words.spoken(): each bundled one has
    its French (a new stat block's attack would otherwise show in English)."""
    import tomllib

    from game.rules.words import BUNDLED_NAMES, spoken

    ids = set()
    for path in (ROOT / "assets" / "rulesets").rglob("*.toml"):
        if path.name == "rules.toml":
            continue
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        ids |= {a["name"] for a in data.get("attacks", []) + data.get("powers", [])}
        if path.parent.name in ("spells", "items"):
            ids.add(data.get("id", path.stem))
    assert {"fire-bolt", "scimitar", "slip-strike", "potion-of-healing"} <= ids
    unspoken = sorted(i for i in ids if i.replace("-", " ") not in BUNDLED_NAMES or spoken(i) == i.replace("-", " ")
                      and i not in ("trident", "invisible"))
    assert unspoken == []
    assert spoken("fire-bolt") == "trait de feu" and spoken("prone") == "à terre"
    i18n.set_language("en")
    assert spoken("fire-bolt") == "fire bolt"  # English: the id's words


def test_replay_prints_its_summary_in_french(tmp_path, capsys):
    path = tmp_path / "prone.scenario.toml"
    path.write_text('format = 1\nseed = 1\ninitiative = ["fighter", "gob1"]\n[map]\ngrid = """\n.....\n"""\n'
                    '[[creature]]\nid = "fighter"\nkind = "fighter"\nside = "blue"\nat = [0, 0]\n'
                    '[[creature]]\nid = "gob1"\nkind = "goblin"\nside = "red"\nat = [4, 0]\nconditions = ["prone"]\n')
    try:
        assert cli.main(["replay", str(path), "--lang", "fr"]) == 0
    finally:
        i18n.set_language("en")
    out = capsys.readouterr().out.splitlines()
    assert "Round 1 ; à fighter d'agir" in out  # ids stay ids
    goblin = next(line for line in out if line.strip().startswith("gob1"))
    assert goblin.split()[-3:] == ["conscient", "à", "terre"]


def test_the_editor_speaks_french(tmp_path, french):
    import pygame_gui

    from game.session.editing import Draft
    from game.ui.editor import Editor

    ed = Editor(Draft.new(10, 8), size=(1100, 720), save_to=tmp_path / "made.scenario.toml")
    try:
        ed.step()
        assert ed.manager.get_locale() == "fr"
        assert ed.widgets["tool:brush"].text == "Pinceau [B]" and ed.widgets["resize"].text == "Redimensionner"
        assert ed.widgets["paint:~"].text == "eau profonde ~"  # the terrain's name; its character stays
        ed.widgets["width"].set_text("2")
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=ed.widgets["resize"]))
        ed.step()
        assert ed.message[0] == "une carte fait de 3 à 200 cases de côté, pas 2 x 8" and ed.draft.width == 10
        ed.draft.paint([(1, 1)], "#")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        ed.step()
        assert ed.running and ed.message[0].startswith("Modifications non enregistrées")
    finally:
        ed.close()


def test_the_action_bar_names_a_bundled_weapon_and_spell_in_french():
    # the buttons speak the same words as the log: "Fire bolt" is "Trait de feu" in French
    from game.rules.words import titled
    roster = [creature("wizard", "wizard", "blue", (0, 1)), creature("gob1", "goblin", "red", (5, 1))]
    b = new_battle(scenario("........\n........\n........", roster, initiative=["wizard", "gob1"]))
    try:
        i18n.set_language("fr")
        titles = {a.key: a.title for a in b.acts()}
        french = titled("fire-bolt")
    finally:
        i18n.set_language("en")
    assert titles["spell:fire-bolt"] == french == "Trait de feu"
    assert {a.key: a.title for a in b.acts()}["spell:fire-bolt"] == "Fire bolt"
