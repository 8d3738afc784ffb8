// Whole games played by majiang-core's own game loop (Majiang.Game) with majiang-ai in every seat,
// under one rule object: the games tests/test_majiang_games.py replays in mjrules.
//
//   NODE_PATH=DIR/node_modules node tests/majiang/play_games.js RULE GAMES SEED
//
// RULE: a JSON object of majiang-core rule keys (complete or partial; majiang-core's defaults
// fill the rest); GAMES: how many; SEED: any text. Output: one 牌譜 (majiang-core's paipu, as its
// Game hands it to the callback at the game's end) a line, JSON.
//
// The game runs synchronously (Game.do_sync: no timers, every player answers at once) and
// Math.random, which shuffles majiang-core's walls and chooses the first dealer, is replaced by
// a generator seeded by SEED, so a run is the same games each time. majiang-ai decides without
// randomness.
"use strict";

const Majiang = require("@kobalab/majiang-core");
const Player = require("@kobalab/majiang-ai");

function seeded(text) {
    // xmur3 to make the seed, then sfc32: small, well mixed, and the same in every node
    let h = 1779033703 ^ text.length;
    for (let i = 0; i < text.length; i++) {
        h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
        h = (h << 13) | (h >>> 19);
    }
    function next() {
        h = Math.imul(h ^ (h >>> 16), 2246822507);
        h = Math.imul(h ^ (h >>> 13), 3266489909);
        return (h ^= h >>> 16) >>> 0;
    }
    let a = next(), b = next(), c = next(), d = next();
    return function () {
        a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
        let t = (a + b) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (c << 21) | (c >>> 11);
        d = (d + 1) | 0;
        t = (t + d) | 0;
        c = (c + t) | 0;
        return (t >>> 0) / 4294967296;
    };
}

function main() {
    const [ruleText, gamesText, seed] = process.argv.slice(2);
    if (seed === undefined) {
        process.stderr.write("usage: node play_games.js RULE GAMES SEED\n");
        process.exit(2);
    }
    const rule = Majiang.rule(JSON.parse(ruleText));
    const games = parseInt(gamesText, 10);
    for (let g = 0; g < games; g++) {
        Math.random = seeded(`${seed}-${g}`);
        let paipu = null;
        const players = [0, 1, 2, 3].map(() => new Player());
        const game = new Majiang.Game(players, (p) => { paipu = p; }, rule, `majiang-ai ${seed}-${g}`);
        game.do_sync();
        process.stdout.write(JSON.stringify(paipu) + "\n");
    }
}

main();
