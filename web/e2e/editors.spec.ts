import { randomUUID } from 'node:crypto';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { expect, type Locator, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import {
  expectNoSeriousA11yViolations,
  getData,
  openSignedIn,
  placeOrder,
  post,
  put,
  remove,
  saveForm,
  screenshot,
  signInOnPage,
  staffTest as test,
  type Staff,
} from './support';

// The front-desk ticket screen, the board's shortcuts and the special editors, against the real backend
// and its demo data (README "Demo data").

/** A ticket-screen device of the Vienna inn and its key (shown once when issued). */
async function ticketScreenKey(staff: Staff, branchId: number): Promise<string> {
  const device = await post(staff, '/api/devices', {
    identifier: `tv-wien-${randomUUID().slice(0, 8)}`,
    name: 'Abhol-TV Theke',
    type: 'ticket-screen',
    branch: { id: branchId },
    settings: { displaySeconds: 900 },
  });
  const issued = await post(staff, `/api/devices/${device.id as number}/api-key`);
  return issued.apiKey as string;
}

/** Confirms for "in ten minutes" (the test runs on the real clock; the requested time may be tomorrow). */
const confirmSoon = (staff: Staff, id: number) =>
  post(staff, `/api/orders/${id}/status/confirm`, {
    appointment: new Date(Date.now() + 10 * 60_000).toISOString(),
  });

const column = (page: Page, name: 'In Zubereitung' | 'Abholbereit') => page.getByRole('region', { name });

// Staff screens: the back office is for the counter screen and the tablet, the ticket screen for a TV; the
// desktop project covers them (as in backoffice.spec.ts and entities.spec.ts).
test.skip(({ isMobile }) => isMobile, 'the back office and the ticket screen are not phone screens');

test.describe('front-desk ticket screen', () => {
  test('numbers appear and move columns live, large and without a scrollbar', async ({
    browser,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(120_000);
    const key = await ticketScreenKey(staff, branch.id);
    // The TV: its own browser without any session, at full HD.
    const tv = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await tv.newPage();
    await page.goto(`/frontdesk/${branch.id}/${key}`);
    await expect(column(page, 'In Zubereitung')).toBeVisible();
    await expect(column(page, 'Abholbereit')).toBeVisible();

    const orders = [];
    for (let i = 0; i < 14; i++) orders.push(await placeOrder(staff, branch.id, `Ticket${i}`));
    // Not yet accepted: not on the screen.
    await page.waitForTimeout(500);
    await expect(page.locator(`[data-ticket="${orders[0]!.ticketNumber}"]`)).toHaveCount(0);

    const started = Date.now();
    await confirmSoon(staff, orders[0]!.id);
    await expect(
      column(page, 'In Zubereitung').locator(`[data-ticket="${orders[0]!.ticketNumber}"]`),
    ).toBeVisible();
    const latency = Date.now() - started;
    for (const order of orders.slice(1)) await confirmSoon(staff, order.id);
    for (const order of orders.slice(0, 3)) await post(staff, `/api/orders/${order.id}/status/in-delivery`);
    for (const order of orders.slice(0, 3))
      await expect(
        column(page, 'Abholbereit').locator(`[data-ticket="${order.ticketNumber}"]`),
      ).toBeVisible();
    for (const order of orders.slice(3))
      await expect(
        column(page, 'In Zubereitung').locator(`[data-ticket="${order.ticketNumber}"]`),
      ).toBeVisible();
    await expect(
      column(page, 'In Zubereitung').locator(`[data-ticket="${orders[0]!.ticketNumber}"]`),
    ).toHaveCount(0);
    // Handed over: gone from the screen.
    await post(staff, `/api/orders/${orders[0]!.id}/status/completed`);
    await expect(page.locator(`[data-ticket="${orders[0]!.ticketNumber}"]`)).toHaveCount(0);
    testInfo.annotations.push({ type: 'latency', description: `confirm → on screen ${latency} ms` });

    // Readable from 5 metres: numbers at least 90 px high on a full-HD screen; no scrollbar.
    const size = await page
      .locator('.fd-ticket')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(90);
    const scroll = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      width: document.documentElement.scrollWidth,
    }));
    expect(scroll).toEqual({ height: 1080, width: 1920 });
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'ticket-screen-1920', false);

    // A smaller screen and more numbers than fit (the numbers scale with the screen, so about four rows of
    // the three columns fit at any 16:9 size): the rest is counted, still no scrollbar.
    await page.setViewportSize({ width: 1024, height: 600 });
    for (const name of ['TicketMehr1', 'TicketMehr2']) {
      const extra = await placeOrder(staff, branch.id, name);
      await confirmSoon(staff, extra.id);
    }
    await expect(column(page, 'In Zubereitung').locator('.fd-ticket--more')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(600);
    await screenshot(page, testInfo, 'ticket-screen-1024-overflow', false);

    await tv.close();
  });

  test('a stream that fails says "Verbindung unterbrochen", retries and catches up', async ({
    browser,
    staff,
    branch,
  }) => {
    test.setTimeout(90_000);
    const key = await ticketScreenKey(staff, branch.id);
    const tv = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await tv.newPage();
    // The stream answers 503 (a server restart): the screen says so and keeps trying, waiting longer.
    await page.route('**/events*', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto(`/frontdesk/${branch.id}/${key}`);
    await expect(page.getByRole('status')).toHaveText('Verbindung unterbrochen – wird wiederhergestellt …', {
      timeout: 15_000,
    });
    const order = await placeOrder(staff, branch.id, 'Ausfall');
    await confirmSoon(staff, order.id);
    await post(staff, `/api/orders/${order.id}/status/in-delivery`);
    await page.unroute('**/events*');
    await expect(column(page, 'Abholbereit').locator(`[data-ticket="${order.ticketNumber}"]`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('status')).toHaveCount(0);
    // Live again.
    const next = await placeOrder(staff, branch.id, 'Wiederda');
    await confirmSoon(staff, next.id);
    await expect(
      column(page, 'In Zubereitung').locator(`[data-ticket="${next.ticketNumber}"]`),
    ).toBeVisible();
    await tv.close();
  });

  test('a wrong key shows a clear message and no numbers', async ({ browser, branch }) => {
    const tv = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await tv.newPage();
    await page.goto(`/frontdesk/${branch.id}/falscher-schluessel`);
    await expect(page.getByRole('alert').getByRole('heading')).toHaveText('Schlüssel ungültig');
    await expect(page.getByRole('alert')).toContainText('Dieser Bildschirm ist nicht freigeschaltet.');
    await expect(page).toHaveURL(/\/frontdesk\//); // no redirect to the back office's sign-in
    await tv.close();
  });
});

/** Changes fields of a branch through its API (a PUT of the whole branch); answers the old values. */
async function updateBranch(staff: Staff, id: number, fields: Record<string, unknown>) {
  const current = await getData<Record<string, unknown>>(staff.request, `/api/branches/${id}`);
  await put(staff, `/api/branches/${id}`, { ...current, ...fields });
  return Object.fromEntries(Object.keys(fields).map((k) => [k, current[k]]));
}

const staffOrder = (staff: Staff, id: number) =>
  getData<{ status: string; appointment: string | null }>(staff.request, `/api/orders/${id}`);

test.describe('order board: shortcuts, touch accept and auto-accept', () => {
  test('A and the card button accept with the default preparation time; auto-accept needs nobody', async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(120_000);
    const before = await updateBranch(staff, branch.id, {
      defaultPreparationMinutes: 30,
      isAutoAcceptEnabled: false,
    });
    try {
      await signInOnPage(page);
      const keyed = await placeOrder(staff, branch.id, 'Kurztaste');
      const tapped = await placeOrder(staff, branch.id, 'Tipptaste');
      const newColumn = page.locator('.board__column--new');
      const keyedCard = newColumn.locator('.order-card', { hasText: 'Eva Kurztaste' });
      const tappedCard = newColumn.locator('.order-card', { hasText: 'Eva Tipptaste' });
      await expect(keyedCard).toBeVisible();
      await expect(
        tappedCard.getByRole('button', { name: `#${tapped.ticketNumber} annehmen` }),
      ).toBeVisible();
      // Touch targets on the card: at least 48 px high.
      const box = await tappedCard.locator('.order-card__accept').boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(48);
      await screenshot(page, testInfo, 'board-accept-buttons', false);

      // Keyboard: focus a card, arrows move, A accepts the focused new order.
      await keyedCard.locator('.order-card__open').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await expect(keyedCard.locator('.order-card__open')).toBeFocused();
      const acceptedAt = Date.now();
      await page.keyboard.press('a');
      await expect(
        page.locator('.board__column--confirmed .order-card', { hasText: 'Eva Kurztaste' }),
      ).toBeVisible();
      const confirmed = await staffOrder(staff, keyed.id);
      expect(confirmed.status).toBe('confirmed');
      // Never sooner than 30 minutes from now (the requested time may be later, then it is kept).
      expect(Date.parse(confirmed.appointment!)).toBeGreaterThanOrEqual(acceptedAt + 29 * 60_000);

      // Touch: one tap on "Annehmen".
      await tappedCard.getByRole('button', { name: `#${tapped.ticketNumber} annehmen` }).click();
      await expect(
        page.locator('.board__column--confirmed .order-card', { hasText: 'Eva Tipptaste' }),
      ).toBeVisible();
      expect((await staffOrder(staff, tapped.id)).status).toBe('confirmed');

      // Auto-accept: the server confirms a new order by itself; the board only shows it.
      await updateBranch(staff, branch.id, { isAutoAcceptEnabled: true });
      const automatic = await placeOrder(staff, branch.id, 'Automatik');
      await expect(
        page.locator('.board__column--confirmed .order-card', { hasText: 'Eva Automatik' }),
      ).toBeVisible({ timeout: 15_000 });
      const auto = await staffOrder(staff, automatic.id);
      expect(auto.status).toBe('confirmed');
      expect(auto.appointment).not.toBeNull();
    } finally {
      await updateBranch(staff, branch.id, before);
    }
  });
});

test.describe('special editors in the entity forms', () => {
  test('opening hours: a closed holiday with its date, reordered by keyboard, saved and previewed', async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(90_000);
    const before = await updateBranch(staff, branch.id, {});
    const original = (
      await getData<{ openingHours: { type: string }[] }>(staff.request, `/api/branches/${branch.id}`)
    ).openingHours;
    try {
      await openSignedIn(page, `/backend/branches/branches/${branch.id}`);
      const editor = page.getByRole('group', { name: 'Öffnungszeiten', exact: true });
      // The editors are a chunk of their own: under load they may take a moment.
      await expect(editor.getByRole('heading', { name: 'Die nächsten 7 Tage' })).toBeVisible({
        timeout: 15_000,
      });
      const rules = editor.locator('[data-rule]');
      const count = await rules.count();
      expect(count).toBe(original.length);

      // A holiday three days ahead: a once rule needs its date (German error at the field until given).
      await editor.getByRole('button', { name: 'Regel hinzufügen' }).click();
      const added = rules.nth(count);
      await added.getByRole('combobox', { name: 'Art' }).selectOption('once');
      // No red before the date field is touched; leaving it empty shows the German error.
      await expect(added.getByRole('alert')).toHaveCount(0);
      await added.getByRole('textbox', { name: 'Datum', exact: true }).focus();
      await added.getByRole('textbox', { name: 'Datum', exact: true }).blur();
      await expect(added.getByRole('alert')).toHaveText('Bitte ein Datum für die einmalige Regel angeben.');
      const holiday = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('sv-SE', {
        timeZone: 'Europe/Vienna',
      });
      const [y, m, d] = holiday.split('-');
      // The date is typed the German way, whatever the browser's language; a day that does not exist is
      // refused by name.
      const date = added.getByRole('textbox', { name: 'Datum', exact: true });
      await date.fill('31.02.2026');
      await date.blur();
      await expect(added.getByRole('alert').first()).toHaveText(
        'Regel ' +
          String(count + 1) +
          ', Datum: Bitte ein Datum im Format TT.MM.JJJJ eingeben (z. B. 24.12.2026).',
      );
      await date.fill(`${d}.${m}.${y}`);
      await date.blur();
      await added.getByRole('checkbox', { name: 'Geschlossen' }).check();
      await expect(added.getByRole('alert')).toHaveCount(0);
      await expect(editor.locator('.ed-preview__day', { hasText: `${d}.${m}.${y}` })).toContainText(
        'geschlossen',
      );

      // Keyboard reordering: the handle picks the rule up (Space), ArrowUp moves it, Space drops it.
      await moveByKeyboard(
        page,
        editor.getByRole('button', { name: `Regel ${count + 1} verschieben` }),
        'ArrowUp',
      );
      await expect(rules.nth(count - 1).getByRole('combobox', { name: 'Art' })).toHaveValue('once');
      await screenshot(page, testInfo, 'editor-opening-hours');

      await saveForm(page);
      const saved = (
        await getData<{ openingHours: { type: string; date: string | null; isClosed: boolean }[] }>(
          staff.request,
          `/api/branches/${branch.id}`,
        )
      ).openingHours;
      expect(saved).toHaveLength(count + 1);
      expect(saved[count - 1]).toMatchObject({ type: 'once', date: holiday, isClosed: true });
    } finally {
      await updateBranch(staff, branch.id, { ...before, openingHours: original });
    }
  });

  test('product parts: a new option with its surcharge, live price preview, parts reordered, saved', async ({
    page,
    request,
    staff,
  }, testInfo) => {
    test.setTimeout(90_000);
    const products = await getData<{ id: number; name: string }[]>(request, '/api/products?limit=200');
    const product = products.find((p) => p.name === 'Schnitzel nach Wahl')!;
    const original = await getData<Record<string, unknown>>(staff.request, `/api/products/${product.id}`);
    try {
      await openSignedIn(page, `/backend/catalog/products/${product.id}`);
      const editor = page.getByRole('group', { name: 'Auswahlteile', exact: true });
      const preview = editor.getByRole('complementary', { name: 'Preisvorschau' });
      await expect(preview.locator('[data-preview-unit]').first()).toHaveText('14,50 € / Stk.', {
        timeout: 15_000,
      });
      // The preview prices the choice with common: Kalb +4,50.
      await preview.getByRole('group', { name: 'Fleisch' }).getByRole('radio', { name: 'Kalb' }).check();
      await expect(preview.locator('[data-preview-unit]').first()).toHaveText('19,00 € / Stk.');

      // A new side with a surcharge of 1,20 (typed the German way).
      const sides = editor.locator('[data-part="1"]');
      await sides.getByRole('button', { name: 'Option hinzufügen' }).click();
      const option = sides.locator('[data-option]').last();
      await option.getByRole('textbox', { name: /^Option/ }).fill('Gemischter Salat');
      await option.getByRole('textbox', { name: /^Betrag/ }).fill('1,20');
      await preview
        .getByRole('group', { name: 'Beilagen' })
        .getByRole('checkbox', { name: 'Gemischter Salat' })
        .check();
      await expect(preview.locator('[data-preview-unit]').first()).toHaveText('20,20 € / Stk.');
      await screenshot(page, testInfo, 'editor-product-parts');

      // Reorder by keyboard: "Beilagen" before "Fleisch".
      await moveByKeyboard(
        page,
        editor.getByRole('button', { name: 'Teil 2 verschieben', exact: true }),
        'ArrowUp',
      );
      await expect(
        editor.locator('[data-part="0"]').getByRole('textbox', { name: /^Name des Teils/ }),
      ).toHaveValue('Beilagen');

      await saveForm(page);
      const saved = (
        await getData<{
          config: {
            parts: { name: string; options: { name: string; modifier: string; value: number }[] }[];
          };
        }>(staff.request, `/api/products/${product.id}`)
      ).config.parts;
      expect(saved.map((p) => p.name)).toEqual(['Beilagen', 'Fleisch', 'Anmerkung']);
      expect(saved[0]!.options.at(-1)).toMatchObject({
        name: 'Gemischter Salat',
        modifier: 'add',
        value: 1.2,
      });
    } finally {
      await put(staff, `/api/products/${product.id}`, original);
    }
  });
});

