"""The Magos solo campaign screen: save slots, the 17 opponents in order, the score, and Fight.

This is Magos solo's front page (``tabletop.api.FrontPage``): the chooser's Play button opens it
instead of the new-game dialog, and it reaches the app only through its ``GameHost``. A
campaign lives in a slot of a ``CampaignStore`` (``magos`` in the app's data directory); the
page lists the slots, starts new ones (draft or the first-game spells), deletes them after a
question, and for the chosen slot shows every opponent card with its art, HP and face table,
which ones fell and on which turn, the next one highlighted, the score (defeats, MG-R58) and the
five spells carried over.

"Fight" starts the next battle through the host (``start_match``) with the options the
campaign gives (``Campaign.battle_options``), tagged with the campaign's slot: the tag travels
in the save file, so a battle resumed after a restart comes back here (``adopt``). When the
battle ends, the host hands the match to ``match_over``: the result goes into the campaign
(``after_battle``), the slot is written at once (atomically, by the store), and a result dialog
leads back here. A damaged campaign file is reported with the file, the problem and where it
was kept aside; the other slots go on working.

The page imports nothing of the app: its words are in ``campaign_texts`` and the table's card
painter comes from the host.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from tabletop.api import HUMAN

from .campaign import Beaten, Campaign, CampaignError, CampaignFileError, CampaignStore
from .campaign_texts import tr
from .data import CAMPAIGN_ORDER, ENEMIES, FIRST_GAME_HAND, SPELLS, Enemy
from .solo import band_label
from .solo_view import FACE_COLORS, enemy_art, face_label
from .spec import DICE_MODES, GAME_ID, PATCH
from .words import SOLO_WORDS, enemy_name

if TYPE_CHECKING:
    from tabletop.api import GameHost, Match

FELT = "#23573b"
PARCHMENT = "#f6efdc"
GOLD = "#b8860b"
# The card is laid out at its table size and drawn small, so it is the table's card in
# miniature rather than a re-flowed tiny one.
CARD_W, CARD_H = 160.0, 224.0
ART_SCALE = 0.4
BIG_BUTTON = "font-size: 16pt; font-weight: bold; padding: 8px 26px;"
BUTTON = "font-size: 11pt; padding: 4px 12px;"


def enemy_pixmap(host: GameHost, enemy: Enemy, dice: str, scale: float = 1.0) -> QPixmap:
    """The opponent card as the table paints it, at full HP, in the host's language."""
    return host.card_face(enemy_art(enemy, enemy.hp, dice), CARD_W, CARD_H, ART_SCALE * scale)


