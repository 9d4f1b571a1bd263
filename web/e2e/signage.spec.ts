import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { getData, post, put, screenshot, signInOnPage, type Staff, staffApi } from './support';

// The signage player `/signage/{identifier}/{key}` against the real backend (docs/decisions/signage.md):
// a TV's stream of image, video and image plays in order with its durations, in landscape and portrait,
// keeps playing offline through a simulated day, picks up a changed stream, and its heartbeat reaches the
// back office.

const SECONDS = 3;

/** A picture with a coloured background and a big label (never black). */
const svg = (width: number, height: number, fill: string, label: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/><text x="50%" y="50%" font-size="${Math.round(width / 10)}" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`,
  ).toString('base64')}`;

/** A real WebM clip (VP8), recorded from a canvas by the browser itself: no binary in the repository. */
async function recordClip(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d')!;
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        g.fillStyle = '#1d4ed8';
        g.fillRect(0, 0, 320, 180);
        g.fillStyle = '#facc15';
        g.fillRect((t / 10) % 320, 60, 60, 60);
        if (t < 4000) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  await context.close();
  return `data:video/webm;base64,${base64}`;
}

interface Tv {
  identifier: string;
  tvId: number;
  streamId: number;
  segments: number[];
  url: string;
}

/** A TV playing image (3 s), video (3 s of a 4 s clip), image (3 s); its player URL. */
async function setUpTv(staff: Staff, clip: string, orientation: 'landscape' | 'portrait'): Promise<Tv> {
  const suffix = randomUUID().slice(0, 8);
  const [w, h] = orientation === 'landscape' ? [1920, 1080] : [1080, 1920];
  const first = await post(staff, '/api/images', {
    name: `Mittag ${suffix}`,
    data: svg(w, h, '#c2410c', 'Mittagsmenü'),
  });
  const last = await post(staff, '/api/images', {
    name: `Abend ${suffix}`,
    data: svg(w, h, '#15803d', 'Abendkarte'),
  });
  const video = await post(staff, '/api/uploads', { name: `kueche-${suffix}.webm`, data: clip });
  const segments = [
    await post(staff, '/api/digital-signage-segments', {
      name: 'Mittagsmenü',
      type: 'image',
      image: { id: first.id },
      duration: SECONDS,
    }),
    await post(staff, '/api/digital-signage-segments', {
      name: 'Küche',
      type: 'video',
      video: { id: video.id },
      duration: SECONDS,
    }),
    await post(staff, '/api/digital-signage-segments', {
      name: 'Abendkarte',
      type: 'image',
      image: { id: last.id },
      duration: SECONDS,
    }),
  ].map((s) => s.id as number);
  const stream = await post(staff, '/api/digital-signage-streams', {
    name: `Schaufenster ${suffix}`,
    identifier: `schaufenster-${suffix}`,
    segments: segments.map((id) => ({ id })),
  });
  const identifier = `tv-${suffix}`;
  const tv = await post(staff, '/api/digital-signage-devices', {
    identifier,
    name: 'Schaufenster',
    stream: { id: stream.id },
    orientation,
    resolution: `${w}x${h}`,
  });
  const issued = await post(staff, `/api/digital-signage-devices/${tv.id as number}/api-key`);
  return {
    identifier,
    tvId: tv.id as number,
    streamId: stream.id as number,
    segments,
    url: issued.url as string,
  };
}

/** Records in the page when each segment came on screen (the player's `data-shown` counter). */
async function recordShows(page: Page) {
  await page.evaluate(() => {
    const main = document.querySelector('main.sg')!;
    const log: Array<{ position: string; at: number; tag: string }> = [];
    (window as unknown as { __shows: typeof log }).__shows = log;
    new MutationObserver(() => {
      const position = main.getAttribute('data-position') ?? '';
      const shown = main.getAttribute('data-shown');
      if (log.length === 0 || (log as unknown as { shown?: string }).shown !== shown) {
        (log as unknown as { shown?: string }).shown = shown ?? undefined;
        const tag = document.querySelector('.sg-layer--front')?.tagName.toLowerCase() ?? '';
        log.push({ position, at: performance.now(), tag });
      }
    }).observe(main, { attributes: true, attributeFilter: ['data-shown'] });
  });
}

const shows = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __shows: Array<{ position: string; at: number; tag: string }> }).__shows,
  );

/** Waits until the layer on screen has faded in completely. */
const settled = (page: Page) => expect(page.locator('.sg-layer--front')).toHaveCSS('opacity', '1');

/** Whether a screenshot is one flat colour (or black): decoded in a blank page of its own. */
async function flatness(browser: Browser, png: Buffer) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const result = await page.evaluate(
    async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 192;
      canvas.height = 192;
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0, 192, 192);
      const data = g.getImageData(0, 0, 192, 192).data;
      let max = 0;
      let min = 255 * 3;
      let bright = 0;
      for (let i = 0; i < data.length; i += 4) {
        const sum = data[i]! + data[i + 1]! + data[i + 2]!;
        max = Math.max(max, sum);
        min = Math.min(min, sum);
        bright = Math.max(bright, data[i]!, data[i + 1]!, data[i + 2]!);
      }
      return { uniform: max - min < 12, black: bright < 24 };
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
  await context.close();
  return result;
}

