#!/usr/bin/env bash
# The one command that runs every test from a fresh clone on Debian (as root, or with the packages
# below already installed): system packages, npm ci, typecheck, lint, build, then the unit and
# integration suites (vitest) and the end-to-end suite (Playwright in Debian's Chromium), all inside
# a D-Bus session with an unlocked gnome-keyring so keytar talks to a real keychain.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v gnome-keyring-daemon >/dev/null || need+=(gnome-keyring)
command -v dbus-run-session >/dev/null || need+=(dbus)
[ -e /usr/include/libsecret-1/libsecret/secret.h ] || need+=(libsecret-1-dev)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing system packages: ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "Missing system packages: ${need[*]}. Install them (sudo apt-get install ${need[*]}) and run again." >&2
    exit 1
  fi
fi

echo "== npm ci"
# Tests never start an Electron window, so its binary download is skipped (it cannot be fetched here).
ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --no-audit --no-fund
npm rebuild keytar >/dev/null

echo "== typecheck"; npm run typecheck
echo "== lint"; npm run lint
echo "== build"; npm run build

# Everything else runs inside a private D-Bus session with a real, unlocked keyring.
exec dbus-run-session -- bash scripts/run-suites.sh
