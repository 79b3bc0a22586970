/*
 * Pure. Turns a file's bytes into text the way spreadsheets leave them: a byte-order
 * mark says UTF-8 or UTF-16; UTF-16 without one shows as NUL bytes beside ASCII; a file that is
 * valid UTF-8 is UTF-8; anything else is Windows-1252 (Excel's "CSV" on Western Windows). By hand
 * because the decoding itself is the platform's TextDecoder (full ICU) and the sniffing is these
 * few lines; detection libraries guess from statistics, which is worse than these rules here.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/** UTF-16 without a BOM: most even (BE) or odd (LE) bytes of the first KB are NUL, as ASCII text gives. */
function utf16ByNuls(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 1024) & ~1;
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even += 1;
    if (bytes[i + 1] === 0) odd += 1;
  }
  const pairs = n / 2;
  if (odd > pairs * 0.4 && even < pairs * 0.05) return 'utf-16le';
  if (even > pairs * 0.4 && odd < pairs * 0.05) return 'utf-16be';
  return null;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const decode = (encoding: TextEncodingName, fatal = false) =>
    // The decoder drops a BOM of its own encoding.
    new TextDecoder(encoding, { fatal }).decode(bytes);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: decode('utf-8'), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decode('utf-16le'), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decode('utf-16be'), encoding: 'utf-16be' };
  const utf16 = utf16ByNuls(bytes);
  if (utf16) return { text: decode(utf16), encoding: utf16 };
  try {
    return { text: decode('utf-8', true), encoding: 'utf-8' };
  } catch {
    return { text: decode('windows-1252'), encoding: 'windows-1252' };
  }
}
