import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { contextMenuTemplate, type ContextSpot } from '../../desktop/context-menu.js';

/* The right-click menu as data, for the spots a user right-clicks. */

const allFlags = {
  canCut: true,
  canCopy: true,
  canPaste: true,
  canSelectAll: true,
  canUndo: true,
  canRedo: true,
  canDelete: true,
  canEditRichly: false,
};
const spot = (over: Partial<ContextSpot>): ContextSpot => ({
  isEditable: false,
  selectionText: '',
  misspelledWord: '',
  dictionarySuggestions: [],
  editFlags: allFlags,
  ...over,
});
const labels = (items: MenuItemConstructorOptions[]) => items.map((i) => i.label ?? i.role ?? i.type);

describe('the context menu', () => {
  it('offers spelling suggestions and Add to Dictionary on a misspelled word, then the edit commands', () => {
    const done: string[] = [];
    const items = contextMenuTemplate(
      spot({
        isEditable: true,
        misspelledWord: 'recieve',
        dictionarySuggestions: ['receive', 'relieve', 'a', 'b', 'c', 'd'],
      }),
      'linux',
      {
        replaceMisspelling: (w) => done.push(`replace ${w}`),
        addToDictionary: (w) => done.push(`add ${w}`),
        lookUp: () => done.push('look'),
      },
    );
    expect(labels(items)).toEqual([
      'receive',
      'relieve',
      'a',
      'b',
      'c',
      'Add to Dictionary',
      'separator',
      'cut',
      'copy',
      'paste',
      'separator',
      'selectAll',
    ]);
    (items[0]!.click as () => void)();
    (items[5]!.click as () => void)();
    expect(done).toEqual(['replace receive', 'add recieve']);
  });

  it('says when it has no guess', () => {
    const items = contextMenuTemplate(spot({ isEditable: true, misspelledWord: 'zzqx' }), 'win32', {
      replaceMisspelling: () => undefined,
      addToDictionary: () => undefined,
      lookUp: () => undefined,
    });
    expect(items[0]).toMatchObject({ label: 'No Guesses Found', enabled: false });
  });

  it('offers Look Up on macOS for a selection, and only Copy outside a text field', () => {
    const actions = {
      replaceMisspelling: () => undefined,
      addToDictionary: () => undefined,
      lookUp: () => undefined,
    };
    const mac = contextMenuTemplate(
      spot({ selectionText: 'a rather long selected sentence' }),
      'darwin',
      actions,
    );
    expect(labels(mac)).toEqual(['Look Up “a rather long selected…”', 'separator', 'copy']);
    expect(labels(contextMenuTemplate(spot({ selectionText: 'word' }), 'linux', actions))).toEqual(['copy']);
    expect(contextMenuTemplate(spot({}), 'linux', actions)).toEqual([]);
  });

  it('greys out what the spot does not allow', () => {
    const items = contextMenuTemplate(
      spot({ isEditable: true, editFlags: { ...allFlags, canCut: false, canCopy: false } }),
      'linux',
      { replaceMisspelling: () => undefined, addToDictionary: () => undefined, lookUp: () => undefined },
    );
    expect(items.find((i) => i.role === 'cut')!.enabled).toBe(false);
    expect(items.find((i) => i.role === 'paste')!.enabled).toBe(true);
  });
});
