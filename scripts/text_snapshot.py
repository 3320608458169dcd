"""Everything a player reads in seeded games, written out so that two versions compare word
for word.

For every built-in game (fewest and most players, default options, a few seeds) a seeded
random game is stepped through; at each decision it records, in English and Japanese: the
prompt, the status line and the table's texts for every seat and the spectator, the buttons,
the readable description of every legal action, the refusal of a handful of illegal ones, the
log lines each seat may read, and the state's digest. Seeded matches between AI levels record
every decision. The end-of-game summary, score table and chart series close each game.

    python scripts/text_snapshot.py --out before.json
    python scripts/text_snapshot.py --out after.json
    python scripts/text_snapshot.py --compare before.json after.json

A refactoring that changes nothing a player sees leaves the two files equal.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.app.i18n import gesture_label  # noqa: E402
from tabletop.engine import CHANCE, GameError, Session  # noqa: E402
from tabletop.registry import load_plugins  # noqa: E402

LANGS = ("en", "ja")


def _choice(g: Any, lang: str) -> str:
    """How the table's chooser offers a gesture: its choice text, else its label."""
    return (g.choice_ja if lang == "ja" else g.choice_en) or gesture_label(g, lang)


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Words:
    """Words of one game through whichever text interface the installed version has: a
    ``Speaker`` over message codes, or rules that take a language and return words."""

    def __init__(self, plugin: Any) -> None:
        self.game = plugin.game
        self.speaker = plugin.speaker() if hasattr(plugin, "speaker") else None

    def prompt(self, state: Any, seat: int, lang: str) -> str:
        if self.speaker is not None:
            return self.speaker.prompt(state, seat, lang)
        return str(self.game.prompt(state, seat, lang))

    def describe(self, state: Any, action: str, lang: str) -> str:
        if self.speaker is not None:
            return self.speaker.describe(state, action, lang)
        return str(self.game.describe_action(state, action, lang))

    def refusal(self, state: Any, action: str, lang: str) -> str:
        try:
            if self.speaker is not None:
                self.game.check_action(state, action)
            else:
                self.game.check_action(state, action, lang)
        except GameError as exc:
            if self.speaker is not None:
                return self.speaker.refusal(exc, lang, state)
            return str(exc)
        return ""

    def view_text(self, value: Any, lang: str) -> Any:
        """What a view returned for the status line, a refusal or the summary, worded."""
        if self.speaker is not None:
            return self.speaker.say(value, lang)
        return value

    def event(self, event: Any, lang: str) -> str:
        if self.speaker is not None:
            return self.speaker.say(event, lang)
        return str(event.describe(lang))


class ViewWords:
    """A view's texts in one language, whether its methods take a language and return words
    (earlier versions) or speak in messages and lay out both languages (this one)."""

    def __init__(self, view: Any, words: Words) -> None:
        self.view = view
        self.words = words
        self.old = "lang" in inspect.signature(view.layout).parameters

    def layout(self, obs: Any, seat: int | None, lang: str) -> Any:
        return self.view.layout(obs, seat, lang) if self.old else self.view.layout(obs, seat)

    def status(self, obs: Any, seat: int | None, lang: str) -> Any:
        args = (obs, seat, lang) if self.old else (obs, seat)
        return self.words.view_text(self.view.status(*args), lang)

    def why_not(self, obs: Any, seat: int | None, source: str, target: str | None,
                lang: str) -> Any:
        args = (obs, seat, source, target, lang) if self.old else (obs, seat, source, target)
        return self.words.view_text(self.view.why_not(*args), lang)

    def summary(self, obs: Any, lang: str) -> Any:
        args = (obs, lang) if self.old else (obs,)
        return self.words.view_text(self.view.summary(*args), lang)

    def series(self, obs: Any, lang: str) -> Any:
        if self.old:
            return self.view.series(obs, lang)
        return {self.words.view_text(n, lang): v for n, v in self.view.series(obs)}

    def score_table(self, obs: Any, lang: str) -> Any:
        if self.old:
            return self.view.score_table(obs, lang)
        rows = self.view.score_table(obs)
        return None if rows is None else [[self.words.view_text(c, lang) for c in row]
                                          for row in rows]

    def panels(self, lang: str) -> Any:
        if self.old:
            return [[t, list(w)] for t, w in self.view.series_panels(lang)]
        return [[self.words.view_text(t, lang), [self.words.view_text(x, lang) for x in w]]
                for t, w in self.view.series_panels()]