def face_grid_html(enemy: Enemy, lang: str) -> str:
    """The face table as a compact HTML grid: one row per HP band (highest first), 6 faces."""
    rows = []
    order = sorted(range(len(enemy.bands)), key=lambda i: -enemy.bands[i].lo)
    for b in order:
        band = enemy.bands[b]
        named = band_label(enemy, b)
        label = SOLO_WORDS.say(named, lang) if named else tr("faces", lang)
        cells = [f"<td style='color:#3b2a14; padding:2px 6px'><b>{html.escape(label)}</b></td>"]
        for face in range(1, 7):
            eff = band.faces[face - 1]
            row_en, row_ja = face_label(face, eff)
            text = html.escape((row_ja if lang == "ja" else row_en).split("  ", 1)[1])
            cells.append(f"<td bgcolor='{FACE_COLORS[eff.kind]}' style='color:white; "
                         f"padding:2px 6px'><b>{face}</b>&nbsp;&nbsp;{text}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "<table cellspacing='2' cellpadding='0'>" + "".join(rows) + "</table>"


def spell_names(spells: tuple[str, ...] | list[str], lang: str) -> str:
    sep = "、" if lang == "ja" else ", "
    return sep.join((SPELLS[s].ja if lang == "ja" else SPELLS[s].en) for s in spells)


class EnemyRow(QFrame):
    """One opponent card of the campaign: art, names, HP, face table and its mark."""

    def __init__(self, enemy: Enemy, host: GameHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.enemy = enemy
        self.host = host
        self.setObjectName("enemyRow")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 6)
        lay.setSpacing(12)
        self.art = QLabel()
        self.art.setFixedSize(int((CARD_W + 14) * ART_SCALE), int((CARD_H + 14) * ART_SCALE))
        lay.addWidget(self.art, 0, Qt.AlignmentFlag.AlignTop)
        text = QVBoxLayout()
        text.setSpacing(4)
        head = QHBoxLayout()
        self.name = QLabel()
        self.name.setTextFormat(Qt.TextFormat.RichText)
        self.mark = QLabel()
        self.mark.setObjectName("enemyMark")
        head.addWidget(self.name, 1)
        head.addWidget(self.mark, 0, Qt.AlignmentFlag.AlignRight)
        self.grid = QLabel()
        self.grid.setTextFormat(Qt.TextFormat.RichText)
        self.grid.setStyleSheet("font-size: 10pt;")
        text.addLayout(head)
        text.addWidget(self.grid)
        text.addStretch(1)
        lay.addLayout(text, 1)
        self.beaten: Beaten | None = None
        self.is_next = False

    def show_enemy(self, lang: str, dice: str, beaten: Beaten | None, is_next: bool) -> None:
        e = self.enemy
        self.beaten = beaten
        self.is_next = is_next
        other = e.en if lang == "ja" else e.ja
        self.name.setText(
            f"<span style='font-size:14pt; font-weight:bold; color:#3b2a14'>a-{e.number}&nbsp; "
            f"{html.escape(enemy_name(e, lang))}</span>&nbsp;&nbsp;"
            f"<span style='font-size:11pt; color:#6b5a3a'>{html.escape(other)}</span>"
            f"&nbsp;&nbsp;<span style='font-size:12pt; color:#9c3d2e; font-weight:bold'>"
            f"{html.escape(tr('hp', lang, hp=e.hp))}</span>")
        self.grid.setText(face_grid_html(e, lang))
        pix = enemy_pixmap(self.host, e, dice, self.devicePixelRatioF())
        pix.setDevicePixelRatio(self.devicePixelRatioF())
        self.art.setPixmap(pix)
        if beaten is not None:
            self.mark.setText("✔ " + tr("beaten", lang, turn=beaten.turn))
            self.mark.setStyleSheet("color: #1e7045; font-size: 12pt; font-weight: bold;")
            border, bg = "#4a7c59", "#e4eedf"
        elif is_next:
            self.mark.setText("▶ " + tr("next_mark", lang))
            self.mark.setStyleSheet("color: #8f1d12; font-size: 13pt; font-weight: bold;")
            border, bg = "#d4a017", "#fff4c9"
        else:
            self.mark.setText("")
            border, bg = "#c9b98f", PARCHMENT
        width = 4 if is_next else 1
        self.setStyleSheet(f"#enemyRow {{ background: {bg}; border: {width}px solid {border};"
                           "border-radius: 8px; }")

    def mark_text(self) -> str:
        return self.mark.text()


class CampaignResultDialog(QDialog):
    """What a campaign battle changed: victory and the next opponent, or a defeat and a draft,
    or the whole campaign won with its score."""

    def __init__(self, heading: str, text: str, detail: str, lang: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("result_title", lang))
        self.resize(620, 300)
        lay = QVBoxLayout(self)
        self.heading = QLabel(heading)
        self.heading.setObjectName("resultHeading")
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-size: 22pt; font-weight: bold; color: #23306b;")
        self.text = QLabel(text)
        self.text.setObjectName("resultText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setStyleSheet("font-size: 14pt;")
        self.detail = QLabel(detail)
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setStyleSheet("font-size: 11pt; color: #4a4a4a;")
        lay.addWidget(self.heading)
        lay.addWidget(self.text)
        lay.addWidget(self.detail)
        lay.addStretch(1)
        row = QHBoxLayout()
        self.back_button = QPushButton(tr("to_campaign", lang))
        self.back_button.setDefault(True)
        self.back_button.setStyleSheet(BIG_BUTTON)
        self.stay_button = QPushButton(tr("stay", lang))
        self.stay_button.setStyleSheet(BUTTON)
        self.stay_button.clicked.connect(self.close)
        row.addWidget(self.back_button)
        row.addStretch(1)
        row.addWidget(self.stay_button)
        lay.addLayout(row)


class CampaignPage(QWidget):
    """The campaign screen, shown by the app in place of its game chooser."""

    def __init__(self, host: GameHost, store: CampaignStore | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.store = store if store is not None else CampaignStore()
        self.campaigns: dict[str, Campaign] = {}
        self.campaign: Campaign | None = None
        self.result_dialog: CampaignResultDialog | None = None
        # The battle in progress for a slot: the match fighting it and the campaign as it
        # stood when it began (the result is applied to that).
        self._battle: tuple[Campaign, Match] | None = None
        # Asked before a slot is deleted; tests replace it.
        self.confirm: Callable[[str, str], bool] = self._ask
        self.setObjectName("campaignPage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(f"#campaignPage {{ background: {FELT}; }}")
        self._build()
        self.retranslate()

    @property
    def lang(self) -> str:
        return self.host.lang

    # -- building -------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 16, 24, 16)
        outer.setSpacing(10)
        top = QHBoxLayout()
        titles = QVBoxLayout()
        self.title = QLabel()
        self.title.setStyleSheet("color: #f4ecd8; font-size: 22pt; font-weight: bold;")
        self.subtitle = QLabel()
        self.subtitle.setWordWrap(True)
        self.subtitle.setStyleSheet("color: #d9e6dc; font-size: 11pt;")
        titles.addWidget(self.title)
        titles.addWidget(self.subtitle)
        top.addLayout(titles, 1)
        self.single_button = QPushButton()
        self.back_button = QPushButton()
        for b in (self.single_button, self.back_button):
            b.setMinimumHeight(36)
            b.setStyleSheet(BUTTON)
            top.addWidget(b, 0, Qt.AlignmentFlag.AlignTop)
        self.single_button.clicked.connect(lambda _=False: self.single_battle())
        self.back_button.clicked.connect(lambda _=False: self.host.show_chooser())
        outer.addLayout(top)

        body = QHBoxLayout()
        body.setSpacing(16)
        body.addWidget(self._build_slots())
        body.addLayout(self._build_detail(), 1)
        outer.addLayout(body, 1)

    def _panel(self, name: str) -> QFrame:
        frame = QFrame()
        frame.setObjectName(name)
        frame.setStyleSheet(f"#{name} {{ background: {PARCHMENT}; border-radius: 10px;"
                            f"border: 2px solid {GOLD}; }}")
        return frame

    def _build_slots(self) -> QFrame:
        panel = self._panel("slotPanel")
        panel.setFixedWidth(290)
        lay = QVBoxLayout(panel)
        lay.setContentsMargins(12, 10, 12, 10)
        self.slots_title = QLabel()
        self.slots_title.setStyleSheet("font-size: 14pt; font-weight: bold; color: #3b2a14;")
        self.slot_list = QListWidget()
        self.slot_list.setStyleSheet("QListWidget { font-size: 11pt; }"
                                     "QListWidget::item { padding: 3px; }")
        self.slot_list.setWordWrap(True)
        self.slot_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.slot_list.currentItemChanged.connect(self._on_slot_changed)
        self.empty_label = QLabel()
        self.empty_label.setWordWrap(True)
        self.empty_label.setStyleSheet("color: #6b5a3a; font-size: 11pt;")
        self.delete_button = QPushButton()
        self.delete_button.setStyleSheet(BUTTON)
        self.delete_button.clicked.connect(lambda _=False: self.delete_selected())
        lay.addWidget(self.slots_title)
        lay.addWidget(self.slot_list, 1)
        lay.addWidget(self.empty_label)
        lay.addWidget(self.delete_button, 0, Qt.AlignmentFlag.AlignLeft)

        self.new_box = QGroupBox()
        self.new_box.setStyleSheet("QGroupBox { font-size: 12pt; font-weight: bold; }")
        form = QVBoxLayout(self.new_box)
        self.name_label = QLabel()
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(64)
        self.name_edit.returnPressed.connect(lambda: self.new_campaign())
        self.draft_radio = QRadioButton()
        self.first_radio = QRadioButton()
        self.draft_radio.setChecked(True)
        group = QButtonGroup(self.new_box)
        group.addButton(self.draft_radio)
        group.addButton(self.first_radio)
        for r in (self.draft_radio, self.first_radio):
            r.setStyleSheet("font-size: 10pt; font-weight: normal;")
        self.dice_label = QLabel()
        self.dice_combo = QComboBox()
        self.new_button = QPushButton()
        self.new_button.setMinimumHeight(36)
        self.new_button.setStyleSheet("font-size: 12pt; font-weight: bold; padding: 4px 14px;")
        self.new_button.clicked.connect(lambda _=False: self.new_campaign())
        for w in (self.name_label, self.name_edit, self.draft_radio, self.first_radio,
                  self.dice_label, self.dice_combo, self.new_button):
            form.addWidget(w)
        lay.addWidget(self.new_box)
        return panel

    def _build_detail(self) -> QVBoxLayout:
        col = QVBoxLayout()
        col.setSpacing(10)
        head = self._panel("campaignHead")
        hl = QHBoxLayout(head)
        hl.setContentsMargins(14, 10, 14, 10)
        info = QVBoxLayout()
        info.setSpacing(3)
        self.slot_title = QLabel()
        self.slot_title.setStyleSheet("font-size: 16pt; font-weight: bold; color: #3b2a14;")
        self.next_label = QLabel()
        self.next_label.setStyleSheet("font-size: 13pt; color: #3b2a14;")
        self.score_label = QLabel()
        self.score_label.setObjectName("score")
        self.score_label.setStyleSheet("font-size: 12pt; color: #23306b; font-weight: bold;")
        self.spells_label = QLabel()
        self.spells_label.setObjectName("spells")
        self.spells_label.setWordWrap(True)
        self.spells_label.setStyleSheet("font-size: 12pt; color: #2b2b2b;")
        for w in (self.slot_title, self.next_label, self.score_label, self.spells_label):
            info.addWidget(w)
        hl.addLayout(info, 1)
        self.fight_button = QPushButton()
        self.fight_button.setObjectName("fight")
        self.fight_button.setMinimumHeight(64)
        self.fight_button.setStyleSheet(BIG_BUTTON)
        self.fight_button.clicked.connect(lambda _=False: self.fight())
        hl.addWidget(self.fight_button, 0, Qt.AlignmentFlag.AlignVCenter)
        col.addWidget(head)

        self.won_banner = QLabel()
        self.won_banner.setObjectName("wonBanner")
        self.won_banner.setWordWrap(True)
        self.won_banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.won_banner.setStyleSheet("background: #fff4c9; color: #6c3483; font-size: 16pt;"
                                      "font-weight: bold; border: 3px solid #d4a017;"
                                      "border-radius: 10px; padding: 10px;")
        self.won_banner.hide()
        col.addWidget(self.won_banner)

        self.enemy_scroll = QScrollArea()
        self.enemy_scroll.setWidgetResizable(True)
        self.enemy_scroll.setStyleSheet("QScrollArea { background: transparent; border: none; }")
        inner = QWidget()
        inner.setObjectName("enemyList")
        inner.setStyleSheet("#enemyList { background: transparent; }")
        lay = QVBoxLayout(inner)
        self.enemy_list = lay
        lay.setContentsMargins(0, 0, 6, 0)
        lay.setSpacing(6)
        self.enemy_rows: list[EnemyRow] = []
        for eid in CAMPAIGN_ORDER:
            row = EnemyRow(ENEMIES[eid], self.host)
            self.enemy_rows.append(row)
            lay.addWidget(row)
        lay.addStretch(1)
        self.enemy_scroll.setWidget(inner)
        col.addWidget(self.enemy_scroll, 1)
        return col

    # -- texts ----------------------------------------------------------------------------
    def page_title(self) -> str:
        return tr("title", self.lang)

    def retranslate(self) -> None:
        lang = self.lang
        labelled = ((self.title, "title"), (self.subtitle, "sub"), (self.single_button, "single"),
                    (self.back_button, "back"), (self.slots_title, "slots"),
                    (self.empty_label, "none"), (self.delete_button, "delete"),
                    (self.name_label, "name"), (self.draft_radio, "start_draft"),
                    (self.first_radio, "start_first"), (self.dice_label, "dice"),
                    (self.new_button, "create"))
        for widget, key in labelled:
            widget.setText(tr(key, lang))
        self.new_box.setTitle(tr("new_group", lang))
        current = self.dice_combo.currentData() or PATCH
        self.dice_combo.clear()
        for mode in DICE_MODES:
            self.dice_combo.addItem(tr(f"dice.{mode}", lang), mode)
        self.dice_combo.setCurrentIndex(max(0, self.dice_combo.findData(current)))
        self.refresh()

    # -- slots ----------------------------------------------------------------------------
    def refresh(self, select: str | None = None) -> None:
        """Read every slot again, report damaged files once, and show the chosen slot."""
        want = select or (self.campaign.slot if self.campaign is not None else None)
        problems: list[CampaignFileError] = []
        campaigns: dict[str, Campaign] = {}
        try:
            names = self.store.list()
        except OSError:
            names = []
        for name in names:
            try:
                campaigns[name] = self.store.load(name)
            except CampaignFileError as exc:
                problems.append(exc)
            except (CampaignError, OSError):
                continue  # not a slot of its own (a name clash on a case-blind disk)
        self.campaigns = campaigns
        self.slot_list.blockSignals(True)
        self.slot_list.clear()
        chosen: QListWidgetItem | None = None
        for name, c in campaigns.items():
            item = QListWidgetItem(self._slot_line(c))
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.slot_list.addItem(item)
            if name == want:
                chosen = item
        if chosen is None and self.slot_list.count():
            chosen = self.slot_list.item(0)
        if chosen is not None:
            self.slot_list.setCurrentItem(chosen)
        self.slot_list.blockSignals(False)
        self.empty_label.setVisible(not campaigns)
        if not self.name_edit.text().strip() or self.name_edit.text() in campaigns:
            self.name_edit.setText(self._free_name())
        slot = chosen.data(Qt.ItemDataRole.UserRole) if chosen is not None else None
        self.campaign = campaigns.get(slot) if slot is not None else None
        self._show_campaign()
        if problems:
            self._report_damaged(problems)

    def _slot_line(self, c: Campaign) -> str:
        lang = self.lang
        if c.finished:
            return tr("slot_won", lang, slot=c.slot, defeats=c.defeats)
        e = ENEMIES[c.enemy or CAMPAIGN_ORDER[0]]
        return tr("slot_line", lang, slot=c.slot, n=e.number, enemy=enemy_name(e, lang),
                  defeats=c.defeats)

    def _free_name(self) -> str:
        n = 1
        while tr("name_default", self.lang, n=n) in self.campaigns:
            n += 1
        return tr("name_default", self.lang, n=n)

    def _on_slot_changed(self, item: QListWidgetItem | None, _old: Any = None) -> None:
        slot = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        self.campaign = self.campaigns.get(slot) if slot is not None else None
        self._show_campaign()

    def select_slot(self, slot: str) -> None:
        self.refresh(select=slot)

    def slot_names(self) -> list[str]:
        return [str(self.slot_list.item(i).data(Qt.ItemDataRole.UserRole))
                for i in range(self.slot_list.count())]

    def new_campaign(self, name: str | None = None, draft: bool | None = None,
                     dice: str | None = None) -> Campaign | None:
        """Start a campaign in a new slot (the name field, the start choice and dice mode)."""
        lang = self.lang
        slot = (name if name is not None else self.name_edit.text()).strip()
        use_draft = self.draft_radio.isChecked() if draft is None else draft
        mode = dice or str(self.dice_combo.currentData() or PATCH)
        try:
            if self.store.exists(slot) or slot in self.campaigns:
                self._warn(tr("exists", lang, slot=slot))
                return None
            campaign = Campaign.new(slot, dice=mode,
                                    spells=None if use_draft else FIRST_GAME_HAND)
            self.store.save(campaign)
        except CampaignError as exc:
            self._warn(tr("bad_name", lang, error=str(exc)))
            return None
        except OSError as exc:
            self._warn(tr("save_failed", lang, file=str(self.store.directory),
                          error=str(exc)))
            return None
        self.name_edit.clear()
        self.refresh(select=slot)
        return campaign

    def delete_selected(self) -> bool:
        c = self.campaign
        if c is None:
            return False
        lang = self.lang
        if not self.confirm(tr("delete_title", lang), tr("delete_body", lang,
                                                              slot=c.slot)):
            return False
        try:
            self.store.delete(c.slot)
        except (CampaignError, OSError) as exc:
            self._warn(str(exc))
        self.campaign = None
        self.refresh()
        return True

    def _ask(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def _warn(self, text: str) -> None:
        self.host.show_message(tr("error_title", self.lang), text)

    def _report_damaged(self, problems: list[CampaignFileError]) -> None:
        lang = self.lang
        parts = []
        for exc in problems:
            if exc.kept is not None:
                parts.append(tr("damaged", lang, file=str(exc.path), problem=exc.problem,
                                kept=str(exc.kept)))
            else:
                parts.append(tr("damaged_unmoved", lang, file=str(exc.path),
                                problem=exc.problem))
        self.host.show_message(tr("damaged_title", lang), "\n\n".join(parts))

    # -- the chosen campaign --------------------------------------------------------------
    def _show_campaign(self) -> None:
        lang = self.lang
        c = self.campaign
        self.delete_button.setEnabled(c is not None)
        dice = c.dice if c is not None else PATCH
        beaten = {b.enemy: b for b in c.beaten} if c is not None else {}
        nxt = c.enemy if c is not None else None
        order = c.order_ids if c is not None else CAMPAIGN_ORDER
        rows = {r.enemy.id: r for r in self.enemy_rows}
        layout = self.enemy_list
        for i, eid in enumerate(order):  # the campaign's own order (campaign or listing)
            row = rows[eid]
            layout.removeWidget(row)
            layout.insertWidget(i, row)
        self.enemy_rows = [rows[eid] for eid in order]
        for row in self.enemy_rows:
            row.show_enemy(lang, dice, beaten.get(row.enemy.id), row.enemy.id == nxt)
        if c is None:
            self.slot_title.setText(tr("pick", lang))
            for w in (self.next_label, self.score_label, self.spells_label):
                w.setText("")
            self.fight_button.setText(tr("fight_none", lang))
            self.fight_button.setEnabled(False)
            self.won_banner.hide()
            return
        self.slot_title.setText(c.slot)
        self.score_label.setText(tr("score", lang, beaten=len(c.beaten),
                                    total=len(order), defeats=c.defeats,
                                    battles=c.battles))
        if c.spells is None:
            self.spells_label.setText(tr("draft_due", lang))
        else:
            self.spells_label.setText(tr("spells", lang, spells=spell_names(c.spells,
                                                                                  lang)))
        if nxt is None:
            self.next_label.setText(tr("all_beaten", lang))
            self.fight_button.setText(tr("fight_none", lang))
            self.fight_button.setEnabled(False)
            self.won_banner.setText(tr("won_banner", lang, defeats=c.defeats,
                                       battles=c.battles))
            self.won_banner.show()
            return
        e = ENEMIES[nxt]
        self.won_banner.hide()
        self.next_label.setText(tr("next", lang, n=e.number, enemy=enemy_name(e, lang), hp=e.hp))
        self.fight_button.setText(tr("fight", lang, enemy=enemy_name(e, lang)))
        self.fight_button.setEnabled(True)
        row = self.enemy_rows[c.enemy_index]
        self.enemy_scroll.ensureWidgetVisible(row, 0, 40)

    # -- battles --------------------------------------------------------------------------
    def fight(self, seed: int | None = None) -> Match | None:
        """Start the next battle of the chosen campaign at the table (``seed``: a fixed one,
        else a fresh one each time)."""
        c = self.campaign
        if c is None or c.finished:
            return None
        if not self.host.confirm_leave():
            return None
        self._battle = None
        match = self.host.start_match(GAME_ID, [HUMAN], c.battle_options(), seed, tag=c.slot)
        if match is not None:
            self._battle = (c, match)
        return match

    def adopt(self, match: Match) -> bool:
        """Take back a campaign battle resumed from a save (after a restart or a crash).

        The battle counts only if its campaign still stands where it stood when the battle
        began: same next opponent, same spells, no battle recorded since. Otherwise (the slot
        was deleted, or the battle was already counted) it is played as a single battle and
        the player is told why."""
        slot = match.tag
        if slot is None or match.session.is_terminal():
            return False  # a finished battle was counted when it ended
        try:
            c = self.store.load(slot)
        except (CampaignError, OSError):
            c = None
        options = {k: str(v) for k, v in match.session.options.items()}
        wanted = c.battle_options() if c is not None and not c.finished else None
        if c is None or wanted is None or any(options.get(k) != v for k, v in wanted.items()):
            self._warn(tr("not_adopted", self.lang, slot=slot))
            return False
        self.campaign = c
        self._battle = (c, match)
        return True

    def match_over(self, match: Match) -> bool:
        """Record the result if ``match`` is this page's battle; True when it is (the page
        then shows its own result dialog instead of the game summary)."""
        if self._battle is None or self._battle[1] is not match:
            return False
        before, _ = self._battle
        self._battle = None  # once: an undo and a second ending must not count twice
        lang = self.lang
        obs = match.session.observation(0)
        player = obs["players"][0]
        won = int(obs["winner"]) == 0
        spells = [str(h["spell"]) for h in player["hand"]]
        turn = int(player["turns"])
        after = before.after_battle(won, spells if len(spells) == 5 else None, turn)
        try:
            self.store.save(after)
        except (CampaignError, OSError) as exc:
            self._warn(tr("save_failed", lang, file=str(self.store.path(after.slot)),
                          error=str(exc)))
        self.campaign = after
        self.refresh(select=after.slot)
        self._show_result(before, after, won, match.summary_text(lang))
        return True

    def _show_result(self, before: Campaign, after: Campaign, won: bool, detail: str) -> None:
        lang = self.lang
        beaten = ENEMIES[before.enemy or CAMPAIGN_ORDER[0]]
        if won and after.finished:
            heading = tr("campaign_won", lang)
            text = tr("campaign_won_body", lang, defeats=after.defeats,
                      battles=after.battles, total=len(after.order_ids))
        elif won:
            e = ENEMIES[after.enemy or CAMPAIGN_ORDER[0]]
            heading = tr("victory", lang, enemy=enemy_name(beaten, lang))
            text = tr("victory_next", lang, n=e.number, enemy=enemy_name(e, lang))
        else:
            heading = tr("defeat", lang)
            text = tr("defeat_body", lang, enemy=enemy_name(beaten, lang), defeats=after.defeats)
        self.close_result()
        dialog = CampaignResultDialog(heading, text, detail, lang, self.window())
        dialog.back_button.clicked.connect(lambda _=False: self.back_to_campaign())
        self.result_dialog = dialog
        dialog.show()

    def close_result(self) -> None:
        if self.result_dialog is not None:
            self.result_dialog.close()
            self.result_dialog.deleteLater()
            self.result_dialog = None

    def back_to_campaign(self) -> None:
        """Leave the finished battle's table for this page."""
        self.close_result()
        self.host.show_page()

    def single_battle(self) -> None:
        """One battle against any opponent, through the ordinary new-game dialog."""
        self.host.open_new_game(GAME_ID)


__all__ = ["CampaignPage", "CampaignResultDialog", "EnemyRow", "face_grid_html"]
