#!/usr/bin/env bash
# Hearth against the floors of ../shared/bench, in one run on one machine (ratios, not absolutes).
# Starts a scratch Mosquitto on 127.0.0.1:18830, FLOOR 2 (Fastify + jose JWT + MQTT) and FLOOR 3
# (MQTT -> Socket.IO) from ../shared/bench, and Hearth (built dist/, demo off, Zigbee2MQTT base
# topic `zigbee2mqtt`, 2,500 announced bench lights = 5,000 entities). Everything binds 127.0.0.1 and stops itself.
#
#   bash bench/run.sh                 # 10 s load phases
#   QUICK=1 bash bench/run.sh         # 3 s load phases
# The Node-RED peer (issue 3: control throughput >= 2x it) runs too when it is installed in the
# shared bench (`cd nodered && npm ci` there); NODERED=0 skips it. It listens on NR_PORT (18880).
# Hearth addresses Zigbee2MQTT devices by IEEE address (names change), so its set topic for
# bench_lamp is zigbee2mqtt/0xbe0c00000000fffe/set (z2m-announce.mjs's address for it).
# Hearth converts Zigbee brightness 0-254 to percent, so fan-out pairs events by arrival order
# (--seq-field ''); every bench report flips ON/OFF, so each one is a real state change.
# Needs: mosquitto, `npm install` done in ../shared/bench, `npm run build` done here.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED_BENCH:-}"
# ../shared sits beside the clone (CI); from a git worktree deeper down, walk up to find it.
for up in .. ../.. ../../..; do [ -z "$shared" ] && [ -d "$root/$up/shared/bench" ] && shared="$(cd "$root/$up/shared/bench" && pwd)"; done
[ -n "$shared" ] || { echo "../shared/bench not found (set SHARED_BENCH)" >&2; exit 1; }
# The floors need the bench's own packages (jose, autocannon, …); without them they die at start.
[ -d "$shared/node_modules" ] || { echo "$shared has no node_modules: run \`npm ci\` there (or in a copy, and point SHARED_BENCH at it)" >&2; exit 1; }
DUR=10; [ "${QUICK:-0}" = 1 ] && DUR=3
PORT=18830; MQTT="mqtt://127.0.0.1:$PORT"; SECRET=bench-secret; HPORT=18420
# Each bench light is two entities (the light and its link-quality sensor): 2,500 devices = 5,000 entities.
DEVICES="${DEVICES:-2500}"
scratch="$(mktemp -d -t hearth-bench-XXXXXX)"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; sleep 0.5; for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done; rm -rf "$scratch"; }
trap cleanup EXIT
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() { for _ in $(seq 1 150); do port_open "$1" && return 0; sleep 0.2; done; echo "port $1 did not open" >&2; exit 1; }

if ! port_open $PORT; then
  printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest stderr\nlog_type error\n' $PORT > "$scratch/m.conf"
  mosquitto -c "$scratch/m.conf" > "$scratch/m.log" 2>&1 & pids+=($!)
  wait_port $PORT
fi
cd "$shared"
node floor2-server.mjs --port 3100 --auth jwt --secret $SECRET --mqtt-url $MQTT > "$scratch/f2.log" 2>&1 & F2=$!; pids+=($F2)
node floor3-server.mjs --port 3200 --mqtt-url $MQTT > "$scratch/f3.log" 2>&1 & F3=$!; pids+=($F3)
NR=""; NR_PORT="${NR_PORT:-18880}"
if [ "${NODERED:-1}" != 0 ] && [ -d "$shared/nodered/node_modules/node-red" ]; then
  mkdir -p "$scratch/nodered"
  NR_PORT=$NR_PORT MQTT_PORT=$PORT BENCH_SECRET=$SECRET NR_USERDIR="$scratch/nodered" nodered/start-nodered.sh > "$scratch/nodered.log" 2>&1 & NR=$!; pids+=($NR)
else
  echo "Node-RED peer not run (not installed in $shared/nodered, or NODERED=0)"
fi
cd "$root"

# The bench measures throughput, not the per-user/per-socket command limits: they are off here.
HEARTH_COMMAND_RATE_USER=0 HEARTH_COMMAND_RATE_SOCKET=0 \
HEARTH_HOST=127.0.0.1 HEARTH_PORT=$HPORT HEARTH_DATA_DIR="$scratch/data" HEARTH_DEMO=false HEARTH_LOG_LEVEL=warn \
  HEARTH_MQTT_URL=$MQTT node "$root/dist/main.js" > "$scratch/hearth.log" 2>&1 & H=$!; pids+=($H)
wait_port 3100; wait_port 3200; wait_port $HPORT; [ -n "$NR" ] && wait_port $NR_PORT
TOKEN=$(curl -fsS -X POST "http://127.0.0.1:$HPORT/api/auth/register" -H 'content-type: application/json' \
  -d '{"username":"bench","password":"bench-password-1"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')
