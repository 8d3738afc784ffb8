"""A minimal external mjai bot for the tests: reads a JSON array of events a line, answers one
action a line. It discards the tile it draws and declares nothing; with the argument ``reach`` it
declares riichi on every draw (the table refuses it where the hand is not tenpai)."""

import json
import sys

me = None
reach = sys.argv[1:] == ["reach"]
drawn = None
for line in sys.stdin:
    events = json.loads(line)
    answer = {"type": "none"}
    for ev in events:
        if ev["type"] == "start_game":
            me = ev["id"]
        if ev["type"] == "tsumo" and ev["actor"] == me:
            drawn = ev["pai"]
    last = events[-1] if events else {}
    if last.get("type") == "tsumo" and last.get("actor") == me:
        answer = {"type": "reach", "actor": me} if reach else {"type": "dahai", "actor": me, "pai": drawn,
                                                                "tsumogiri": True}
    elif last.get("type") == "reach" and last.get("actor") == me:
        answer = {"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True}
    print(json.dumps(answer), flush=True)
