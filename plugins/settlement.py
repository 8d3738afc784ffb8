"""How a round is played and settled, and when a game ends.

What a player may do (``PlayRules``): the abortive draws, kuikae, what a riichi needs, a closed kan
after riichi, calls on the last discard, the kan limit, chi at three players. How a round is
settled (``RoundRules``): several winners on one discard, who collects honba and riichi sticks, the
payments at an exhaustive draw, the dealer's repeat, the game's length, the last dealer's stop,
the extra wind, busting, the riichi sticks left at the end and how final points are rounded.

Read by ``mjrules replay`` (``mjrules.records``) and the table (``mjrules.table``); the defaults
are Tenhou's but for the extra wind, plain sudden death (Tenhou's repeats the dealer first: the
``tenhou`` presets set ``dealer_first``; see ``mjrules.game.settlement.game_end``), and the last
dealer's stop, Tenhou's up to June 2010 (the ``tenhou`` presets set today's ``win_or_tenpai``).
Nagashi mangan is the ``nagashi`` plugin's
flag, the start and return scores and the uma the ``placing`` plugin's (which also reads
``points_rounding``).
"""

from typing import Callable

from mjrules.plugin_api import (
    ABORTIVE_DRAWS,
    ANKAN_AFTER_RIICHI,
    DEALER_REPEATS,
    EXTRA_WINDS,
    GAME_LENGTHS,
    KUIKAE_LEVELS,
    LAST_DEALER_STOPS,
    LEFTOVER_STICKS,
    MULTI_RON_HONBA,
    ROUNDINGS,
    Flag,
    Flags,
    PlayRules,
    RoundRules,
    hookimpl,
)

POINTS_ROUNDING = Flag(
    "points_rounding", str, ROUNDINGS[0],
    "final points of 2nd-4th: the score rounded to the nearest thousand (half away from zero), the top "
    "taking the rest (Tenhou), 'exact' to one decimal, 'nearest-thousand-up' (a half rounded up, as "
    "majiang-core rounds 順位点 written without decimals), or 'nearest-tenth-up' (2nd-4th each to a tenth, "
    "a half up, the top the rest, as majiang-core counts 順位点 written with a decimal)", choices=ROUNDINGS)
"""Read by the placing plugin, for ``PlacingRule``."""

