// One seat of majiang-ai (npm @kobalab/majiang-ai, MIT) for mjrules' table (mjrules/table/majiang_ai.py).
//
// Reads JSON lines on stdin, each a list of majiang-core messages for this seat ({"kaiju": …},
// {"qipai": …}, {"zimo": …}, {"dapai": …}, …, as majiang-core's Game sends them to a player) and
// writes one JSON line for each: the player's reply to the last message of the list ({} when it
// does nothing, {"dapai": "m1*"}, {"fulou": "m1-23"}, {"hule": "-"}, …), or {"error": "…"}.
// It exits when stdin closes.
"use strict";

const readline = require("readline");
const Player = require("@kobalab/majiang-ai");

const player = new Player();
const lines = readline.createInterface({ input: process.stdin });

lines.on("line", (line) => {
    let reply = {};
    try {
        for (const msg of JSON.parse(line)) {
            let answered = null;
            if (msg.kaigang) player.action(msg);  // majiang-core's Game notifies a kan's indicator: no reply
            else player.action(msg, (r) => { answered = r || {}; });
            reply = answered || {};
        }
    } catch (e) {
        reply = { error: String(e && e.stack ? e.stack.split("\n").slice(0, 2).join(" ") : e) };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
});
lines.on("close", () => process.exit(0));
