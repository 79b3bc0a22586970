import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listPackage, statFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_FUSES } from '../../scripts/fuses.mjs';

/*
 * A real electron-builder run, as far as this machine allows: Electron's binary cannot be
 * downloaded here, so electron-builder is given a stand-in Electron folder (electronDist) whose
 * binary carries a real fuse wire. Everything else is the real thing: the fresh bundles, our
 * electron-builder.yml, production node_modules, asar packing and the afterPack fuse hook.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
let work: string;
let unpacked: string;
let files: string[];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'postdeck-security-package-'));
  // Packaged from the project itself: electron-builder collects production modules with `npm ls`,
  // which misreads a copy whose node_modules is a symlink (in a fresh `npm ci` tree it dropped
  // libsql's and sharp's native packages). The build is the one `npm run build` makes.
  const project = ROOT;
  await run(process.execPath, ['scripts/build.mjs'], { cwd: ROOT });
  // A stand-in Electron for Linux: its binary holds the fuse wire as Electron ships it.
  const electronDist = join(work, 'electron');
  await mkdir(electronDist);
  const binary = Buffer.concat([
    Buffer.from('stand-in electron '),
    Buffer.from(SENTINEL),
    Buffer.from([1, 8]),
    Buffer.from('10110001'),
  ]);
  await writeFile(join(electronDist, 'electron'), binary);
  await chmod(join(electronDist, 'electron'), 0o755);
  const electron = JSON.parse(await readFile(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  };
  await writeFile(join(electronDist, 'version'), electron.version);
  const output = join(work, 'release');
  await run(
    process.execPath,
    [
      join(ROOT, 'node_modules/electron-builder/cli.js'),
      '--linux',
      'dir',
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${output}`,
    ],
    { cwd: project, maxBuffer: 16 * 1024 * 1024 },
  );
  unpacked = join(output, 'linux-unpacked');
  files = listPackage(join(unpacked, 'resources/app.asar'), { isPack: false });
}, 300_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the packaged Linux app', () => {
  it('has its Electron fuses set by the afterPack hook', async () => {
    const wire = await getCurrentFuseWire(join(unpacked, 'postdeck'));
    for (const [index, on] of Object.entries(REQUIRED_FUSES)) {
      expect(wire[Number(index) as FuseV1Options], FuseV1Options[Number(index)]).toBe(
        (on ? '1' : '0').charCodeAt(0),
      );
    }
  });

  it('packs the bundles and package.json, and no source, map or test', () => {
    for (const file of [
      '/dist/electron/main.cjs',
      '/dist/electron/preload.cjs',
      '/dist/renderer/index.html',
      '/package.json',
    ]) {
      expect(files).toContain(file);
    }
    const own = files.filter((f) => !f.startsWith('/node_modules/'));
    expect(own.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(
      own.filter((f) => /^\/(electron|renderer|server|shared|test|e2e|scripts|build|security)(\/|$)/.test(f)),
    ).toEqual([]);
    expect(own.filter((f) => /\.(ts|tsx)$/.test(f))).toEqual([]);
  });

  it('keeps every native binary outside the archive, where it can be loaded', async () => {
    const asar = join(unpacked, 'resources/app.asar');
    const native = files.filter((f) => f.endsWith('.node'));
    expect(native.some((f) => f.includes('/keytar/'))).toBe(true);
    expect(native.some((f) => f.includes('/@libsql/'))).toBe(true);
    expect(native.some((f) => f.includes('/@img/sharp-'))).toBe(true);
    for (const file of native) {
      expect(statFile(asar, file.slice(1), false), file).toMatchObject({ unpacked: true });
      expect((await stat(join(`${asar}.unpacked`, file))).isFile(), file).toBe(true);
    }
    // sharp's .node links to libvips beside it: that library must be unpacked too.
    const libvips = await readdir(join(`${asar}.unpacked`, 'node_modules/@img'), { recursive: true });
    expect(libvips.some((f) => /libvips-cpp\.so/.test(f))).toBe(true);
  });

  it('holds only what main needs: no renderer-only package (the renderer is bundled), under 15 MB', async () => {
    const packed = new Set(
      files
        .filter((f) => /^\/node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(f))
        .map((f) => f.split('/').slice(2, -1).join('/')),
    );
    for (const name of [
      'react',
      'react-dom',
      '@tanstack/react-query',
      'zustand',
      'react-big-calendar',
      'date-fns',
    ]) {
      expect(packed.has(name), name).toBe(false);
    }
    const { size } = await stat(join(unpacked, 'resources/app.asar'));
    expect(size).toBeLessThan(15 * 1024 * 1024);
  });

  it('carries the icon notifications and the tray use, where the app looks for it', async () => {
    expect((await stat(join(unpacked, 'resources/icon.png'))).isFile()).toBe(true);
  });

  it('carries the update feed electron-updater reads, empty until a release server exists', async () => {
    const feed = await readFile(join(unpacked, 'resources/app-update.yml'), 'utf8');
    expect(feed).toMatch(/^provider: generic$/m);
    expect(feed).toMatch(/^url: ''$/m);
  });

  it('ships every module the main bundle loads at run time', () => {
    for (const name of ['keytar', 'libsql', 'sharp', '@fastify/static', '@fastify/swagger-ui']) {
      expect(files, name).toContain(`/node_modules/${name}/package.json`);
    }
  });
});
