import { DesktopSettings } from '../../shared/desktop/ipc.js';
import type { SettingsRepo } from '../store/settings-repo.js';

/*
 * The desktop settings, kept in the settings table. Each is read on its own
 * over the defaults, so a setting added later does not reset the others.
 */

export const DESKTOP_DEFAULTS: DesktopSettings = { keepRunningInBackground: true, openAtLogin: false };
const KEY = 'desktop';

export class DesktopSettingsStore {
  constructor(private readonly settings: SettingsRepo) {}

  get(): DesktopSettings {
    return { ...DESKTOP_DEFAULTS, ...(this.settings.get(KEY, DesktopSettings.partial()) ?? {}) };
  }

  set(patch: Partial<DesktopSettings>): DesktopSettings {
    const next = { ...this.get(), ...patch };
    this.settings.set(KEY, next);
    return next;
  }
}
