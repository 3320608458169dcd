"""National Economy solo on the table: the public area in age order, the neutral blockers, and
the round's wages and tax.

Qt-free, like the 2-4 player view it builds on (``NationalEconomyView`` gives the header, the
player's area, the gestures and the refusal reasons, here asked of the solo rules). The public
area runs newest → oldest from the left (NE-R72). The blockers are grey tokens with stable ids
``blocker0``, ``blocker1``, …: blocker ``k`` stands on the ``k``-th card blocked this round and
the others wait in their own strip under the public area, so placing one or clearing them at
the round's end is an ordinary piece move that the table animates. Beside that strip the
round's bill (wages + tax) and the tax paid so far are spelled out.
"""

from __future__ import annotations

from typing import Any

from tabletop import api
from tabletop.api import Layout, Msg, ScoreLine, Zone, both

from .data import ROUNDS, WAGES
from .model import Phase, rules_of
from .scoring import score_breakdown
from .solo import (
    R_BANKRUPT,
    R_CLEAR,
    R_NOT_CLEARED,
    NationalEconomySoloGame,
    NESoloObs,
    blocked_reason,
    result_message,
    sale_price,
    tax_for,
    taxed,
    untaxed,
)
from .solo_words import SOLO_WORDS
from .spec import CHOICE_LABELS, GAME_OVER, TAX_ROUND_MINUS_ONE, VARIANT_B
from .view import (
    GAP,
    MARGIN,
    OVERHANG,
    READ_W,
    TOKEN,
    NationalEconomyView,
    _card_piece,
    _multi,
    _Workers,
    grid,
)

SOLO_GAME = NationalEconomySoloGame()
BLOCKER_COLOR = "#8c9399"
STRIP_H = TOKEN + 2 * GAP + 4


def blocker_id(k: int) -> str:
    return f"blocker{k}"


def _both(code: str, **args: Any) -> tuple[str, str]:
    """A message of the catalogue in English and Japanese, for pieces, zones and texts."""
    return both(Msg(code, **args), SOLO_WORDS)


def _card(card: str) -> tuple[str, str]:
    return both(Msg(f"card.{card}"), SOLO_WORDS)


