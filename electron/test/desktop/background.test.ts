import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  attentionCount,
  quitQuestion,
  staysInBackground,
  trayIconSize,
  trayMenuTemplate,
  trayTooltip,
} from '../../desktop/background.js';

/* The rules of running in the background, as data. */

const idle = { pending: 0, failed: 0, needsDecision: 0 };
const on = { keepRunningInBackground: true, openAtLogin: false };
const off = { keepRunningInBackground: false, openAtLogin: false };

describe('running in the background', () => {
  it('stays when the setting is on, or while the outbox holds work; quits otherwise', () => {
    expect(staysInBackground(on, idle)).toBe(true);
    expect(staysInBackground(off, { ...idle, pending: 2 })).toBe(true);
    expect(staysInBackground(off, idle)).toBe(false);
  });

  it('counts failed and needs-a-decision operations for the badge and the tray', () => {
    const status = { pending: 5, failed: 2, needsDecision: 1 };
    expect(attentionCount(status)).toBe(3);
    expect(trayTooltip(status)).toBe('Postdeck — 3 changes need you — 2 changes waiting to be sent');
    expect(trayTooltip({ pending: 1, failed: 1, needsDecision: 0 })).toBe('Postdeck — 1 change needs you');
    expect(trayTooltip(idle)).toBe('Postdeck');
  });

  it('shrinks the app icon to the tray size of each system', () => {
    expect(trayIconSize('darwin')).toBe(16);
    expect(trayIconSize('win32')).toBe(16);
    expect(trayIconSize('linux')).toBe(22);
  });

  it('asks before quitting only with changes unsent', () => {
    expect(quitQuestion(idle)).toBeNull();
    expect(quitQuestion({ ...idle, pending: 1 })!.message).toBe(
      '1 change has not been sent yet. Quit anyway?',
    );
    expect(quitQuestion({ ...idle, pending: 3 })!.detail).toContain('sent the next time you open Postdeck');
  });

  it("offers open, the outbox with what needs the user, and quit in the tray's menu", () => {
    const done: string[] = [];
    const items = trayMenuTemplate(
      { pending: 2, failed: 2, needsDecision: 0 },
      { open: () => done.push('open'), openOutbox: () => done.push('outbox'), quit: () => done.push('quit') },
    );
    expect(items.map((i) => i.label ?? i.type)).toEqual([
      'Open Postdeck',
      'Outbox — 2 changes need you',
      'separator',
      'Quit Postdeck',
    ]);
    for (const item of items) (item.click as (() => void) | undefined)?.();
    expect(done).toEqual(['open', 'outbox', 'quit']);
    expect(trayMenuTemplate(idle, { open: () => 0, openOutbox: () => 0, quit: () => 0 })[1]).toMatchObject({
      label: 'Outbox',
    } satisfies MenuItemConstructorOptions);
  });
});
