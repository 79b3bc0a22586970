import { describe, expect, it } from 'vitest';
import {
  parseGnomeClockFormat,
  parseWindowsTimePattern,
  posixLocaleTag,
  readSystemClock,
  runCommand,
  type SystemClockSources,
} from '../../desktop/system-clock.js';

const failing = async (): Promise<string> => {
  throw new Error('command not found');
};

function sources(over: Partial<SystemClockSources>): SystemClockSources {
  return { platform: 'linux', env: {}, run: failing, ...over };
}

describe("the OS's 12/24-hour setting", () => {
  it("reads GNOME's clock format", () => {
    expect(parseGnomeClockFormat("'24h'\n")).toBe(false);
    expect(parseGnomeClockFormat("'12h'")).toBe(true);
    expect(parseGnomeClockFormat('No such schema')).toBeNull();
  });

  it("reads Windows' short time pattern, ignoring quoted literals", () => {
    const out = (p: string) =>
      `\r\nHKEY_CURRENT_USER\\Control Panel\\International\r\n    sShortTime    REG_SZ    ${p}\r\n`;
    expect(parseWindowsTimePattern(out('HH:mm'))).toBe(false);
    expect(parseWindowsTimePattern(out('h:mm tt'))).toBe(true);
    expect(parseWindowsTimePattern(out("H 'h' mm"))).toBe(false);
    expect(parseWindowsTimePattern('ERROR: The system was unable to find the specified value.')).toBeNull();
  });

  it('turns POSIX locale names into language tags', () => {
    expect(posixLocaleTag('en_GB.UTF-8')).toBe('en-GB');
    expect(posixLocaleTag('de_DE@euro')).toBe('de-DE');
    expect(posixLocaleTag('C.UTF-8')).toBeNull();
    expect(posixLocaleTag('POSIX')).toBeNull();
    expect(posixLocaleTag(undefined)).toBeNull();
    expect(posixLocaleTag('!!garbage')).toBeNull();
  });

  it('on macOS, follows "24-hour time" and "12-hour time" from the user defaults', async () => {
    const mac = (set: string | null) =>
      readSystemClock(sources({ platform: 'darwin', macUserDefault: (key) => key === set }));
    expect(await mac('AppleICUForce24HourTime')).toEqual({ hour12: false });
    expect(await mac('AppleICUForce12HourTime')).toEqual({ hour12: true });
    expect(await mac(null)).toEqual({ hour12: null });
  });

  it('on Windows, asks the registry', async () => {
    const asked: string[][] = [];
    const clock = await readSystemClock(
      sources({
        platform: 'win32',
        run: async (file, args) => {
          asked.push([file, ...args]);
          return '    sShortTime    REG_SZ    HH:mm\r\n';
        },
      }),
    );
    expect(clock).toEqual({ hour12: false });
    expect(asked[0]).toEqual(['reg', 'query', 'HKCU\\Control Panel\\International', '/v', 'sShortTime']);
  });

  it("on Linux, GNOME's setting (on GNOME) wins over the locale of times, which wins over nothing", async () => {
    const gnome24 = async () => "'24h'";
    const onGnome = { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' };
    expect(
      await readSystemClock(sources({ run: gnome24, env: { ...onGnome, LC_TIME: 'en_US.UTF-8' } })),
    ).toEqual({ hour12: false });
    // Off GNOME, gsettings' answer is only GNOME's default, never shown: it is not asked.
    expect(await readSystemClock(sources({ run: gnome24, env: { LC_TIME: 'en_US.UTF-8' } }))).toEqual({
      hour12: true,
    });
    expect(await readSystemClock(sources({ run: gnome24, env: { XDG_CURRENT_DESKTOP: 'KDE' } }))).toEqual({
      hour12: null,
    });
    expect(await readSystemClock(sources({ env: { LC_TIME: 'en_GB.UTF-8' } }))).toEqual({ hour12: false });
    expect(await readSystemClock(sources({ env: { LC_TIME: 'en_US.UTF-8' } }))).toEqual({ hour12: true });
    expect(await readSystemClock(sources({ env: { LC_ALL: 'de_DE.UTF-8', LC_TIME: 'en_US' } }))).toEqual({
      hour12: false,
    });
    expect(await readSystemClock(sources({ env: {} }))).toEqual({ hour12: null });
  });

  it('never throws: a failing source leaves the language to decide', async () => {
    const clock = await readSystemClock(
      sources({
        platform: 'darwin',
        macUserDefault: () => {
          throw new Error('no defaults');
        },
      }),
    );
    expect(clock).toEqual({ hour12: null });
    await expect(readSystemClock(sources({ platform: 'win32' }))).resolves.toEqual({ hour12: null });
  });

  it('runs real commands with a time limit, and rejects when they fail', async () => {
    await expect(runCommand('node', ['-e', 'process.stdout.write("24h")'])).resolves.toBe('24h');
    await expect(runCommand('node', ['-e', 'process.exit(3)'])).rejects.toThrow();
  });
});
