// Run by hand: `node build/generate-icons.mjs` after editing build/icon.svg. Renders the
// mark with sharp into every icon electron-builder needs, so no platform tool (iconutil, ImageMagick)
// is required and the committed files always match the SVG:
//   build/icon.png        1024 px, the source electron-builder converts from when it must
//   build/icons/NxN.png   the Linux set (AppImage, deb, the desktop file)
//   build/icon.ico        Windows (NSIS installer and the .exe), PNG-compressed entries
//   build/icon.icns       macOS (the .app and the dmg), PNG-compressed entries
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = fileURLToPath(new URL('.', import.meta.url));
const svg = await readFile(`${here}icon.svg`);

/** The mark as a PNG of `size` pixels square: rasterized large, then scaled down smoothly. */
const render = (size) =>
  sharp(svg, { density: 144 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
// ICNS entry types holding PNG data, by pixel size (the @2x types share sizes with 1x ones).
const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024],
];

/** An ICO file: a directory of entries, each a whole PNG (supported since Windows Vista). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

/** An ICNS file: 'icns', total length, then (type, length, PNG) blocks, lengths big-endian. */
function icns(blocks) {
  const parts = blocks.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

const pngs = new Map();
for (const size of new Set([...LINUX_SIZES, ...ICO_SIZES, ...ICNS_TYPES.map(([, s]) => s)])) {
  pngs.set(size, await render(size));
}

await mkdir(`${here}icons`, { recursive: true });
await writeFile(`${here}icon.png`, pngs.get(1024));
for (const size of LINUX_SIZES.filter((s) => s <= 512)) {
  await writeFile(`${here}icons/${size}x${size}.png`, pngs.get(size));
}
await writeFile(`${here}icon.ico`, ico(ICO_SIZES.map((size) => ({ size, png: pngs.get(size) }))));
await writeFile(`${here}icon.icns`, icns(ICNS_TYPES.map(([type, size]) => ({ type, png: pngs.get(size) }))));
console.log('icons -> build/icon.png, build/icons/, build/icon.ico, build/icon.icns');
