/** What a file's bytes say it is. */
export interface SniffedType {
  mimeType: string;
  /** Extensions this content may carry (the first is the canonical one). */
  extensions: string[];
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);

/** Known binary signatures, checked in order. */
const SIGNATURES: Array<{ test: (b: Buffer) => boolean; type: SniffedType }> = [
  {
    test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    type: { mimeType: 'image/png', extensions: ['png'] },
  },
  {
    test: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
    type: { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  },
  {
    test: (b) =>
      b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
    type: { mimeType: 'image/gif', extensions: ['gif'] },
  },
  {
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
    type: { mimeType: 'image/webp', extensions: ['webp'] },
  },
  {
    test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
    type: { mimeType: 'application/pdf', extensions: ['pdf'] },
  },
  {
    test: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
    type: { mimeType: 'video/webm', extensions: ['webm'] },
  },
  {
    test: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp',
    type: { mimeType: 'video/mp4', extensions: ['mp4'] },
  },
  {
    test: (b) => startsWith(b, [0x00, 0x00, 0x01, 0xba]) || startsWith(b, [0x00, 0x00, 0x01, 0xb3]),
    type: { mimeType: 'video/mpeg', extensions: ['mpeg', 'mpg'] },
  },
  // Fonts (the sfnt, WOFF and WOFF2 headers): fonts of the shop configuration, uploaded by staff only.
  {
    test: (b) => b.subarray(0, 4).toString('latin1') === 'wOF2',
    type: { mimeType: 'font/woff2', extensions: ['woff2'] },
  },
  {
    test: (b) => b.subarray(0, 4).toString('latin1') === 'wOFF',
    type: { mimeType: 'font/woff', extensions: ['woff'] },
  },
  {
    test: (b) => startsWith(b, [0x00, 0x01, 0x00, 0x00]) || b.subarray(0, 4).toString('latin1') === 'true',
    type: { mimeType: 'font/ttf', extensions: ['ttf'] },
  },
  {
    test: (b) => b.subarray(0, 4).toString('latin1') === 'OTTO',
    type: { mimeType: 'font/otf', extensions: ['otf'] },
  },
  // OLE compound files: the old Office formats.
  {
    test: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    type: { mimeType: 'application/x-ole-storage', extensions: ['doc', 'xls', 'ppt'] },
  },
  {
    test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]),
    type: { mimeType: 'application/zip', extensions: ['zip', 'docx', 'xlsx', 'pptx'] },
  },
  {
    test: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]),
    type: { mimeType: 'image/tiff', extensions: ['tif', 'tiff'] },
  },
  {
    test: (b) => startsWith(b, [0x4d, 0x5a]),
    type: { mimeType: 'application/x-msdownload', extensions: ['exe'] },
  },
  {
    test: (b) => startsWith(b, [0x7f, 0x45, 0x4c, 0x46]),
    type: { mimeType: 'application/x-executable', extensions: [] },
  },
];

/** Whether the bytes are UTF-8 text without control characters other than tab, line feed and carriage return. */
export function isPlainText(content: Buffer): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(content);
  if (text.includes('\uFFFD')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text);
}

/** Whether text content is an SVG document. */
export function looksLikeSvg(content: Buffer): boolean {
  const head = content
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}

/**
 * The type of a file by its content: binary signatures first, then SVG and plain text.
 * @returns null when nothing is recognised.
 */
export function sniffFileType(content: Buffer): SniffedType | null {
  for (const s of SIGNATURES) if (s.test(content)) return s.type;
  if (isPlainText(content)) {
    if (looksLikeSvg(content)) return { mimeType: 'image/svg+xml', extensions: ['svg'] };
    return { mimeType: 'text/plain', extensions: ['txt', 'csv'] };
  }
  return null;
}

/** The MIME type an extension is served with. */
export const MIME_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mpeg: 'video/mpeg',
  webm: 'video/webm',
  zip: 'application/zip',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
};
