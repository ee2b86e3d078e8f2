#!/usr/bin/env bash
# Idle memory of the demo home (issue 17 §4): starts `node [NODE_FLAGS] dist/main.js` with the demo
# home on a scratch data dir (embedded broker on a free loopback port), waits SETTLE seconds (30),
# then prints RSS and the heap after a full GC (bench/probe.mjs). Build first:
# `npx tsc -p tsconfig.build.json`.
#   bash bench/memory-idle.sh
#   NODE_FLAGS="--max-semi-space-size=1" bash bench/memory-idle.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d -t hearth-mem-XXXXXX)"
trap 'kill $pid 2>/dev/null || true; [ -n "${KEEP:-}" ] && cat "$scratch/out.log"; rm -rf "$scratch"' EXIT
HEARTH_HOST=127.0.0.1 HEARTH_PORT=0 HEARTH_DATA_DIR="$scratch/data" HEARTH_LOG_LEVEL=warn \
  HEARTH_MQTT_BROKER_HOST=127.0.0.1 HEARTH_MQTT_BROKER_PORT=0 HEARTH_PROBE_FILE="$scratch/probe.jsonl" \
  HEARTH_PROBE_EVERY_MS=5000 \
  node ${NODE_FLAGS:-} --expose-gc --import "$root/bench/probe.mjs" "${DIST:-$root/dist}/main.js" >"$scratch/out.log" 2>&1 &
pid=$!
sleep "${SETTLE:-30}"
rss_before=$(awk '/VmRSS/{print $2}' /proc/$pid/status)
kill -USR2 $pid; sleep 2
echo "rss_mb_settled=$((rss_before / 1024)) after_gc=$(grep after_gc "$scratch/probe.jsonl" | tail -1)"
echo "rss_mb_after_gc=$(( $(awk '/VmRSS/{print $2}' /proc/$pid/status) / 1024 )) load_1m=$(cut -d' ' -f1 /proc/loadavg)"
