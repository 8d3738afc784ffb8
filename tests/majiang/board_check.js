// A 牌譜 (majiang-core's paipu) followed by majiang-core's own Board, as its viewer follows one:
// every meld, discard and hand string must be majiang-core's canonical form (Shoupai.valid_mianzi,
// valid_pai and fromString throw otherwise), and each round's score changes (fenpei and the riichi
// sticks) must leave the scores the next round's qipai states and, at the end, the game's defen.
//
//   NODE_PATH=DIR/node_modules node tests/majiang/board_check.js < game.json
//
// Prints one JSON line: {"rounds": N, "disagree": [ … ]} (empty when all agree).
"use strict";

const Majiang = require("@kobalab/majiang-core");

const paipu = JSON.parse(require("fs").readFileSync(0, "utf-8"));
const board = new Majiang.Board({ title: paipu.title, player: paipu.player, qijia: paipu.qijia });
const disagree = [];
let rounds = 0;
for (const log of paipu.log) {
    for (const entry of log) {
        const [kind, body] = Object.entries(entry)[0];
        if (kind === "qipai" && rounds > 0) {
            board.last();
            const want = [0, 1, 2, 3].map((l) => board.defen[(paipu.qijia + body.jushu + l) % 4]);
            if (JSON.stringify(want) !== JSON.stringify(body.defen)) {
                disagree.push({ round: rounds, board: want, qipai: body.defen });
            }
        }
        board[kind === "gangzimo" ? "zimo" : kind](body);  // Majiang.Player reads a gangzimo as a zimo
    }
    rounds++;
}
board.last();
const sticks = board.lizhibang * 1000;
const final = board.defen.slice();
const top = paipu.rank.indexOf(1);
final[top] += sticks;  // Game.jieju: the sticks left go to the first placed
if (JSON.stringify(final) !== JSON.stringify(paipu.defen)) disagree.push({ final, defen: paipu.defen });
process.stdout.write(JSON.stringify({ rounds, disagree }) + "\n");