test.describe('upload editor', () => {
  test('an image: chosen, checked, previewed, saved with its alt text; a wrong type is refused', async ({
    page,
    staff,
  }, testInfo) => {
    test.setTimeout(90_000);
    await openSignedIn(page, '/backend/media/images/new');
    const editor = page.getByRole('group', { name: 'Datei', exact: true });
    const input = editor.locator('input[type="file"]');
    await expect(input).toBeAttached({ timeout: 15_000 });
    // A PDF is no image: refused at the field before anything is read.
    await input.setInputFiles({
      name: 'karte.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(editor.getByRole('alert')).toHaveText(
      'Der Dateityp der Datei ist ungültig (pdf). Erlaubte Dateitypen sind jpg, jpeg, png, gif, webp, svg.',
    );
    const png = await QRCode.toBuffer('https://bestellen.example.at/', { width: 240 });
    await input.setInputFiles({ name: 'tisch-qr.png', mimeType: 'image/png', buffer: png });
    await expect(editor.getByRole('img', { name: 'Vorschau der gewählten Datei' })).toBeVisible();
    await expect(
      editor.getByText(/tisch-qr\.png \(\d+ kB\) – wird beim Speichern hochgeladen\./),
    ).toBeVisible();
    const name = `QR Test ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Alternativtext').fill('QR-Code zur Bestellseite');
    await screenshot(page, testInfo, 'editor-upload');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(async () => {
        const list = await getData<{ name: string; alt: string; extension: string }[]>(
          staff.request,
          '/api/images?limit=200',
        );
        return list.find((image) => image.name === name);
      })
      .toMatchObject({ alt: 'QR-Code zur Bestellseite', extension: 'png' });
  });
});

/**
 * A proxy in front of the server that passes the browser's bytes on at `bytesPerSecond` (answers at full
 * speed): Chromium's network emulation does not slow request bodies, a slow wire does.
 */
async function slowUploadProxy(target: URL, bytesPerSecond: number) {
  const sockets = new Set<Socket>();
  const server = createNetServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      client.pause();
      upstream.write(chunk);
      setTimeout(() => client.resume(), (chunk.length / bytesPerSecond) * 1000);
    });
    client.on('end', () => upstream.end());
    for (const socket of [client, upstream]) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

test.describe('upload progress', () => {
  test('a large file: the bar follows the bytes on the wire and the file arrives whole', async ({
    page,
    staff,
  }, testInfo) => {
    test.setTimeout(150_000);
    await signInOnPage(page);
    // The same back office through a proxy that passes the browser's bytes on at 1 MB/s (the session
    // cookie is the host's, whatever the port).
    const proxy = await slowUploadProxy(new URL(page.url()), 1024 * 1024);
    try {
      await page.goto(`${proxy.origin}/backend/media/uploads/new`);
      const editor = page.getByRole('group', { name: 'Datei', exact: true });
      const input = editor.locator('input[type="file"]');
      await expect(input).toBeAttached({ timeout: 20_000 });
      // 8 MB of CSV: about 11 MB as the API's data URL (the wire's buffers take the first few MB at once).
      const line = 'Artikel;Menge;Preis\n';
      const csv = Buffer.from(line.repeat(Math.ceil((8 * 1024 * 1024) / line.length)));
      await input.setInputFiles({ name: 'lieferliste.csv', mimeType: 'text/csv', buffer: csv });
      await expect(
        editor.getByText(/lieferliste\.csv \(8 MB\) – wird beim Speichern hochgeladen\./),
      ).toBeVisible();
      const name = `Große Liste ${randomUUID().slice(0, 6)}`;
      await page.getByLabel('Name', { exact: true }).fill(name);

      // What the page draws: every value the bar takes, recorded in the page as it changes.
      await page.evaluate(() => {
        const w = window as unknown as { progressSeen: [number, number][] };
        w.progressSeen = [];
        const record = () => {
          const bar = document.querySelector<HTMLProgressElement>('[data-testid="upload-progress"] progress');
          const last = w.progressSeen.at(-1);
          if (bar && (!last || last[1] !== bar.value))
            w.progressSeen.push([Math.round(performance.now()), bar.value]);
        };
        new MutationObserver(record).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
        });
      });
      const bar = editor.getByTestId('upload-progress').locator('progress');
      const started = Date.now();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(bar).toBeVisible({ timeout: 5_000 });
      // A screenshot while the bar is under way.
      await expect
        .poll(async () => bar.evaluate((el) => (el as HTMLProgressElement).value).catch(() => 100), {
          timeout: 60_000,
          intervals: [100],
        })
        .toBeGreaterThan(10);
      await screenshot(page, testInfo, 'editor-upload-progress');
      // Meanwhile neither another file nor a second save.
      await expect(page.getByText('Andere Datei wählen')).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByLabel('Andere Datei wählen')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Wird gespeichert …' })).toBeDisabled();
      await expect(bar).toHaveCount(0, { timeout: 60_000 });
      const seen = await page.evaluate(
        () => (window as unknown as { progressSeen: [number, number][] }).progressSeen,
      );
      const values = seen.map(([, value]) => value);
      console.log(
        `upload in ${Date.now() - started} ms; the bar: ${seen.map(([at, value]) => `${value} %@${at - seen[0]![0]} ms`).join(', ')}`,
      );
      // Several steps between start and end, rising: the bar moved with the bytes sent, not in one jump.
      expect(values.filter((value) => value > 0 && value < 100).length, values.join(', ')).toBeGreaterThan(3);
      expect([...values].sort((a, b) => a - b)).toEqual(values);

      let id: number | undefined;
      await expect
        .poll(
          async () => {
            const list = await getData<{ id: number; name: string; size: number; extension: string }[]>(
              staff.request,
              '/api/uploads?limit=200',
            );
            const found = list.find((upload) => upload.name === name);
            id = found?.id;
            return found;
          },
          { timeout: 30_000 },
        )
        // The whole file arrived (the API files a CSV as text).
        .toMatchObject({ size: csv.length });
      await remove(staff, `/api/uploads/${id!}`);
    } finally {
      await proxy.close();
    }
  });
});

test.describe('table QR code', () => {
  test('a new table shows the QR code of its store link and prints as a card', async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(90_000);
    const identifier = `Terrasse ${randomUUID().slice(0, 4)}`;
    await openSignedIn(page, '/backend/branches/tables/new');
    // The form first, then the branch: a choice made while the form was still loading was reset by it.
    const field = page.getByRole('textbox', { name: 'Tischnummer' });
    await expect(field).toBeVisible({ timeout: 15_000 });
    const branchSelect = page.getByRole('combobox', { name: /^Filiale/ });
    await expect(async () => {
      await branchSelect.selectOption(String(branch.id));
      await expect(branchSelect).toHaveValue(String(branch.id), { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await field.fill(identifier);
    await expect(page.getByRole('img', { name: `QR-Code für Tisch ${identifier}` })).toBeVisible();
    await expect(page.locator('.ed-qr__url')).toHaveText(
      `${new URL(page.url()).origin}/store/gasthaus-linde-wien?table=${encodeURIComponent(identifier)}`,
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(async () => {
        const list = await getData<{ id: number; identifier: string }[]>(
          staff.request,
          `/api/tables?branch=${branch.id}&limit=500`,
        );
        return list.find((t) => t.identifier === identifier)?.id ?? null;
      })
      .not.toBeNull();
    // The print view: only the card (what "QR-Code drucken" prints).
    await page.evaluate(() => document.documentElement.classList.add('ed-printing-tables'));
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Speichern' })).toBeHidden();
    await screenshot(page, testInfo, 'table-qr-print', false);
    const list = await getData<{ id: number; identifier: string }[]>(
      staff.request,
      `/api/tables?branch=${branch.id}&limit=500`,
    );
    const created = list.find((t) => t.identifier === identifier)!;
    await remove(staff, `/api/tables/${created.id}`);
  });
});

test.describe('table QR link in the storefront', () => {
  test('the branch QR sheet links a table; the scanned link preselects it at the checkout', async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(120_000);
    const identifier = `Fenster ${randomUUID().slice(0, 4)}`;
    const table = await post(staff, '/api/tables', { identifier, branch: { id: branch.id } });
    try {
      // The back office: the tables list filtered by the branch links to the branch's QR sheet.
      await openSignedIn(page, '/backend/branches/tables');
      await page.getByRole('combobox', { name: 'Filiale', exact: true }).selectOption(String(branch.id));
      await expect(page.getByRole('cell', { name: identifier })).toBeVisible();
      await screenshot(page, testInfo, 'tables-list-qr-link', false);
      await page.getByRole('link', { name: 'QR-Codes drucken' }).click();
      await expect(page).toHaveURL(new RegExp(`/backend/branches/tables/qr-codes\\?branch=${branch.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'QR-Codes der Tische' })).toBeVisible();
      const all = await getData<unknown[]>(staff.request, `/api/tables?branch=${branch.id}&limit=500`);
      const cards = page
        .getByRole('list', { name: 'QR-Codes der Tische – Gasthaus Zur Linde' })
        .locator('.ed-qr');
      await expect(cards).toHaveCount(all.length);
      const card = page.locator(`.ed-qr[data-table="${identifier}"]`);
      await expect(card.getByRole('img', { name: `QR-Code für Tisch ${identifier}` })).toBeVisible();
      // Cards in natural order: "2" before "10".
      await expect(cards.nth(1).locator('.ed-qr__label')).toHaveText('Tisch 2');
      await screenshot(page, testInfo, 'table-qr-sheet');
      await expectNoSeriousA11yViolations(page);
      await page.evaluate(() => document.documentElement.classList.add('ed-printing-tables'));
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: 'QR-Codes drucken' })).toBeHidden();
      await screenshot(page, testInfo, 'table-qr-sheet-print', false);
      await page.emulateMedia({ media: 'screen' });
      const link = (await card.locator('.ed-qr__url').textContent())!;
      expect(link).toBe(
        `${new URL(page.url()).origin}/store/gasthaus-linde-wien?table=${encodeURIComponent(identifier)}`,
      );

      // The guest scans it.
      await page.goto(link);
      await page.getByRole('button', { name: /Wiener Schnitzel vom Kalb/ }).click();
      // The link is taken once, then dropped from the address (a reload keeps the guest's own choices).
      await expect(page).toHaveURL(/\/store\/gasthaus-linde-wien$/);
      await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
      await page.getByRole('link', { name: 'Zur Kasse' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Vor Ort essen' })).toBeChecked();
      const select = page.getByRole('combobox', { name: /^Tischnummer/ });
      await expect(select).toHaveValue(String(table.id));
      await expect(select.locator('option:checked')).toHaveText(identifier);
      await expect(page.getByText('Die Nummer finden Sie in der Mitte des QR-Codes')).toBeVisible();
      await expect(page.locator('.checkout__section-title')).not.toContainText(['Kontaktdaten']);
      await screenshot(page, testInfo, 'checkout-table-from-qr');
      await expectNoSeriousA11yViolations(page);
      // A reload of the checkout keeps the table (sessionStorage).
      await page.reload();
      await expect(page.getByRole('combobox', { name: /^Tischnummer/ })).toHaveValue(String(table.id));
    } finally {
      await remove(staff, `/api/tables/${String(table.id)}`);
    }
  });
});

