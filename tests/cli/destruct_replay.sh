#!/usr/bin/env bash
# A destruction session written by `destruct --save-session` replays with `--replay` to the same
# simulation state (the `state:` line, FNV-1a 64 of the state bytes); a session missing its first
# action gives another state; a broken session file is a one-line error naming the file and the
# action, exit 3, and nothing is written. Usage: destruct_replay.sh <splatwright-cli> <drone.bin> <out dir>
set -euo pipefail
cli=$1 model=$2 out=$3
rm -rf "$out" && mkdir -p "$out"
state() { sed -n 's/^  state: *\([0-9a-f]\{16\}\)$/\1/p'; }

first=$("$cli" destruct "$model" --profile mortar --shots 4 --seed 2 --heading 40 --settle 0.3 --heal 0.25 \
        --save-session "$out/bench.json" | state)
[ -n "$first" ] || { echo "no state line"; exit 1; }
# The replay takes the session's settings and seed (here against another --seed).
again=$("$cli" destruct "$model" --replay "$out/bench.json" --seed 7 --json "$out/again.json" | state)
[ "$first" = "$again" ] || { echo "replayed state $again differs from $first"; exit 1; }
python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1]))["stateHash"] == int(sys.argv[2], 16) else 1)' \
  "$out/again.json" "$first" || { echo "the JSON's stateHash is not the state printed"; exit 1; }

# Without its first shot the record leads elsewhere (the comparison can fail).
python3 - "$out/bench.json" "$out/short.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["stage"] == "destruct-session" and len(doc["actions"]) > 2
doc["actions"] = doc["actions"][1:]
json.dump(doc, open(sys.argv[2], "w"))
PY
short=$("$cli" destruct "$model" --replay "$out/short.json" | state)
[ "$short" != "$first" ] || { echo "a shorter record gave the same state"; exit 1; }

# The saved session with its first step's dt broken.
index=$(python3 - "$out/bench.json" "$out/broken.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
k = next(i for i, a in enumerate(doc["actions"]) if a["kind"] == "steps")
doc["actions"][k]["dt"] = None
json.dump(doc, open(sys.argv[2], "w"))
print(k + 1)
PY
)
set +e
msg=$("$cli" destruct "$model" --replay "$out/broken.json" --json "$out/never.json" 2>&1)
rc=$?
set -e
[ $rc -eq 3 ] || { echo "broken session: exit $rc, expected 3: $msg"; exit 1; }
echo "$msg" | grep -q "error: .*broken.json: action $index: 'dt' must be a number" || { echo "unexpected message: $msg"; exit 1; }
[ ! -e "$out/never.json" ] || { echo "a refused replay wrote its JSON"; exit 1; }
echo "destruct replay: state $first, replayed $again, short $short"
