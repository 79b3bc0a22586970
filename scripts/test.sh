#!/usr/bin/env bash
# The one command that runs every test from a fresh clone on Debian (as root, or with the packages
# below already installed): system packages, npm ci, typecheck, lint, Prettier's check, build, then the unit and
# integration suites (vitest) and the end-to-end suite (Playwright in Debian's Chromium), all inside
# a D-Bus session with an unlocked gnome-keyring so keytar talks to a real keychain.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v gnome-keyring-daemon >/dev/null || need+=(gnome-keyring)
command -v dbus-run-session >/dev/null || need+=(dbus)
[ -e /usr/include/libsecret-1/libsecret/secret.h ] || need+=(libsecret-1-dev)
# The review pack's PDF is checked by drawing and reading its first page (e2e/review.spec.ts).
command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null || need+=(poppler-utils)
# Posts are full of emoji and of every script: Noto's emoji, Japanese/Chinese/Korean and core fonts
# (Arabic among them) draw them in screenshots as users' systems do, instead of empty boxes.
for font in fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core; do
  dpkg-query -W -f='${Status}' "$font" 2>/dev/null | grep -q 'ok installed' || need+=("$font")
done
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

# The toolchain needs Node >= 22.12 (package.json engines); CI's Debian has Node 20. Where the
# machine's Node is older, the Node that .nvmrc names (the one Electron bundles) comes from the npm
# registry's `node` package, which ships a prebuilt binary, into a cache folder outside the repo.
if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)' 2>/dev/null; then
  want=$(cat .nvmrc)
  tools="${POSTDECK_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/postdeck}/node-$want"
  if [ ! -x "$tools/node_modules/.bin/node" ]; then
    echo "== fetching Node $want from the npm registry (this machine has $(node -v 2>/dev/null || echo no Node))"
    mkdir -p "$tools"
    # allowScripts: the package's install step is what places the binary.
    echo '{"private": true, "allowScripts": {"node": true}}' >"$tools/package.json"
    npm install --prefix "$tools" --no-audit --no-fund --no-save "node@$want" >/dev/null
  fi
  export PATH="$tools/node_modules/.bin:$PATH"
  # keytar is rebuilt below with node-gyp: against this Node's own headers (the package ships them),
  # neither a system Node's nor ones downloaded from nodejs.org.
  headers=$(ls -d "$tools"/node_modules/node/node_modules/node-*/include/node 2>/dev/null | head -n 1)
  if [ -n "$headers" ]; then export npm_config_nodedir="${headers%/include/node}"; fi
fi
echo "== using Node $(node -v) at $(command -v node), npm $(npm -v)"

echo "== npm ci"
# Tests never start an Electron window, so its binary download is skipped (it cannot be fetched here).
ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --no-audit --no-fund
npm rebuild keytar >/dev/null

echo "== typecheck"; npm run typecheck
echo "== lint"; npm run lint
echo "== format (Prettier)"; npm run --silent format:check
echo "== build"; npm run build

# Everything else runs inside a private D-Bus session with a real, unlocked keyring.
exec dbus-run-session -- bash scripts/run-suites.sh
