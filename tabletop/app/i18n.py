"""The app's own UI strings in English and Japanese, the one function that looks them up, and
two helpers for texts shown in labels and dialog titles.

Game texts (card titles, log lines, prompts) come from the game itself in both languages; this
catalogue holds only what the window, menus and dialogs say. Switching the language at run time
re-reads every string through ``tr``, so nothing here is cached by the widgets.
"""

from __future__ import annotations

import re

LANGUAGES: tuple[str, ...] = ("ja", "en")
LANGUAGE_NAMES: dict[str, str] = {"ja": "日本語", "en": "English"}

_STRINGS: dict[str, tuple[str, str]] = {
    # key: (English, Japanese)
    "app.title": ("Tabletop", "Tabletop"),
    "app.title_game": ("{game} — Tabletop", "{game} — Tabletop"),
    # menus
    "menu.game": ("&Game", "ゲーム(&G)"),
    "menu.edit": ("&Edit", "編集(&E)"),
    "menu.view": ("&View", "表示(&V)"),
    "menu.help": ("&Help", "ヘルプ(&H)"),
    "menu.language": ("&Language", "言語(&L)"),
    "act.new": ("&New Game…", "新しいゲーム(&N)…"),
    "act.restart": ("&Restart", "最初からやり直す(&R)"),
    "act.chooser": ("&Back to Game List", "ゲーム一覧に戻る(&B)"),
    "act.quit": ("&Quit", "終了(&Q)"),
    "act.undo": ("&Undo", "元に戻す(&U)"),
    "act.redo": ("&Redo", "やり直し(&R)"),
    "act.hint": ("&Hint", "ヒント(&H)"),
    "act.zoom_in": ("Zoom &In", "拡大(&I)"),
    "act.zoom_out": ("Zoom &Out", "縮小(&O)"),
    "act.fit": ("&Fit Table to Window", "テーブル全体を表示(&F)"),
    "act.rules": ("&Rules", "ルール(&R)"),
    "act.shortcuts": ("&Keyboard Shortcuts", "キーボードショートカット(&K)"),
    "act.about": ("&About Tabletop", "Tabletop について(&A)"),
    "act.open": ("&Open…", "開く(&O)…"),
    "act.save": ("&Save…", "保存(&S)…"),
    "act.replay": ("Re&play…", "リプレイ(&P)…"),
    # chooser
    "chooser.heading": ("Choose a game", "ゲームを選んでください"),
    "chooser.sub": ("Play against the computer, or with friends on one screen.",
                    "コンピューターと対戦、または1台の画面を囲んで友だちと遊べます。"),
    "chooser.play": ("Play", "遊ぶ"),
    "chooser.rules": ("Rules", "ルール"),
    "chooser.players": ("{n} players", "{n}人"),
    "chooser.solo": ("1 player", "1人"),
    "chooser.players_range": ("{lo}–{hi} players", "{lo}～{hi}人"),
    "chooser.failed": ("Could not load: {source}", "読み込めませんでした：{source}"),
    "chooser.none": ("No games are installed.", "ゲームがインストールされていません。"),
    # new game dialog
    "new.title": ("New Game — {game}", "新しいゲーム — {game}"),
    "new.players": ("Players", "人数"),
    "new.seats": ("Seats", "席"),
    "new.options": ("Options", "オプション"),
    "new.seed": ("Seed", "シード"),
    "new.seed_random": ("random", "ランダム"),
    "new.seed_help": ("Leave empty for a new game every time; a number replays the same dice "
                      "and cards.",
                      "空欄なら毎回違うゲーム。数字を入れると同じダイス・カードの流れになります。"),
    "new.start": ("Start", "開始"),
    "new.cancel": ("Cancel", "キャンセル"),
    "option.random": ("Random", "ランダム"),
    "new.need_human": ("Tip: every seat is played by the computer; you will watch.",
                       "全席がコンピューターです。対戦を観戦します。"),
    "seat.human": ("Human", "人間"),
    "seat.easy": ("Computer — easy", "コンピューター（弱い）"),
    "seat.normal": ("Computer — normal", "コンピューター（普通）"),
    "seat.hard": ("Computer — hard", "コンピューター（強い）"),
    # players
    "player": ("Player {n}", "プレイヤー{n}"),
    "player.ai": ("Player {n} (AI)", "プレイヤー{n}（AI）"),
    # table page
    "log.title": ("Game log", "ゲームの記録"),
    "bar.hint": ("Hint", "ヒント"),
    "bar.undo": ("Undo", "元に戻す"),
    "bar.redo": ("Redo", "やり直し"),
    "status.thinking": ("{player} is thinking…", "{player}が考えています…"),
    "status.hint_thinking": ("Looking for a good move…", "よい手を探しています…"),
    "status.hint": ("Hint: {move}", "ヒント：{move}"),
    "status.your_turn": ("{player}: your turn.", "{player}の番です。"),
    "status.ai_failed": ("The computer player failed ({error}); it played {move} instead.",
                         "コンピューターの思考に失敗しました（{error}）。"
                         "代わりに {move} を指しました。"),
    "status.not_your_turn": ("It is not your turn.", "あなたの番ではありません。"),
    "redo.nothing": ("There is nothing to redo.", "やり直せる手がありません。"),
    "undo.other": ("Only {player} can take back their own move.",
                   "{player}の手は本人しか戻せません。"),
    # privacy screen
    "privacy.title": ("Pass to {player}", "{player}に交代してください"),
    "privacy.body": ("The next player's secret cards are hidden until they are ready.\n"
                     "Hand the screen over, then click.",
                     "次のプレイヤーの秘密のカードは、準備ができるまで隠してあります。\n"
                     "画面を渡してからクリックしてください。"),
    "privacy.button": ("I am {player} — show my table", "{player}です — 表示する"),
    # summary
    "summary.title": ("Game over", "ゲーム終了"),
    "summary.chart": ("How the game went", "ゲームの流れ"),
    "summary.x": ("Move", "手数"),
    "summary.x_round": ("Round", "ラウンド"),
    "summary.other": ("Other", "その他"),
    "summary.y": ("Value", "値"),
    "summary.no_chart": ("No chart for this game.", "このゲームにはグラフがありません。"),
    "summary.again": ("Play again", "もう一度遊ぶ"),
    "summary.chooser": ("Back to game list", "ゲーム一覧に戻る"),
    "summary.replay": ("Replay", "リプレイ"),
    "summary.close": ("Close", "閉じる"),
    "summary.draw": ("The game is a draw.", "引き分けです。"),
    "summary.winner": ("{player} wins.", "{player}の勝ちです。"),
    # rules window
    "rules.title": ("Rules — {game}", "ルール — {game}"),
    "rules.missing": ("No rulebook is available for this game.",
                      "このゲームのルールブックはありません。"),
    "rules.no_game": ("Choose a game first; its rules open here.",
                      "先にゲームを選んでください。ここにルールが表示されます。"),
    # dialogs
    "confirm.title": ("Leave this game?", "このゲームをやめますか？"),
    "confirm.body": ("The game in progress will be lost.", "進行中のゲームは失われます。"),
    "shortcuts.title": ("Keyboard shortcuts", "キーボードショートカット"),
    "about.title": ("About Tabletop", "Tabletop について"),
    "about.body": ("<b>Tabletop</b> {version}<br>A virtual table for small Japanese board and "
                   "card games, with the rules enforced and computer opponents that play fair.",
                   "<b>Tabletop</b> {version}<br>日本の小さなボードゲーム・カードゲームを遊ぶための"
                   "仮想テーブルです。ルールは自動で守られ、コンピューターは公平に（手札を覗かずに）"
                   "プレイします。"),
    # resuming, saving and opening
    "resume.offer": ("An unfinished game of {game} was saved at {when} (moves played: "
                     "{moves}). Continue where it stood?",
                     "{game}の途中のゲームが保存されています（{when}、{moves}手）。"
                     "続きから遊びますか？"),
    "resume.resume": ("Resume", "続きから"),
    "resume.discard": ("Discard", "破棄"),
    "resume.damaged_title": ("The autosaved game could not be restored",
                             "自動保存されたゲームを復元できませんでした"),
    "resume.damaged": ("The autosaved game is damaged: {problem}\n\nThe file was kept as "
                       "{file}.",
                       "自動保存されたゲームが壊れています：{problem}\n\n"
                       "ファイルは {file} として残してあります。"),
    "resume.damaged_stuck": ("The autosaved game is damaged: {problem}\n\nThe file could not "
                             "be moved aside and stays, untouched, at {file}.",
                             "自動保存されたゲームが壊れています：{problem}\n\n"
                             "ファイルを移動できなかったため、{file} にそのまま残してあります。"),
    "resume.discard_failed_title": ("The unfinished game could not be discarded",
                                    "途中のゲームを破棄できませんでした"),
    "resume.discard_failed": ("The unfinished game could not be discarded: {error}\n\nIt stays "
                              "at {file}.",
                              "途中のゲームを破棄できませんでした：{error}\n\n"
                              "ファイルは {file} に残っています。"),
    "file.error_title": ("Cannot open the file", "ファイルを開けません"),
    "file.truncated": ("{file} was cut short.", "{file} は途中で切れています。"),
    "file.not_json": ("{file} is not a save file (not readable JSON).",
                      "{file} は保存ファイルではありません（JSONとして読めません）。"),
    "file.wrong_version": ("{file} uses a save format this version cannot read.",
                           "{file} はこのバージョンでは読めない保存形式です。"),
    "file.unknown_game": ("{file} is a game that is not installed.",
                          "{file} はインストールされていないゲームの記録です。"),
    "file.bad_field": ("{file} has a missing or wrong entry.",
                       "{file} に欠けている項目か誤った項目があります。"),
    "file.replay_failed": ("The moves in {file} do not replay.",
                           "{file} の手順を再現できません。"),
    "file.hash_mismatch": ("{file} does not match its recorded final position.",
                           "{file} の手順が記録された最終局面と一致しません。"),
    "file.too_large": ("{file} is too large to be a save file.",
                       "{file} は保存ファイルとしては大きすぎます。"),
    "file.save_failed": ("Could not save to {file}: {error}",
                         "{file} に保存できませんでした：{error}"),
    "file.saved": ("Saved to {file}.", "{file} に保存しました。"),
    "file.autosave_failed": ("The game could not be autosaved: {error}",
                             "自動保存できませんでした：{error}"),
    # replay
    "replay.title": ("Replay — {game}", "リプレイ — {game}"),
    "replay.seat": ("Seen by", "視点"),
    "replay.spectator": ("Spectator (public only)", "観戦者（公開情報のみ）"),
    "replay.start": ("Start of the game", "ゲーム開始"),
    "replay.step": ("Move {n} of {total}", "{total}手中{n}手目"),
    "replay.first": ("First", "最初"),
    "replay.back": ("Back", "戻る"),
    "replay.forward": ("Forward", "進む"),
    "replay.last": ("Last", "最後"),
    "replay.moved": ("{player} moved.", "{player}が行動しました。"),
    "error.game_failed": ("The game could not start: {error}",
                          "ゲームを開始できませんでした：{error}"),
    "error.page_failed": ("The page of {game} could not be opened: {error}",
                          "{game}の画面を開けませんでした：{error}"),
    # High-score lists of solo games
    "scores.title": ("High scores — {rules}", "ハイスコア — {rules}"),
    "scores.rank": ("#", "順位"),
    "scores.score": ("Score", "得点"),
    "scores.result": ("Result", "結果"),
    "scores.date": ("Date (UTC)", "日時(UTC)"),
    "scores.error_title": ("High scores", "ハイスコア"),
    "scores.save_failed": ("The high-score list could not be saved: {error}",
                           "ハイスコアを保存できませんでした：{error}"),
    "scores.damaged": ("The high-score file was damaged ({problem}). It was kept as {file}; "
                       "a new list has been started.",
                       "ハイスコアのファイルが壊れていました({problem})。{file} として残し、"
                       "新しいリストを始めました。"),
}


def tr(key: str, lang: str, **fmt: object) -> str:
    """The UI string ``key`` in ``lang`` (``ja`` or ``en``), formatted with ``fmt``.

    An unknown key returns the key itself so a missing entry shows up on screen instead of
    crashing the window.
    """
    pair = _STRINGS.get(key)
    if pair is None:
        return key
    text = pair[1] if lang == "ja" else pair[0]
    return text.format(**fmt) if fmt else text


def catalogue_keys() -> list[str]:
    return list(_STRINGS)


def plain(menu_text: str) -> str:
    """A menu text without its mnemonic: "元に戻す(&U)" → "元に戻す", "&New Game…" → "New Game"."""
    return re.sub(r"\(&\w\)", "", menu_text).replace("&", "").replace("…", "").strip()


def escape(text: str) -> str:
    """``text`` for a rich-text label: exactly its words."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def player_name(seat: int, lang: str, *, ai: bool = False) -> str:
    """How the app names a seat: "Player 2" / "プレイヤー2", with "(AI)" for computer seats."""
    return tr("player.ai" if ai else "player", lang, n=seat + 1)
