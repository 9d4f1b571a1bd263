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
  let first = true;
  let moov = false;
  let covered = 0;
  for (const box of isoBoxes(b, 0, b.length)) {
    if (!/^[\x20-\x7e]{4}$/.test(box.type)) return false;
    if (first && box.type !== 'ftyp') return false;
    first = false;
    if (box.type === 'moov') moov = true;
    covered = box.end;
  }
  // The boxes must run to the very end: a cut-off file stops the walk early.
  return moov && covered === b.length;
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

/** The EBML elements inside `[start, end)`: id, where the data starts and ends; stops at a malformed one. */
function* ebmlElements(b: Buffer, start: number, end: number) {
  let at = start;
  while (at < end) {
    const element = ebmlId(b, at);
    if (!element) return;
    const size = vint(b, at + element.length);
    if (!size) return;
    const data = at + element.length + size.length;
    if (data + size.value > end) return;
    yield { id: element.id, data, end: data + size.value };
    at = data + size.value;
  }
}

function webmDuration(b: Buffer): number | null {
  if (!isWebm(b)) return null;
  const headerSize = vint(b, 4)!;
  const at = 4 + headerSize.length + headerSize.value;
  // The Segment (its size is often unknown: read to the end of the file), then its children up to Info,
  // which comes before the first Cluster.
  const segment = ebmlId(b, at);
  if (!segment || segment.id !== SEGMENT) return null;
  const segmentSize = vint(b, at + segment.length);
  if (!segmentSize) return null;
  for (const element of ebmlElements(b, at + segment.length + segmentSize.length, b.length)) {
    if (element.id === CLUSTER) return null;
    if (element.id === INFO) return webmInfoDuration(b, element.data, element.end);
  }
  return null;
}

function webmInfoDuration(b: Buffer, start: number, end: number): number | null {
  let scale = 1_000_000;
  let duration: number | null = null;
  for (const { id, data, end: after } of ebmlElements(b, start, end)) {
    const length = after - data;
    if (id === TIMECODE_SCALE && length >= 1 && length <= 6) scale = b.readUIntBE(data, length);
    if (id === DURATION)
      duration = length === 4 ? b.readFloatBE(data) : length === 8 ? b.readDoubleBE(data) : null;
  }
  return duration === null ? null : (duration * scale) / 1e9;
}
