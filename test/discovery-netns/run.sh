#!/usr/bin/env bash
# Runs the discovery test over real mDNS, WS-Discovery multicast and UDP broadcast inside a private
# network namespace whose only interface is loopback (test/netns.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/netns.sh

netns_enter discovery "$0" "$@"

# Inside the namespace: loopback with multicast, and a route for the limited broadcast Kasa's
# discovery uses (255.255.255.255), all on lo.
netns_loopback
ip route add 255.255.255.255/32 dev lo src 127.0.0.1
netns_only_loopback
export HEARTH_DISCOVERY_NETNS=1
exec npx vitest run test/discovery-netns/discovery-netns.test.ts
