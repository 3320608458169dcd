"""National Economy data tables: the 24 building types / 64 building cards (NE-T3), the 12
public workplaces (NE-T1), the round cards with their wages and revealed workplaces (NE-T2),
and the fixed numbers of set-up, limits and scoring.

Plain data only, so the rules model, the table view, the rulebook and the tests all read the
same figures. Card ids are short ASCII words used in action texts (``build:factory``).
"""

from __future__ import annotations

from dataclasses import dataclass

# Building categories (NE-T3).
AGRI = "A"      # draws consumer goods
INDUSTRY = "I"  # industrial
PASSIVE = "P"   # key icon: not a workplace, permanent or end-of-game effect
OTHER = ""

GOODS = "goods"  # a consumer goods card (消費財); all 24 are identical (NE-C4)
GOODS_JA = "消費財"
GOODS_EN = "Consumer goods"


@dataclass(frozen=True)
class Building:
    """One building type. ``number`` is its NE-T3 row (NE-B<number>)."""

    id: str
    ja: str
    en: str
    cost: int
    value: int
    copies: int
    category: str
    sellable: bool
    effect_en: str
    effect_ja: str
    number: int

    @property
    def passive(self) -> bool:
        return self.category == PASSIVE


_BUILDING_LIST: tuple[Building, ...] = (
    Building("farm", "農場", "Farm", 1, 6, 8, AGRI, True,
             "Draw 2 consumer goods.", "消費財を2枚引く。", 1),
    Building("slash_and_burn", "焼畑", "Slash-and-Burn Field", 1, 0, 2, AGRI, False,
             "Draw 5 consumer goods; then this building goes to the discard pile. Unsellable.",
             "消費財を5枚引く。その後この建物は捨て札になる。売却不可。", 2),
    Building("design_office", "設計事務所", "Design Office", 1, 8, 4, OTHER, True,
             "Reveal the top 5 building cards, take 1 into your hand, discard the rest.",
             "山札の上から5枚を公開し、1枚を手札に加え、残りを捨てる。", 3),
    Building("tavern", "酒場", "Tavern", 1, 8, 2, OTHER, True,
             "Take $5 from the household.", "家計から$5を得る。", 4),
    Building("orchard", "果樹園", "Orchard", 2, 10, 3, AGRI, True,
             "Draw consumer goods until your hand has 4 cards (only if it has fewer).",
             "手札が4枚になるまで消費財を引く（手札が4枚未満のときのみ）。", 5),
    Building("factory", "工場", "Factory", 2, 12, 8, INDUSTRY, True,
             "Discard 2 cards, draw 4 building cards.", "手札を2枚捨て、建物カードを4枚引く。", 6),
    Building("construction_company", "建設会社", "Construction Company", 2, 10, 4, OTHER, True,
             "Build 1 building at its cost − 1.", "建物を1つ、コストを1減らして建設する。", 7),
    Building("warehouse", "倉庫", "Warehouse", 2, 10, 3, PASSIVE, False,
             "Hand limit +4. Unsellable.", "手札上限+4。売却不可。", 8),
    Building("company_housing", "社宅", "Company Housing", 2, 8, 2, PASSIVE, False,
             "Worker limit +1. Unsellable.", "労働者の上限+1。売却不可。", 9),
    Building("yakuza", "ヤクザ", "Yakuza", 2, 8, 1, PASSIVE, False,
             "End: each unpaid-wage token costs only 1 point instead of 3. Unsellable.",
             "終了時：未払い給料罰符1枚につき-3点ではなく-1点になる。売却不可。", 10),
    Building("plantation", "大農園", "Plantation", 3, 12, 3, AGRI, True,
             "Draw 3 consumer goods.", "消費財を3枚引く。", 11),
    Building("settlers", "開拓民", "Settlers", 3, 14, 2, OTHER, True,
             "Build 1 agricultural building from your hand for free.",
             "農業系の建物を1つ、無料で建設する（手札を捨てない）。", 12),
    Building("restaurant", "レストラン", "Restaurant", 3, 16, 2, OTHER, True,
             "Discard 1 card, take $15 from the household.",
             "手札を1枚捨て、家計から$15を得る。", 13),
    Building("real_estate", "不動産屋", "Real Estate Agency", 3, 10, 2, PASSIVE, False,
             "End: +3 per building you own (this one included). Unsellable.",
             "終了時：所有する建物1つにつき+3点（これを含む）。売却不可。", 14),
    Building("farmers_coop", "農協", "Farmers' Co-op", 3, 12, 1, PASSIVE, False,
             "End: +3 per consumer goods card in your hand. Unsellable.",
             "終了時：手札の消費財1枚につき+3点。売却不可。", 15),
    Building("steelworks", "製鉄所", "Steelworks", 4, 20, 3, INDUSTRY, True,
             "Draw 3 building cards.", "建物カードを3枚引く。", 16),
    Building("general_contractor", "ゼネコン", "General Contractor", 4, 18, 3, OTHER, True,
             "Build 1 building, then draw 2 building cards.",
             "建物を1つ建設し、その後建物カードを2枚引く。", 17),
    Building("chemical_plant", "化学工場", "Chemical Plant", 4, 18, 2, INDUSTRY, True,
             "Draw 2 building cards; 4 instead if your hand is empty.",
             "建物カードを2枚引く。手札が0枚なら代わりに4枚引く。", 18),
    Building("labor_union", "労働組合", "Labor Union", 4, 0, 1, PASSIVE, False,
             "End: +6 per worker you own. Unsellable.",
             "終了時：労働者1人につき+6点。売却不可。", 19),
    Building("statue", "銅像", "Statue", 4, 28, 1, PASSIVE, False,
             "No effect; scores its value. Unsellable.",
             "効果なし（資産価値のみ）。売却不可。", 20),
    Building("car_factory", "自動車工場", "Car Factory", 5, 24, 3, INDUSTRY, True,
             "Discard 3 cards, draw 7 building cards.", "手札を3枚捨て、建物カードを7枚引く。", 21),
    Building("railway", "鉄道", "Railway", 5, 18, 1, PASSIVE, False,
             "End: +8 per industrial building you own. Unsellable.",
             "終了時：所有する工業系の建物1つにつき+8点。売却不可。", 22),
    Building("headquarters", "本社ビル", "Headquarters Building", 5, 20, 1, PASSIVE, False,
             "End: +6 per passive building you own (this one included). Unsellable.",
             "終了時：所有するパッシブ系の建物1つにつき+6点（これを含む）。売却不可。", 23),
    Building("two_in_one", "二胡市建設", "Two-in-One Construction", 5, 20, 2, OTHER, True,
             "Build 2 buildings of the same cost, discarding cards for only one of them.",
             "同じコストの建物を2つ建設する。捨てる手札は1つ分のコストだけ。", 24),
)

