/*
 * The OS's own 12/24-hour setting, where the user chose one apart from their language: Chromium
 * formats times by the language alone, so someone with an English (US) system set to a 24-hour
 * clock would otherwise read "5:30 PM" in Postdeck and "17:30" everywhere else on their desktop.
 * Imports no Electron value: macOS's setting comes in through `macUserDefault` (main.ts passes
 * Electron's systemPreferences.getUserDefault), so this runs under plain Node in tests.
 *
 * Written by hand: no npm package reads this setting on the three systems (checked: os-locale and
 * friends answer the language, not the clock).
 */
import { execFile } from 'node:child_process';
import type { ClockPreference } from '../../shared/desktop/ipc.js';

export type RunCommand = (file: string, args: readonly string[]) => Promise<string>;

export interface SystemClockSources {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  run: RunCommand;
  /** macOS: NSUserDefaults' boolean of that name (Electron's systemPreferences.getUserDefault). */
  macUserDefault?: (key: string) => boolean;
}

const UNSET: ClockPreference = { hour12: null };

/** GNOME's `gsettings get org.gnome.desktop.interface clock-format` answer: "'24h'" or "'12h'". */
export function parseGnomeClockFormat(output: string): boolean | null {
  const value = output.trim().replace(/^'|'$/g, '');
  if (value === '24h') return false;
  if (value === '12h') return true;
  return null;
}

/**
 * Windows' short time pattern from `reg query "HKCU\Control Panel\International" /v sShortTime`:
 * "HH:mm" is 24-hour, "h:mm tt" is 12-hour (Windows writes the hour as H for 0–23, h for 1–12).
 */
export function parseWindowsTimePattern(output: string): boolean | null {
  const m = /sShortTime\s+REG_SZ\s+(.+)/i.exec(output) ?? /sTimeFormat\s+REG_SZ\s+(.+)/i.exec(output);
  if (!m) return null;
  const pattern = m[1]!.trim().replace(/'[^']*'/g, '');
  if (pattern.includes('H')) return false;
  if (pattern.includes('h')) return true;
  return null;
}

/** A POSIX locale name ("en_GB.UTF-8", "de_DE@euro") as a BCP 47 tag ("en-GB"), or null for C/POSIX. */
export function posixLocaleTag(value: string | undefined): string | null {
  if (!value) return null;
  const base = value.split(/[.@]/)[0]!;
  if (!base || base === 'C' || base === 'POSIX') return null;
  try {
    return Intl.getCanonicalLocales(base.replace('_', '-'))[0] ?? null;
  } catch {
    return null;
  }
}

/** Whether a locale writes times on a 12-hour clock, by CLDR's data that Node carries. */
export function localeHour12(tag: string): boolean {
  const cycle = new Intl.DateTimeFormat(tag, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12';
}

/**
 * Linux: on a GNOME desktop, the clock its top bar shows (`clock-format`); elsewhere, or when it
 * cannot be read, the locale of times (LC_ALL, then LC_TIME) when set apart from the language.
 * The desktop is asked only when it is GNOME: gsettings answers GNOME's default ("24h") wherever the
 * schema is installed, even on a desktop that never shows that clock.
 */
async function linuxHour12(sources: SystemClockSources): Promise<boolean | null> {
  if (/gnome/i.test(sources.env.XDG_CURRENT_DESKTOP ?? '')) {
    try {
      const gnome = parseGnomeClockFormat(
        await sources.run('gsettings', ['get', 'org.gnome.desktop.interface', 'clock-format']),
      );
      if (gnome !== null) return gnome;
    } catch {
      // No gsettings: the locale decides.
    }
  }
  const tag = posixLocaleTag(sources.env.LC_ALL) ?? posixLocaleTag(sources.env.LC_TIME);
  return tag ? localeHour12(tag) : null;
}

/** The OS's 12/24-hour choice, or `hour12: null` where it has none apart from the language. Never throws. */
export async function readSystemClock(sources: SystemClockSources): Promise<ClockPreference> {
  try {
    if (sources.platform === 'darwin') {
      if (sources.macUserDefault?.('AppleICUForce24HourTime')) return { hour12: false };
      if (sources.macUserDefault?.('AppleICUForce12HourTime')) return { hour12: true };
      return UNSET;
    }
    if (sources.platform === 'win32') {
      const out = await sources.run('reg', [
        'query',
        'HKCU\\Control Panel\\International',
        '/v',
        'sShortTime',
      ]);
      return { hour12: parseWindowsTimePattern(out) };
    }
    return { hour12: await linuxHour12(sources) };
  } catch {
    return UNSET;
  }
}

/** Runs a short command with a time limit, answering its output (the readers above). */
export const runCommand: RunCommand = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(file, [...args], { timeout: 2000, windowsHide: true }, (error, stdout) =>
      error ? reject(error) : resolve(String(stdout)),
    );
  });

/** This machine's sources: the process's platform and environment, and real commands. */
export function systemClockSources(macUserDefault?: (key: string) => boolean): SystemClockSources {
  return {
    platform: process.platform,
    env: process.env,
    run: runCommand,
    ...(macUserDefault ? { macUserDefault } : {}),
  };
}
