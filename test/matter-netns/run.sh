#!/usr/bin/env bash
# Runs the Matter end-to-end tests (Hearth as controller, Hearth as bridge) over real UDP and mDNS
# inside a private network namespace whose only interface is loopback (test/netns.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/netns.sh

netns_enter Matter "$0" "$@"
shift # --inside

# Inside the namespace: loopback with multicast, routes for mDNS (224.0.0.251, ff02::fb).
netns_loopback
ip -6 route add multicast ff00::/8 dev lo table local 2>/dev/null || true
netns_only_loopback
export HEARTH_MATTER_NETNS=1
# The controller's test, then the bridge's (one at a time: each is two matter.js processes).
# Arguments: test files to run (default: both).
if [ $# -eq 0 ]; then set -- test/matter-netns/matter-netns.test.ts test/matter-netns/matter-bridge-netns.test.ts; fi
exec npx vitest run --no-file-parallelism "$@"
