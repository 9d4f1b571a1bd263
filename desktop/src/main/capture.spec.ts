import { CAPTURE_TEXTS, captureScreen, type CapturableContents, type NativeImageLike } from './capture.js';

/** A stand-in for Electron's NativeImage: a size, and JPEG bytes whose length grows with the quality. */
class FakeImage implements NativeImageLike {
  resizedTo: number[] = [];
  qualities: number[] = [];
  constructor(
    private size: { width: number; height: number },
    private bytesPerQuality = 10,
  ) {}
  isEmpty() {
    return this.size.width === 0;
  }
  getSize() {
    return this.size;
  }
  resize({ width }: { width: number }) {
    this.resizedTo.push(width);
    // As Electron does with only a width: the aspect ratio stays.
    this.size = { width, height: Math.round((this.size.height * width) / this.size.width) };
    return this;
  }
  toJPEG(quality: number) {
    this.qualities.push(quality);
    const bytes = new Uint8Array(quality * this.bytesPerQuality);
    bytes.set([0xff, 0xd8, 0xff]);
    return bytes;
  }
}

const contentsOf = (image: FakeImage | Error, destroyed = false): CapturableContents => ({
  capturePage: () => (image instanceof Error ? Promise.reject(image) : Promise.resolve(image)),
  isDestroyed: () => destroyed,
});
const options = { maxWidth: 1280, maxBytes: 1000 };

describe(captureScreen.name, () => {
  it('scales a full-HD page down to 1280 px wide and answers JPEG bytes', async () => {
    const image = new FakeImage({ width: 1920, height: 1080 });
    const shot = await captureScreen(contentsOf(image), options);
    expect(image.resizedTo).toEqual([1280]);
    expect(shot).toMatchObject({ ok: true, type: 'image/jpeg', width: 1280, height: 720 });
    expect(shot.ok && [...shot.bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(image.qualities).toEqual([80]);
  });

  it('leaves a page that is narrow enough at its size', async () => {
    const image = new FakeImage({ width: 1080, height: 1920 });
    const shot = await captureScreen(contentsOf(image), options);
    expect(image.resizedTo).toEqual([]);
    expect(shot).toMatchObject({ ok: true, width: 1080, height: 1920 });
  });

  it('lowers the quality until the picture fits the limit', async () => {
    const image = new FakeImage({ width: 1280, height: 720 }, 20);
    const shot = await captureScreen(contentsOf(image), options);
    expect(image.qualities).toEqual([80, 60, 40]);
    expect(shot.ok && shot.bytes.byteLength).toBe(800);
  });

  it('answers in German when even the lowest quality is too large', async () => {
    const image = new FakeImage({ width: 1280, height: 720 }, 100);
    await expect(captureScreen(contentsOf(image), options)).resolves.toEqual({
      ok: false,
      message: CAPTURE_TEXTS.tooLarge,
    });
  });

  it('answers in German without a window, with a closed one, an empty page or a failed capture', async () => {
    await expect(captureScreen(null, options)).resolves.toEqual({
      ok: false,
      message: CAPTURE_TEXTS.noWindow,
    });
    await expect(
      captureScreen(contentsOf(new FakeImage({ width: 800, height: 600 }), true), options),
    ).resolves.toEqual({ ok: false, message: CAPTURE_TEXTS.noWindow });
    await expect(captureScreen(contentsOf(new FakeImage({ width: 0, height: 0 })), options)).resolves.toEqual(
      { ok: false, message: CAPTURE_TEXTS.empty },
    );
    await expect(captureScreen(contentsOf(new Error('GPU weg')), options)).resolves.toEqual({
      ok: false,
      message: 'Das Bildschirmfoto ist misslungen (GPU weg).',
    });
  });
});
