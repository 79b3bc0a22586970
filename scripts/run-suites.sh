#!/usr/bin/env bash
# Runs inside dbus-run-session (see scripts/test.sh): unlocks a test keyring, then every suite.
set -euo pipefail
cd "$(dirname "$0")/.."
export XDG_DATA_HOME="${XDG_DATA_HOME:-$(mktemp -d)}"
eval "$(echo 'postdeck-test' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL SSH_AUTH_SOCK 2>/dev/null || true
export POSTDECK_REQUIRE_KEYCHAIN=1

status=0
echo "== unit and integration tests (vitest)"
npx vitest run || status=1
echo "== Electron security scan (Electronegativity)"
npm run --silent audit:electron || status=1
echo "== end-to-end tests (Playwright, Debian Chromium)"
npx playwright test || status=1
exit $status