class NationalEconomySoloView(NationalEconomyView[NESoloObs]):
    """Layout, gestures and words for National Economy solo."""

    words = SOLO_WORDS

    game = SOLO_GAME
    show_marker = False  # NE-R71: no start player
    between_h = STRIP_H + 30.0  # the blockers and the bill, then the own area

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: NESoloObs, seat: int | None) -> Layout:
        out = super().layout(obs, seat)
        top = max(z.y + z.h for z in out.zones if z.id in ("public", "revealed")) + 30.0
        self._strip(out, obs, top)
        return out

    def _header(self, out: Layout, obs: NESoloObs) -> None:
        super()._header(out, obs)
        rnd, wage, tax = int(obs["round"]), int(obs["wage"]), int(obs["tax"])
        variant, mode = str(obs["variant"]), str(obs["tax_mode"])
        for t in out.texts:
            if t.id == "round":
                # NE-R76: the tax sits next to the wage it is paid with.
                t.text_en, t.text_ja = _both(untaxed("view.solo_round", variant, mode),
                                             round=rnd, rounds=ROUNDS, wage=wage, tax=tax)
        for p in out.pieces:
            if p.id.startswith("round") and p.id[5:].isdigit():
                r = int(p.id[5:])
                t_r = tax_for(variant, mode, r)
                p.tooltip_en, p.tooltip_ja = _both(untaxed("view.solo_round_tip", variant, mode),
                                                   round=r, wage=WAGES[r - 1], tax=t_r)

    def _public(self, out: Layout, obs: NESoloObs, workers: _Workers, zone: Zone) -> float:
        """The public area newest first (NE-R72), blocked cards dimmed under a blocker."""
        cards = [str(e["card"]) for e in obs["public"]]
        order = list(range(len(cards)))[::-1]
        pos, cw, ch = grid(len(cards), zone.x + GAP, zone.y + GAP, zone.w - 2 * GAP,
                           zone.h - 2 * GAP - OVERHANG, READ_W, 56.0, GAP + OVERHANG)
        rows = len({cy for _, cy in pos}) or 1
        zone = Zone(zone.id, zone.x, zone.y, zone.w, rows * (ch + GAP + OVERHANG) + GAP,
                    *_both("view.solo_public"), zone.color)
        out.zones.append(zone)
        effect = str(obs["effect"])
        blockers = [int(i) for i in obs["blockers"]]
        size = min(TOKEN, cw / 2.5)
        for slot, (i, (cx, cy)) in enumerate(zip(order, pos, strict=True)):
            card = cards[i]
            on = workers.on_public[i]
            state = ""
            if (on and not _multi(card, 1)) or i in blockers:
                state = "used"
            if effect == card and int(obs["where"]) < 0 and on and on[-1].startswith(
                    f"w{obs['active']}_"):
                state = "active"
            piece = _card_piece(f"pub{i}", card, cx, cy, cw, ch, 1, state, z=slot)
            age = "view.newest" if slot == 0 else ("view.oldest" if slot == len(order) - 1
                                                   else "")
            if age:
                en, ja = _both(age)
                piece.tooltip_en += en
                piece.tooltip_ja += ja
            if i in blockers:
                en, ja = both(blocked_reason(card), SOLO_WORDS)
                piece.tooltip_en = f"{en}\n\n{piece.tooltip_en}"
                piece.tooltip_ja = f"{ja}\n\n{piece.tooltip_ja}"
                # No use this round: its effect stays in the hover text, where the blocker
                # lying on the card would not hide half of it.
                piece.art.update(body_en="", body_ja="")
            out.pieces.append(piece)
            self._tokens_on(out, obs, on, cx, cy, cw, ch, 10.0 + slot)
            if i in blockers:
                k = blockers.index(i)
                # Lower right: worker tokens lie from the lower left, the title stays clear.
                out.pieces.append(self._blocker(k, card, cx + cw - size - 4,
                                                cy + ch - size - 4, size, 250.0 + slot))
        return zone.y + zone.h

    @staticmethod
    def _blocker(k: int, card: str, x: float, y: float, size: float, z: float) -> api.Piece:
        en, ja = _both("view.blocker_on", card=card) if card else _both("view.blocker_waiting")
        return api.Piece(blocker_id(k), "token", x, y, w=size, h=size,
                     art={"label": "B", "color": BLOCKER_COLOR}, z=z,
                     tooltip_en=en, tooltip_ja=ja)

    def _strip(self, out: Layout, obs: NESoloObs, y: float) -> None:
        """The waiting blockers, and the round's bill beside them."""
        blockers = list(obs["blockers"])
        pl = obs["players"][0]
        # One blocker can follow each placement, so there are as many as workers.
        count = max(int(pl["workers"]), len(blockers))
        zw = max(4, count) * (TOKEN + 6) + 2 * GAP
        out.zones.append(Zone("blockers", MARGIN, y, zw, STRIP_H, *_both("view.blockers"),
                              BLOCKER_COLOR))
        # Each blocker has its own spot, so the waiting ones do not shuffle along.
        for k in range(len(blockers), count):
            out.pieces.append(self._blocker(k, "", MARGIN + GAP + k * (TOKEN + 6), y + GAP + 2,
                                            TOKEN, 300.0))
        wages, tax = int(obs["wages_due"]), int(obs["tax"])
        workers, wage, cash = int(pl["workers"]), int(obs["wage"]), int(pl["cash"])
        failure = Msg("view.bill_game_over") if str(obs["wage_failure"]) == GAME_OVER else ""
        code = untaxed("view.bill", str(obs["variant"]), str(obs["tax_mode"]))
        line_en, line_ja = _both(code, wages=wages, workers=workers, wage=wage, tax=tax,
                                 total=wages + tax, cash=cash, failure=failure)
        out.texts.append(api.Text("bill", MARGIN + zw + 24, y + 2, line_en, line_ja, size=15,
                              bold=True))
        taxed = int(obs["taxed"])
        if obs["variant"] == VARIANT_B:
            total = self._total(obs)
            goal = int(obs["clear_score"] or 0)  # set under rules b
            second_en, second_ja = _both("view.rules_b", goal=goal, total=total)
        else:
            second_en, second_ja = _both("view.rules_a", taxed=taxed)
        out.texts.append(api.Text("rules_line", MARGIN + zw + 24, y + 26, second_en, second_ja,
                              size=13))

    @staticmethod
    def _total(obs: NESoloObs) -> int:
        pl = obs["players"][0]
        return score_breakdown(pl["buildings"], int(pl["cash"]), int(pl["penalties"]),
                               int(pl["workers"]), pl["hand"] or [],
                               rules_of(obs).bonus_each_copy).total

    # -- gestures -------------------------------------------------------------------------
    def gestures(self, obs: NESoloObs, seat: int | None,
                 legal_actions: list[str]) -> list[api.Gesture]:
        blocked = {f"pub{int(i)}" for i in obs["blockers"]}
        # A blocked copy takes no worker even when another copy of its card is free.
        return [g for g in super().gestures(obs, seat, legal_actions) if g.target not in blocked]

    # -- words ----------------------------------------------------------------------------
    def _price(self, obs: NESoloObs, card: str) -> int:
        prices = obs["players"][0].get("prices") or {}
        return int(prices[card]) if card in prices else sale_price(str(obs["variant"]), card)

    def _sellable(self, obs: NESoloObs, seat: int) -> list[str]:
        return [str(b) for b in obs["players"][seat]["sellable"]]

    def _sale_head(self, obs: NESoloObs, due: int, cash: int) -> Msg:
        wages, tax = int(obs["wages_due"]), int(obs["tax"])
        code = untaxed("status.solo_payday", str(obs["variant"]), str(obs["tax_mode"]))
        return Msg(code, wages=wages, tax=tax, due=due, cash=cash, short=due - cash)

    def why_not_seated(self, obs: NESoloObs, seat: int, source: str,
                       target: str | None) -> Msg:
        if source.startswith("blocker"):
            return Msg("table.blockers")
        worker = source.startswith("w")
        card = self._blocked_card(obs, target if worker else source)
        free = not worker or source in _Workers(obs).free[seat]
        if card and free and obs["phase"] == Phase.PLACE:
            return blocked_reason(card)
        return super().why_not_seated(obs, seat, source, target)

    @staticmethod
    def _blocked_card(obs: NESoloObs, piece: str | None) -> str:
        """The card under a blocker that ``piece`` shows; ``""`` for anything else."""
        if piece is None or not piece.startswith("pub") or not piece[3:].isdigit():
            return ""
        i = int(piece[3:])
        if i in [int(b) for b in obs["blockers"]] and i < len(obs["public"]):
            return str(obs["public"][i]["card"])
        return ""

    def _winner_text(self, obs: NESoloObs) -> Msg:
        scores = obs.get("scores") or [{"total": 0}]
        return result_message(str(obs["result"]), int(scores[0]["total"]), str(obs["variant"]),
                              str(obs["tax_mode"]))

    def high_score(self, obs: NESoloObs) -> api.HighScore | None:
        """NE-R78/NE-R84: one list per set of rules (variant, tax schedule, what unpaid wages
        do); a game lost to NE-R77 is not a score."""
        if obs["phase"] != Phase.OVER or not obs["scores"] or obs["result"] == R_BANKRUPT:
            return None
        variant, tax, failure = str(obs["variant"]), str(obs["tax_mode"]), \
            str(obs["wage_failure"])
        key = [variant]
        en, ja = [f"Rules {variant}"], [f"ルール{variant}"]
        if variant != VARIANT_B and tax != TAX_ROUND_MINUS_ONE:
            key.append(f"tax={tax}")
            en.append(f"tax {tax}")
            ja.append(f"税金 {tax}")
        if failure != GAME_OVER:
            key.append(f"wages={failure}")
            en.append("penalty tokens")
            ja.append("罰符あり")
        # Rule options away from the spec's decisions change what a score means, so they get
        # lists of their own; with the defaults the key is what it always was.
        for opt, value in sorted(rules_of(obs).changed().items()):
            key.append(f"{opt}={value}")
            words = CHOICE_LABELS[opt][value]
            en.append(words["en"].lower())
            ja.append(words["ja"])
        sc = obs["scores"][0]
        lines = [ScoreLine("Cash", "現金", int(sc["cash"])),
                 ScoreLine("Buildings", "建物", int(sc["buildings"]))]
        lines += [ScoreLine(_card(b)[0], _card(b)[1], int(v))
                  for b, v in sorted(sc["bonuses"].items())]
        if int(sc["penalty"]):
            lines.append(ScoreLine("Penalties", "未払い罰符", -int(sc["penalty"])))
        short = {R_CLEAR: ("Clear!", "クリア！"), R_NOT_CLEARED: ("Not cleared", "クリアならず")}
        res_en, res_ja = short.get(str(obs["result"]), ("Finished", "終了"))
        return api.HighScore("|".join(key), " · ".join(en), "・".join(ja), int(sc["total"]),
                         res_en, res_ja, tuple(lines))

    def summary(self, obs: NESoloObs) -> Msg | None:
        text = super().summary(obs)
        if text is not None and int(obs["taxed"]):
            return Msg("view.concat", first=text, rest=Msg("summary.tax", taxed=obs["taxed"]))
        return text

    def series(self, obs: NESoloObs) -> list[api.Figure]:
        out = super().series(obs)
        if taxed(str(obs["variant"]), str(obs["tax_mode"])):  # no panel that stays at $0
            out.append((Msg("series.tax_paid"), float(obs["taxed"])))
        return out

    def series_panels(self) -> list[tuple[Msg, tuple[Msg, ...]]]:
        return [*super().series_panels(), (Msg("series.tax_paid"), (Msg("series.tax"),))]
