import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { bindTemplateText, fitFontSize, type TemplateBindings } from '@ordering/common';
import sharp from 'sharp';
import { variantFace } from './font-files.controller.js';
import type { Font } from './font.entity.js';
import type { Image } from './image.entity.js';
import type { ImageTemplate, ImageTemplateLayer } from './image-template.entity.js';

/** What a render needs, loaded by the service: the template, its layers with fonts and pictures, files. */
export interface RenderInput {
  template: Pick<ImageTemplate, 'id' | 'width' | 'height' | 'background'>;
  layers: ImageTemplateLayer[];
  bindings: TemplateBindings;
  /** Absolute path of a stored file (font files, pictures). */
  pathOf: (storageKey: string) => string;
}

export type RenderFormat = 'png' | 'jpg';

/** Font size of a text layer without one. */
export const DEFAULT_FONT_SIZE = 48;
/** Fonts the server can read: fontconfig here reads TrueType, OpenType and WOFF, not WOFF2. */
const SERVER_FONT_FILES = new Set(['ttf', 'otf', 'woff']);
/** The family drawn when a layer names none or its file cannot be read (installed with the system). */
export const FALLBACK_FAMILY = 'DejaVu Sans';

/** A small least-recently-used map with a cost limit (bytes of rendered files, or entries). */
export class Lru<V> {
  private readonly map = new Map<string, { value: V; cost: number }>();
  private total = 0;
  constructor(
    private readonly limit: number,
    private readonly costOf: (value: V) => number = () => 1,
  ) {}
  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }
  set(key: string, value: V): void {
    const old = this.map.get(key);
    if (old) {
      this.total -= old.cost;
      this.map.delete(key);
    }
    const cost = this.costOf(value);
    this.map.set(key, { value, cost });
    this.total += cost;
    for (const [k, v] of this.map) {
      if (this.total <= this.limit || this.map.size <= 1) break;
      this.map.delete(k);
      this.total -= v.cost;
    }
  }
}

/** `&`, `<`, `>` and quotes escaped for SVG attributes and Pango markup. */
function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/**
 * The family name a font file declares (its `name` table: typographic family, else family), which
 * fontconfig matches on; the name an owner typed in the back office may differ. TrueType, OpenType and
 * WOFF (whose tables are zlib-compressed); null when the file cannot be read.
 */
export function fontFileFamily(file: Buffer): string | null {
  try {
    let table: Buffer | null = null;
    const signature = file.toString('latin1', 0, 4);
    if (signature === 'wOFF') {
      const count = file.readUInt16BE(12);
      for (let i = 0; i < count; i++) {
        const at = 44 + i * 20;
        if (file.toString('latin1', at, at + 4) !== 'name') continue;
        const offset = file.readUInt32BE(at + 4);
        const compressed = file.readUInt32BE(at + 8);
        const length = file.readUInt32BE(at + 12);
        const raw = file.subarray(offset, offset + compressed);
        table = compressed < length ? inflateSync(raw) : raw;
      }
    } else {
      const count = file.readUInt16BE(4);
      for (let i = 0; i < count; i++) {
        const at = 12 + i * 16;
        if (file.toString('latin1', at, at + 4) !== 'name') continue;
        const offset = file.readUInt32BE(at + 8);
        table = file.subarray(offset, offset + file.readUInt32BE(at + 12));
      }
    }
    if (!table) return null;
    const records = table.readUInt16BE(2);
    const strings = table.readUInt16BE(4);
    const names = new Map<number, string>();
    for (let i = 0; i < records; i++) {
      const at = 6 + i * 12;
      const platform = table.readUInt16BE(at);
      const nameId = table.readUInt16BE(at + 6);
      if ((nameId !== 1 && nameId !== 16) || names.has(nameId)) continue;
      const length = table.readUInt16BE(at + 8);
      const start = strings + table.readUInt16BE(at + 10);
      const bytes = table.subarray(start, start + length);
      // Windows and Unicode platforms: UTF-16BE; Macintosh: single bytes.
      names.set(
        nameId,
        platform === 1 ? bytes.toString('latin1') : Buffer.from(bytes).swap16().toString('utf16le'),
      );
    }
    return (names.get(16) ?? names.get(1))?.trim() || null;
  } catch {
    return null;
  }
}

