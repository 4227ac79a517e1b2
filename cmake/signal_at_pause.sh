#!/bin/sh
# signal_at_pause.sh <INT|TERM> <pause text> <pause folder> <program> [argument...]
# Runs the program with the test-only pause point armed (core/foundation/pause_point.h) at the
# first progress message or output path containing <pause text>, sends the signal once the
# program waits there (<pause folder>/ready) and exits with the program's status. No sleep
# decides anything: the signal always arrives while the stage runs, on a fast or a slow machine.
# The pause ends on the cancel by itself; only a program still running five minutes after the
# signal is released (<pause folder>/go), and the case fails (exit 125).
sig=$1 at=$2 dir=$3
shift 3
rm -rf "$dir" && mkdir -p "$dir" || exit 125
SW_TEST_PAUSE="$dir" SW_TEST_PAUSE_AT="$at" "$@" &
pid=$!
while [ ! -e "$dir/ready" ]; do
  if ! kill -0 "$pid" 2>/dev/null; then
    wait "$pid"
    echo "signal_at_pause: the program ended (exit $?) without reaching the pause point '$at'" >&2
    exit 125
  fi
  sleep 0.02
done
echo "signal_at_pause: paused at '$(cat "$dir/ready")'; sending SIG$sig" >&2
kill -s "$sig" "$pid"
polls=0
while kill -0 "$pid" 2>/dev/null && [ "$polls" -lt 15000 ]; do
  polls=$((polls + 1))
  sleep 0.02
done
if kill -0 "$pid" 2>/dev/null; then
  : >"$dir/go"
  wait "$pid"
  echo "signal_at_pause: still running five minutes after SIG$sig (exit $? once released)" >&2
  exit 125
fi
wait "$pid"
