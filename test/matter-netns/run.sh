#!/usr/bin/env bash
# Runs the Matter end-to-end tests (Hearth as controller, Hearth as bridge) over real UDP and mDNS inside a private network namespace
# (`unshare -rn`: a user namespace, no root needed) whose only interface is loopback, so no Matter
# or mDNS packet can reach a real network. Never runs the test in the host namespace: where
# unprivileged user namespaces are not allowed it says so and skips (exit 0).
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "${1:-}" != "--inside" ]; then
  if ! unshare -rn true 2>/dev/null; then
    echo "SKIPPED: the Matter namespace test needs unprivileged user namespaces (unshare -rn), which this machine does not allow" \
      "(e.g. kernel.unprivileged_userns_clone=0 or an AppArmor restriction). Run it as root with: sudo unshare --net $0 --inside"
    exit 0
  fi
  exec unshare -rn "$0" --inside "$@"
fi
shift # --inside

# Inside the namespace: loopback with multicast, routes for mDNS (224.0.0.251, ff02::fb).
ip link set lo up
ip link set lo multicast on
ip route add 224.0.0.0/4 dev lo
ip -6 route add multicast ff00::/8 dev lo table local 2>/dev/null || true
if ip -o link show | grep -qv ': lo:'; then echo "refusing: the namespace has interfaces other than lo"; exit 1; fi
export HEARTH_MATTER_NETNS=1
# The controller's test, then the bridge's (one at a time: each is two matter.js processes).
# Arguments: test files to run (default: both).
if [ $# -eq 0 ]; then set -- test/matter-netns/matter-netns.test.ts test/matter-netns/matter-bridge-netns.test.ts; fi
exec npx vitest run --no-file-parallelism "$@"
