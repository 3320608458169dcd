"""Punimonyo on the table: the question and answer rows, the beat, the two word pads, the
score board; and how a key or a click becomes an action.

Qt-free: the generic table draws the ``Layout``. The two pads at the bottom are the inputs:
ぷにぅ on the left (key F), もにょ on the right (key J), clickable, and the same two words are
buttons of the action bar, where the keys act at once. The beat is the view's ``tempo``: the
app's clock plays ``beat`` every ``beat_ms``; each beat is a new state, so the table moves on a
beat — the lamp between the pads flips, the beat track above the answer row lights the
current beat, and the question row shows the word being called.

What the viewing seat may see follows the observation: a question the other player entered
appears only as it is called. As when the words are spoken, the answerer sees each word during
its beat only and answers from memory (option ``show_calls`` keeps them visible); the
questioner and a spectator see the words once known. Refusal reasons come from the rules model
so the table and the engine agree.
"""

from __future__ import annotations

from typing import Any

from tabletop import api
from tabletop.api import Gesture, IdForm, Layout, Msg, Piece, Text, Zone, score_row, seat_name

from .data import COLORS, EXTRA, KANA, KEYS, MISS, OK, OPPOSITE, ROMAJI, STINTS_PER_PLAYER, WORDS
from .model import BEAT, RANDOM, Phase, PunimonyoGame, PunimonyoObs, prompt_from_obs
from .words import WORDS as CATALOGUE

WIDTH = 1280.0
HEIGHT = 800.0
ROW_X = 170.0  # the rows start right of their labels
ROW_W = WIDTH - ROW_X - 30.0
PANEL_Y, PANEL_H = 30.0, 120.0
SLOT_H = 112.0
Q_Y = 180.0
TRACK_Y = 314.0
A_Y = 368.0
PAD_Y = 540.0
PAD_W, PAD_H = 420.0, 170.0
LAMP = 140.0
TURN_COLOR = "#d4a017"
LAMP_ON = "#f5c518"
LAMP_OFF = "#8a6d1e"
LAMP_IDLE = "#5d6d6a"
ANSWER_GREEN = "#2f8f4e"
MISTAKE_RED = "#b3261e"
HEARD_BACK = "#4b3f63"
SLOT_GREY = "#6b6b6b"

PAD_ORDER: tuple[str, ...] = (WORDS[1], WORDS[0])  # ぷにぅ on the left (F), もにょ right (J)

_RULES = PunimonyoGame()


#: A word's pad, a card of the question and of the answer (by index).
pad_id = IdForm("pad_{}")
q_id = IdForm("q{}")
a_id = IdForm("a{}")


def word_art(word: str, body_en: str = "", body_ja: str = "",
             color: str = "") -> dict[str, Any]:
    """A word card: the kana is the word in either language, so it is the title in both;
    English adds the romaji below it."""
    return {"title_en": KANA[word], "title_ja": KANA[word], "subtitle_en": ROMAJI[word],
            "subtitle_ja": "", "body_en": body_en, "body_ja": body_ja,
            "corner": "", "badge": "", "color": color or COLORS[word]}


def _slot_art(number: int, en: str = "", ja: str = "") -> dict[str, Any]:
    return {"title_en": str(number), "title_ja": "", "body_en": en, "body_ja": ja,
            "corner": "", "badge": "", "color": SLOT_GREY}


def _slots(n: int) -> tuple[float, float]:
    """Card width and step for a row of ``n`` cards (up to the 20-word cap)."""
    w = min(100.0, (ROW_W - 8.0 * (n - 1)) / max(1, n))
    return w, w + 8.0 if n > 1 else w


