import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import afterPack, { REQUIRED_FUSES, packagedElectronPath } from '../../scripts/fuses.mjs';

/*
 * Packaging, checked as far as a machine without Electron's binary can: electron-builder.yml passes
 * electron-builder's own validation and says what the installers need; the fuse hook really flips
 * and checks the fuse wire of a binary; the icons are real images of the sizes each OS uses.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron's shipped defaults: RunAsNode on, cookies clear, NODE_OPTIONS on, --inspect on, no asar
// integrity, loose app/ allowed, shared V8 snapshot, file:// privileged.
const STOCK_WIRE = '10110001';

type Config = Awaited<ReturnType<typeof getConfig>>;
let config: Config;
let dir: string;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  config = await getConfig(ROOT, 'electron-builder.yml', null);
  dir = await mkdtemp(join(tmpdir(), 'postdeck-security-packaging-'));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in Electron binary: some bytes, the fuse sentinel, wire version 1, the stock wire. */
async function fakeElectron(path: string, wire = STOCK_WIRE): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  const body = Buffer.concat([
    Buffer.from('\x7fELF fake electron binary '),
    Buffer.from(SENTINEL, 'ascii'),
    Buffer.from([1, wire.length]),
    Buffer.from(wire, 'ascii'),
    Buffer.from(' rest of the binary'),
  ]);
  await writeFile(path, body);
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own validation, which rejects a mistyped option", async () => {
    // Validation normalizes the object it is given, so it gets a copy.
    await expect(
      validateConfiguration(structuredClone(config), new DebugLogger(false)),
    ).resolves.toBeUndefined();
    const broken = {
      ...structuredClone(config),
      linux: { ...config.linux, tragets: ['AppImage'] },
    } as Config;
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/configuration/);
  });

  it('names the app and builds every installer the issue asks for', () => {
    expect(config.appId).toBe('com.postdeck.app');
    expect(config.productName).toBe('Postdeck');
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(config.mac?.target).toEqual([{ target: 'dmg', arch: ['x64', 'arm64'] }]);
  });

  it('packs the bundles in asar, native code unpacked, with no rebuild', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['**/*.node', '**/node_modules/@img/**/*']));
    expect(config.npmRebuild).toBe(false);
    // electron-builder embeds app.asar's hash (Info.plist, the .exe's resources) for the integrity fuse.
    expect(config.disableAsarIntegrity).toBeFalsy();
    // electron-builder hands the patterns back as one file set.
    const patterns = ([config.files].flat() as (string | { filter?: string[] })[]).flatMap((f) =>
      typeof f === 'string' ? [f] : (f.filter ?? []),
    );
    expect(patterns).toEqual(['dist/electron/**/*', 'dist/renderer/**/*', '!**/*.map', 'package.json']);
  });

  it('runs the fuse hook after packing', async () => {
    expect(config.afterPack).toBe('./scripts/fuses.mjs');
    await access(join(ROOT, config.afterPack as string));
  });

  it('signs macOS builds with the hardened runtime and the JIT exception only', async () => {
    expect(config.mac?.hardenedRuntime).toBe(true);
    const plist = await readFile(join(ROOT, config.mac!.entitlements!), 'utf8');
    expect([...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])).toEqual([
      'com.apple.security.cs.allow-jit',
    ]);
  });

  it('has package scripts that build the bundles, then package per platform without publishing', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.dist).toMatch(/^npm run build && electron-builder .*--publish never/);
    for (const [name, flag] of [
      ['dist:linux', '--linux'],
      ['dist:win', '--win'],
      ['dist:mac', '--mac'],
    ] as const) {
      expect(scripts[name], name).toMatch(
        new RegExp(`^npm run build && electron-builder ${flag} .*--publish never`),
      );
    }
  });
});

