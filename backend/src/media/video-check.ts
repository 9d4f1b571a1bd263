/**
 * Whether the bytes of an upload are the video they claim (docs/decisions/signage.md): the signature that
 * {@link sniffFileType} sees is only the first bytes, so a renamed or cut-off file passed. An MP4 must be a
 * chain of ISO boxes from `ftyp` to the end of the file with a `moov` (the index a player needs); a WebM
 * must have an EBML header whose DocType is `webm`.
 */
export function isPlausibleVideo(content: Buffer, mimeType: string): boolean {
  if (mimeType === 'video/mp4') return isIsoMedia(content);
  if (mimeType === 'video/webm') return isWebm(content);
  return true;
}

function isIsoMedia(b: Buffer): boolean {
  let offset = 0;
  let first = true;
  let moov = false;
  while (offset + 8 <= b.length) {
    let size = b.readUInt32BE(offset);
    const type = b.subarray(offset + 4, offset + 8).toString('latin1');
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    if (first && type !== 'ftyp') return false;
    first = false;
    let header = 8;
    if (size === 1) {
      if (offset + 16 > b.length) return false;
      const large = b.readBigUInt64BE(offset + 8);
      if (large > BigInt(b.length)) return false;
      size = Number(large);
      header = 16;
    } else if (size === 0) size = b.length - offset;
    if (size < header || offset + size > b.length) return false;
    if (type === 'moov') moov = true;
    offset += size;
  }
  return moov && offset === b.length;
}

/** An EBML element's size field: its length in bytes and value (the first byte's leading zeros tell). */
function vint(b: Buffer, at: number): { length: number; value: number } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > b.length) return null;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + b[at + i]!;
  return { length, value };
}

function isWebm(b: Buffer): boolean {
  if (b.length < 8 || b.readUInt32BE(0) !== 0x1a45dfa3) return false;
  const headerSize = vint(b, 4);
  if (!headerSize) return false;
  const start = 4 + headerSize.length;
  const end = Math.min(b.length, start + headerSize.value);
  let at = start;
  while (at + 2 < end) {
    // Element ids of the EBML header are two bytes (0x42xx).
    const id = b.readUInt16BE(at);
    const size = vint(b, at + 2);
    if (!size) return false;
    const data = at + 2 + size.length;
    if (id === 0x4282) return b.subarray(data, data + size.value).toString('latin1') === 'webm';
    at = data + size.value;
  }
  return false;
}