FLAGS = (
    Flag("abortive_draws", list, ABORTIVE_DRAWS,
         "abortive draws played: 'nine_terminals' (九種九牌, declared on one's first draw), 'four_winds' (四風連打), "
         "'four_riichi' (四家立直), 'four_kans' (四開槓, by more than one player); three rons are triple_ron_draw",
         choices=ABORTIVE_DRAWS),
    Flag("kuikae", str, "forbidden",
         "after a chi or pon, discarding the called kind or (chi) the kind at the sequence's other end: "
         "'forbidden' (both), 'same_kind' (only the called kind is forbidden) or 'allowed'",
         choices=KUIKAE_LEVELS),
    Flag("riichi_min_points", int, 1000,
         "points a player needs to declare riichi (0: no minimum, a score below 0 included; the stick takes it lower)",
         minimum=0),
    Flag("riichi_without_draw", bool, False,
         "riichi may be declared with fewer live draws left than players, i.e. with no draw of one's own to come "
         "(ツモ番なしリーチ); false: at least as many live draws as players must be left (4; 3 at three players)"),
    Flag("ankan_after_riichi", str, "same_waits",
         "a closed kan of the tile just drawn after riichi: 'never', 'same_shape' (every reading of every wait keeps "
         "its tiles as a triplet) or 'same_waits' (the waits stay)", choices=ANKAN_AFTER_RIICHI),
    Flag("last_discard_calls", bool, False, "chi, pon and kan may be called on the last discard (河底牌); ron always may"),
    Flag("kan_limit", int, 4, "kans that may stand on the table in one round", minimum=0, maximum=4),
    Flag("sanma_chi", bool, False, "chi may be called at a three-player table"),
    Flag("noten_declaration", bool, False,
         "at an exhaustive draw a player in tenpai and not in riichi may declare noten (ノーテン宣言): paid as "
         "noten, and a dealer so declaring does not repeat for tenpai"),
    Flag("max_ron_winners", int, 2,
         "most players who win on one discard: 1 = head bump (the first in turn order from the discarder), "
         "2 = double ron, 3 = triple ron", minimum=1, maximum=3),
    Flag("triple_ron_draw", bool, True,
         "three players ronning one discard abort the hand as a draw (三家和) instead of the head bump"),
    Flag("multi_ron_honba", str, "first",
         "several winners on one discard: 'each' collects the honba from the discarder, or only the 'first' "
         "in turn order (riichi sticks always go to the first)", choices=MULTI_RON_HONBA),
    Flag("noten_payment", int, 3000,
         "points the players not in tenpai pay those in tenpai at an exhaustive draw, in all (0: none)",
         choices=(0, 1000, 2000, 3000)),  # 2000: Mahjong Soul's three-player rooms
    Flag("dealer_repeat", str, "tenpai",
         "the dealer deals again after winning, and after an exhaustive draw in 'tenpai'; only after winning "
         "in 'win'; never in 'none'; after winning and after every exhaustive draw in 'any_draw' (an abortive "
         "draw is always dealt again)", choices=DEALER_REPEATS),
    Flag("leftover_sticks", str, "top",
         "riichi sticks still on the table when the game ends: to the 'top' player or 'lost'",
         choices=LEFTOVER_STICKS),
    Flag("bust_ends_game", bool, True,
         "the game ends when a player's score falls below 0 (tobi; what-if replays flag a game that would "
         "have ended elsewhere)"),
    Flag("game_length", str, "hanchan",
         "rounds a game lasts: one wind ('tonpuu'), two ('hanchan'), all four ('iichan'), or one hand "
         "('ikkyoku': dealt again after every draw, over after the first win)", choices=GAME_LENGTHS),
    Flag("last_dealer_stop", str, "win",
         "the dealer of the last hand ends the game by repeating in first place: after a 'win' only, after a "
         "win or a draw in tenpai ('win_or_tenpai'), or never ('none'); only when extra_wind_target lets it end",
         choices=LAST_DEALER_STOPS),
    Flag("extra_wind_target", int, 30000,
         "when nobody has this score after the last hand, play goes on into one more wind, ending after the "
         "first hand that leaves somebody there (sudden death); 0: no extra wind", minimum=0),
    Flag("extra_wind", str, "sudden_death",
         "how the extra wind is played: 'sudden_death' (over after the first hand that leaves somebody at "
         "extra_wind_target), 'dealer_first' (the same, but a repeating dealer plays on unless last_dealer_stop "
         "ends the game: 連荘優先サドンデス), 'whole_wind' (all four hands, its last the last hand: 4局固定) or "
         "'none' (no extra wind; extra_wind_target still decides the last dealer's stop)", choices=EXTRA_WINDS),
    POINTS_ROUNDING,
)


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    for flag in FLAGS:
        register(flag)


@hookimpl
def mjrules_round_rules(flags: Flags) -> RoundRules:
    return RoundRules(
        max_ron_winners=flags.get_int("max_ron_winners"), triple_ron_draw=flags.get_bool("triple_ron_draw"),
        multi_ron_honba=flags.get_str("multi_ron_honba"), noten_payment=flags.get_int("noten_payment"),
        dealer_repeat=flags.get_str("dealer_repeat"), leftover_sticks=flags.get_str("leftover_sticks"),
        bust_ends_game=flags.get_bool("bust_ends_game"), game_length=flags.get_str("game_length"),
        last_dealer_stop=flags.get_str("last_dealer_stop"), extra_wind_target=flags.get_int("extra_wind_target"),
        extra_wind=flags.get_str("extra_wind"),
    )


@hookimpl
def mjrules_play_rules(flags: Flags, players: int) -> PlayRules:
    return PlayRules(
        abortive_draws=flags.get_list("abortive_draws"), kuikae=flags.get_str("kuikae"),
        riichi_min_points=flags.get_int("riichi_min_points"),
        riichi_min_draws=0 if flags.get_bool("riichi_without_draw") else players,
        ankan_after_riichi=flags.get_str("ankan_after_riichi"), last_discard_calls=flags.get_bool("last_discard_calls"),
        kan_limit=flags.get_int("kan_limit"), sanma_chi=flags.get_bool("sanma_chi"),
        noten_declaration=flags.get_bool("noten_declaration"),
    )
