"""Tenhou's yaku numbers (the ``yaku`` and ``yakuman`` attributes of an mjlog ``<AGARI>``) and
names (the yaku strings of its JSON log), with the mjrules yaku id of each."""

from __future__ import annotations

TENHOU_YAKU: tuple[tuple[str, str], ...] = (
    ("門前清自摸和", "menzen_tsumo"), ("立直", "riichi"), ("一発", "ippatsu"), ("槍槓", "chankan"),
    ("嶺上開花", "rinshan"), ("海底摸月", "haitei"), ("河底撈魚", "houtei"), ("平和", "pinfu"),
    ("断幺九", "tanyao"), ("一盃口", "iipeikou"), ("自風 東", "seat_wind_east"), ("自風 南", "seat_wind_south"),
    ("自風 西", "seat_wind_west"), ("自風 北", "seat_wind_north"), ("場風 東", "round_wind_east"),
    ("場風 南", "round_wind_south"), ("場風 西", "round_wind_west"), ("場風 北", "round_wind_north"),
    ("役牌 白", "haku"), ("役牌 發", "hatsu"), ("役牌 中", "chun"), ("両立直", "double_riichi"),
    ("七対子", "chiitoitsu"), ("混全帯幺九", "chanta"), ("一気通貫", "ittsu"), ("三色同順", "sanshoku"),
    ("三色同刻", "sanshoku_doukou"), ("三槓子", "sankantsu"), ("対々和", "toitoi"), ("三暗刻", "sanankou"),
    ("小三元", "shousangen"), ("混老頭", "honroutou"), ("二盃口", "ryanpeikou"), ("純全帯幺九", "junchan"),
    ("混一色", "honitsu"), ("清一色", "chinitsu"), ("人和", "renhou"), ("天和", "tenhou"), ("地和", "chiihou"),
    ("大三元", "daisangen"), ("四暗刻", "suuankou"), ("四暗刻単騎", "suuankou_tanki"), ("字一色", "tsuuiisou"),
    ("緑一色", "ryuuiisou"), ("清老頭", "chinroutou"), ("九蓮宝燈", "chuuren"), ("純正九蓮宝燈", "junsei_chuuren"),
    ("国士無双", "kokushi"), ("国士無双１３面", "kokushi_13"), ("大四喜", "daisuushii"), ("小四喜", "shousuushii"),
    ("四槓子", "suukantsu"), ("ドラ", "dora"), ("裏ドラ", "ura"), ("赤ドラ", "aka"),
)
"""Index = Tenhou's yaku number: (Tenhou's name, mjrules yaku id)."""

BY_NAME: dict[str, str] = {name: yid for name, yid in TENHOU_YAKU}
BY_NAME.update({
    # other spellings the JSON logs use
    "ダブル立直": "double_riichi", "役牌 白": "haku", "役牌 發": "hatsu", "役牌 中": "chun",
    "国士無双13面": "kokushi_13", "国士無双１３面待ち": "kokushi_13", "四暗刻単騎待ち": "suuankou_tanki",
    "純正九蓮宝燈": "junsei_chuuren", "門前清自摸和": "menzen_tsumo", "一気通貫": "ittsu",
})

SITUATION_YAKU = {"riichi", "double_riichi", "ippatsu", "menzen_tsumo", "chankan", "rinshan", "haitei", "houtei",
                  "tenhou", "chiihou", "renhou"}
"""The yaku that record the situation of a win rather than its tiles."""
