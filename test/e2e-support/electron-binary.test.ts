import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installedElectron } from '../../e2e/support/electron-binary.js';

/*
 * Since Electron 45, requiring the electron package downloads its binary when it is missing; with
 * no network that is a failed fetch (and a pause) every time a spec asks whether Electron is
 * there. The question must be answered from the files alone. A stand-in electron package whose
 * index.js leaves a mark when it runs stands for the real one.
 */

let dir: string;
const marker = () => join(dir, 'index-ran');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postdeck-electron-binary-'));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'electron', main: 'index.js' }));
  await writeFile(
    join(dir, 'index.js'),
    `require('fs').writeFileSync(${JSON.stringify(marker())}, 'ran'); throw new Error('no binary');`,
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ran = () =>
  stat(marker()).then(
    () => true,
    () => false,
  );

describe('installedElectron', () => {
  it('says no binary without running the package (which would try to download one)', async () => {
    expect(installedElectron(dir)).toBeNull();
    expect(await ran()).toBe(false);
  });

  it('finds a binary the package has downloaded', async () => {
    await writeFile(join(dir, 'path.txt'), 'electron');
    await mkdir(join(dir, 'dist'));
    await writeFile(join(dir, 'dist', 'electron'), 'binary');
    expect(installedElectron(dir)).toBe(join(dir, 'dist', 'electron'));
    expect(await ran()).toBe(false);
  });

  it('says no binary when path.txt names one that is gone', async () => {
    await writeFile(join(dir, 'path.txt'), 'electron');
    expect(installedElectron(dir)).toBeNull();
  });
});
