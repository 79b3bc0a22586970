import sharp from 'sharp';

/** A real PNG of the given size, noisy so it does not compress to nothing. */
export async function pngBytes(width = 64, height = 64): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const jpegBytes = (w = 48, h = 32) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
export const gifBytes = () =>
  sharp({ create: { width: 16, height: 16, channels: 4, background: '#3c3' } })
    .gif()
    .toBuffer();
export const webpBytes = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#33c' } })
    .webp()
    .toBuffer();

/** Container headers are all the sniffer needs; no video decoder runs in the service. */
export function mp4Bytes(size = 64): Buffer {
  const head = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom\0\0\x02\0isommp41', 'latin1'),
  ]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
}
export function movBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x14]),
    Buffer.from('ftypqt  \0\0\x02\0qt  ', 'latin1'),
    Buffer.alloc(64),
  ]);
}
export function webmBytes(): Buffer {
  // EBML header with DocType "webm".
  return Buffer.concat([
    Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
      0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84,
    ]),
    Buffer.from('webm', 'latin1'),
    Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
    Buffer.alloc(64),
  ]);
}

/** multipart/form-data with one file part. */
export function fileForm(
  bytes: Buffer,
  name: string,
  type = 'application/octet-stream',
  field = 'file',
): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