def _pick(first: str, other: str) -> tuple[str, str]:
    """The table's rule for a text in two languages: the player's first, else the other."""
    return (first, other) if first else (other, "")


def _shown_art(art: dict[str, Any], lang: str) -> dict[str, Any]:
    """A piece's art as the table paints it in ``lang`` (``tabletop.table.art``)."""
    mine, theirs = ("_ja", "_en") if lang == "ja" else ("_en", "_ja")
    out = {k: v for k, v in sorted(art.items()) if isinstance(v, str | int | bool)
           and not k.startswith(("title_", "subtitle_", "body_", "label"))
           and k != "one_language"}  # a flag of earlier tables: the body is one language now
    first, second = _pick(str(art.get("title" + mine, "")), str(art.get("title" + theirs, "")))
    if "subtitle_en" in art or "subtitle_ja" in art:
        second = str(art.get("subtitle" + mine, "") or "")
    out["title"] = (first, second)
    out["body"] = _pick(str(art.get("body" + mine, "")), str(art.get("body" + theirs, "")))[0]
    out["label"] = str(art.get("label" + mine) or art.get("label" + theirs)
                       or art.get("label", "") or "")
    return out


def _layout_texts(layout: Any, lang: str) -> dict[str, Any]:
    """What the table shows of ``layout`` to a player reading ``lang``."""
    ja = lang == "ja"

    def two(en: str, ja_text: str) -> str:
        return (ja_text or en) if ja else (en or ja_text)

    out: dict[str, Any] = {"size": [layout.width, layout.height]}
    out["pieces"] = [[p.id, p.kind, p.face_up, _shown_art(p.art, lang),
                      two(p.tooltip_en, p.tooltip_ja), p.state, round(p.x, 2), round(p.y, 2)]
                     for p in layout.pieces]
    out["zones"] = [[z.id, two(z.label_en, z.label_ja)] for z in layout.zones]
    out["meters"] = [[m.id, two(m.label_en, m.label_ja), m.value, m.maximum]
                     for m in layout.meters]
    out["texts"] = [[t.id, two(t.text_en, t.text_ja)] for t in layout.texts]
    return out


def snapshot_game(plugin: Any, players: int, seed: int, steps: int) -> dict[str, Any]:
    game = plugin.game
    words = Words(plugin)
    view = plugin.view()
    said = ViewWords(view, words)
    session = Session(game, players, {}, seed, human_seats=range(players))
    rng = random.Random(f"snapshot/{game.spec.id}/{players}/{seed}")
    seats: list[int | None] = [None, *range(players)]
    recent: list[str] = []
    records: list[dict[str, Any]] = []
    seen_events = 0
    for step in range(steps):
        state = session.state
        mover = session.current_player()
        rec: dict[str, Any] = {"step": step, "mover": mover, "hash": session.state_hash()}
        events = [e for r in session.history for e in r.events]
        new = events[seen_events:]
        seen_events = len(events)
        rec["log"] = {str(v): [words.event(e, lang) for e in new
                               if e.visible_to(v) and getattr(e, "logged", True)
                               for lang in LANGS] for v in seats}
        for v in seats:
            obs = session.observation(v)
            for lang in LANGS:
                layout = said.layout(obs, v, lang)
                key = f"{v}/{lang}"
                texts = _layout_texts(layout, lang)
                rec[f"status/{key}"] = said.status(obs, v, lang)
                if v == mover:
                    rec[f"layout/{key}"] = texts
                else:
                    rec[f"layout/{key}"] = _digest(texts)
                rec[f"series/{key}"] = said.series(obs, lang) if v is None else None
        if session.is_terminal():
            obs = session.observation(None)
            for lang in LANGS:
                rec[f"summary/{lang}"] = said.summary(obs, lang)
                rec[f"score_table/{lang}"] = said.score_table(obs, lang)
                rec[f"panels/{lang}"] = said.panels(lang)
            records.append(rec)
            break
        legal = session.legal_actions()
        obs = session.observation(mover)
        for lang in LANGS:
            rec[f"prompt/{lang}"] = words.prompt(state, mover, lang)
            rec[f"describe/{lang}"] = [words.describe(state, a, lang) for a in legal[:25]]
            tried = [a for a in dict.fromkeys([*recent[-8:], "no-such:1", ""]) if a not in legal]
            rec[f"refusal/{lang}"] = {a: words.refusal(state, a, lang) for a in tried}
            gestures = view.gestures(obs, mover, legal)
            rec[f"gestures/{lang}"] = [[g.action, g.source, g.target, gesture_label(g, lang),
                                        _choice(g, lang)] for g in gestures]
            layout = said.layout(obs, mover, lang)
            ids = [p.id for p in layout.pieces[:4]] + [z.id for z in layout.zones[:3]]
            rec[f"why_not/{lang}"] = [said.why_not(obs, mover, a, b, lang)
                                      for a in ids[:4] for b in [None, *ids[4:]]]
        action = legal[rng.randrange(len(legal))]
        recent.append(action)
        rec["action"] = action
        records.append(rec)
        session.submit(mover, action)
    return {"game": game.spec.id, "players": players, "seed": seed, "steps": records}


