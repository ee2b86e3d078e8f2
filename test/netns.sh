# Shared by the namespace tests' run.sh (sourced, after `cd` to the repository root): they run
# over real UDP, mDNS and multicast inside a private network namespace (`unshare -rn`: a user
# namespace, no root needed) whose only interface is loopback, so no packet can reach a real
# network. A test is never run in the host namespace: where unprivileged user namespaces are not
# allowed, it says so and skips (exit 0).

# netns_enter <what> <script> [args…]: outside the namespace, re-runs <script> inside it as
# `<script> --inside args…` (never returns); inside (the first arg is --inside), returns.
netns_enter() {
  local what="$1" script="$2"
  shift 2
  if [ "${1:-}" = "--inside" ]; then return 0; fi
  if ! unshare -rn true 2>/dev/null; then
    echo "SKIPPED: the $what namespace test needs unprivileged user namespaces (unshare -rn), which this machine does not allow" \
      "(e.g. kernel.unprivileged_userns_clone=0 or an AppArmor restriction). Run it as root with: sudo unshare --net $script --inside"
    exit 0
  fi
  exec unshare -rn "$script" --inside "$@"
}

# netns_loopback: loopback up, with multicast and the IPv4 multicast route (mDNS 224.0.0.251,
# WS-Discovery 239.255.255.250) on it. A test adds its own routes after this.
netns_loopback() {
  ip link set lo up
  ip link set lo multicast on
  ip route add 224.0.0.0/4 dev lo
}

# netns_only_loopback: refuses (exit 1) when the namespace has any interface but lo.
netns_only_loopback() {
  if ip -o link show | grep -qv ': lo:'; then
    echo "refusing: the namespace has interfaces other than lo"
    exit 1
  fi
}
