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

ROUND_WIND, SEAT_WIND = "round_wind", "seat_wind"
"""What a name that gives no wind stands for (``役牌:場風牌``, "Seat Wind"): the reader puts in the
round's or the winner's wind (``round_wind_east`` …)."""

WIND_IDS = ("east", "south", "west", "north")

_SPELLINGS: dict[str, tuple[str, ...]] = {
    # the ways Mahjong Soul converters (and Tenhou's own older logs) write a yaku, Japanese and English
    "riichi": ("立直", "Riichi", "Reach"),
    "double_riichi": ("ダブル立直", "両立直", "Double Riichi", "Double Reach", "Daburu Riichi"),
    "ippatsu": ("一発", "Ippatsu"),
    "menzen_tsumo": ("門前清自摸和", "Menzen Tsumo", "Menzenchin Tsumohou", "Fully Concealed Hand", "Tsumo",
                     "Self Draw"),
    "pinfu": ("平和", "Pinfu"),
    "tanyao": ("断幺九", "断么九", "Tanyao", "Tanyaochuu", "All Simples"),
    "iipeikou": ("一盃口", "Iipeikou", "Iipeiko", "Pure Double Sequence"),
    "ryanpeikou": ("二盃口", "Ryanpeikou", "Ryanpeiko", "Twice Pure Double Sequence"),
    "chiitoitsu": ("七対子", "Chiitoitsu", "Chiitoi", "Seven Pairs"),
    "chanta": ("混全帯幺九", "混全帯么九", "Chanta", "Half Outside Hand"),
    "junchan": ("純全帯幺九", "純全帯么九", "Junchan", "Fully Outside Hand"),
    "ittsu": ("一気通貫", "一氣通貫", "Ittsu", "Ikkitsuukan", "Pure Straight"),
    "sanshoku": ("三色同順", "Sanshoku", "Sanshoku Doujun", "Mixed Triple Sequence"),
    "sanshoku_doukou": ("三色同刻", "Sanshoku Doukou", "Triple Triplets"),
    "toitoi": ("対々和", "対対和", "Toitoi", "Toitoihou", "All Triplets"),
    "sanankou": ("三暗刻", "Sanankou", "Three Concealed Triplets"),
    "sankantsu": ("三槓子", "Sankantsu", "Three Quads", "Three Kans"),
    "shousangen": ("小三元", "Shousangen", "Little Three Dragons"),
    "honroutou": ("混老頭", "Honroutou", "All Terminals and Honors", "All Terminals and Honours"),
    "honitsu": ("混一色", "Honitsu", "Half Flush"),
    "chinitsu": ("清一色", "Chinitsu", "Full Flush"),
    "haitei": ("海底摸月", "海底撈月", "Haitei", "Haitei Raoyue", "Under the Sea"),
    "houtei": ("河底撈魚", "Houtei", "Houtei Raoyui", "Under the River"),
    "rinshan": ("嶺上開花", "Rinshan", "Rinshan Kaihou", "After a Kan", "Dead Wall Draw"),
    "chankan": ("槍槓", "Chankan", "Robbing a Kan"),
    "haku": ("役牌 白", "役牌:白", "翻牌 白", "White Dragon", "Haku", "Yakuhai Haku"),
    "hatsu": ("役牌 發", "役牌:發", "役牌 発", "翻牌 發", "Green Dragon", "Hatsu", "Yakuhai Hatsu"),
    "chun": ("役牌 中", "役牌:中", "翻牌 中", "Red Dragon", "Chun", "Yakuhai Chun"),
    ROUND_WIND: ("役牌:場風牌", "役牌 場風牌", "場風牌", "Round Wind", "Prevalent Wind", "Bakaze"),
    SEAT_WIND: ("役牌:自風牌", "役牌 自風牌", "自風牌", "Seat Wind", "Jikaze"),
    "dora": ("ドラ", "Dora"),
    "ura": ("裏ドラ", "Ura Dora", "Uradora"),
    "aka": ("赤ドラ", "Red Five", "Red Fives", "Aka Dora", "Akadora", "Red Dora"),
    "kita": ("抜きドラ", "北ドラ", "Kita", "North Dora", "Nukidora"),
    "renhou": ("人和", "Renhou", "Blessing of Man"),
    "tenhou": ("天和", "Tenhou", "Blessing of Heaven"),
    "chiihou": ("地和", "Chiihou", "Blessing of Earth"),
    "daisangen": ("大三元", "Daisangen", "Big Three Dragons"),
    "suuankou": ("四暗刻", "Suuankou", "Four Concealed Triplets"),
    "suuankou_tanki": ("四暗刻単騎", "四暗刻単騎待ち", "Suuankou Tanki", "Four Concealed Triplets Single Wait"),
    "tsuuiisou": ("字一色", "Tsuuiisou", "All Honors", "All Honours"),
    "ryuuiisou": ("緑一色", "Ryuuiisou", "All Green"),
    "chinroutou": ("清老頭", "Chinroutou", "All Terminals"),
    "chuuren": ("九蓮宝燈", "Chuuren Poutou", "Chuurenpoutou", "Nine Gates"),
    "junsei_chuuren": ("純正九蓮宝燈", "Junsei Chuuren Poutou", "True Nine Gates", "Pure Nine Gates"),
    "kokushi": ("国士無双", "Kokushi Musou", "Thirteen Orphans"),
    "kokushi_13": ("国士無双１３面", "国士無双13面", "国士無双十三面", "国士無双１３面待ち", "Kokushi Musou Juusanmen",
                   "Thirteen Orphans 13-sided Wait", "Thirteen-wait Thirteen Orphans"),
    "daisuushii": ("大四喜", "Daisuushii", "Big Four Winds"),
    "shousuushii": ("小四喜", "Shousuushii", "Little Four Winds"),
    "suukantsu": ("四槓子", "Suukantsu", "Four Quads", "Four Kans"),
}


def _key(name: str) -> str:
    """A name as compared: case, spaces, hyphens and the middle dot left out."""
    return "".join(c for c in name.casefold() if c not in " -_・")


BY_SPELLING: dict[str, str] = {_key(name): yid for name, yid in BY_NAME.items()}
BY_SPELLING.update({_key(name): yid for yid, names in _SPELLINGS.items() for name in names})


def yaku_id(name: str) -> str | None:
    """The mjrules yaku id a record's name for a yaku stands for (``ROUND_WIND`` or ``SEAT_WIND``
    for a name that gives no wind), or None for a name not known."""
    return BY_SPELLING.get(_key(name))
