#!/usr/bin/env bash
# Runs the secrets tests against a real Secret Service: a private D-Bus session bus with an unlocked
# gnome-keyring daemon, so that test/unit/secrets/keyring.test.ts runs instead of being skipped.
# Needs (Debian): gnome-keyring dbus dbus-user-session (libsecret-tools optional, for secret-tool).
# Usage: test/keyring/run-with-keyring.sh [extra vitest arguments]
set -euo pipefail

cd "$(dirname "$0")/../.."

if [[ "${1:-}" != "--inside-session" ]]; then
  for tool in dbus-run-session gnome-keyring-daemon; do
    command -v "$tool" >/dev/null || { echo "run-with-keyring: $tool not found (apt-get install gnome-keyring dbus dbus-user-session)" >&2; exit 2; }
  done
  exec dbus-run-session -- "$0" --inside-session "$@"
fi
shift

# A throwaway keyring home: the daemon creates a fresh "login" collection unlocked with this password,
# and nothing of the user's own keyrings is touched.
keyring_home="$(mktemp -d)"
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home/data" XDG_CACHE_HOME="$keyring_home/cache" XDG_RUNTIME_DIR="$keyring_home/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
eval "$(printf '%s' 'facturador-test' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL

# The tests fail instead of skipping when the keyring still does not answer.
export FACTURADOR_REQUIRE_KEYRING=1
npx vitest run test/unit/secrets "$@"
