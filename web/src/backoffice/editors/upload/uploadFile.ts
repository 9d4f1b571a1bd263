import { formatBytes, STAFF_UPLOAD_EXTENSIONS, t } from '@ordering/common';

/** The media API's formats and limit (backend/src/media: image-sizes.ts, upload.service.ts). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'] as const;
export const MAX_FILE_BYTES = 15 * 1024 * 1024;

export type UploadKind = 'image' | 'file';

export const extensionOf = (name: string) => (/\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1] ?? '').toLowerCase();

/**
 * Why a file cannot be uploaded, before it is read (the server checks again): empty, too large, or a type
 * the collection does not take; null when it may go.
 */
export function fileProblem(file: { name: string; size: number }, kind: UploadKind): string | null {
  if (file.size === 0) return t('validation.fileEmpty');
  if (file.size > MAX_FILE_BYTES) return t('validation.fileTooLarge', { limit: formatBytes(MAX_FILE_BYTES) });
  const allowed: readonly string[] = kind === 'image' ? IMAGE_EXTENSIONS : STAFF_UPLOAD_EXTENSIONS;
  const extension = extensionOf(file.name);
  if (!allowed.includes(extension))
    return t('validation.fileType', { type: extension || 'unbekannt', types: allowed.join(', ') });
  return null;
}

/** Whether a data URL is an image the browser can preview. */
export const isPreviewable = (dataUrl: string | null | undefined) =>
  typeof dataUrl === 'string' && /^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,/.test(dataUrl);
