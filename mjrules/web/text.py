"""The page's words in English and Japanese."""

from __future__ import annotations

UI: dict[str, dict[str, str]] = {
    "en": {
        "title": "Hand calculator", "calculator": "Calculator", "table": "Point table", "needs": "Conditions",
        "hand": "Hand (MPSZ; last tile wins)", "palette": "Click tiles to add them to the hand",
        "backspace": "⌫ tile", "clear": "Clear", "ron": "Won by", "tsumo": "tsumo",
        "ron_previous": "ron from previous", "ron_opposite": "ron from opposite", "ron_next": "ron from next",
        "seat": "Seat", "round": "Round", "win": "Winning tile", "dora": "Dora indicators", "ura": "Ura indicators",
        "honba": "Honba", "sticks": "Riichi sticks", "riichi": "riichi", "double-riichi": "double riichi",
        "ippatsu": "ippatsu", "haitei": "haitei", "houtei": "houtei", "rinshan": "rinshan", "chankan": "chankan",
        "tenhou": "tenhou", "chiihou": "chiihou", "renhou": "renhou", "rulesets": "Rulesets",
        "upload": "Your ruleset (TOML file)", "toml_hint": "or paste a TOML ruleset, e.g. extends = \"tenhou\"",
        "score": "Score", "note": "Note", "as_json": "This result as JSON", "wind_E": "East", "wind_S": "South",
        "wind_W": "West", "wind_N": "North", "ruleset": "Ruleset", "show": "Show", "dealer_table": "Dealer wins",
        "non_dealer_table": "Non-dealer wins", "fu_han": "fu \\ han", "han": "han", "fu": "fu",
        "scores": "Scores (seat 0 first)", "me": "Your seat", "dealer": "Dealer seat", "target": "Target placing",
        "kita": "Kita (3 players)",
    },
    "ja": {
        "title": "点数計算", "calculator": "計算", "table": "点数表", "needs": "条件",
        "hand": "手牌 (MPSZ、最後の牌が和了牌)", "palette": "牌をクリックして手牌に追加",
        "backspace": "⌫ 1枚戻す", "clear": "クリア", "ron": "和了", "tsumo": "ツモ",
        "ron_previous": "上家からロン", "ron_opposite": "対面からロン", "ron_next": "下家からロン",
        "seat": "自風", "round": "場風", "win": "和了牌", "dora": "ドラ表示牌", "ura": "裏ドラ表示牌",
        "honba": "本場", "sticks": "供託リーチ棒", "riichi": "立直", "double-riichi": "ダブル立直",
        "ippatsu": "一発", "haitei": "海底", "houtei": "河底", "rinshan": "嶺上", "chankan": "槍槓",
        "tenhou": "天和", "chiihou": "地和", "renhou": "人和", "rulesets": "ルール",
        "upload": "独自ルール (TOMLファイル)", "toml_hint": "またはTOMLを貼り付け 例: extends = \"tenhou\"",
        "score": "計算", "note": "注", "as_json": "この結果をJSONで", "wind_E": "東", "wind_S": "南",
        "wind_W": "西", "wind_N": "北", "ruleset": "ルール", "show": "表示", "dealer_table": "親の和了",
        "non_dealer_table": "子の和了", "fu_han": "符 \\ 翻", "han": "翻", "fu": "符",
        "scores": "持ち点 (席0から)", "me": "自分の席", "dealer": "親の席", "target": "目標順位",
        "kita": "抜き北 (三麻)",
    },
}