describe('the fuse hook', () => {
  const expected = () => {
    const wire = STOCK_WIRE.split('').map((c) => c.charCodeAt(0));
    for (const [index, on] of Object.entries(REQUIRED_FUSES))
      wire[Number(index)] = (on ? '1' : '0').charCodeAt(0);
    return wire;
  };

  it('requires what the issue lists', () => {
    expect(REQUIRED_FUSES).toMatchObject({
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    });
  });

  it('flips the packaged Linux binary and the Windows .exe', async () => {
    for (const [platform, file] of [
      ['linux', 'postdeck'],
      ['win32', 'Postdeck.exe'],
    ] as const) {
      const appOutDir = join(dir, platform);
      const context = {
        appOutDir,
        electronPlatformName: platform,
        packager: { appInfo: { productFilename: 'Postdeck' }, executableName: 'postdeck' },
      };
      expect(packagedElectronPath(context)).toBe(join(appOutDir, file));
      await fakeElectron(join(appOutDir, file));
      await afterPack(context);
      const wire = await getCurrentFuseWire(join(appOutDir, file));
      expect(
        STOCK_WIRE.split('').map((_, i) => wire[i as FuseV1Options]),
        platform,
      ).toEqual(expected());
    }
  });

  it('finds the fuses of a macOS app in its framework', () => {
    const context = {
      appOutDir: '/out/mac-arm64',
      electronPlatformName: 'darwin',
      packager: { appInfo: { productFilename: 'Postdeck' } },
    };
    expect(packagedElectronPath(context)).toBe('/out/mac-arm64/Postdeck.app');
  });

  it('fails the build when the binary has no fuse wire to set', async () => {
    const appOutDir = join(dir, 'broken');
    await mkdir(appOutDir, { recursive: true });
    await writeFile(join(appOutDir, 'postdeck'), 'not electron');
    const context = {
      appOutDir,
      electronPlatformName: 'linux',
      packager: { appInfo: { productFilename: 'Postdeck' }, executableName: 'postdeck' },
    };
    await expect(afterPack(context)).rejects.toThrow(/sentinel/);
  });

  it('fails the build when the Electron is too old to carry a required fuse', async () => {
    const appOutDir = join(dir, 'old');
    // A wire of four fuses: no asar integrity, no asar-only switch to set.
    await fakeElectron(join(appOutDir, 'postdeck'), '1011');
    const context = {
      appOutDir,
      electronPlatformName: 'linux',
      packager: { appInfo: { productFilename: 'Postdeck' }, executableName: 'postdeck' },
    };
    await expect(afterPack(context)).rejects.toThrow(/not long enough/);
  });
});

describe('icons', () => {
  it('Linux: a PNG per size, each of the size its name says', async () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512]) {
      const meta = await sharp(join(ROOT, 'build/icons', `${size}x${size}.png`)).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha], `${size}`).toEqual([
        'png',
        size,
        size,
        true,
      ]);
    }
    const source = await sharp(join(ROOT, 'build/icon.png')).metadata();
    expect([source.width, source.height]).toEqual([1024, 1024]);
  });

  it('Windows: an ICO with every size up to 256, each a PNG', async () => {
    const ico = await readFile(join(ROOT, 'build/icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      const meta = await sharp(ico.subarray(offset, offset + length)).metadata();
      expect(meta.width).toBe(ico.readUInt8(entry) || 256);
      sizes.push(meta.width!);
    }
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('macOS: an ICNS whose blocks are PNGs up to 1024', async () => {
    const icns = await readFile(join(ROOT, 'build/icon.icns'));
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const blocks: Record<string, number> = {};
    for (let at = 8; at < icns.length;) {
      const [type, length] = [icns.toString('ascii', at, at + 4), icns.readUInt32BE(at + 4)];
      blocks[type] = (await sharp(icns.subarray(at + 8, at + length)).metadata()).width!;
      at += length;
    }
    expect(blocks).toMatchObject({ icp4: 16, icp5: 32, ic07: 128, ic08: 256, ic09: 512, ic10: 1024 });
  });
});