class PunimonyoView(api.GameView[PunimonyoObs]):
    """Layout, gestures, beat and words for Punimonyo."""

    over_reason = "refuse.over"

    # -- layout ---------------------------------------------------------------------------
    def layout(self, obs: PunimonyoObs, seat: int | None) -> Layout:
        out = Layout(WIDTH, HEIGHT)
        for p in (0, 1):
            self._add_panel(out, obs, p, seat)
        self._add_centre(out, obs)
        if obs["phase"] != Phase.OVER or obs["last"] is not None:
            self._add_question(out, obs, seat)
            self._add_track(out, obs)
            self._add_answer(out, obs)
        self._add_pads(out, obs, seat)
        return out

    # -- the score board ------------------------------------------------------------------
    def _add_panel(self, out: Layout, obs: PunimonyoObs, p: int, seat: int | None) -> None:
        x = 20.0 if p == 0 else WIDTH - 20.0 - 320.0
        name_en, name_ja = seat_name(p, CATALOGUE)
        if p == seat:
            name_en, name_ja = name_en + " (you)", name_ja + "（あなた）"
        phase = obs["phase"]
        practice = bool(obs["practice"])
        if phase == Phase.OVER:
            role_en, role_ja = ("wins", "勝ち") if p in obs["winners"] and len(
                obs["winners"]) == 1 else ("", "")
        elif p == int(obs["responder"]):
            role_en, role_ja = "answers", "答える人"
        elif p == int(obs["questioner"]):
            role_en, role_ja = "asks", "問題を出す人"
        elif practice and p == 1:
            role_en, role_ja = "the app asks", "出題はアプリ"
        else:
            role_en, role_ja = "", ""
        label_en = f"{name_en} — {role_en}" if role_en else name_en
        label_ja = f"{name_ja} — {role_ja}" if role_ja else name_ja
        to_move = int(obs["to_move"]) == p
        out.zones.append(Zone(f"seat{p}", x, PANEL_Y, 320.0, PANEL_H, label_en, label_ja,
                              TURN_COLOR if to_move else ""))
        if practice and p == 1:
            out.texts.append(Text(f"score{p}", x + 12, PANEL_Y + 14, "Practice: no part",
                                  "練習：参加しません", size=15, color="#cfd8dc"))
            return
        score = int(obs["scores"][p])
        best = int(obs["bests"][p])
        out.texts.append(Text(f"score{p}", x + 12, PANEL_Y + 6, f"{score} pts",
                              f"{score}点", size=28, bold=True))
        stints = [int(r["score"]) for r in obs["results"] if int(r["responder"]) == p]
        live = phase != Phase.OVER and int(obs["responder"]) == p
        cells_en = [str(v) for v in stints] + ([f"{int(obs['streak'])} so far"] if live else [])
        cells_ja = [str(v) for v in stints] + ([f"{int(obs['streak'])}（進行中）"] if live
                                                else [])
        cells_en += ["–"] * max(0, STINTS_PER_PLAYER - len(cells_en))
        cells_ja += ["–"] * max(0, STINTS_PER_PLAYER - len(cells_ja))
        out.texts.append(Text(f"stints{p}", x + 12, PANEL_Y + 54,
                              "Stints: " + " · ".join(cells_en),
                              "スティント：" + "・".join(cells_ja), size=15))
        out.texts.append(Text(f"best{p}", x + 12, PANEL_Y + 82,
                              f"Longest correct: {best} words" if best else
                              "Longest correct: –",
                              f"最長正解：{best}語" if best else "最長正解：–", size=15))

    def _add_centre(self, out: Layout, obs: PunimonyoObs) -> None:
        x = 364.0
        phase = obs["phase"]
        beat_ms = int(obs["options"]["beat_ms"])
        total = len(obs["order"])
        stint = int(obs["stint"])
        if phase == Phase.OVER:
            en, ja = "Match over" if not obs["practice"] else "Practice over", \
                "試合終了" if not obs["practice"] else "練習終了"
        elif stint < 0:
            en, ja = "Drawing who answers first", "先に答える人を抽選中"
        else:
            kind_en = "Practice" if obs["practice"] else "Stint"
            kind_ja = "練習" if obs["practice"] else "スティント"
            n = int(obs["length"])
            en = f"{kind_en} {stint + 1} of {total} · question of {n} words"
            ja = f"{kind_ja} {stint + 1}/{total}・{n}語の問題"
        out.texts.append(Text("headline", x, 18.0, en, ja, size=20, bold=True))
        out.texts.append(Text("tempo", x, 52.0,
                              f"Beat {beat_ms} ms · F = ぷにぅ · J = もにょ · answer each word "
                              "swapped",
                              f"拍 {beat_ms}ミリ秒・F=ぷにぅ・J=もにょ・1語ずつ入れ替えて答える",
                              size=13, color="#cfd8dc"))
        last = obs["last"]
        if last is None:
            return
        en, ja, colour = _last_line(last)
        out.texts.append(Text("last", x, 82.0, en, ja, size=15, bold=True, color=colour))
        q = " ".join(KANA[w] for w in last["question"])
        if len(last["question"]) <= 12:
            out.texts.append(Text("last_q", x, 110.0, f"Question was: {q}", f"問題：{q}",
                                  size=13, color="#e8e2d0"))

    # -- the question ---------------------------------------------------------------------
    def _add_question(self, out: Layout, obs: PunimonyoObs, seat: int | None) -> None:
        phase = obs["phase"]
        last = obs["last"] if phase == Phase.OVER else None
        n = int(last["length"]) if last is not None else int(obs["length"])
        questioner = int(obs["questioner"])
        if obs["practice"] or obs["auto"]:
            en, ja = "the app calls", "アプリが出題"
        elif questioner >= 0:
            en = f"{seat_name(questioner, CATALOGUE)[0]} asks"
            ja = f"{seat_name(questioner, CATALOGUE)[1]}が出題"
        else:
            en, ja = "", ""
        out.zones.append(Zone("question", 20.0, Q_Y - 12.0, WIDTH - 40.0, SLOT_H + 24.0,
                              color="#2c3e50"))
        out.texts.append(Text("q_label", 32.0, Q_Y + 14.0, f"Question · {n}",
                              f"問題・{n}語", size=17, bold=True))
        out.texts.append(Text("q_label2", 32.0, Q_Y + 44.0, en, ja, size=13,
                              color="#cfd8dc"))
        words = [str(w) for w in (last["question"] if last is not None else obs["question"])]
        w, step = _slots(n)
        # The answerer hears each word once, as if spoken, and answers from memory.
        memory = not obs["options"].get("show_calls", False) \
            and seat == int(obs["responder"]) and last is None
        if memory:
            out.texts.append(Text("q_label3", 32.0, Q_Y + 68.0, "from memory", "記憶で答える",
                                  size=13, color="#cfd8dc"))
        called = int(obs["called"]) if last is None else n
        calling = int(obs["step"]) if phase == Phase.PLAY else 0  # 1..n: the word of this beat
        for i in range(n):
            x = ROW_X + i * step
            known = i < len(words)
            if phase == Phase.COMPOSE and seat == questioner and not known:
                out.pieces.append(Piece(q_id(i), "card", x, Q_Y, art=_slot_art(i + 1),
                                        w=w, h=SLOT_H, state="active" if i == len(words)
                                        else "dim",
                                        tooltip_en=f"Word {i + 1}: not entered yet",
                                        tooltip_ja=f"{i + 1}語目：まだ入力していません"))
                continue
            now = calling == i + 1
            show = known and (now or not memory)
            if show:
                word = words[i]
                out.pieces.append(Piece(
                    q_id(i), "card", x, Q_Y, art=word_art(word, str(i + 1)),
                    w=w, h=SLOT_H, state="active" if now else "",
                    tooltip_en=f"Word {i + 1}: {KANA[word]} ({ROMAJI[word]})",
                    tooltip_ja=f"{i + 1}語目：{KANA[word]}"))
                continue
            heard = i < called
            if heard:
                tip_en = f"Word {i + 1}: called — answer it from memory"
                tip_ja = f"{i + 1}語目：出題済み — 記憶で答えます"
            elif i < int(obs["composed"]) and not obs["auto"]:
                tip_en = f"Word {i + 1}: set, hidden until it is called"
                tip_ja = f"{i + 1}語目：入力済み・出題されるまで秘密"
            else:
                tip_en = f"Word {i + 1}: not called yet"
                tip_ja = f"{i + 1}語目：まだ出題されていません"
            out.pieces.append(Piece(q_id(i), "card", x, Q_Y, face_up=False,
                                    art={"back": HEARD_BACK if heard else "#6b1f2a"},
                                    w=w, h=SLOT_H, state="" if heard or (
                                        phase == Phase.COMPOSE and i < int(obs["composed"]))
                                    else "dim", tooltip_en=tip_en, tooltip_ja=tip_ja))

    # -- the beat -------------------------------------------------------------------------
    def _add_track(self, out: Layout, obs: PunimonyoObs) -> None:
        """One dot per beat of the question: ready, the words, the pause, the answers."""
        phase = obs["phase"]
        n = int(obs["length"])
        if phase not in (Phase.PLAY, Phase.ANSWER):
            return
        current = int(obs["step"]) if phase == Phase.PLAY else n + 2 + int(obs["window"])
        beats = 2 * n + 2
        size = min(34.0, ROW_W / beats - 4.0)
        step = ROW_W / beats
        out.texts.append(Text("track_label", 32.0, TRACK_Y + 2.0, "Beat", "拍", size=17,
                              bold=True))
        for b in range(beats):
            if b == 0:
                label, colour = "•", "#7f8c8d"
            elif b <= n:
                label, colour = str(b), "#5b6f8a"
            elif b == n + 1:
                label, colour = "–", "#7f8c8d"
            else:
                label, colour = str(b - n - 1), "#3f7a52"
            if b == current:
                colour = LAMP_ON
            elif b < current:
                colour = "#3a3a3a"
            out.pieces.append(Piece(f"t{b}", "token", ROW_X + b * step, TRACK_Y, w=size,
                                    h=size, art={"label": label, "color": colour}))

    # -- the answer -----------------------------------------------------------------------
    def _add_answer(self, out: Layout, obs: PunimonyoObs) -> None:
        phase = obs["phase"]
        last = obs["last"] if phase == Phase.OVER else None
        n = int(last["length"]) if last is not None else int(obs["length"])
        responder = int(last["responder"]) if last is not None else int(obs["responder"])
        en = f"{seat_name(responder, CATALOGUE)[0]}, swapped" if responder >= 0 else "swapped"
        ja = f"{seat_name(responder, CATALOGUE)[1]}・入れ替え" if responder >= 0 else "入れ替え"
        out.zones.append(Zone("answer", 20.0, A_Y - 12.0, WIDTH - 40.0, SLOT_H + 24.0,
                              color="#27402f"))
        out.texts.append(Text("a_label", 32.0, A_Y + 14.0, "Answer", "答え", size=17,
                              bold=True))
        out.texts.append(Text("a_label2", 32.0, A_Y + 44.0, en, ja, size=13,
                              color="#cfd8dc"))
        given = [str(w) for w in (last["answer"] if last is not None else obs["answer"])]
        window = int(obs["window"]) if phase == Phase.ANSWER else -1
        w, step = _slots(n)
        for i in range(n):
            x = ROW_X + i * step
            if i < len(given):
                word = given[i]
                wrong = last is not None and last["kind"] != OK and i == len(given) - 1 \
                    and int(last["beat"]) == i + 1 and last["pressed"] == word
                out.pieces.append(Piece(
                    a_id(i), "card", x, A_Y,
                    art=word_art(word, "✗" if wrong else "✓", "",
                                 MISTAKE_RED if wrong else ""),
                    w=w, h=SLOT_H, state="",
                    tooltip_en=f"Answer {i + 1}: {KANA[word]} ({ROMAJI[word]})",
                    tooltip_ja=f"{i + 1}語目の答え：{KANA[word]}"))
                continue
            active = i == window
            out.pieces.append(Piece(
                a_id(i), "card", x, A_Y,
                art=_slot_art(i + 1, "now!" if active else "", "今！" if active else ""),
                w=w, h=SLOT_H, state="active" if active else "dim",
                tooltip_en=f"Answer {i + 1}: in beat {i + 1} of the answer",
                tooltip_ja=f"{i + 1}語目の答え：答えの{i + 1}拍目"))

    # -- the pads and the lamp ------------------------------------------------------------
    def _add_pads(self, out: Layout, obs: PunimonyoObs, seat: int | None) -> None:
        phase = obs["phase"]
        expecting = False
        if seat is not None and seat == int(obs["to_move"]):
            if phase == Phase.COMPOSE:
                expecting = True
            elif phase == Phase.ANSWER:
                expecting = len(obs["answer"]) == int(obs["window"])
        for i, word in enumerate(PAD_ORDER):
            x = 50.0 if i == 0 else WIDTH - 50.0 - PAD_W
            key = KEYS[word]
            # A big round pad: the kana reads the same in either language.
            out.pieces.append(Piece(
                pad_id(word), "token", x, PAD_Y, art={"label": KANA[word],
                                                      "color": COLORS[word]},
                w=PAD_W, h=PAD_H, state="active" if expecting else "",
                tooltip_en=f"{KANA[word]} ({ROMAJI[word]}): key {key} or click",
                tooltip_ja=f"{KANA[word]}：{key}キーまたはクリック"))
            out.texts.append(Text(f"pad_key_{word}", x + PAD_W / 2 - 90.0, PAD_Y + PAD_H + 10,
                                  f"key {key} · {ROMAJI[word]}", f"{key}キー・{KANA[word]}",
                                  size=18, bold=True))
        self._add_lamp(out, obs)

    def _add_lamp(self, out: Layout, obs: PunimonyoObs) -> None:
        phase = obs["phase"]
        n = int(obs["length"])
        x = (WIDTH - LAMP) / 2
        y = PAD_Y + (PAD_H - LAMP) / 2
        on = int(obs["beat"]) % 2 == 0
        if phase == Phase.PLAY:
            step = int(obs["step"])
            question = obs["question"]
            colour = LAMP_ON if on else LAMP_OFF
            if step == 0:
                label, en, ja = "•", "Ready…", "用意…"
            elif step <= n:
                # The word of this beat, large, in its colour: the app "says" it here.
                word = str(question[step - 1]) if step <= len(question) else ""
                label = KANA[word] if word else str(step)
                if word:  # a word called twice in a row must still flash twice
                    colour = COLORS[word] if on else _shade(COLORS[word], 0.6)
                en, ja = f"Listen {step}/{n}", f"聞いて {step}/{n}"
            else:
                label, en, ja = "…", "Pause", "休み"
        elif phase == Phase.ANSWER:
            window = int(obs["window"])
            label = str(window + 1)
            en, ja = "Answer!", "答えて！"
            colour = ANSWER_GREEN if on else "#1e5c33"
        elif phase == Phase.COMPOSE:
            label, en, ja, colour = "?", "Setting the question", "問題づくり", LAMP_IDLE
        else:
            label, en, ja, colour = "", "", "", LAMP_IDLE
        out.pieces.append(Piece("lamp", "token", x, y, w=LAMP, h=LAMP,
                                art={"label": label, "color": colour},
                                tooltip_en="The beat: it flashes on every beat",
                                tooltip_ja="拍：1拍ごとに点滅します"))
        if en:
            out.texts.append(Text("lamp_text", x + 4.0, PAD_Y + PAD_H + 10, en, ja, size=20,
                                  bold=True, color="#ffe08a"))

    # -- gestures -------------------------------------------------------------------------
    def gestures_seated(self, obs: PunimonyoObs, seat: int,
                        legal_actions: list[str]) -> list[Gesture]:
        out: list[Gesture] = []
        legal = set(legal_actions)
        for kind in ("ask", "word"):
            for word in PAD_ORDER:  # the buttons in the order of the pads and the keys
                action = f"{kind}:{word}"
                if action not in legal:
                    continue
                verb_en = "Enter" if kind == "ask" else "Answer"
                verb_ja = "入力" if kind == "ask" else "答える"
                out.append(Gesture(action, target=pad_id(word),
                                   label_en=f"{verb_en} {KANA[word]}",
                                   label_ja=f"{KANA[word]}を{verb_ja}"))
                out.append(Gesture(action, label_en=f"{KANA[word]} {ROMAJI[word]}",
                                   label_ja=KANA[word], shortcut=KEYS[word]))
        if RANDOM in legal:
            out.append(Gesture(RANDOM, label_en="Random question", label_ja="ランダム出題",
                               shortcut="R"))
        return out

    # -- the beat -------------------------------------------------------------------------
    def tempo(self, obs: PunimonyoObs) -> api.Tempo | None:
        if obs["phase"] not in (Phase.PLAY, Phase.ANSWER):
            return None
        options = obs["options"]
        return api.Tempo(int(options["beat_ms"]), BEAT, bool(options.get("sound", False)))

    # -- sounds ---------------------------------------------------------------------------
    def sounds(self, event: api.Event) -> tuple[str, ...]:
        """Punimonyo aloud (PM-R6): a quiet click on every beat, each called word voiced on its
        beat (``sounds/puniu.wav``, ``sounds/monyo.wav`` beside this module), a sound for a
        right and for a wrong answer. The screen shows each of them too: the word on its
        beat, the beat's mark, the verdict."""
        snd = api.sounds
        if event.kind == "beat":
            word = event.data.get("word")  # a word the questioner entered, called now
            return (snd.BEAT, str(word)) if word else (snd.BEAT,)
        if event.kind == "call":  # a word the app calls, drawn on its beat
            return (str(event.data["word"]),)
        if event.kind == "result":
            return (snd.RIGHT,) if event.data.get("kind") == OK else (snd.WRONG,)
        if event.kind == "stint_end":
            return (snd.ROUND_END,)
        return ()

    # -- words ----------------------------------------------------------------------------
    def why_not_seated(self, obs: PunimonyoObs, seat: int, source: str,
                       target: str | None) -> Msg:
        phase = obs["phase"]
        spot = target or source
        if not spot.startswith("pad_"):
            return Msg("table.pads")
        word = spot[4:]
        to_move = int(obs["to_move"])
        if to_move != seat:
            if phase == Phase.COMPOSE:
                return Msg("refuse.setting", seat=to_move)
            who = int(obs["responder"])
            if who >= 0 and phase in (Phase.PLAY, Phase.ANSWER):
                return Msg("table.answering", seat=who)
            return Msg("table.wait")
        state = PunimonyoGame._visible_state(obs)
        kind = "ask" if phase == Phase.COMPOSE else "word"
        return _RULES.reason(state, f"{kind}:{word}") or api.MOVE_POSSIBLE

    def status(self, obs: PunimonyoObs, seat: int | None) -> Msg:
        return prompt_from_obs(obs, seat)

    def series(self, obs: PunimonyoObs) -> list[api.Figure]:
        if obs["practice"]:
            return api.seat_figures("series.longest", obs["bests"][:1])
        return api.seat_figures("series.points", obs["scores"])

    def series_round(self, obs: PunimonyoObs) -> int | None:
        stint = int(obs["stint"])
        return stint + 1 if stint >= 0 else None

    def score_table(self, obs: PunimonyoObs) -> list[list[api.Cell]] | None:
        if obs["phase"] != Phase.OVER:
            return None
        seats = [0] if obs["practice"] else [0, 1]
        rows = [api.score_header(seats)]
        per = {p: [int(r["score"]) for r in obs["results"] if int(r["responder"]) == p]
               for p in seats}
        for k in range(STINTS_PER_PLAYER):
            rows.append(score_row(Msg("score.stint", number=k + 1),
                                  (per[p][k] if k < len(per[p]) else "–" for p in seats)))
        rows.append(score_row(Msg("score.longest"), (int(obs["bests"][p]) for p in seats)))
        rows.append(score_row(Msg("score.total"), (int(obs["scores"][p]) for p in seats)))
        return rows

    def high_score(self, obs: PunimonyoObs) -> api.HighScore | None:
        """PM-R23: a practice files its longest correct answer, one list per beat."""
        if obs["phase"] != Phase.OVER or not obs["practice"]:
            return None
        options = obs["options"]
        beat = int(options["beat_ms"])
        key = [f"practice|{beat}ms"]
        en, ja = [f"Practice at {beat} ms"], [f"練習・拍{beat}ミリ秒"]
        if options.get("show_calls", False):
            key.append("shown")
            en.append("words shown")
            ja.append("出題表示あり")
        lines = tuple(api.ScoreLine(f"Stint {k + 1}: correct answers", f"スティント{k + 1}：正解数",
                                int(r["score"])) for k, r in enumerate(obs["results"]))
        best = int(obs["bests"][0])
        return api.HighScore("|".join(key), " · ".join(en), "・".join(ja), best,
                         f"Longest {best} words", f"最長{best}語", lines)

    def summary(self, obs: PunimonyoObs) -> Msg | None:
        if obs["phase"] != Phase.OVER:
            return None
        scores = [int(v) for v in obs["scores"]]
        bests = [int(v) for v in obs["bests"]]
        if obs["practice"]:
            tail = Msg("summary.practice", score=scores[0])
        else:
            tail = Msg("summary.longest", first=bests[0], second=bests[1])
        return Msg("summary.lines", head=prompt_from_obs(obs, None), tail=tail)