let clip: string;
test.beforeAll(async ({ browser }) => {
  clip = await recordClip(browser);
});

for (const orientation of ['landscape', 'portrait'] as const) {
  test(`plays image, video, image in order with their durations (${orientation})`, async ({
    page,
    request,
    browser,
    isMobile,
  }, testInfo) => {
    test.skip(isMobile, 'a TV, not a phone: the sizes are set here');
    test.setTimeout(120_000);
    const [w, h] = orientation === 'landscape' ? [1920, 1080] : [1080, 1920];
    await page.setViewportSize({ width: w, height: h });
    const staff = await staffApi(request);
    const tv = await setUpTv(staff, clip, orientation);
    await page.goto(tv.url);
    const main = page.locator('main.sg');
    await expect(main).toHaveAttribute('data-orientation', orientation);
    await expect(main).toHaveAttribute('data-rotated', 'false');
    await expect(main).toHaveAttribute('data-position', '0', { timeout: 15_000 });
    await recordShows(page);
    await settled(page);
    await screenshot(page, testInfo, `signage-${orientation}-image`, false);
    await expect(main).toHaveAttribute('data-position', '1', { timeout: 10_000 });
    await screenshot(page, testInfo, `signage-${orientation}-video`, false);
    await expect(main).toHaveAttribute('data-position', '2', { timeout: 10_000 });
    await settled(page);
    await screenshot(page, testInfo, `signage-${orientation}-last`, false);
    await expect(main).toHaveAttribute('data-position', '0', { timeout: 10_000 });
    const log = await shows(page);
    // In play order, looping (the page may have gone round more than once while the test looked).
    const order = ['1:video', '2:img', '0:img'];
    expect(log.length).toBeGreaterThanOrEqual(3);
    expect(log.map((s) => `${s.position}:${s.tag}`)).toEqual(log.map((_, i) => order[i % 3]));
    // Each segment stayed its duration (±10 %): video to image, image to image.
    for (let i = 1; i < log.length; i++) {
      const ms = log[i]!.at - log[i - 1]!.at;
      expect(ms, `segment at position ${log[i - 1]!.position}`).toBeGreaterThan(SECONDS * 900);
      expect(ms, `segment at position ${log[i - 1]!.position}`).toBeLessThan(SECONDS * 1100);
    }
    await settled(page);
    const flat = await flatness(browser, await page.screenshot());
    expect(flat.black).toBe(false);
  });
}

test('keeps playing offline through a simulated day, picks up a changed stream, reports its heartbeat', async ({
  page,
  request,
  browser,
  context,
  isMobile,
}, testInfo) => {
  test.skip(isMobile, 'a TV, not a phone');
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const staff = await staffApi(request);
  const tv = await setUpTv(staff, clip, 'landscape');
  await page.clock.install();
  await page.goto(tv.url);
  const main = page.locator('main.sg');
  await expect(main).toHaveAttribute('data-position', '0', { timeout: 15_000 });

  // The next heartbeat (30 s on the player's clock) reports the segment on screen to the back office.
  await page.clock.fastForward(31_000);
  await expect
    .poll(async () => {
      const read = await getData<{
        connection: string;
        playerState: { current: { name: string } | null } | null;
      }>(request, `/api/digital-signage-devices/${tv.tvId}`);
      return read.connection === 'online' ? (read.playerState?.current?.name ?? 'nichts') : 'offline';
    })
    .toMatch(/Mittagsmenü|Küche|Abendkarte/);

  // A changed stream (only the last picture) is picked up with the next poll (≤ 30 s of the player's clock).
  await put(staff, `/api/digital-signage-streams/${tv.streamId}`, {
    name: 'Schaufenster neu',
    identifier: `neu-${tv.identifier}`,
    segments: [{ id: tv.segments[2] }, { id: tv.segments[0] }],
    loop: true,
  });
  const before = await main.getAttribute('data-manifest');
  await page.clock.fastForward(31_000);
  await expect(main).not.toHaveAttribute('data-manifest', before ?? '', { timeout: 15_000 });

  // Network gone and the backend unreachable: it keeps playing from its cache through a day.
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  // The player's clock stops between the jumps: a jump fires every timer due at once, so a change that the
  // running clock brought a moment before it would be followed by the next one at once in real time, under
  // the fade still running (which the CSS transition runs on, in real time), and no real clock does that.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  let sampled = 0;
  for (let hour = 0; hour < 24; hour += 3) {
    // One jump from a still screen: the due timers fire once, the next picture comes and fades in.
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    const shown = Number(await main.getAttribute('data-shown'));
    await page.clock.fastForward(3 * 3600_000);
    await expect
      .poll(async () => Number(await main.getAttribute('data-shown')), { timeout: 10_000 })
      .toBeGreaterThan(shown);
    // Sampled at once, often mid-change: the new picture fades in over the old one, never over black.
    const png = await page.screenshot();
    const flat = await flatness(browser, png);
    if (flat.uniform || flat.black) {
      // What the player was doing, for whoever meets this: layers, standby and its reported errors.
      const state = await page.evaluate(() => ({
        main: Object.fromEntries(
          [...document.querySelector('main.sg')!.attributes].map((a) => [a.name, a.value]),
        ),
        layers: [...document.querySelectorAll('.sg-layer')].map((l) => ({
          front: l.classList.contains('sg-layer--front'),
          opacity: getComputedStyle(l).opacity,
          tag: l.tagName,
        })),
        standby: document.querySelector('.sg-standby')?.textContent ?? null,
      }));
      await testInfo.attach(`flat-after-${hour + 3}h.png`, { body: png, contentType: 'image/png' });
      throw new Error(`screen after ${hour + 3} h offline is flat: ${JSON.stringify(state)}`);
    }
    sampled += 1;
    if (hour === 12) await screenshot(page, testInfo, 'signage-offline-noon', false);
  }
  expect(sampled).toBe(8);
  await expect(main).toHaveAttribute('data-online', 'false');
  await context.unroute('**/*');
  await context.setOffline(false);
});

