import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';

/*
 * No Electron value imported (only its types), so it is tested under plain Node. The
 * right-click menu: spelling suggestions for a misspelled word (spellcheck is on in the window),
 * Add to Dictionary, the edit commands the spot allows, and Look Up on macOS.
 */

export type ContextSpot = Pick<
  ContextMenuParams,
  'isEditable' | 'selectionText' | 'misspelledWord' | 'dictionarySuggestions' | 'editFlags'
>;

export interface ContextActions {
  replaceMisspelling(word: string): void;
  addToDictionary(word: string): void;
  /** macOS's dictionary panel for the selection. */
  lookUp(): void;
}

const MAX_SUGGESTIONS = 5;

export function contextMenuTemplate(
  spot: ContextSpot,
  platform: NodeJS.Platform,
  actions: ContextActions,
): MenuItemConstructorOptions[] {
  const groups: MenuItemConstructorOptions[][] = [];

  if (spot.isEditable && spot.misspelledWord) {
    const suggestions = spot.dictionarySuggestions.slice(0, MAX_SUGGESTIONS);
    groups.push([
      ...(suggestions.length > 0
        ? suggestions.map((word): MenuItemConstructorOptions => ({
            label: word,
            click: () => actions.replaceMisspelling(word),
          }))
        : [{ label: 'No Guesses Found', enabled: false }]),
      { label: 'Add to Dictionary', click: () => actions.addToDictionary(spot.misspelledWord) },
    ]);
  }

  const selection = spot.selectionText.trim();
  if (platform === 'darwin' && selection) {
    const shown = selection.length > 24 ? `${selection.slice(0, 23).trimEnd()}…` : selection;
    groups.push([{ label: `Look Up “${shown}”`, click: () => actions.lookUp() }]);
  }

  const flags = spot.editFlags;
  if (spot.isEditable) {
    groups.push([
      { role: 'cut', enabled: flags.canCut },
      { role: 'copy', enabled: flags.canCopy },
      { role: 'paste', enabled: flags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: flags.canSelectAll },
    ]);
  } else if (selection) {
    groups.push([{ role: 'copy', enabled: flags.canCopy }]);
  }

  return groups.flatMap((group, i) => (i === 0 ? group : [{ type: 'separator' as const }, ...group]));
}
