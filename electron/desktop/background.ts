import type { MenuItemConstructorOptions } from 'electron';
import type { DesktopSettings } from '../../shared/desktop/ipc.js';
import type { SyncStatus } from '../../shared/outbox/ipc.js';

/*
 * No Electron value imported (only its types), so it is tested under plain Node.
 * The rules of running in the background: when closing the last window keeps Postdeck in the tray
 * (menu bar on macOS), what the tray and the badge count, and when quitting asks first.
 */

export type WorkStatus = Pick<SyncStatus, 'pending' | 'failed' | 'needsDecision'>;

/** Closing the last window keeps the app when the user wants it, or while the outbox still holds work. */
export function staysInBackground(settings: DesktopSettings, status: WorkStatus): boolean {
  return settings.keepRunningInBackground || status.pending > 0;
}

/** Operations the user has to act on: failed ones and scheduled times that passed offline. */
export function attentionCount(status: WorkStatus): number {
  return status.failed + status.needsDecision;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The tray's tooltip: what needs the user first, then what is still to be sent. */
export function trayTooltip(status: WorkStatus): string {
  const attention = attentionCount(status);
  const parts = ['Postdeck'];
  if (attention > 0) parts.push(`${plural(attention, 'change needs', 'changes need')} you`);
  const waiting = status.pending - attention;
  if (waiting > 0) parts.push(`${plural(waiting, 'change', 'changes')} waiting to be sent`);
  return parts.join(' — ');
}

/** What to ask before quitting, or null when nothing would be left unsent. */
export function quitQuestion(status: WorkStatus): { message: string; detail: string } | null {
  if (status.pending === 0) return null;
  return {
    message: `${plural(status.pending, 'change has', 'changes have')} not been sent yet. Quit anyway?`,
    detail:
      'They stay in the outbox and are sent the next time you open Postdeck. Posts scheduled before then may go out late.',
  };
}

/** The tray wants a small icon: the app icon shrunk to the size each system's tray shows. */
export function trayIconSize(platform: NodeJS.Platform): number {
  return platform === 'linux' ? 22 : 16;
}

export interface TrayMenuActions {
  open(): void;
  openOutbox(): void;
  quit(): void;
}

export function trayMenuTemplate(status: WorkStatus, actions: TrayMenuActions): MenuItemConstructorOptions[] {
  const attention = attentionCount(status);
  return [
    { id: 'open', label: 'Open Postdeck', click: () => actions.open() },
    {
      id: 'outbox',
      label: attention > 0 ? `Outbox — ${plural(attention, 'change needs', 'changes need')} you` : 'Outbox',
      click: () => actions.openOutbox(),
    },
    { type: 'separator' },
    { id: 'quit', label: 'Quit Postdeck', click: () => actions.quit() },
  ];
}