function fontFile(font: Font): string | null {
  const upload = font.upload;
  return upload && SERVER_FONT_FILES.has(upload.extension.toLowerCase()) ? upload.storageKey : null;
}

interface TextBlock {
  /** White-on-black coverage of the wrapped text (one channel), its width and height. */
  mask: Buffer;
  width: number;
  height: number;
}

/**
 * Renders image templates to PNG or JPEG with sharp: text layers are laid out by Pango (sharp's text input,
 * with the uploaded font file), wrapped to the box, aligned and shrunk until they fit (common's
 * `fitFontSize`, the rule the editor's preview follows); pictures, shapes, rotation and opacity are one SVG
 * that librsvg draws. Text blocks, scaled pictures and finished files are kept in memory by content.
 */
export class TemplateRenderer {
  private readonly textBlocks = new Lru<Promise<TextBlock>>(400);
  private readonly pictures = new Lru<Promise<string>>(64);
  private readonly families = new Lru<string | null>(200);
  readonly files = new Lru<{ body: Buffer; etag: string }>(64 * 1024 * 1024, (f) => f.body.length);

  /** The content hash of a render: template, layers, bound values and the versions of fonts and pictures. */
  hash(input: RenderInput, format: RenderFormat): string {
    const { template, layers } = input;
    const content = JSON.stringify([
      format,
      template.width,
      template.height,
      template.background,
      layers.map((l) => [
        l.type,
        l.x,
        l.y,
        l.width,
        l.height,
        l.rotation,
        l.opacity,
        l.type === 'text' ? bindTemplateText(l.text ?? '', input.bindings) : null,
        l.font ? [l.font.family, l.font.variant, l.font.upload?.id, l.font.upload?.version] : null,
        l.fontSize,
        l.textAlign,
        l.color,
        l.image ? [l.image.id, l.image.version] : null,
      ]),
    ]);
    return createHash('sha256').update(content).digest('base64url').slice(0, 32);
  }