test.describe('site block editor', () => {
  test('a custom site: blocks added and reordered with a live preview, saved as content.body', async ({
    page,
    staff,
  }, testInfo) => {
    test.setTimeout(120_000);
    const suffix = randomUUID().slice(0, 6);
    const values = await post(staff, '/api/blocks', {
      identifier: `werte-${suffix}`,
      type: 'sectionValues',
      isEnabled: true,
      isPublic: true,
      position: 0,
      content: { title: `Unsere Werte ${suffix}`, text: '<p>Handwerk seit 1987.</p>' },
    });
    const boxes = await post(staff, '/api/blocks', {
      identifier: `leistungen-${suffix}`,
      type: 'sectionTextBoxes',
      isEnabled: true,
      isPublic: true,
      position: 1,
      content: { title: `Leistungen ${suffix}`, boxes: [{ title: 'Estrich', text: '<p>Fließestrich</p>' }] },
    });
    await openSignedIn(page, '/backend/content/sites/new');
    const path = `ueber-uns-${suffix}`;
    await page.getByRole('textbox', { name: /^Pfad/ }).fill(path);
    await page.getByRole('textbox', { name: /^Titel/ }).fill('Über uns');
    await page.getByRole('combobox', { name: /^Seitentyp/ }).selectOption('custom_site');
    const editor = page.getByRole('group', { name: /^Inhalt/ });
    await expect(editor.getByText('Noch keine Blöcke.')).toBeVisible({ timeout: 15_000 });
    const choose = editor.getByRole('combobox', { name: 'Block' });
    await choose.selectOption(String(values.identifier));
    await editor.getByRole('button', { name: 'Block hinzufügen' }).click();
    await choose.selectOption(String(boxes.identifier));
    await editor.getByRole('button', { name: 'Block hinzufügen' }).click();
    const preview = editor.getByRole('region', { name: 'Vorschau der Seite' });
    await expect(preview.getByRole('heading', { name: `Unsere Werte ${suffix}` })).toBeVisible();
    await expect(preview.getByText('Fließestrich')).toBeVisible();
    // Reordered: the boxes first, live in the preview.
    await editor.getByRole('button', { name: `Block ${String(boxes.identifier)} nach oben` }).click();
    await expect(preview.getByRole('heading', { level: 2 }).first()).toHaveText(`Leistungen ${suffix}`);
    await screenshot(page, testInfo, 'site-block-editor');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    let siteId: number | null = null;
    await expect
      .poll(async () => {
        const list = await getData<{ id: number; path: string; content: { body?: unknown } }[]>(
          staff.request,
          '/api/sites?limit=500',
        );
        const site = list.find((candidate) => candidate.path === path);
        siteId = site?.id ?? null;
        return site?.content?.body ?? null;
      })
      .toEqual([{ block: boxes.identifier }, { block: values.identifier }]);
    await remove(
      staff,
      `/api/sites/${String(siteId)}`,
      `/api/blocks/${String(boxes.id)}`,
      `/api/blocks/${String(values.id)}`,
    );
  });
});