# Discovery: time from the retained bridge/devices being published until every light is registered.
t0=$(date +%s%N)
( cd "$shared" && node z2m-announce.mjs --mqtt-url $MQTT --devices "$DEVICES" ) > "$scratch/announce.log" 2>&1
for _ in $(seq 1 600); do
  n=$(curl -fsS "http://127.0.0.1:$HPORT/api/home/entities?domain=light" -H "authorization: Bearer $TOKEN" | node -pe 'JSON.parse(require("fs").readFileSync(0)).length')
  [ "$n" -ge "$DEVICES" ] && break; sleep 0.1
done
t1=$(date +%s%N)
echo "hearth lights registered: $n in $(( (t1 - t0) / 1000000 )) ms (rss $(awk '/VmRSS/{print $2" "$3}' /proc/$H/status))"

C="--mqtt-url $MQTT"
run() { # name, server pid, command...
  local name=$1 spid=$2; shift 2
  echo "== $name"
  # The scripts print the server's CPU only for a live pid they can read in /proc (else n/a).
  [ -n "$spid" ] && [ -r "/proc/$spid/stat" ] || echo "warning: server pid '$spid' is not running; its CPU shows as n/a"
  ( cd "$shared" && "$@" --server-pid "$spid" ) 2>&1 | grep -v '^#' | tail -12
}
H_URL="http://127.0.0.1:$HPORT"
# Warm-up (JIT), not recorded.
( cd "$shared" && node control-rps.mjs $C --base-url http://127.0.0.1:3100 --secret $SECRET --duration 3 >/dev/null 2>&1
  node control-rps.mjs $C --base-url $H_URL --token "$TOKEN" --path '/api/home/control?wait=0' --actions on,off --entity-id light.bench_lamp --expect-topic zigbee2mqtt/0xbe0c00000000fffe/set --duration 3 >/dev/null 2>&1
  [ -z "$NR" ] || node control-rps.mjs $C --base-url http://127.0.0.1:$NR_PORT --secret $SECRET --duration 3 >/dev/null 2>&1 )

run floor2_lat $F2 node control-latency.mjs $C --base-url http://127.0.0.1:3100 --secret $SECRET
run hearth_lat $H node control-latency.mjs $C --base-url $H_URL --token "$TOKEN" --path '/api/home/control?wait=0' --actions on,off --entity-id light.bench_lamp --expect-topic zigbee2mqtt/0xbe0c00000000fffe/set
run floor2_rps $F2 node control-rps.mjs $C --base-url http://127.0.0.1:3100 --secret $SECRET --duration $DUR
[ -z "$NR" ] || run nodered_lat $NR node control-latency.mjs $C --base-url http://127.0.0.1:$NR_PORT --secret $SECRET
[ -z "$NR" ] || run nodered_rps $NR node control-rps.mjs $C --base-url http://127.0.0.1:$NR_PORT --secret $SECRET --duration $DUR
run hearth_rps $H node control-rps.mjs $C --base-url $H_URL --token "$TOKEN" --path '/api/home/control?wait=0' --actions on,off --entity-id light.bench_lamp --expect-topic zigbee2mqtt/0xbe0c00000000fffe/set --duration $DUR
# Every accepted command waits up to 10 s for the device to confirm; the bench lamp never answers,
# so the rps phase leaves tens of thousands of pending commands that all time out ~10 s later.
# Ending them no longer stalls the loop (one timer, ended in slices; bench/command-flood.ts), but
# it still costs CPU: let it pass before measuring fan-out.
sleep 12
for n in 1 100 1000; do
  cnt=1000; [ $n = 100 ] && cnt=300; [ $n = 1000 ] && cnt=200
  run floor3_fanout_$n $F3 node fanout-latency.mjs $C --clients $n --count $cnt
  run hearth_fanout_$n $H node fanout-latency.mjs $C --io-url $H_URL --token "$TOKEN" --clients $n --count $cnt \
    --event state_changed --match-field entity_id --match-value light.bench_lamp --seq-field '' --topic zigbee2mqtt/bench_lamp
done
run floor3_ingest_sustained $F3 node ingest-throughput.mjs $C --devices 200 --duration $DUR
run hearth_ingest_sustained $H node ingest-throughput.mjs $C --io-url $H_URL --token "$TOKEN" --devices 200 --duration $DUR
run floor3_ingest_burst1000 $F3 node ingest-throughput.mjs $C --mode burst --devices 1000 --bursts 20
run hearth_ingest_burst1000 $H node ingest-throughput.mjs $C --io-url $H_URL --token "$TOKEN" --mode burst --devices 1000 --bursts 20
echo "== hearth_list_entities"
node "$root/bench/list-entities.mjs" --base-url $H_URL --token "$TOKEN" --server-pid $H
echo "hearth rss after the run: $(awk '/VmRSS/{print $2" "$3}' /proc/$H/status)"
( cd "$shared" && node z2m-announce.mjs --mqtt-url $MQTT --clear ) >/dev/null 2>&1
