"""A minimal external mjai bot for the tests: reads a JSON array of events a line, answers one
action a line. It discards the tile it draws and declares nothing; with the argument ``reach`` it
declares riichi on every draw (the table refuses it where the hand is not tenpai). With ``--seat N``
(mjai.app's way of telling a bot its seat) it checks that ``start_game`` gives it that seat, and
answers something that is no action if not."""

import json
import sys

me = None
reach = sys.argv[1:] == ["reach"]
told = int(sys.argv[2]) if sys.argv[1:2] == ["--seat"] else None
drawn = None
for line in sys.stdin:
    events = json.loads(line)
    answer = {"type": "none"}
    for ev in events:
        if ev["type"] == "start_game":
            me = ev["id"]
            if told is not None and told != me:
                answer = {"error": f"told seat {told}, given {me}"}
        if ev["type"] == "tsumo" and ev["actor"] == me:
            drawn = ev["pai"]
    last = events[-1] if events else {}
    if "error" in answer:
        pass
    elif last.get("type") == "tsumo" and last.get("actor") == me:
        answer = {"type": "reach", "actor": me} if reach else {"type": "dahai", "actor": me, "pai": drawn,
                                                                "tsumogiri": True}
    elif last.get("type") == "reach" and last.get("actor") == me:
        answer = {"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True}
    print(json.dumps(answer), flush=True)