test.describe('block content editor', () => {
  test("a hero block's title and picture edited in its form with a live preview, shown on the site", async ({
    page,
    staff,
  }, testInfo) => {
    test.setTimeout(120_000);
    const suffix = randomUUID().slice(0, 6);
    const images = await getData<{ id: number; name: string; version: number; extension: string }[]>(
      staff.request,
      '/api/images?limit=200',
    );
    const picture = images.find((image) => image.name)!;
    const hero = await post(staff, '/api/blocks', {
      identifier: `buehne-${suffix}`,
      type: 'hero',
      isEnabled: true,
      isPublic: true,
      position: 0,
      content: { title: 'Alter Titel', buttons: [{ label: 'Speisekarte', url: '/speisekarte' }] },
    });
    const path = `buehne-${suffix}`;
    const site = await post(staff, '/api/sites', {
      path,
      type: 'custom_site',
      title: 'Bühne',
      isPublic: true,
      content: { body: [{ block: hero.identifier }] },
    });
    try {
      await openSignedIn(page, `/backend/content/blocks/${String(hero.id)}`);
      const editor = page.getByRole('group', { name: /^Inhalt/ });
      const title = `Frisch vom Holzofen ${suffix}`;
      await editor.getByRole('textbox', { name: 'Titel', exact: true }).fill(title);
      await editor.getByRole('button', { name: 'Bild wählen' }).click();
      await editor.getByRole('button', { name: picture.name, exact: true }).first().click();
      const preview = editor.getByRole('region', { name: 'Vorschau des Blocks' });
      await expect(preview.getByRole('heading', { name: title })).toBeVisible();
      const src = `/image/large/${String(picture.id)}-${String(picture.version)}.${picture.extension}`;
      await expect(preview.locator('img.content-hero__image')).toHaveAttribute('src', src);
      await expect(preview.getByRole('link', { name: 'Speisekarte' })).toBeVisible();
      await screenshot(page, testInfo, 'block-content-editor');
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect
        .poll(async () => {
          const block = await getData<{ content: { title?: string; image?: { id: number } | null } }>(
            staff.request,
            `/api/blocks/${String(hero.id)}`,
          );
          return [block.content.title, block.content.image?.id];
        })
        .toEqual([title, picture.id]);
      await page.goto(`/${path}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('img.content-hero__image')).toHaveAttribute('src', src);
      await screenshot(page, testInfo, 'block-content-on-site');
    } finally {
      await remove(staff, `/api/sites/${String(site.id)}`, `/api/blocks/${String(hero.id)}`);
    }
  });
});

/**
 * Drags a sortable row by its handle with the mouse (dnd-kit's pointer sensor): its centre is moved onto
 * the centre of the target row, in small steps.
 */
async function dragRow(page: Page, handle: Locator, row: Locator, target: Locator) {
  await handle.scrollIntoViewIfNeeded();
  const grip = (await handle.boundingBox())!;
  const from = (await row.boundingBox())!;
  const to = (await target.boundingBox())!;
  const x = grip.x + grip.width / 2;
  const y = grip.y + grip.height / 2;
  const dy = to.y + to.height / 2 - (from.y + from.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + Math.sign(dy) * 10, { steps: 3 });
  // Picked up (past the pointer sensor's 4 px) before the long move counts.
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(x, y + dy, { steps: 20 });
  await page.waitForTimeout(200);
  await page.mouse.up();
}

/**
 * Picks up a handle with Space, moves it with the arrow key `times` times and drops it (keyboard sensor).
 * Each step waits for dnd-kit's own announcement in its live region (picked up, over position n, dropped)
 * instead of a fixed pause, so a loaded machine only makes it slower, not wrong.
 */
async function moveByKeyboard(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown', times = 1) {
  await handle.focus();
  await page.keyboard.press('Space');
  // Picked up (dnd-kit marks the handle pressed) before the arrows count.
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // "Eintrag n aufgenommen", at once followed by "Eintrag n ist über Position n" (over itself).
  const live = page
    .locator('[id^="DndLiveRegion-"]')
    .filter({ hasText: /Eintrag \d+ (aufgenommen|ist über)/ });
  await expect(live).toHaveCount(1);
  const picked = Number(/Eintrag (\d+)/.exec((await live.textContent()) ?? '')?.[1]);
  expect(picked, 'the live region names the picked-up row').toBeGreaterThan(0);
  const region = page.locator(`#${await live.getAttribute('id')}`);
  // dnd-kit's keyboard sensor listens for the arrows only from the task after the pick-up: an arrow sent
  // while the region still said "aufgenommen" was lost once in CI. Over itself, the drag is under way.
  await expect(region).toHaveText(`Eintrag ${picked} ist über Position ${picked}.`);
  const step = key === 'ArrowUp' ? -1 : 1;
  for (let i = 1; i <= times; i++) {
    await page.keyboard.press(key);
    await expect(region).toHaveText(`Eintrag ${picked} ist über Position ${picked + step * i}.`);
  }
  await page.keyboard.press('Space');
  await expect(region).toHaveText(`Eintrag ${picked} auf Position ${picked + step * times} abgelegt.`);
}

interface MenuJson {
  id: number;
  name: string;
  branches: { id: number }[];
  catalog: { id: number; products: { id: number; isEnabled: boolean }[] }[];
}

test.describe('menu catalogue and navigation tree editors', () => {
  test('menu catalogue: categories and products reordered by mouse and keyboard, added and removed, saved, in the store', async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(150_000);
    const menus = await getData<MenuJson[]>(staff.request, '/api/menus?limit=100');
    const menu = menus.find((m) => m.branches.some((b) => b.id === branch.id) && m.catalog.length >= 3)!;
    const original = await getData<Record<string, unknown>>(staff.request, `/api/menus/${menu.id}`);
    const categories = await getData<{ id: number; name: string }[]>(
      staff.request,
      '/api/categories?limit=1000',
    );
    const products = await getData<{ id: number; name: string }[]>(staff.request, '/api/products?limit=1000');
    const categoryName = (id: number) => categories.find((c) => c.id === id)!.name;
    const productName = (id: number) => products.find((p) => p.id === id)!.name;
    const before = menu.catalog.map((entry) => categoryName(entry.id));
    // A category of the shop that this menu does not list yet, and a product for it.
    const extra = categories.find((c) => !menu.catalog.some((entry) => entry.id === c.id));
    const schnitzel = products.find((p) => p.name === 'Wiener Schnitzel vom Kalb')!;

    try {
      // The store before: its category bar in the menu's order.
      await page.goto('/store/gasthaus-linde-wien');
      const bar = page.getByRole('navigation', { name: 'Kategorien' });
      await expect(bar.getByRole('link').first()).toBeVisible({ timeout: 20_000 });
      const storeBefore = await bar.getByRole('link').allInnerTexts();
      expect(storeBefore.slice(0, 2)).toEqual(
        before.filter((name) => storeBefore.includes(name)).slice(0, 2),
      );

      await openSignedIn(page, `/backend/catalog/menus/${menu.id}`);
      const editor = page.getByRole('group', { name: /^Katalog/ });
      const rows = editor.locator('section[data-category]');
      await expect(rows.first()).toBeVisible({ timeout: 15_000 });
      await expect(rows).toHaveCount(menu.catalog.length);
      const [first, second, third] = before as [string, string, string];

      // Mouse: the third category dragged onto the first place.
      await dragRow(
        page,
        editor.getByRole('button', { name: `Kategorie ${third} verschieben`, exact: true }),
        rows.nth(2),
        rows.nth(0),
      );
      await expect(rows.nth(0)).toHaveAttribute('aria-label', third);
      // Keyboard: the (now third) second category up by one.
      await moveByKeyboard(
        page,
        editor.getByRole('button', { name: `Kategorie ${second} verschieben`, exact: true }),
        'ArrowUp',
      );
      const expected = [third, second, first, ...before.slice(3)];
      await expect(rows.nth(1)).toHaveAttribute('aria-label', second);
      await expect(rows.nth(2)).toHaveAttribute('aria-label', first);

      // Products inside the first category: the second one moved to the top by keyboard.
      const top = menu.catalog[2]!;
      const productOrder = top.products.map((p) => p.id);
      if (productOrder.length >= 2) {
        await moveByKeyboard(
          page,
          rows
            .nth(0)
            .getByRole('button', { name: `${productName(productOrder[1]!)} verschieben`, exact: true }),
          'ArrowUp',
        );
        await expect(rows.nth(0).locator('[data-product]').first()).toHaveAttribute(
          'data-product',
          String(productOrder[1]),
        );
        productOrder.splice(0, 2, productOrder[1]!, productOrder[0]!);
      }
      // A product removed from the last category.
      const last = menu.catalog.at(-1)!;
      const lastRow = rows.nth(menu.catalog.length - 1);
      const removed = last.products.at(-1)!;
      await lastRow
        .getByRole('button', { name: `${productName(removed.id)} aus ${categoryName(last.id)} entfernen` })
        .click();
      // A category added at the end, with the schnitzel in it.
      if (extra) {
        await editor.getByRole('combobox', { name: 'Kategorie hinzufügen' }).selectOption(String(extra.id));
        await expect(rows).toHaveCount(menu.catalog.length + 1);
        await rows
          .last()
          .getByRole('combobox', { name: 'Produkt hinzufügen' })
          .selectOption(String(schnitzel.id));
        await expect(rows.last().locator('[data-product]')).toHaveCount(1);
        expected.push(extra.name);
      }
      await screenshot(page, testInfo, 'editor-menu-catalog');

      await saveForm(page);
      // Through the API: the order, the moved product, the removed one, the new category.
      const saved = (await getData<MenuJson>(staff.request, `/api/menus/${menu.id}`)).catalog;
      expect(saved.map((entry) => categoryName(entry.id))).toEqual(expected);
      expect(saved[0]!.products.map((p) => p.id)).toEqual(productOrder);
      expect(saved.find((entry) => entry.id === last.id)!.products.some((p) => p.id === removed.id)).toBe(
        false,
      );
      if (extra) {
        expect(saved.at(-1)!.products).toHaveLength(1);
        expect(saved.at(-1)!.products[0]).toMatchObject({ id: schnitzel.id, isEnabled: true });
      }

      // After a reload the editor shows the saved order.
      await page.reload();
      await expect(rows.first()).toHaveAttribute('aria-label', third, { timeout: 15_000 });
      await expect(rows).toHaveCount(expected.length);

      // The store's category bar follows (categories without products there are left out by the store).
      await page.goto('/store/gasthaus-linde-wien');
      await expect(bar.getByRole('link').first()).toBeVisible({ timeout: 20_000 });
      const storeAfter = await bar.getByRole('link').allInnerTexts();
      expect(storeAfter).toEqual(expected.filter((name) => storeAfter.includes(name)));
      expect(storeAfter.slice(0, 2)).toEqual([third, second].filter((name) => storeAfter.includes(name)));
      if (extra) expect(storeAfter).toContain(extra.name);
      await screenshot(page, testInfo, 'editor-menu-catalog-store');
    } finally {
      await put(staff, `/api/menus/${menu.id}`, original);
    }
  });

  test('navigation tree: items reordered by mouse and keyboard, one with children added, one removed, saved, on the site', async ({
    page,
    staff,
  }, testInfo) => {
    test.setTimeout(150_000);
    interface Item {
      label: string;
      type: string;
      target: string;
      children: Item[];
    }
    const navigations = await getData<{ id: number; identifier: string; items: Item[] }[]>(
      staff.request,
      '/api/navigations?limit=100',
    );
    const header = navigations.find((n) => n.identifier === 'header-navigation')!;
    const original = await getData<Record<string, unknown>>(staff.request, `/api/navigations/${header.id}`);
    const labels = header.items.map((item) => item.label);
    expect(labels).toEqual(['Start', 'Estrich', 'Gasthaus', 'Leistungen', 'Über uns']);
    try {
      await openSignedIn(page, `/backend/content/navigations/${header.id}`);
      const editor = page.getByRole('group', { name: /^Einträge/ });
      const top = editor.locator('[data-nav]:not([data-nav*="."])');
      await expect(top).toHaveCount(labels.length, { timeout: 15_000 });
      const labelOf = (row: Locator) => row.getByRole('textbox', { name: 'Bezeichnung' }).first();

      // Mouse: "Gasthaus" dragged above "Estrich".
      await dragRow(
        page,
        editor.getByRole('button', { name: 'Gasthaus verschieben', exact: true }),
        top.nth(2),
        top.nth(1),
      );
      await expect(labelOf(top.nth(1))).toHaveValue('Gasthaus');
      // Keyboard: "Über uns" up one, before "Leistungen".
      await moveByKeyboard(
        page,
        editor.getByRole('button', { name: 'Über uns verschieben', exact: true }),
        'ArrowUp',
      );
      await expect(labelOf(top.nth(3))).toHaveValue('Über uns');

      // A new item with two children; then one child removed again, and "Estrich" removed.
      await editor.getByRole('button', { name: 'Eintrag hinzufügen', exact: true }).click();
      const added = top.last();
      await labelOf(added).fill('Aktionen');
      await added.getByRole('textbox', { name: 'Seitenpfad' }).first().fill('leistungen');
      for (const [label, target] of [
        ['Mittagsmenü', 'ueber-uns'],
        ['Gutscheine', 'leistungen'],
      ] as const) {
        await added.getByRole('button', { name: 'Untereintrag zu Aktionen hinzufügen' }).click();
        const child = added.locator('[data-nav]').last();
        await labelOf(child).fill(label);
        await child.getByRole('textbox', { name: 'Seitenpfad' }).fill(target);
      }
      await added.getByRole('button', { name: 'Gutscheine entfernen' }).click();
      await editor.getByRole('button', { name: 'Estrich entfernen', exact: true }).click();
      await expect(top).toHaveCount(labels.length);
      await screenshot(page, testInfo, 'editor-navigation-tree');

      await saveForm(page);
      const expected = ['Start', 'Gasthaus', 'Über uns', 'Leistungen', 'Aktionen'];
      const saved = (await getData<{ items: Item[] }>(staff.request, `/api/navigations/${header.id}`)).items;
      expect(saved.map((item) => item.label)).toEqual(expected);
      expect(saved.at(-1)).toMatchObject({
        type: 'site',
        target: 'leistungen',
        children: [{ label: 'Mittagsmenü', type: 'site', target: 'ueber-uns', children: [] }],
      });

      await page.reload();
      await expect(top).toHaveCount(expected.length, { timeout: 15_000 });
      await expect(labelOf(top.nth(1))).toHaveValue('Gasthaus');
      await expect(labelOf(top.last().locator('[data-nav]').first())).toHaveValue('Mittagsmenü');

      // The site's header shows the top level in the new order (then its own "Kontakt").
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
      await expect(nav.getByRole('link').first()).toBeVisible({ timeout: 20_000 });
      await expect(nav.getByRole('link')).toHaveText([...expected, 'Kontakt']);
      await screenshot(page, testInfo, 'editor-navigation-site');
    } finally {
      await put(staff, `/api/navigations/${header.id}`, original);
    }
  });
});

test.describe('image picker and German dates in the entity forms', () => {
  test("a branch's logo and pictures chosen by thumbnail, reordered by keyboard, one removed, saved", async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(120_000);
    const before = await updateBranch(staff, branch.id, { images: [], logo: null });
    const images = await getData<{ id: number; name: string | null }[]>(
      staff.request,
      '/api/images?limit=500',
    );
    try {
      await openSignedIn(page, `/backend/branches/branches/${branch.id}`);
      const list = page.locator('fieldset.ed-image-list');
      await expect(list.getByText('Noch keine Bilder gewählt.')).toBeVisible({ timeout: 15_000 });
      // Three pictures added by thumbnail (a chosen one is not offered again).
      const picked: number[] = [];
      for (let i = 0; i < 3; i++) {
        await list.getByRole('button', { name: 'Bilder: Bild hinzufügen' }).click();
        const choice = list.locator('.ed-picker__choice').first();
        await expect(choice).toBeVisible();
        const name = (await choice.innerText()).trim();
        picked.push(images.find((image) => (image.name ?? '').trim() === name)?.id ?? NaN);
        await choice.click();
        await expect(list.locator('.ed-image-list__item')).toHaveCount(i + 1);
      }
      expect(new Set(picked).size).toBe(3);
      // The third first (keyboard: twice up), then the (new) second removed.
      await moveByKeyboard(page, list.getByRole('button', { name: 'Bild 3 verschieben' }), 'ArrowUp', 2);
      await list.getByRole('button', { name: /^Bild 2 \(.*\) entfernen$/ }).click();
      const expected = [picked[2]!, picked[1]!];
      await expect(list.locator('.ed-image-list__item')).toHaveCount(2);
      // The logo: one picture.
      const logo = page.getByRole('group', { name: 'Logo', exact: true });
      await logo.getByRole('button', { name: 'Logo: Bild wählen' }).click();
      await logo.locator('.ed-picker__choice').nth(1).click();
      await expect(logo.getByRole('img', { name: /^Gewählt: / })).toBeVisible();
      await list.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'editor-branch-images');

      await saveForm(page);
      const saved = await getData<{ images: { id: number }[]; logo: { id: number } | null }>(
        staff.request,
        `/api/branches/${branch.id}`,
      );
      expect(saved.images.map((image) => image.id)).toEqual(expected);
      expect(saved.logo?.id).toEqual(expect.any(Number));
    } finally {
      await updateBranch(staff, branch.id, before);
    }
  });

  test('a date-time typed the German way: a wrong date named at its field, the calendar, saved as the instant', async ({
    page,
    staff,
  }, testInfo) => {
    test.setTimeout(120_000);
    const suffix = randomUUID().slice(0, 6);
    const menu = await post(staff, '/api/menus', {
      name: `Wintermenü ${suffix}`,
      availableFrom: '2026-11-01T08:00:00.000Z',
      branches: [],
      catalog: [],
    });
    try {
      await openSignedIn(page, `/backend/catalog/menus/${String(menu.id)}`);
      const date = page.locator('#field-availableFrom');
      const time = page.getByRole('textbox', { name: 'Gültig ab: Uhrzeit' });
      // Shown the German way, whatever the browser's language (the test browser's is en-US).
      await expect(date).toHaveValue(/^\d{2}\.\d{2}\.2026$/, { timeout: 15_000 });
      await expect(time).toHaveValue(/^\d{2}:\d{2}$/);

      await date.fill('31.02.2026');
      await date.blur();
      const field = page.locator('.bo-field', { has: date });
      await expect(field.locator('.bo-field__error')).toHaveText(
        'Gültig ab: Bitte ein Datum im Format TT.MM.JJJJ eingeben (z. B. 24.12.2026).',
      );
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(field.locator('.bo-field__error')).toBeVisible();
      // Nothing was sent: the stored date is unchanged.
      const unchanged = (
        await getData<{ availableFrom: string }>(staff.request, `/api/menus/${String(menu.id)}`)
      ).availableFrom;
      expect(new Date(unchanged).toISOString()).toBe('2026-11-01T08:00:00.000Z');

      // The calendar: opened from the keyboard, a day chosen with the arrows and Enter.
      await date.fill('24.12.2026');
      await date.press('Alt+ArrowDown');
      const calendar = page.getByRole('dialog', { name: 'Gültig ab: Kalender' });
      await expect(calendar).toBeVisible();
      await expect(calendar).toContainText('Dezember 2026');
      await expect(calendar.getByRole('button', { name: '24.12.2026' })).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await screenshot(page, testInfo, 'editor-date-calendar');
      await page.keyboard.press('Enter');
      await expect(calendar).toHaveCount(0);
      await expect(date).toHaveValue('25.12.2026');
      await expect(field.locator('.bo-field__error')).toHaveCount(0);
      await time.fill('18:30');
      await time.blur();
      await saveForm(page);
      const saved = (await getData<{ availableFrom: string }>(staff.request, `/api/menus/${String(menu.id)}`))
        .availableFrom;
      // 25.12.2026 18:30 on the browser's clock.
      const expected = await page.evaluate(() => new Date(2026, 11, 25, 18, 30).toISOString());
      expect(new Date(saved).toISOString()).toBe(expected);

      // On a tablet (820 px wide) the time and its "Uhr" stay on one line with the date.
      await page.setViewportSize({ width: 820, height: 1180 });
      const uhr = field.locator('.ed-time__suffix');
      await uhr.scrollIntoViewIfNeeded();
      const top = async (locator: Locator) => {
        const box = (await locator.boundingBox())!;
        return Math.round(box.y + box.height / 2);
      };
      await expect.poll(async () => Math.abs((await top(uhr)) - (await top(time)))).toBeLessThanOrEqual(2);
      expect(Math.abs((await top(time)) - (await top(date)))).toBeLessThanOrEqual(2);
      await screenshot(page, testInfo, 'editor-date-time-tablet');
      // In a column too narrow for all of it, the time wraps with its "Uhr", never without it.
      // (Just wide enough for the date and the time field, not for "Uhr" too.)
      const timeRight = await time.evaluate((el) => el.getBoundingClientRect().right);
      await field.evaluate((el, right) => {
        (el as HTMLElement).style.width = `${right - el.getBoundingClientRect().left + 4}px`;
      }, timeRight);
      await expect.poll(async () => Math.abs((await top(uhr)) - (await top(time)))).toBeLessThanOrEqual(2);
      await field.evaluate((el) => ((el as HTMLElement).style.width = ''));
    } finally {
      await remove(staff, `/api/menus/${String(menu.id)}`);
    }
  });
});
