"""The words of the Magos solo campaign page, in English and Japanese.

The page (``campaign_page``) is the game's own front page: the app knows none of its texts, so
they live with the game. Qt-free, so that a test can check every entry without a display.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # key: (English, Japanese)
    "title": ("Magos — solo campaign", "マゴス ソロキャンペーン"),
    "sub": ("Seventeen opponent cards, from the Training Dummy to the Intruder from the "
            "Void. A victory carries your five spells on; a defeat means a new draft. "
            "Your score is the number of defeats: lower is better.",
            "訓練ダミーから虚無よりの闖入者まで、17枚の対戦相手カードに挑みます。"
            "勝てば5枚の呪文を引き継ぎ、負ければドラフトし直し。"
            "スコアは敗北数(少ないほど良い)です。"),
    "single": ("Single battle…", "単発の対戦…"),
    "back": ("Back to game list", "ゲーム一覧に戻る"),
    "slots": ("Campaigns", "キャンペーン"),
    "none": ("No campaign yet: start one below.",
             "キャンペーンはまだありません。下で始めてください。"),
    "delete": ("Delete…", "削除…"),
    "delete_title": ("Delete this campaign?", "このキャンペーンを削除しますか？"),
    "delete_body": ("The campaign '{slot}' and all its progress will be deleted.",
                    "キャンペーン「{slot}」とその進行状況をすべて削除します。"),
    "new_group": ("New campaign", "新しいキャンペーン"),
    "name": ("Name", "名前"),
    "name_default": ("Campaign {n}", "キャンペーン{n}"),
    "start_draft": ("Draft: Harmony + 9 dealt, keep 5", "ドラフト:調和+9枚から5枚"),
    "start_first": ("First-game spells", "最初のゲーム用の呪文"),
    "dice": ("Enemy dice", "敵のダイス"),
    "dice.patch-v1.1": ("Patch v1.1 table", "パッチv1.1の表"),
    "dice.rolled": ("Rolled", "振る"),
    "create": ("Start campaign", "キャンペーン開始"),
    "exists": ("A campaign named '{slot}' already exists; choose another name.",
               "「{slot}」という名前のキャンペーンは既にあります。別の名前にしてください。"),
    "bad_name": ("The campaign could not be started: {error}",
                 "キャンペーンを開始できませんでした：{error}"),
    "error_title": ("Campaign", "キャンペーン"),
    "not_adopted": ("This battle belonged to the campaign '{slot}', which has moved on "
                    "or is gone; it is played as a single battle and does not count.",
                    "この戦いはキャンペーン「{slot}」のものですが、キャンペーンが先に進んだか"
                    "削除されたため、単発の戦いとして扱い、成績には数えません。"),
    "save_failed": ("The campaign could not be saved to {file}: {error}",
                    "キャンペーンを {file} に保存できませんでした：{error}"),
    "damaged_title": ("A campaign file is damaged", "キャンペーンのファイルが壊れています"),
    "damaged": ("The campaign file {file} is damaged: {problem}.\n\nIt was kept aside as "
                "{kept}; the other campaigns are not affected.",
                "キャンペーンのファイル {file} が壊れています：{problem}。\n\n"
                "ファイルは {kept} として残してあります。"
                "他のキャンペーンは影響を受けません。"),
    "damaged_unmoved": ("The campaign file {file} is damaged: {problem}.\n\nIt could not "
                        "be moved aside and was left where it is.",
                        "キャンペーンのファイル {file} が壊れています：{problem}。\n\n"
                        "移動できなかったため、そのまま残してあります。"),
    "slot_line": ("{slot}\n   a-{n} {enemy} · defeats {defeats}",
                  "{slot}\n   a-{n} {enemy}・敗北{defeats}"),
    "slot_won": ("{slot}\n   won! · defeats {defeats}", "{slot}\n   制覇!・敗北{defeats}"),
    "pick": ("Choose a campaign or start a new one.",
             "キャンペーンを選ぶか、新しく始めてください。"),
    "next": ("Next opponent: a-{n} {enemy} (HP {hp})", "次の相手:a-{n} {enemy}(HP {hp})"),
    "all_beaten": ("Every opponent has fallen.", "すべての相手を倒しました。"),
    "score": ("Beaten {beaten}/{total} · Defeats {defeats} (the score: lower is better) · "
              "Battles {battles}",
              "撃破 {beaten}/{total}・敗北 {defeats}(スコア:少ないほど良い)・"
              "対戦 {battles}"),
    "spells": ("Your spells: {spells}", "あなたの呪文:{spells}"),
    "draft_due": ("A draft is due: before the battle you keep 5 of Harmony and 9 dealt "
                  "spells.",
                  "ドラフトが必要です:対戦の前に、調和と配られた9枚から5枚を選びます。"),
    "fight": ("Fight {enemy}", "{enemy}と戦う"),
    "fight_none": ("Fight", "戦う"),
    "won_banner": ("Campaign won! The Intruder from the Void has fallen. Score (defeats): "
                   "{defeats} in {battles} battles.",
                   "キャンペーン制覇!虚無よりの闖入者を倒しました。"
                   "スコア:{battles}戦で敗北{defeats}。"),
    "hp": ("HP {hp}", "HP {hp}"),
    "beaten": ("Beaten on turn {turn}", "{turn}ターン目に撃破"),
    "next_mark": ("Next", "次の相手"),
    "result_title": ("Campaign battle", "キャンペーンの対戦"),
    "victory": ("Victory over {enemy}!", "{enemy}に勝利!"),
    "victory_next": ("Next: a-{n} {enemy}. Your five spells go with you.",
                     "次の相手:a-{n} {enemy}。5枚の呪文はそのまま引き継ぎます。"),
    "defeat": ("Defeated — draft again", "敗北 — ドラフトし直し"),
    "defeat_body": ("{enemy} still stands. Defeats so far: {defeats}. Before the next try "
                    "you draft five new spells.",
                    "{enemy}はまだ倒れていません。これまでの敗北:{defeats}。"
                    "次の挑戦の前に、呪文5枚をドラフトし直します。"),
    "campaign_won": ("Campaign won!", "キャンペーン制覇!"),
    "campaign_won_body": ("All {total} opponents have fallen. Score (defeats, lower is "
                          "better): {defeats} in {battles} battles.",
                          "{total}体の相手をすべて倒しました。スコア:敗北{defeats}"
                          "(少ないほど良い)、対戦{battles}回。"),
    "to_campaign": ("Back to campaign", "キャンペーンに戻る"),
    "stay": ("Stay at the table", "テーブルに残る"),
    "faces": ("Faces", "出目"),
}


def tr(key: str, lang: str, **fmt: object) -> str:
    """The text ``key`` in ``lang`` (``ja`` or ``en``), formatted with ``fmt``; an unknown key
    comes back as itself, so a missing entry shows on screen instead of crashing the page."""
    pair = TEXTS.get(key)
    if pair is None:
        return key
    text = pair[1] if lang == "ja" else pair[0]
    return text.format(**fmt) if fmt else text