def _shade(colour: str, factor: float) -> str:
    """``#rrggbb`` darkened by ``factor`` (the off phase of the flashing lamp)."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c * factor):02x}" for c in rgb)


def _last_line(last: dict[str, Any]) -> tuple[str, str, str]:
    """The latest answer in one line: who, how long, right or where it went wrong."""
    who_en = seat_name(int(last["responder"]), CATALOGUE)[0]
    who_ja = seat_name(int(last["responder"]), CATALOGUE)[1]
    n = int(last["length"])
    kind = last["kind"]
    beat = int(last["beat"])
    if kind == OK:
        return (f"Last: {who_en} answered {n} words — correct ✓",
                f"前回：{who_ja}が{n}語に正解 ✓", "#9be3a8")
    if kind == MISS:
        en, ja = f"missed beat {beat}", f"{beat}拍目に入力なし"
    elif kind == EXTRA:
        en, ja = f"pressed twice in beat {beat}", f"{beat}拍目に2回入力"
    else:
        pressed = str(last["pressed"])
        en = f"word {beat}: {KANA[pressed]} instead of {KANA[OPPOSITE[pressed]]}"
        ja = f"{beat}語目を{KANA[pressed]}（正しくは{KANA[OPPOSITE[pressed]]}）"
    return (f"Last: {who_en}, {n} words — mistake ✗ {en}",
            f"前回：{who_ja}・{n}語 — ミス ✗ {ja}", "#ff9f8f")
