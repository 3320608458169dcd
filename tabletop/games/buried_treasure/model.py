"""Buried Treasure (埋蔵金) rules model: bury a card secretly, bid on the hidden sum, collect.

Rules follow /work/shared/rules/buried-treasure.md (BT-R1..BT-R32, decisions BT-G1..BT-G10).

The simultaneous, secret bury of BT-R10 is collected one seat after another, from the dealer
clockwise (``bury:<value>``). Until every seat has buried, and then until the bids are all in,
a seat's observation shows of another seat only *that* it has buried, never *what*: the cards
are revealed together in one event (``reveals=True``) after the last bid (BT-R13). The bids
(``bid:<value>``, ``bid:0`` takes the first free zero slot, BT-R12) are open, as on the board.
A rewarded player who is not an exact hit picks one centre card or declines
(``take:<value>`` / ``pass``, BT-R16, BT-G5); exact hits and the bust penalty need no choice
and are applied at once.

Cards differ only by value, so the deck is a count per value and every dealt card is the
chance outcome ``deal:<value>`` weighted by the copies left; the first dealer is the chance
outcome ``dealer:<seat>`` (BT-R2). What a seat knows: its own hand, the card it buried itself,
the centre, every collected card, the board. ``resample`` deals every other card (other hands,
the others' buried cards, the unused rest of the deck) afresh from what that seat cannot
locate, so search never leans on a hidden choice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from tabletop.engine import CHANCE, TERMINAL, Event, Game
from tabletop.engine.game import JSON, Observation
from tabletop.engine.game import words as _msg
from tabletop.engine.spec import OptionValue

from .data import (
    BID_VALUES,
    HAND_SIZE,
    NEGATIVE,
    ROUNDS,
    TARGET,
    VALUE_INDEX,
    VALUES,
    card_name,
    full_deck,
)
from .spec import SPEC

# Phases of a state.
P_DEALER = "dealer"  # chance: the first dealer (BT-R2)
P_DEAL = "deal"      # chance: seven cards each (BT-R1)
P_BURY = "bury"      # seats bury a card secretly, one after another (BT-R10)
P_BID = "bid"        # seats place their pawns, from the dealer clockwise (BT-R11)
P_TAKE = "take"      # a rewarded player picks one centre card or declines (BT-R16)
P_OVER = "over"      # BT-R31

PASS = "pass"
GAME_OVER: tuple[str, str] = ("The game is over.", "ゲームは終わっています。")

BURY_TEXT: dict[int, str] = {v: f"bury:{v}" for v in VALUES}
TAKE_TEXT: dict[int, str] = {v: f"take:{v}" for v in VALUES}
BID_TEXT: dict[int, str] = {v: f"bid:{v}" for v in (0, *BID_VALUES)}
DEAL_TEXT: tuple[str, ...] = tuple(f"deal:{v}" for v in VALUES)
_VALUE_OF: dict[str, int] = {str(v): v for v in VALUES}
_BID_OF: dict[str, int] = {str(v): v for v in (0, *BID_VALUES)}


def player_name(seat: int, lang: str) -> str:
    return f"プレイヤー{seat + 1}" if lang == "ja" else f"Player {seat + 1}"


def join_names(seats: list[int], lang: str) -> str:
    names = [player_name(p, lang) for p in seats]
    if lang == "ja":
        return "・".join(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def cards_text(cards: list[int]) -> str:
    return ", ".join(str(v) for v in cards) if cards else "-"


def bid_rank(bids: list[int], orders: list[int]) -> list[int]:
    """Seats from the highest bid down; among zeros the earlier pawn ranks higher (BT-R12)."""
    seats = [p for p in range(len(bids)) if bids[p] >= 0]
    seats.sort(key=lambda p: (-bids[p], orders[p]))
    return seats


# ---------------------------------------------------------------------------------------------
# Log lines, built only when someone reads them (search applies actions by the thousand).
# ---------------------------------------------------------------------------------------------


def _dealer_words(seat: int) -> dict[str, str]:
    return {"en": f"{player_name(seat, 'en')} is the first dealer. Each player gets "
                  f"{HAND_SIZE} cards.",
            "ja": f"{player_name(seat, 'ja')}が最初の親です。{HAND_SIZE}枚ずつ配ります。"}


def _hand_words(hand: tuple[int, ...]) -> dict[str, str]:
    text = cards_text(list(hand))
    return {"en": f"Your hand: {text}.", "ja": f"あなたの手札:{text}。"}


def _bury_words(seat: int) -> dict[str, str]:
    return {"en": f"{player_name(seat, 'en')} has chosen a card and buried it face down "
                  "(hidden until the reveal).",
            "ja": f"{player_name(seat, 'ja')}がカードを選んで伏せて埋めました(公開まで秘密)。"}


def _own_bury_words(value: int) -> dict[str, str]:
    return {"en": f"(You buried {card_name(value, 'en')}.)",
            "ja": f"(あなたが埋めたのは{card_name(value, 'ja')}です)"}


def _all_buried_words(dealer: int) -> dict[str, str]:
    return {"en": f"Everyone has buried a card. Bidding starts with {player_name(dealer, 'en')}.",
            "ja": f"全員が埋め終わりました。{player_name(dealer, 'ja')}から競りを始めます。"}


def _bid_words(seat: int, value: int, zero_rank: int) -> dict[str, str]:
    if value == 0:
        return {"en": f"{player_name(seat, 'en')} bids 0 (zero slot {zero_rank}).",
                "ja": f"{player_name(seat, 'ja')}が0({zero_rank}番目の0)に入札しました。"}
    return {"en": f"{player_name(seat, 'en')} bids {value}.",
            "ja": f"{player_name(seat, 'ja')}が{value}に入札しました。"}


def _reveal_words(cards: tuple[int, ...], total: int) -> dict[str, str]:
    en = "; ".join(f"{player_name(p, 'en')} {v}" for p, v in enumerate(cards))
    ja = "、".join(f"{player_name(p, 'ja')} {v}" for p, v in enumerate(cards))
    return {"en": f"Reveal! {en}: the total is {total}.",
            "ja": f"公開!{ja}:合計は{total}です。"}


def _bust_words(busted: tuple[int, ...], penalised: int, count: int) -> dict[str, str]:
    names = list(busted)
    en = f"{join_names(names, 'en')} bid over the total and bust{'s' if len(names) == 1 else ''}."
    ja = f"{join_names(names, 'ja')}は合計を超えたのでバースト(何ももらえません)。"
    if penalised >= 0:
        en += (f" {player_name(penalised, 'en')} has the highest bust bid and takes "
               f"{count} × −5.")
        ja += f"最も高いバーストの{player_name(penalised, 'ja')}が−5を{count}枚引き取ります。"
    return {"en": en, "ja": ja}


def _exact_words(seat: int, cards: tuple[int, ...]) -> dict[str, str]:
    if not cards:
        return {"en": f"{player_name(seat, 'en')} hits the total exactly, but no positive card "
                      "is left.",
                "ja": f"{player_name(seat, 'ja')}はピタリ賞ですが、プラスのカードは"
                      "残っていません。"}
    text = cards_text(list(cards))
    return {"en": f"Exact hit! {player_name(seat, 'en')} takes every positive card: {text}.",
            "ja": f"ピタリ賞!{player_name(seat, 'ja')}がプラスのカードを全部取ります:{text}。"}


def _take_words(seat: int, value: int) -> dict[str, str]:
    return {"en": f"{player_name(seat, 'en')} takes {card_name(value, 'en')}.",
            "ja": f"{player_name(seat, 'ja')}が{card_name(value, 'ja')}を取りました。"}


def _pass_words(seat: int) -> dict[str, str]:
    return {"en": f"{player_name(seat, 'en')} takes nothing.",
            "ja": f"{player_name(seat, 'ja')}は何も取りませんでした。"}


def _empty_words(seat: int) -> dict[str, str]:
    return {"en": f"Nothing is left in the centre for {player_name(seat, 'en')}.",
            "ja": f"{player_name(seat, 'ja')}の番には中央にカードが残っていません。"}


def _round_words(number: int, dealer: int) -> dict[str, str]:
    return {"en": f"Round {number} of {ROUNDS}: {player_name(dealer, 'en')} deals. Choose a "
                  "card to bury secretly.",
            "ja": f"第{number}/{ROUNDS}ラウンド:親は{player_name(dealer, 'ja')}。埋めるカードを"
                  "こっそり選んでください。"}


def _end_words(scores: tuple[int, ...], winners: tuple[int, ...], early: bool) -> dict[str, str]:
    w = list(winners)
    tally_en = ", ".join(f"{player_name(p, 'en')} {v}" for p, v in enumerate(scores))
    tally_ja = "、".join(f"{player_name(p, 'ja')} {v}点" for p, v in enumerate(scores))
    why_en = f"someone has {TARGET} points" if early else f"after round {ROUNDS}"
    why_ja = f"{TARGET}点以上の人が出たので" if early else f"第{ROUNDS}ラウンドが終わったので"
    verb = "wins" if len(w) == 1 else "share the win"
    return {"en": f"Game over ({why_en}). Scores: {tally_en}. {join_names(w, 'en')} {verb}.",
            "ja": f"ゲーム終了({why_ja})。得点:{tally_ja}。{join_names(w, 'ja')}の勝ち。"}


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


class BuriedTreasureState:
    """One position.

    ``hands[p]`` holds seat ``p``'s card values in increasing order; ``buried[p]`` the card
    it buried this round (``None`` until it has). ``bids[p]`` is its bid (-1: none yet) and
    ``orders[p]`` when it was placed (0 first), which ranks the zeros (BT-R12). ``centre`` is
    the sorted display of face-up cards (leftovers and revealed cards, BT-R18). ``queue``
    holds the rewarded seats still to be served, highest bid first. ``deck`` counts the cards
    not dealt (unused this game after the deal, BT-R1). ``last`` describes the latest reveal
    for the table and is never changed once made, so clones may share it.
    """

    __slots__ = (
        "bids", "buried", "centre", "collected", "dealer", "deck", "deck_size", "hands",
        "last", "n", "orders", "pending", "phase", "queue", "round", "total", "turn",
        "winners",
    )

    def __init__(self, num_players: int) -> None:
        n = num_players
        self.n = n
        self.phase = P_DEALER
        self.pending: list[int] = []
        self.deck: list[int] = full_deck()
        self.deck_size = sum(self.deck)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.buried: list[int | None] = [None] * n
        self.bids = [-1] * n
        self.orders = [-1] * n
        self.centre: list[int] = []
        self.collected: list[list[int]] = [[] for _ in range(n)]
        self.queue: list[int] = []
        self.dealer = -1
        self.turn = -1
        self.round = 0
        self.total: int | None = None
        self.last: dict[str, Any] | None = None
        self.winners: list[int] = []

    def clone(self) -> BuriedTreasureState:
        s = BuriedTreasureState.__new__(BuriedTreasureState)
        s.n = self.n
        s.phase = self.phase
        s.pending = self.pending[:]
        s.deck = self.deck[:]
        s.deck_size = self.deck_size
        s.hands = [h[:] for h in self.hands]
        s.buried = self.buried[:]
        s.bids = self.bids[:]
        s.orders = self.orders[:]
        s.centre = self.centre[:]
        s.collected = [c[:] for c in self.collected]
        s.queue = self.queue[:]
        s.dealer = self.dealer
        s.turn = self.turn
        s.round = self.round
        s.total = self.total
        s.last = self.last
        s.winners = self.winners[:]
        return s

    def score(self, seat: int) -> int:
        return sum(self.collected[seat])  # BT-R30


def unseen_pool(obs: Mapping[str, Any], seat: int) -> list[int]:
    """Card values ``seat`` cannot locate: the whole deck minus its own hand, its own buried
    card, the centre and every collected card."""
    left = full_deck()
    seen: list[int] = [int(v) for v in obs["centre"]]
    for p, pl in enumerate(obs["players"]):
        seen.extend(int(v) for v in pl["collected"])
        if p == seat:
            seen.extend(int(v) for v in pl["hand"])
            if pl["buried_card"] is not None:
                seen.append(int(pl["buried_card"]))
    for v in seen:
        left[VALUE_INDEX[v]] -= 1
    return [v for i, v in enumerate(VALUES) for _ in range(left[i])]


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class BuriedTreasureGame(Game[BuriedTreasureState]):
    """Buried Treasure for 2 to 6 players (BT-R1..BT-R32)."""

    spec = SPEC

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, OptionValue]) -> BuriedTreasureState:
        # BT-R3, BT-R4: pawns are seat colours; centre and collected areas start empty.
        return BuriedTreasureState(num_players)

    def num_players(self, state: BuriedTreasureState) -> int:
        return state.n

    # -- flow -----------------------------------------------------------------------------
    def current_player(self, state: BuriedTreasureState) -> int:
        phase = state.phase
        if phase in (P_BURY, P_BID, P_TAKE):
            return state.turn
        if phase == P_OVER:
            return TERMINAL
        return CHANCE

    def legal_actions(self, state: BuriedTreasureState) -> list[str]:
        s = state
        phase = s.phase
        if phase == P_BURY:
            return [BURY_TEXT[v] for v in sorted(set(s.hands[s.turn]))]
        if phase == P_BID:
            # BT-R11, BT-R12: a taken value is closed; the zero slots (one per player) never
            # run out, so 0 is always open.
            taken = set(s.bids)
            return [BID_TEXT[0]] + [BID_TEXT[v] for v in BID_VALUES if v not in taken]
        if phase == P_TAKE:
            return [TAKE_TEXT[v] for v in sorted(set(s.centre))] + [PASS]
        if phase in (P_DEALER, P_DEAL):
            return [a for a, _ in self.chance_outcomes(s)]
        return []

    def chance_outcomes(self, state: BuriedTreasureState) -> list[tuple[str, float]]:
        s = state
        if s.phase == P_DEALER:
            return [(f"dealer:{p}", 1.0 / s.n) for p in range(s.n)]
        if s.phase == P_DEAL and s.deck_size:
            n = s.deck_size
            return [(DEAL_TEXT[i], k / n) for i, k in enumerate(s.deck) if k]
        return []

    def sample_chance(self, state: BuriedTreasureState, rng: random.Random) -> str:
        s = state
        if s.phase == P_DEALER:
            return f"dealer:{rng.randrange(s.n)}"
        if s.phase != P_DEAL or not s.deck_size:
            raise ValueError("Not a chance node.")
        r = rng.randrange(s.deck_size)
        for i, k in enumerate(s.deck):
            if r < k:
                return DEAL_TEXT[i]
            r -= k
        raise AssertionError("deck_size does not match the deck")

    def is_well_formed(self, action: str) -> bool:
        if action == PASS:
            return True
        kind, _, rest = action.partition(":")
        if kind in ("bury", "take", "deal"):
            return rest in _VALUE_OF
        if kind == "bid":
            return rest in _BID_OF
        if kind == "dealer":
            return rest.isdigit()
        return False

    # -- applying -------------------------------------------------------------------------
    def apply_in_place(self, state: BuriedTreasureState, action: str) -> list[Event]:
        s = state
        events: list[Event] = []
        kind, _, rest = action.partition(":")
        if kind == "bury":
            self._bury(s, int(rest), events)
        elif kind == "bid":
            self._bid(s, int(rest), events)
        elif kind == "take":
            self._take(s, int(rest), events)
        elif action == PASS:
            self._pass(s, events)
        elif kind == "deal":
            self._deal(s, int(rest), events)
        elif kind == "dealer":
            self._first_dealer(s, int(rest), events)
        else:
            raise ValueError(f"Unknown action {action!r}")
        return events

    def _first_dealer(self, s: BuriedTreasureState, seat: int, events: list[Event]) -> None:
        # BT-R1, BT-R2: a random first dealer, then seven cards each, one at a time.
        s.dealer = seat
        s.phase = P_DEAL
        s.pending = [(seat + k) % s.n for k in range(s.n)] * HAND_SIZE
        events.append(Event("dealer", {"seat": seat}, render=partial(_dealer_words, seat),
                            reveals=True))

    def _deal(self, s: BuriedTreasureState, value: int, events: list[Event]) -> None:
        seat = s.pending.pop(0)
        hand = s.hands[seat]
        hand.append(value)
        hand.sort()
        s.deck[VALUE_INDEX[value]] -= 1
        s.deck_size -= 1
        # Its seat sees the card arrive; the log tells the whole hand once the deal is done.
        events.append(Event("card", {"seat": seat, "card": value}, text={},
                            seats=frozenset((seat,)), reveals=True))
        if s.pending:
            return
        for p in range(s.n):
            events.append(Event("hand", {"seat": p, "hand": s.hands[p][:]},
                                render=partial(_hand_words, tuple(s.hands[p])),
                                seats=frozenset((p,)), reveals=True))
        self._start_round(s, 1, events)

    def _start_round(self, s: BuriedTreasureState, number: int, events: list[Event]) -> None:
        s.round = number
        s.phase = P_BURY
        s.turn = s.dealer
        s.buried = [None] * s.n
        s.bids = [-1] * s.n
        s.orders = [-1] * s.n
        s.total = None
        s.queue = []
        events.append(Event("round", {"round": number, "dealer": s.dealer},
                            render=partial(_round_words, number, s.dealer)))

    def _bury(self, s: BuriedTreasureState, value: int, events: list[Event]) -> None:
        # BT-R10, BT-G9: the choice is secret; the public line says only that it was made.
        seat = s.turn
        s.hands[seat].remove(value)
        s.buried[seat] = value
        events.append(Event("bury", {"seat": seat}, render=partial(_bury_words, seat)))
        events.append(Event("bury_own", {"seat": seat, "card": value},
                            render=partial(_own_bury_words, value), seats=frozenset((seat,))))
        nxt = (seat + 1) % s.n
        if nxt == s.dealer:
            s.phase = P_BID
            s.turn = s.dealer
            events.append(Event("all_buried", {"dealer": s.dealer},
                                render=partial(_all_buried_words, s.dealer)))
        else:
            s.turn = nxt

    def _bid(self, s: BuriedTreasureState, value: int, events: list[Event]) -> None:
        seat = s.turn
        placed = sum(1 for b in s.bids if b >= 0)
        zero_rank = 1 + sum(1 for b in s.bids if b == 0)
        s.bids[seat] = value
        s.orders[seat] = placed
        events.append(Event("bid", {"seat": seat, "bid": value},
                            render=partial(_bid_words, seat, value, zero_rank)))
        nxt = (seat + 1) % s.n
        if nxt != s.dealer:
            s.turn = nxt
            return
        self._resolve(s, events)

    def _resolve(self, s: BuriedTreasureState, events: list[Event]) -> None:
        # BT-R13: reveal together; only this round's cards make the total.
        cards = tuple(int(v) for v in s.buried if v is not None)
        total = sum(cards)
        s.total = total
        s.centre.extend(cards)
        s.centre.sort()
        s.buried = [None] * s.n
        order = bid_rank(s.bids, s.orders)
        events.append(Event("reveal", {"cards": list(cards), "total": total},
                            render=partial(_reveal_words, cards, total), reveals=True))
        busted = [p for p in order if s.bids[p] > total]  # BT-R14
        penalised = -1
        count = 0
        if busted:
            # BT-R15, BT-G2, BT-G4: every −5 in the centre, leftovers too, goes to the
            # highest bust before any reward is handed out.
            count = s.centre.count(NEGATIVE)
            if count:
                penalised = busted[0]
                s.collected[penalised].extend([NEGATIVE] * count)
                s.centre = [v for v in s.centre if v != NEGATIVE]
            events.append(Event("bust", {"seats": busted, "penalised": penalised,
                                         "count": count},
                                render=partial(_bust_words, tuple(busted), penalised, count)))
        s.last = {"cards": list(cards), "total": total, "bids": s.bids[:],
                  "orders": s.orders[:], "busted": busted[:], "penalised": penalised,
                  "penalty": count}
        s.queue = [p for p in order if s.bids[p] <= total]  # BT-R16
        self._serve(s, events)

    def _serve(self, s: BuriedTreasureState, events: list[Event]) -> None:
        """Hand out the rewards in bid order until someone must choose, then end the round."""
        total = s.total
        while s.queue:
            p = s.queue[0]
            if s.bids[p] == total:
                # Exact hit: every positive card on display, leftovers included (BT-G3).
                won = [v for v in s.centre if v > 0]
                s.centre = [v for v in s.centre if v <= 0]
                s.collected[p].extend(won)
                s.queue.pop(0)
                events.append(Event("exact", {"seat": p, "cards": won},
                                    render=partial(_exact_words, p, tuple(won))))
            elif not s.centre:
                s.queue.pop(0)
                events.append(Event("empty", {"seat": p}, render=partial(_empty_words, p)))
            else:
                s.phase = P_TAKE
                s.turn = p
                return
        self._end_round(s, events)

    def _take(self, s: BuriedTreasureState, value: int, events: list[Event]) -> None:
        seat = s.queue.pop(0)
        s.centre.remove(value)
        s.collected[seat].append(value)  # BT-R17
        events.append(Event("take", {"seat": seat, "card": value},
                            render=partial(_take_words, seat, value)))
        self._serve(s, events)

    def _pass(self, s: BuriedTreasureState, events: list[Event]) -> None:
        seat = s.queue.pop(0)  # BT-G5: a reward may be declined
        events.append(Event("pass", {"seat": seat}, render=partial(_pass_words, seat)))
        self._serve(s, events)

    def _end_round(self, s: BuriedTreasureState, events: list[Event]) -> None:
        # BT-R18: the rest stays in the centre. BT-R31, BT-G6: the 20-point check comes after
        # all of the round's rewards.
        scores = [s.score(p) for p in range(s.n)]
        early = max(scores) >= TARGET
        if early or s.round >= ROUNDS:
            best = max(scores)
            s.winners = [p for p in range(s.n) if scores[p] == best]  # BT-R32, BT-G7
            s.phase = P_OVER
            s.turn = -1
            events.append(Event("end", {"scores": scores, "winners": s.winners[:],
                                        "early": early},
                                render=partial(_end_words, tuple(scores), tuple(s.winners),
                                               early)))
            return
        s.dealer = (s.dealer + 1) % s.n  # BT-R19
        self._start_round(s, s.round + 1, events)

    # -- refusals -------------------------------------------------------------------------
    def reason(self, state: BuriedTreasureState, action: str, lang: str = "en") -> str:
        s = state
        if action in self.legal_actions(s):
            return ""
        if s.phase == P_OVER:
            return _msg(lang, *GAME_OVER)
        kind, _, rest = action.partition(":")
        if kind in ("deal", "dealer"):
            return _msg(lang, "Only the shuffle decides that.",
                        "それはカードを混ぜた結果で決まります。")
        if s.phase in (P_DEALER, P_DEAL):
            return _msg(lang, "Cards are being dealt.", "カードを配っています。")
        if kind == "bury":
            if s.phase != P_BURY:
                return _msg(lang, "Everyone has already buried a card this round.",
                            "このラウンドは全員がもう埋め終わっています。")
            name = card_name(int(rest), lang)
            return _msg(lang, f"You have no {name} in your hand.", f"手札に{name}はありません。")
        if kind == "bid":
            if s.phase == P_BURY:
                return _msg(lang, "First everyone buries a card; bidding comes next.",
                            "まず全員がカードを埋めます。入札はその後です。")
            if s.phase != P_BID:
                return _msg(lang, "The bids of this round are already in.",
                            "このラウンドの入札はもう終わっています。")
            who = s.bids.index(int(rest))
            return _msg(lang, f"{player_name(who, 'en')}'s pawn is already on {rest}; choose a "
                        "free value.",
                        f"{rest}には{player_name(who, 'ja')}のコマがあります。空いている値を"
                        "選んでください。")
        if kind == "take" or action == PASS:
            if s.phase != P_TAKE:
                return _msg(lang, "Cards are taken only after the reveal, in bid order.",
                            "カードを取れるのは公開の後、入札の高い順です。")
            name = card_name(int(rest), lang)
            return _msg(lang, f"There is no {name} in the centre.", f"中央に{name}はありません。")
        return _msg(lang, f"'{action}' is not possible now.", "その操作は今はできません。")

    # -- results --------------------------------------------------------------------------
    def returns(self, state: BuriedTreasureState) -> list[float]:
        if state.phase != P_OVER:
            return [0.0] * state.n
        return [1.0 if p in state.winners else -1.0 for p in range(state.n)]

    # -- information ----------------------------------------------------------------------
    def observation(self, state: BuriedTreasureState, seat: int | None) -> Observation:
        s = state
        players = []
        for p in range(s.n):
            mine = seat == p
            hand: list[int | None] = list(s.hands[p]) if mine else [None] * len(s.hands[p])
            buried = s.buried[p]
            players.append({
                "hand": hand,
                # BT-G9: others see only that a card was buried, never which.
                "buried": buried is not None,
                "buried_card": buried if mine else None,
                "bid": s.bids[p], "order": s.orders[p],
                "collected": s.collected[p][:], "score": s.score(p),
            })
        last = s.last
        return {
            "game": self.spec.id, "seat": seat, "num_players": s.n, "phase": s.phase,
            "to_move": self.current_player(s), "turn": s.turn, "dealer": s.dealer,
            "round": s.round, "total": s.total, "centre": s.centre[:], "queue": s.queue[:],
            "pending": len(s.pending), "unused": s.deck_size, "players": players,
            "last": None if last is None else _copy_last(last), "winners": s.winners[:],
        }

    def resample(self, obs: Observation, seat: int, rng: random.Random) -> BuriedTreasureState:
        return self.resampler(obs, seat)(rng)

    def resampler(self, obs: Observation, seat: int
                  ) -> Callable[[random.Random], BuriedTreasureState]:
        # Read the observation once; each sample copies the visible part and deals the
        # unseen cards (other hands, other buried cards, the unused deck) afresh.
        base = self._visible_state(obs)
        pool = unseen_pool(obs, seat)
        counts = [(p, len(pl["hand"])) for p, pl in enumerate(obs["players"]) if p != seat]
        hidden_buried = [p for p, pl in enumerate(obs["players"])
                         if p != seat and pl["buried"]]

        def sample(rng: random.Random) -> BuriedTreasureState:
            s = base.clone()
            cards = pool[:]
            rng.shuffle(cards)
            k = 0
            for p, n in counts:
                hand = cards[k:k + n]
                hand.sort()
                s.hands[p] = hand
                k += n
            for p in hidden_buried:
                s.buried[p] = cards[k]
                k += 1
            deck = [0] * len(VALUES)
            for v in cards[k:]:
                deck[VALUE_INDEX[v]] += 1
            s.deck = deck
            s.deck_size = len(cards) - k
            return s

        return sample

    @staticmethod
    def _visible_state(obs: Observation) -> BuriedTreasureState:
        """The state as far as ``obs`` shows it: other hands empty, other buried cards 0, the
        deck empty. The observing seat's own legal actions are exact."""
        n = int(obs["num_players"])
        s = BuriedTreasureState(n)
        s.phase = str(obs["phase"])
        seat = obs["seat"]
        s.pending = []
        if int(obs["pending"]):
            # The deal order is fixed by the dealer: rebuild the tail still to come.
            full = [(int(obs["dealer"]) + k) % n for k in range(n)] * HAND_SIZE
            s.pending = full[len(full) - int(obs["pending"]):]
        for p, pl in enumerate(obs["players"]):
            s.hands[p] = [int(v) for v in pl["hand"]] if p == seat else []
            if pl["buried"]:
                s.buried[p] = int(pl["buried_card"]) if p == seat else 0
            s.bids[p] = int(pl["bid"])
            s.orders[p] = int(pl["order"])
            s.collected[p] = [int(v) for v in pl["collected"]]
        s.centre = [int(v) for v in obs["centre"]]
        s.queue = [int(p) for p in obs["queue"]]
        s.deck = [0] * len(VALUES)
        s.deck_size = 0
        s.dealer = int(obs["dealer"])
        s.turn = int(obs["turn"])
        s.round = int(obs["round"])
        s.total = None if obs["total"] is None else int(obs["total"])
        last = obs["last"]
        s.last = None if last is None else _copy_last(last)
        s.winners = [int(p) for p in obs["winners"]]
        return s

    # -- serialisation --------------------------------------------------------------------
    def state_to_json(self, state: BuriedTreasureState) -> JSON:
        s = state
        return {
            "n": s.n, "phase": s.phase, "pending": s.pending[:],
            "deck": {str(v): s.deck[i] for i, v in enumerate(VALUES)},
            "hands": [h[:] for h in s.hands], "buried": s.buried[:], "bids": s.bids[:],
            "orders": s.orders[:], "centre": s.centre[:],
            "collected": [c[:] for c in s.collected], "queue": s.queue[:],
            "dealer": s.dealer, "turn": s.turn, "round": s.round, "total": s.total,
            "last": None if s.last is None else _copy_last(s.last), "winners": s.winners[:],
        }

    def state_from_json(self, data: Mapping[str, Any]) -> BuriedTreasureState:
        s = BuriedTreasureState(int(data["n"]))
        s.phase = str(data["phase"])
        s.pending = [int(p) for p in data["pending"]]
        s.deck = [int(data["deck"].get(str(v), 0)) for v in VALUES]
        s.deck_size = sum(s.deck)
        s.hands = [sorted(int(v) for v in h) for h in data["hands"]]
        s.buried = [None if v is None else int(v) for v in data["buried"]]
        s.bids = [int(v) for v in data["bids"]]
        s.orders = [int(v) for v in data["orders"]]
        s.centre = sorted(int(v) for v in data["centre"])
        s.collected = [[int(v) for v in c] for c in data["collected"]]
        s.queue = [int(p) for p in data["queue"]]
        s.dealer = int(data["dealer"])
        s.turn = int(data["turn"])
        s.round = int(data["round"])
        s.total = None if data["total"] is None else int(data["total"])
        last = data["last"]
        s.last = None if last is None else _copy_last(last)
        s.winners = [int(p) for p in data["winners"]]
        return s

    # -- words ----------------------------------------------------------------------------
    def describe_action(self, state: BuriedTreasureState, action: str, lang: str = "en") -> str:
        ja = lang == "ja"
        kind, _, rest = action.partition(":")
        if kind == "bury" and rest in _VALUE_OF:
            name = card_name(int(rest), lang)
            return f"{name}を伏せて埋める" if ja else f"Bury {name} face down"
        if kind == "bid" and rest in _BID_OF:
            return f"{rest}に入札" if ja else f"Bid {rest}"
        if kind == "take" and rest in _VALUE_OF:
            name = card_name(int(rest), lang)
            return f"{name}を取る" if ja else f"Take {name}"
        if action == PASS:
            return "何も取らない" if ja else "Take nothing"
        if kind == "deal":
            return "カードを配る" if ja else "Deal a card"
        if kind == "dealer" and rest.isdigit():
            return (f"{player_name(int(rest), 'ja')}が親" if ja
                    else f"{player_name(int(rest), 'en')} deals")
        return action

    def prompt(self, state: BuriedTreasureState, seat: int, lang: str = "en") -> str:
        return prompt_from_obs(self.observation(state, seat), seat, lang)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: BuriedTreasureState, seat: int) -> float | None:
        s = state
        if s.phase == P_OVER:
            return 1.0 if seat in s.winners else -1.0
        # The lead over the best rival, squashed: ten points is about a decided game, since
        # the game stops at 20.
        mine = s.score(seat)
        rival = max(s.score(p) for p in range(s.n) if p != seat)
        return math.tanh((mine - rival) / 10.0)

    def max_game_length(self) -> int:
        # Deal (7 per seat, 42 at most) plus 6 rounds of at most 3 decisions per seat.
        return 400


