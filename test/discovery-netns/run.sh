#!/usr/bin/env bash
# Runs the discovery test over real mDNS, WS-Discovery multicast and UDP broadcast inside a private
# network namespace (`unshare -rn`: a user namespace, no root needed) whose only interface is
# loopback, so no query can reach a real network. Never runs the test in the host namespace:
# where unprivileged user namespaces are not allowed it says so and skips (exit 0).
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "${1:-}" != "--inside" ]; then
  if ! unshare -rn true 2>/dev/null; then
    echo "SKIPPED: the discovery namespace test needs unprivileged user namespaces (unshare -rn), which this machine does not allow" \
      "(e.g. kernel.unprivileged_userns_clone=0 or an AppArmor restriction). Run it as root with: sudo unshare --net $0 --inside"
    exit 0
  fi
  exec unshare -rn "$0" --inside
fi

# Inside the namespace: loopback with multicast (mDNS 224.0.0.251, WS-Discovery 239.255.255.250)
# and a route for the limited broadcast Kasa's discovery uses (255.255.255.255), all on lo.
ip link set lo up
ip link set lo multicast on
ip route add 224.0.0.0/4 dev lo
ip route add 255.255.255.255/32 dev lo src 127.0.0.1
if ip -o link show | grep -qv ': lo:'; then echo "refusing: the namespace has interfaces other than lo"; exit 1; fi
export HEARTH_DISCOVERY_NETNS=1
exec npx vitest run test/discovery-netns/discovery-netns.test.ts
