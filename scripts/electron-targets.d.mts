// Types of scripts/electron-targets.mjs (plain JavaScript, as scripts/build.mjs imports it).
export declare const ELECTRON_NODE: string;
export declare const ELECTRON_CHROMIUM: string;
export declare const NODE_TARGET: string;
export declare const CHROME_TARGET: string;
