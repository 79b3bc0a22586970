import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { MenuCommand } from '../../../shared/desktop/ipc.js';
import { buildMenuTemplate, MENU_COMMANDS } from '../../desktop/menu-template.js';

/* The native menu as data: every command reachable with its shortcut, standard menus in place. */

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

describe('native menu', () => {
  for (const platform of ['linux', 'win32', 'darwin'] as const) {
    it(`offers every command once, with its shortcut, on ${platform}`, () => {
      const sent: string[] = [];
      const items = flatten(
        buildMenuTemplate({
          platform,
          appName: 'Postdeck',
          send: (c) => sent.push(c),
          openLogsFolder: () => undefined,
          checkForUpdates: () => undefined,
        }),
      );
      for (const command of MenuCommand.options) {
        const found = items.filter((i) => i.id === command);
        expect(found, command).toHaveLength(1);
        expect(found[0]!.accelerator).toBe(MENU_COMMANDS.find((c) => c.command === command)!.accelerator);
        (found[0]!.click as () => void)();
        expect(sent.at(-1)).toBe(command);
      }
    });
  }

  it('has the shortcuts people expect, none taken twice', () => {
    const accel = Object.fromEntries(MENU_COMMANDS.map((c) => [c.command, c.accelerator]));
    expect(accel.newPost).toBe('CmdOrCtrl+N');
    expect(accel.openSettings).toBe('CmdOrCtrl+,');
    const all = MENU_COMMANDS.flatMap((c) => (c.accelerator ? [c.accelerator] : []));
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps the standard Edit, View and Window menus, and the app menu first on macOS only', () => {
    const linux = buildMenuTemplate({
      platform: 'linux',
      appName: 'Postdeck',
      send: () => undefined,
      openLogsFolder: () => undefined,
      checkForUpdates: () => undefined,
    });
    expect(linux.map((m) => m.label)).toEqual(['&File', '&Edit', '&Go', '&View', '&Window', '&Help']);
    expect(linux.find((m) => m.label === '&Edit')!.role).toBe('editMenu');
    expect(flatten(linux).some((i) => i.role === 'quit')).toBe(true);
    const mac = buildMenuTemplate({
      platform: 'darwin',
      appName: 'Postdeck',
      send: () => undefined,
      openLogsFolder: () => undefined,
      checkForUpdates: () => undefined,
    });
    expect(mac[0]!.label).toBe('Postdeck');
    expect((mac[0]!.submenu as MenuItemConstructorOptions[]).some((i) => i.id === 'openSettings')).toBe(true);
  });

  it('opens the logs folder and checks for updates from Help, in main, whether or not a window is open', () => {
    let opened = 0;
    let checked = 0;
    const items = flatten(
      buildMenuTemplate({
        platform: 'linux',
        appName: 'Postdeck',
        send: () => undefined,
        openLogsFolder: () => opened++,
        checkForUpdates: () => checked++,
      }),
    );
    const help = buildMenuTemplate({
      platform: 'win32',
      appName: 'Postdeck',
      send: () => undefined,
      openLogsFolder: () => undefined,
      checkForUpdates: () => undefined,
    }).at(-1)!;
    expect(help.role).toBe('help');
    (items.find((i) => i.id === 'openLogsFolder')!.click as () => void)();
    expect(opened).toBe(1);
    (items.find((i) => i.id === 'checkForUpdates')!.click as () => void)();
    expect(checked).toBe(1);
  });
});