BUILDINGS: dict[str, Building] = {b.id: b for b in _BUILDING_LIST}
#: Each building's asset value, and the buildings that may be sold at payday (NE-R50).
BUILDING_VALUE: dict[str, int] = {b.id: b.value for b in BUILDINGS.values()}
SELLABLE: frozenset[str] = frozenset(b.id for b in BUILDINGS.values() if b.sellable)
BUILDING_IDS: tuple[str, ...] = tuple(sorted(BUILDINGS))
DECK: dict[str, int] = {b.id: b.copies for b in _BUILDING_LIST}  # NE-C3: 64 cards
DECK_SIZE = sum(DECK.values())


@dataclass(frozen=True)
class Workplace:
    """One public workplace card (NE-T1). ``multi`` is ``"always"`` (the Mine), ``"3p"`` (shops:
    any number of workers with 3 or 4 players) or ``""``. ``round`` is the round whose end
    reveals it (0: on the table from the start)."""

    id: str
    ja: str
    en: str
    effect_en: str
    effect_ja: str
    multi: str
    round: int
    number: int


_WORKPLACE_LIST: tuple[Workplace, ...] = (
    Workplace("quarry", "採石場", "Quarry",
              "Draw 1 building card. Take the start player marker (from the next round).",
              "建物カードを1枚引く。スタートプレイヤーになる（次のラウンドから）。", "", 0, 1),
    Workplace("mine", "鉱山", "Mine", "Draw 1 building card. Any number of workers.",
              "建物カードを1枚引く。何人でも置ける。", "always", 0, 2),
    Workplace("carpenter", "大工", "Carpenter", "Build 1 building.", "建物を1つ建設する。",
              "", 0, 3),
    Workplace("school", "学校", "School", "Hire 1 worker (asleep until the next round).",
              "労働者を1人増やす（次のラウンドから働く）。", "", 0, 4),
    Workplace("stall", "露店", "Stall", "Discard 1 card, take $6 from the household.",
              "手札を1枚捨て、家計から$6を得る。", "3p", 1, 5),
    Workplace("market", "市場", "Market", "Discard 2 cards, take $12 from the household.",
              "手札を2枚捨て、家計から$12を得る。", "3p", 2, 6),
    Workplace("high_school", "高等学校", "High School",
              "Hire workers until you have 4 (asleep until the next round).",
              "労働者が4人になるまで増やす（次のラウンドから働く）。", "", 3, 7),
    Workplace("supermarket", "スーパーマーケット", "Supermarket",
              "Discard 3 cards, take $18 from the household.",
              "手札を3枚捨て、家計から$18を得る。", "3p", 4, 8),
    Workplace("university", "大学", "University",
              "Hire workers until you have 5 (asleep until the next round).",
              "労働者が5人になるまで増やす（次のラウンドから働く）。", "", 5, 9),
    Workplace("department_store", "百貨店", "Department Store",
              "Discard 4 cards, take $24 from the household.",
              "手札を4枚捨て、家計から$24を得る。", "3p", 6, 10),
    Workplace("vocational_school", "専門学校", "Vocational School",
              "Hire 1 worker who can work this round.",
              "労働者を1人増やす（このラウンドからすぐ働ける）。", "", 7, 11),
    Workplace("expo", "万博", "World Expo", "Discard 5 cards, take $30 from the household.",
              "手札を5枚捨て、家計から$30を得る。", "3p", 8, 12),
)

WORKPLACES: dict[str, Workplace] = {w.id: w for w in _WORKPLACE_LIST}

# NE-T2: wage per worker in rounds 1..9, and the workplace on the back of round cards 1..8.
WAGES: tuple[int, ...] = (2, 2, 3, 3, 3, 4, 4, 5, 5)
ROUND_WORKPLACES: tuple[str, ...] = (
    "stall", "market", "high_school", "supermarket", "university", "department_store",
    "vocational_school", "expo",
)
ROUNDS = 9

START_CASH: tuple[int, ...] = (5, 6, 7, 8)  # NE-R17, in seat order from the start player
START_HAND = 3                               # NE-R14
START_WORKERS = 2                            # NE-R18
GOODS_COUNT = 24                             # NE-C4
HAND_LIMIT = 5                               # NE-R36
WAREHOUSE_BONUS = 4                          # NE-R36
WORKER_LIMIT = 5                             # NE-R40
PENALTY = 3                                  # NE-R60, per unpaid-wage token
YAKUZA_PENALTY = 1                           # NE-R60 with a Yakuza
CLEAR_SCORE = 100                            # NE-R84: the solo variant B target
