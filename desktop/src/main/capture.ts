// A screenshot of the shell's own window, on the back office's request (docs/decisions/signage.md): the
// signage player asks for it over IPC and uploads it. Electron's objects stay outside: the window's
// WebContents and its NativeImage are described by the few methods used, so jest tests run in Node.
import type { ScreenCapture } from '../shared/ipc.js';

/** The part of Electron's NativeImage used here (https://www.electronjs.org/docs/latest/api/native-image). */
export interface NativeImageLike {
  isEmpty(): boolean;
  getSize(): { width: number; height: number };
  /** With only a width, the aspect ratio is kept. */
  resize(options: { width: number; quality?: 'good' | 'better' | 'best' }): NativeImageLike;
  /** JPEG bytes at a quality of 0–100. */
  toJPEG(quality: number): Uint8Array;
}

/** The part of Electron's WebContents used here: `capturePage()` photographs the visible page. */
export interface CapturableContents {
  capturePage(): Promise<NativeImageLike>;
  isDestroyed(): boolean;
}

export interface CaptureOptions {
  /** Wider pages are scaled down to this width (the back office shows it in a form). */
  maxWidth: number;
  /** The JPEG may weigh at most this (the backend's limit); the quality steps down until it fits. */
  maxBytes: number;
}

/** JPEG qualities tried in turn until the picture fits {@link CaptureOptions.maxBytes}. */
const QUALITIES = [80, 60, 40];

export const CAPTURE_TEXTS = {
  noWindow: 'Kein Fenster zum Fotografieren geöffnet.',
  empty: 'Das Fenster zeigt noch nichts, das sich fotografieren ließe.',
  tooLarge: 'Das Bildschirmfoto ist auch bei niedriger Qualität zu groß.',
  failed: (reason: string) => `Das Bildschirmfoto ist misslungen (${reason}).`,
};

/**
 * Photographs the page of `contents`, scales it to at most `maxWidth` pixels wide and encodes it as JPEG
 * (lowering the quality while it is larger than `maxBytes`). Failures are answers with a German message,
 * never exceptions: the page that asked reports them to the back office.
 */
export async function captureScreen(
  contents: CapturableContents | null,
  { maxWidth, maxBytes }: CaptureOptions,
): Promise<ScreenCapture> {
  if (!contents || contents.isDestroyed()) return { ok: false, message: CAPTURE_TEXTS.noWindow };
  let image: NativeImageLike;
  try {
    image = await contents.capturePage();
  } catch (error) {
    return {
      ok: false,
      message: CAPTURE_TEXTS.failed(error instanceof Error ? error.message : String(error)),
    };
  }
  if (image.isEmpty()) return { ok: false, message: CAPTURE_TEXTS.empty };
  if (image.getSize().width > maxWidth) image = image.resize({ width: maxWidth, quality: 'good' });
  const { width, height } = image.getSize();
  for (const quality of QUALITIES) {
    const bytes = image.toJPEG(quality);
    if (bytes.byteLength <= maxBytes) return { ok: true, type: 'image/jpeg', bytes, width, height };
  }
  return { ok: false, message: CAPTURE_TEXTS.tooLarge };
}