test('a player in the desktop shell sends a screenshot on request, and the back office shows it', async ({
  page,
  request,
  context,
  isMobile,
}, testInfo) => {
  test.skip(isMobile, 'a TV, not a phone');
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const staff = await staffApi(request);
  const tv = await setUpTv(staff, clip, 'landscape');
  // Stands in for the desktop shell's preload bridge only (`window.ordering.captureScreen`, IPC
  // `signage:capture-screen`): Electron cannot run here. Its main-process side, capturePage scaled to a
  // JPEG, is tested in desktop/src/main/capture.spec.ts. This answers a real JPEG drawn in the page.
  await page.addInitScript(() => {
    (window as unknown as { ordering: unknown }).ordering = {
      captureScreen: async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 640;
        canvas.height = 360;
        const g = canvas.getContext('2d')!;
        g.fillStyle = '#7c3aed';
        g.fillRect(0, 0, 640, 360);
        g.fillStyle = '#fff';
        g.font = 'bold 40px sans-serif';
        g.fillText('Foto vom Bildschirm', 60, 190);
        const blob = await new Promise<Blob>((resolve) =>
          canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.8),
        );
        return {
          ok: true,
          type: 'image/jpeg',
          bytes: new Uint8Array(await blob.arrayBuffer()),
          width: 640,
          height: 360,
        };
      },
    };
  });
  await page.clock.install();
  await page.goto(tv.url);
  const main = page.locator('main.sg');
  await expect(main).toHaveAttribute('data-position', '0', { timeout: 15_000 });
  // The first heartbeat (at start) says the player can photograph its screen.
  await expect
    .poll(async () => {
      const read = await getData<{ playerState: { capabilities?: string[] } | null }>(
        request,
        `/api/digital-signage-devices/${tv.tvId}`,
      );
      return read.playerState?.capabilities ?? [];
    })
    .toEqual(['screenshot']);

  const office = await context.newPage();
  await office.setViewportSize({ width: 1280, height: 900 });
  await signInOnPage(office);
  await office.goto(`/backend/signage/tvs/${tv.tvId}`);
  const panel = office.getByRole('region', { name: 'Player' });
  // A desktop player is photographed, not previewed by its file.
  await expect(panel.getByRole('button', { name: 'Bild anzeigen' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Bildschirmfoto anfordern' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Angefordert' })).toBeVisible();

  // The player's next heartbeat (30 s on its clock) is answered "screenshot wanted"; it sends one.
  await page.clock.fastForward(31_000);
  const figure = office.getByTestId('signage-screenshot');
  await expect(figure).toBeVisible({ timeout: 20_000 });
  await expect(figure.locator('figcaption')).toHaveText(/^Aufgenommen um \d\d:\d\d$/);
  const picture = figure.getByRole('img', { name: 'Bildschirmfoto des Bildschirms' });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await expect(panel.getByRole('button', { name: 'Bildschirmfoto anfordern' })).toBeEnabled();
  // Read again while waiting, the panel also shows what the player reported since the form opened.
  await expect(panel.getByTestId('signage-state')).toContainText(/Mittagsmenü|Küche|Abendkarte/);
  const read = await getData<{ screenshotRequestedAt: string | null }>(
    request,
    `/api/digital-signage-devices/${tv.tvId}`,
  );
  expect(read.screenshotRequestedAt).toBeNull();
  await figure.scrollIntoViewIfNeeded();
  await screenshot(office, testInfo, 'signage-backoffice-screenshot');
  await office.close();
});
