"""Secret Agent data: the 146 cards as faces with copies, and the fixed numbers of the game.

Rules follow the rules reference (SA-R03, SA-R44, §12 card data; decisions SA-G03, SA-G08).
Cards that differ in nothing but their copy (two Space 1s, nine Spy 2s) are one *face*, so a
hand, a deck or a pile is a multiset of faces and a random draw is weighted by copies. Faces
keep the reference's family prefixes; a technology card is named by its kind and its value
(``TE-SPA-3`` is a Space card worth 3), a spy by its strength (``SP-4``).
"""

from __future__ import annotations

#: SA-R44: the five technology kinds, as the codes the faces use.
KINDS: tuple[str, ...] = ("SPA", "COM", "HEA", "NUC", "MIL")
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}

#: §12.1: values 1, 1, 2, 2, 3, 3, 4, 5 per kind.
TECH_VALUES: dict[int, int] = {1: 2, 2: 2, 3: 2, 4: 1, 5: 1}
#: §12.2: defector levels 2, 3, 4 per kind.
DEFECTOR_LEVELS: tuple[int, ...] = (2, 3, 4)
#: §12.4: spy strength -> copies.
SPY_COPIES: dict[int, int] = {1: 8, 2: 9, 3: 9, 4: 8, 5: 5, 6: 3}

# §12.5: the super spies.
JB, G13, LUPIN, RANBO = "SS-JB", "SS-G13", "SS-LUP", "SS-RAN"
SUPER_SPIES: tuple[str, ...] = (G13, JB, LUPIN, RANBO)
#: SA-R31: the modes each super spy may use.
SUPER_MODES: dict[str, tuple[str, ...]] = {
    JB: ("open", "secret"), G13: ("secret",), LUPIN: ("open", "secret"), RANBO: ("open",),
}

# §7: counters.
RESCUE, NINJA, BEAUTY, GOLD, BODY_DOUBLE, PEACE = (
    "CT-IR", "CT-SN", "CT-BE", "CT-GO", "CT-BD", "CT-PE")
COUNTER_COPIES: dict[str, int] = {RESCUE: 2, NINJA: 2, BEAUTY: 1, GOLD: 1, BODY_DOUBLE: 2,
                                  PEACE: 2}
#: SA-R21: the counters that stop a disaster.
DISASTER_STOPPERS: tuple[str, ...] = (RESCUE, NINJA)
#: SA-R30: the one counter that stops each super spy.
SUPER_STOPPER: dict[str, str] = {JB: BEAUTY, RANBO: BEAUTY, G13: GOLD, LUPIN: GOLD}

# §9: events.
WAR, REVOLUTION, COUP, RECESSION, PANIC, DOUBLE_SPY, REORGANISATION, LONG_TERM = (
    "EV-WAR", "EV-REV", "EV-COU", "EV-REC", "EV-PAN", "EV-DBL", "EV-REO", "EV-LTG")
EVENT_COPIES: dict[str, int] = {WAR: 2, REVOLUTION: 2, COUP: 2, RECESSION: 2, PANIC: 1,
                                DOUBLE_SPY: 1, REORGANISATION: 2, LONG_TERM: 1}
#: SA-R42 table: the events Peace stops.
PEACE_STOPS: tuple[str, ...] = (WAR, REVOLUTION, COUP)

# §11: leaders.
PRESIDENT, CHAIRMAN, EMPEROR, COLONEL, RELIGIOUS, PRIME_MINISTER = (
    "LD-PRE", "LD-CHA", "LD-EMP", "LD-COL", "LD-REL", "LD-PM")
LEADERS: tuple[str, ...] = (CHAIRMAN, COLONEL, EMPEROR, PRIME_MINISTER, PRESIDENT, RELIGIOUS)

#: §12.6: contracts 1..5, the lowest wins.
CONTRACTS: tuple[str, ...] = tuple(f"CO-{i}" for i in range(1, 6))


def _deck() -> dict[str, int]:
    """Copies of every face except the leaders: the 140 cards of SA-R07."""
    deck: dict[str, int] = {}
    for k in KINDS:
        for v, c in TECH_VALUES.items():
            deck[f"TE-{k}-{v}"] = c
        for level in DEFECTOR_LEVELS:
            deck[f"DF-{k}-{level}"] = 1
        deck[f"DS-{k}-6"] = 2 if k == "HEA" else 1
        deck[f"DS-{k}-8"] = 1
    for v, c in SPY_COPIES.items():
        deck[f"SP-{v}"] = c
    for ss in SUPER_SPIES:
        deck[ss] = 1
    for co in CONTRACTS:
        deck[co] = 1
    deck.update(COUNTER_COPIES)
    deck.update(EVENT_COPIES)
    return dict(sorted(deck.items()))


#: The 140 non-leader cards: face -> copies (SA-R07).
DECK: dict[str, int] = _deck()
#: Every face of the game, leaders included: 146 cards in all (§2).
ALL_FACES: dict[str, int] = dict(sorted({**DECK, **dict.fromkeys(LEADERS, 1)}.items()))
TOTAL_CARDS = sum(ALL_FACES.values())
assert TOTAL_CARDS == 146 and sum(DECK.values()) == 140

