import { writeFileSync } from 'node:fs';
import { ipcReference, PAGE_PATH } from './ipc-reference-page.js';

/* Writes docs/ipc.md from the IPC contract (npm run docs:ipc). */
writeFileSync(PAGE_PATH, await ipcReference());
console.log(`wrote ${PAGE_PATH}`);
