// What the bundles are compiled for: the Node and Chromium inside the Electron that package.json
// pins (Electron 45.4.1 bundles Node 24.21.0 and Chromium 156). Newer syntax than these would fail
// at run time; older targets would down-level code for no one. One place, read by scripts/build.mjs
// (main, preload) and vite.config.ts (renderer); test/platform.test.ts checks it against the
// installed Electron, .nvmrc and @types/node, so an Electron bump cannot leave it behind.
export const ELECTRON_NODE = '24.21.0';
export const ELECTRON_CHROMIUM = '156';

export const NODE_TARGET = `node${ELECTRON_NODE}`;
export const CHROME_TARGET = `chrome${ELECTRON_CHROMIUM}`;