# Families by prefix (§2).
TECH, DEFECTOR, DISASTER, SPY, SUPER, CONTRACT, COUNTER, EVENT, LEADER = (
    "TE", "DF", "DS", "SP", "SS", "CO", "CT", "EV", "LD")


def family(face: str) -> str:
    """The family of a face: its two-letter prefix (``TE`` for ``TE-SPA-3``)."""
    return face[:2]


def kind_of(face: str) -> str:
    """The technology kind a technology, defector or disaster face names."""
    return face[3:6]


def _number(face: str) -> int:
    tail = face.rpartition("-")[2]
    return int(tail) if tail.isdigit() else 0


class _Numbers(dict[str, int]):
    """Face -> its number, read once; a face not of the game is read when asked."""

    def __missing__(self, face: str) -> int:
        return _number(face)


#: Every face's number, read once: ``value`` is on the hot path of every search, and
#: ``NUMBERS.__getitem__`` is ``value`` without a call of Python's own (``map`` over cards).
NUMBERS: dict[str, int] = _Numbers({f: _number(f) for f in ALL_FACES})


def value(face: str) -> int:
    """The number on a face: a technology's points, a defector's level, a disaster's value,
    a spy's strength, a contract's number; 0 for the faces without one."""
    return NUMBERS[face]


#: SA-R16, SA-R15, §9 (Recession, Panic) and §11 (President +1): the hand sizes.
PASS_LIMIT = 7
REFILL_AT = 3
RECESSION_KEEP = 5
PANIC_KEEP = 4
SETUP_HAND = 6            # SA-R07, SA-R09: non-leader cards after the deal
ASSASSINATION_LOSS = 3    # SA-R28
RANBO_LOW_THRESHOLD = 7   # SA-R31
LONG_TERM_HAND = 3        # SA-R50, SA-G09
REVELATIONS = 3           # LD-REL: re-rolls per game

#: The 36 outcomes of 2d6 as action texts (``roll:3-5``).
ROLLS: tuple[str, ...] = tuple(f"roll:{a}-{b}" for a in range(1, 7) for b in range(1, 7))

# -- names ---------------------------------------------------------------------------------

KIND_NAMES: dict[str, tuple[str, str]] = {
    "SPA": ("Space", "宇宙"), "COM": ("Computer", "コンピュータ"),
    "HEA": ("Heavy industry", "重工業"), "NUC": ("Nuclear", "原子力"),
    "MIL": ("Military", "軍事"),
}
DISASTER_NAMES: dict[str, tuple[str, str]] = {
    "SPA": ("Rocket Accident", "ロケット事故"), "COM": ("Computer Virus", "コンピュータウイルス"),
    "HEA": ("Great Earthquake", "大地震"), "NUC": ("Reactor Accident", "原発事故"),
    "MIL": ("Arsenal Explosion", "弾薬庫爆発"),
}
FIXED_NAMES: dict[str, tuple[str, str]] = {
    JB: ("J.B.", "J.B."), G13: ("G-13", "G-13"), LUPIN: ("Lupin III", "ルパンⅢ"),
    RANBO: ("RANBO!", "RANBO！"),
    RESCUE: ("International Rescue", "国際救助隊"), NINJA: ("Science Ninja Team", "科学忍者隊"),
    BEAUTY: ("Beauty", "美女"), GOLD: ("Gold", "金"), BODY_DOUBLE: ("Body Double", "替え玉"),
    PEACE: ("Peace", "平和"),
    WAR: ("War", "戦争"), REVOLUTION: ("Revolution", "革命"), COUP: ("Coup", "クーデター"),
    RECESSION: ("Recession", "不況"), PANIC: ("Panic", "恐慌"),
    DOUBLE_SPY: ("Double Spy", "二重スパイ"), REORGANISATION: ("Reorganisation", "再編成"),
    LONG_TERM: ("Long-term Government", "長期政権"),
    PRESIDENT: ("President", "大統領"), CHAIRMAN: ("Chairman", "議長"),
    EMPEROR: ("Emperor", "皇帝"), COLONEL: ("Colonel", "大佐"),
    RELIGIOUS: ("Supreme Religious Leader", "宗教上の最高指導者"),
    PRIME_MINISTER: ("Prime Minister", "首相"),
}


def card_names(face: str) -> tuple[str, str]:
    """A face's name in English and Japanese ("Space 3" / "宇宙技術3")."""
    fam = family(face)
    if fam == TECH:
        en, ja = KIND_NAMES[kind_of(face)]
        return f"{en} {value(face)}", f"{ja}技術{value(face)}"
    if fam == DEFECTOR:
        en, ja = KIND_NAMES[kind_of(face)]
        return f"{en} defector {value(face)}", f"{ja}の亡命者{value(face)}"
    if fam == DISASTER:
        en, ja = DISASTER_NAMES[kind_of(face)]
        return f"{en} {value(face)}", f"{ja}{value(face)}"
    if fam == SPY:
        return f"Spy {value(face)}", f"スパイ{value(face)}"
    if fam == CONTRACT:
        return f"Contract {value(face)}", f"契約書{value(face)}"
    return FIXED_NAMES[face]