  /** The rendered file and its ETag, from memory when the same content was rendered before. */
  async render(input: RenderInput, format: RenderFormat): Promise<{ body: Buffer; etag: string }> {
    const hash = this.hash(input, format);
    const cached = this.files.get(hash);
    if (cached) return cached;
    const svg = await this.svg(input);
    const base = sharp(Buffer.from(svg), { density: 72, limitInputPixels: false });
    const body =
      format === 'png'
        ? await base.png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer()
        : await base.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: false }).toBuffer();
    const file = { body, etag: `"${hash}"` };
    this.files.set(hash, file);
    return file;
  }

  /** The whole template as one SVG document (text blocks and pictures embedded as PNG data). */
  async svg(input: RenderInput): Promise<string> {
    const { template, layers } = input;
    const parts = await Promise.all(layers.map((layer) => this.layerSvg(layer, input)));
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${template.width}" height="${template.height}" viewBox="0 0 ${template.width} ${template.height}">`,
      `<rect width="${template.width}" height="${template.height}" fill="${escapeXml(template.background)}"/>`,
      ...parts,
      '</svg>',
    ].join('');
  }

  private async layerSvg(layer: ImageTemplateLayer, input: RenderInput): Promise<string> {
    const { x, y, width, height } = layer;
    const cx = x + width / 2;
    const cy = y + height / 2;
    const open = `<g transform="rotate(${layer.rotation} ${cx} ${cy})" opacity="${Math.max(0, Math.min(1, layer.opacity))}">`;
    if (layer.type === 'shape') {
      return `${open}<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${escapeXml(layer.color ?? '#000000')}"/></g>`;
    }
    if (layer.type === 'image') {
      if (!layer.image) return '';
      const href = await this.picture(layer.image, width, height, input.pathOf);
      if (!href) return '';
      return `${open}<image x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="none" xlink:href="${href}"/></g>`;
    }
    const text = bindTemplateText(layer.text ?? '', input.bindings);
    if (!text.trim()) return '';
    const block = await this.textBlock(layer, text, input.pathOf);
    const offset =
      layer.textAlign === 'center'
        ? (width - block.width) / 2
        : layer.textAlign === 'right'
          ? width - block.width
          : 0;
    const png = await sharp({
      create: {
        width: block.width,
        height: block.height,
        channels: 3,
        background: layer.color ?? '#000000',
      },
    })
      .joinChannel(block.mask, { raw: { width: block.width, height: block.height, channels: 1 } })
      .png({ compressionLevel: 1, adaptiveFiltering: false })
      .toBuffer();
    return `${open}<image x="${x + offset}" y="${y}" width="${block.width}" height="${block.height}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></g>`;
  }

  /** The wrapped, shrunk-to-fit text of a layer as a coverage mask (kept by font, text, box and size). */
  private textBlock(layer: ImageTemplateLayer, text: string, pathOf: (key: string) => string) {
    const font = layer.font ?? null;
    const file = font ? fontFile(font) : null;
    const key = JSON.stringify([
      font?.family,
      font?.variant,
      font?.upload?.id,
      font?.upload?.version,
      text,
      layer.width,
      layer.height,
      layer.fontSize,
      layer.textAlign,
    ]);
    let block = this.textBlocks.get(key);
    if (!block) {
      block = this.layoutText(text, layer, font, file ? pathOf(file) : undefined);
      block.catch(() => undefined);
      this.textBlocks.set(key, block);
    }
    return block;
  }

  /** The Pango font description of a layer's font at a size (pixels; sharp renders at 72 dpi). */
  private pangoFont(font: Font | null, fontfile: string | undefined, size: number): string {
    let family: string | null = null;
    if (font && fontfile) {
      const key = `${font.upload!.id}-${font.upload!.version}`;
      family = this.families.get(key) ?? null;
      if (family === null) {
        family = fontFileFamily(readFileSync(fontfile));
        this.families.set(key, family);
      }
    }
    if (!font || !family) return `${FALLBACK_FAMILY} ${size}`;
    const { weight, style } = variantFace(font.variant);
    // Pango reads a trailing number or comma in the family as the size or a list: keep them out.
    const clean = family.replace(/[,\d]+/g, ' ').trim() || FALLBACK_FAMILY;
    return `${clean}${weight >= 600 ? ' Bold' : ''}${style === 'italic' ? ' Italic' : ''} ${size}`;
  }

  private async layoutText(
    text: string,
    layer: ImageTemplateLayer,
    font: Font | null,
    fontfile: string | undefined,
  ): Promise<TextBlock> {
    const draw = async (size: number): Promise<TextBlock> => {
      const { data, info } = await sharp({
        text: {
          text: escapeXml(text),
          font: this.pangoFont(font, fontfile, size),
          fontfile,
          width: layer.width,
          align: layer.textAlign === 'center' ? 'centre' : layer.textAlign,
          wrap: 'word-char',
          dpi: 72,
        },
      })
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { mask: data, width: info.width, height: info.height };
    };
    const sizes = new Map<number, TextBlock>();
    const measured = async (size: number) => {
      let block = sizes.get(size);
      if (!block) sizes.set(size, (block = await draw(size)));
      return block;
    };
    // fitFontSize is synchronous (the editor measures synchronously): measure the sizes its bisection asks
    // for ahead, then ask it.
    const want = layer.fontSize ?? DEFAULT_FONT_SIZE;
    const box = { width: layer.width, height: layer.height };
    const fits = async (size: number) => {
      const b = await measured(size);
      return b.width <= box.width + 0.5 && b.height <= box.height + 0.5;
    };
    if (!(await fits(want))) {
      let low = 6;
      let high = want;
      while (high - low > 1) {
        const mid = Math.floor((low + high) / 2);
        if (await fits(mid)) low = mid;
        else high = mid;
      }
      await measured(low);
    }
    const size = fitFontSize(want, box, (s) => sizes.get(s) ?? { width: Infinity, height: Infinity });
    return measured(size);
  }

  /** A picture scaled to the layer's box, as a PNG data URL (kept by image version and size). */
  private picture(image: Image, width: number, height: number, pathOf: (key: string) => string) {
    const key = `${image.id}-${image.version}-${width}x${height}`;
    let href = this.pictures.get(key);
    if (!href) {
      href = sharp(pathOf(image.storageKey))
        .resize(width, height, { fit: 'fill' })
        .png({ compressionLevel: 1, adaptiveFiltering: false })
        .toBuffer()
        .then((png) => `data:image/png;base64,${png.toString('base64')}`)
        .catch(() => '');
      this.pictures.set(key, href);
    }
    return href;
  }
}