def ai_match(plugin: Any, players: int, seed: int, levels: tuple[str, ...]) -> dict[str, Any]:
    from tabletop.ai.levels import make_agent
    from tabletop.tournament import derive_seed

    game = plugin.game
    session = Session(game, players, {}, seed, human_seats=())
    agents = [make_agent(levels[i % len(levels)], None) for i in range(players)]
    decisions: list[str] = []
    while not session.is_terminal() and len(decisions) < 400:
        seat = session.current_player()
        d = agents[seat].choose(game, session.observation(seat), seat, session.legal_actions(),
                                seed=derive_seed(seed, seat, len(session.history)))
        decisions.append(d.action)
        session.submit(seat, d.action)
    return {"game": game.spec.id, "players": players, "seed": seed, "levels": list(levels),
            "decisions": decisions, "hash": session.state_hash(),
            "chance": [r.action for r in session.history if r.seat == CHANCE][:50]}


def snapshot(steps: int, seeds: list[int], ai: bool,
             games: set[str] | None = None) -> dict[str, Any]:
    plugins, failures = load_plugins(include_entry_points=False)
    out: dict[str, Any] = {"games": [], "ai": [], "failures": [f.source for f in failures]}
    for gid, plugin in sorted(plugins.items()):
        if games and gid not in games:
            continue
        spec = plugin.spec
        for players in sorted({spec.min_players, spec.max_players}):
            for seed in seeds:
                out["games"].append(snapshot_game(plugin, players, seed, steps))
            if ai:
                out["ai"].append(ai_match(plugin, players, seeds[0], ("easy", "normal")))
    return out


def compare(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """Differences between two snapshots, over the games both hold (a snapshot taken with
    ``--games`` compares against the same games of a whole one)."""
    diffs: list[str] = []

    def key(g: dict[str, Any]) -> tuple[str, int, int]:
        return g["game"], g["players"], g["seed"]

    after = {key(g): g for g in b["games"]}
    for ga in a["games"]:
        gb = after.get(key(ga))
        if gb is None:
            continue
        where = f"{ga['game']} {ga['players']}p seed {ga['seed']}"
        for ra, rb in zip(ga["steps"], gb["steps"], strict=False):
            for k in sorted(set(ra) | set(rb)):
                if ra.get(k) != rb.get(k):
                    diffs.append(f"{where} step {ra['step']} {k}:\n  before {ra.get(k)!r}"
                                 f"\n  after  {rb.get(k)!r}")
        if len(ga["steps"]) != len(gb["steps"]):
            diffs.append(f"{where}: {len(ga['steps'])} steps before, {len(gb['steps'])} after")
    matches = {(m["game"], m["players"]): m for m in b["ai"]}
    for ma in a["ai"]:
        mb = matches.get((ma["game"], ma["players"]))
        if mb is not None and ma != mb:
            diffs.append(f"AI match {ma['game']} {ma['players']}p differs")
    return diffs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--steps", type=int, default=80)
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--no-ai", action="store_true")
    parser.add_argument("--games", default="", help="only these ids, comma-separated")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        before, after = (json.loads(p.read_text()) for p in args.compare)
        diffs = compare(before, after)
        for d in diffs[:50]:
            print(d)
        games = [g for g in before["games"] if any(
            (g["game"], g["players"], g["seed"]) == (h["game"], h["players"], h["seed"])
            for h in after["games"])]
        steps = sum(len(g["steps"]) for g in games)
        ai = sum(1 for m in after["ai"] if any((m["game"], m["players"])
                                                == (n["game"], n["players"]) for n in before["ai"]))
        print(f"{len(games)} seeded games, {steps} steps, {ai} AI matches compared: "
              f"{len(diffs)} differences")
        return 1 if diffs else 0
    keep = set(args.games.split(",")) if args.games else None
    data = snapshot(args.steps, [int(s) for s in args.seeds.split(",")], not args.no_ai, keep)
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, default=repr)
    if args.out:
        args.out.write_text(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