def _copy_last(last: Mapping[str, Any]) -> dict[str, Any]:
    return {"cards": [int(v) for v in last["cards"]], "total": int(last["total"]),
            "bids": [int(v) for v in last["bids"]], "orders": [int(v) for v in last["orders"]],
            "busted": [int(p) for p in last["busted"]], "penalised": int(last["penalised"]),
            "penalty": int(last["penalty"])}


def prompt_from_obs(obs: Mapping[str, Any], seat: int | None, lang: str) -> str:
    """What ``seat`` should do next, from an observation (status line and ``prompt``)."""
    phase = obs["phase"]
    ja = lang == "ja"
    if phase == P_OVER:
        winners = [int(p) for p in obs["winners"]]
        best = max(int(pl["score"]) for pl in obs["players"])
        return (f"ゲーム終了:{join_names(winners, 'ja')}の勝ち({best}点)。" if ja
                else f"Game over: {join_names(winners, 'en')} "
                f"{'wins' if len(winners) == 1 else 'share the win'} with {best} points.")
    if phase in (P_DEALER, P_DEAL):
        return "カードを配っています…" if ja else "Dealing cards…"
    turn = int(obs["turn"])
    players = obs["players"]
    if phase == P_BURY:
        done = sum(1 for pl in players if pl["buried"])
        n = len(players)
        if seat == turn:
            return (f"埋めるカードをこっそり選んでください:手札の1枚を「埋める」へドラッグ"
                    f"(またはクリック)。ほかの人には見えません。({done}/{n}人が埋め済み)" if ja
                    else "Choose secretly: drag a card from your hand onto Bury (or click it, "
                    "then Bury). Nobody else sees it. "
                    f"({done}/{n} have buried)")
        mine = seat is not None and players[seat]["buried"]
        name = player_name(turn, lang)
        if mine:
            return (f"{name}がこっそりカードを選んでいます。選んだカードは公開まで全員に秘密です。"
                    if ja else f"{name} is choosing a card secretly. Every buried card stays "
                    "hidden until the reveal.")
        return (f"{name}がこっそりカードを選んでいます(秘密)。" if ja
                else f"{name} is choosing a card secretly (hidden).")
    if phase == P_BID:
        if seat == turn:
            return ("合計を予想して、空いている入札値をクリックしてください。合計を超えると"
                    "バーストします。" if ja
                    else "Bid on the hidden total: click a free value on the bid board. "
                    "Bid over the total and you bust.")
        return (f"{player_name(turn, 'ja')}が入札しています。埋めたカードは入札の後に公開します。"
                if ja else f"{player_name(turn, 'en')} is bidding. The buried cards are "
                "revealed after the last bid.")
    total = obs["total"]
    if seat == turn:
        return (f"合計は{total}。中央のカードを1枚クリックして取るか、「取らない」を押して"
                "ください。" if ja
                else f"The total is {total}. Click one card in the centre to take it, or "
                "press Take nothing.")
    return (f"合計は{total}。{player_name(turn, 'ja')}が取るカードを選んでいます。" if ja
            else f"The total is {total}. {player_name(turn, 'en')} is choosing a card.")
