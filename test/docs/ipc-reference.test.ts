import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IPC_METHOD_NAMES, ipcMethods } from '../../shared/ipc/contract.js';
import { ipcReference, PAGE_PATH } from '../../scripts/ipc-reference-page.js';

describe('docs/ipc.md, the IPC reference', () => {
  it('is up to date with the contract (run `npm run docs:ipc` after changing it)', async () => {
    expect(readFileSync(PAGE_PATH, 'utf8')).toBe(await ipcReference());
  });

  it('lists every method with its doc and input fields', async () => {
    const page = await ipcReference();
    for (const name of IPC_METHOD_NAMES) expect(page).toContain(`- \`${name}\` `);
    expect(page).toContain(ipcMethods.reschedulePost.doc);
    expect(page).toContain('- `reschedulePost` `{ id, date, brand? }`: Queues PUT /posts/:id/date');
    expect(page).toContain('- `sendDraft` `{ draftId, type, date?, wait?, draft? }`: ');
    expect(page).toContain('- `listDrafts` (no input): ');
  });
});
