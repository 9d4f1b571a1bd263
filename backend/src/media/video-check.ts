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

/**
 * A video's length in seconds as its container states it, or null when it does not (a live recording's
 * WebM, a fragmented MP4) or the bytes are no such container. Read by hand: the walk over the container's
 * boxes and elements is the one {@link isPlausibleVideo} already makes, and the two fields are fixed by the
 * formats (ISO/IEC 14496-12 `mvhd`; Matroska `Info` › `TimecodeScale`, `Duration`); see docs/decisions/signage.md.
 */
export function videoDurationOf(content: Buffer, mimeType: string): number | null {
  const seconds =
    mimeType === 'video/mp4'
      ? mp4Duration(content)
      : mimeType === 'video/webm'
        ? webmDuration(content)
        : null;
  return seconds !== null && Number.isFinite(seconds) && seconds > 0
    ? Math.round(seconds * 1000) / 1000
    : null;
}

/** The boxes inside `[start, end)`: type, where the payload starts and where the box ends. */
function* isoBoxes(b: Buffer, start: number, end: number) {
  let offset = start;
  while (offset + 8 <= end) {
    let size = b.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return;
      size = Number(b.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    if (size < header || offset + size > end) return;
    yield {
      type: b.subarray(offset + 4, offset + 8).toString('latin1'),
      payload: offset + header,
      end: offset + size,
    };
    offset += size;
  }
}

function mp4Duration(b: Buffer): number | null {
  for (const moov of isoBoxes(b, 0, b.length)) {
    if (moov.type !== 'moov') continue;
    for (const mvhd of isoBoxes(b, moov.payload, moov.end)) {
      if (mvhd.type !== 'mvhd') continue;
      const version = b[mvhd.payload];
      // version 0: creation, modification (4 bytes each), timescale, duration (4); version 1: 8, 8, 4, 8.
      const at = mvhd.payload + 4 + (version === 1 ? 16 : 8);
      if (at + (version === 1 ? 12 : 8) > mvhd.end) return null;
      const timescale = b.readUInt32BE(at);
      const duration = version === 1 ? Number(b.readBigUInt64BE(at + 4)) : b.readUInt32BE(at + 4);
      // All ones: unknown (as 0 is in a fragmented file).
      if (timescale === 0 || duration === 0 || (version !== 1 && duration === 0xffffffff)) return null;
      return duration / timescale;
    }
    return null;
  }
  return null;
}

/** An EBML element id: its bytes as a number, the leading marker included. */
function ebmlId(b: Buffer, at: number): { length: number; id: number } | null {
  const first = b[at];
  if (first === undefined || first < 0x10) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > b.length) return null;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + b[at + i]!;
  return { length, id };
}

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

function webmDuration(b: Buffer): number | null {
  if (!isWebm(b)) return null;
  const headerSize = vint(b, 4)!;
  let at = 4 + headerSize.length + headerSize.value;
  // The Segment, then its children up to Info (which comes before the first Cluster).
  const segment = ebmlId(b, at);
  if (!segment || segment.id !== SEGMENT) return null;
  const segmentSize = vint(b, at + segment.length);
  if (!segmentSize) return null;
  at += segment.length + segmentSize.length;
  while (at < b.length) {
    const element = ebmlId(b, at);
    if (!element || element.id === CLUSTER) return null;
    const size = vint(b, at + element.length);
    if (!size) return null;
    const data = at + element.length + size.length;
    if (data + size.value > b.length) return null;
    if (element.id === INFO) return webmInfoDuration(b, data, data + size.value);
    at = data + size.value;
  }
  return null;
}

function webmInfoDuration(b: Buffer, start: number, end: number): number | null {
  let scale = 1_000_000;
  let duration: number | null = null;
  let at = start;
  while (at < end) {
    const element = ebmlId(b, at);
    if (!element) return null;
    const size = vint(b, at + element.length);
    if (!size) return null;
    const data = at + element.length + size.length;
    if (data + size.value > end) return null;
    if (element.id === TIMECODE_SCALE && size.value >= 1 && size.value <= 6)
      scale = b.readUIntBE(data, size.value);
    if (element.id === DURATION)
      duration = size.value === 4 ? b.readFloatBE(data) : size.value === 8 ? b.readDoubleBE(data) : null;
    at = data + size.value;
  }
  return duration === null ? null : (duration * scale) / 1e9;
}
