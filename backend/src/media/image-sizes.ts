/** A prepared size of an image: a box and how the picture fits into it. */
export interface ImageSize {
  width: number;
  height: number;
  /** `inside`: the whole picture, at most this big; `cover`: the box filled, cropped around the centre. */
  fit: 'inside' | 'cover';
}

/** The size prefixes of spec section 7 (`/image/{size}/{id}-{version}.{extension}`). */
export const IMAGE_SIZES: Record<string, ImageSize> = {
  tiny: { width: 64, height: 64, fit: 'inside' },
  small: { width: 320, height: 320, fit: 'inside' },
  medium: { width: 640, height: 640, fit: 'inside' },
  large: { width: 1280, height: 1280, fit: 'inside' },
  product: { width: 600, height: 600, fit: 'cover' },
  category: { width: 800, height: 450, fit: 'cover' },
  'custom/box': { width: 600, height: 400, fit: 'cover' },
  'custom/gallery': { width: 1600, height: 1600, fit: 'inside' },
};

/**
 * The prepared size of this URL prefix, or undefined. Only the table's own entries count: a prefix like
 * `constructor` or `__proto__` must not find what every object inherits.
 */
export const imageSizeOf = (name: string): ImageSize | undefined =>
  Object.hasOwn(IMAGE_SIZES, name) ? IMAGE_SIZES[name] : undefined;

/** Image formats the API accepts, as sharp names them, with the stored extension and MIME type. */
export const IMAGE_FORMATS: Record<string, { extension: string; mimeType: string }> = {
  jpeg: { extension: 'jpg', mimeType: 'image/jpeg' },
  png: { extension: 'png', mimeType: 'image/png' },
  gif: { extension: 'gif', mimeType: 'image/gif' },
  webp: { extension: 'webp', mimeType: 'image/webp' },
  svg: { extension: 'svg', mimeType: 'image/svg+xml' },
};

/** The extensions named in messages. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'];

/** Largest accepted original. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Largest accepted side in pixels (and so at most 100 megapixels are ever decoded). */
export const MAX_IMAGE_SIDE = 10_000;
/**
 * Most pixels of one picture, over all its frames (width × frame height × frames): 50 megapixels, more
 * than any phone or camera photo, and at 4 bytes a pixel at most 200 MB to decode on a shop's machine.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
