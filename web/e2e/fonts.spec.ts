import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  getData,
  openSignedIn,
  post,
  remove,
  saveForm,
  screenshot,
  staffTest,
} from './support';

// A real TrueType font (DejaVu Serif cut down to Latin, backend/test/fixtures/fonts/README.md), uploaded
// under a family name no machine has installed, so only the shop's own file can draw it.
const TTF = readFileSync(
  new URL('../../backend/test/fixtures/fonts/dejavu-serif-latin.ttf', import.meta.url),
);
const FAMILY = 'Hausschrift E2E';

staffTest.describe('Shop fonts', () => {
  staffTest(
    'a heading font chosen in Konfiguration draws the storefront headings from the shop itself',
    async ({ page, staff, request }, testInfo) => {
      const upload = await post(staff, '/api/uploads', {
        data: `data:font/ttf;base64,${TTF.toString('base64')}`,
        name: 'hausschrift.ttf',
      });
      const font = await post(staff, '/api/fonts', {
        family: FAMILY,
        variant: 'regular',
        upload: { id: upload.id },
      });
      const before = await getData(request, '/api/config');
      try {
        await openSignedIn(page, '/backend/settings/config');
        const select = page.getByLabel('Schriftart der Überschriften');
        await expect(select.locator('option', { hasText: FAMILY })).toHaveCount(1);
        await select.selectOption(FAMILY);
        await select.scrollIntoViewIfNeeded();
        await screenshot(page, testInfo, 'fonts-config', false);
        await saveForm(page);

        const fontRequests: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'font' || r.url().includes('/font/')) fontRequests.push(r.url());
        });
        await page.goto('/store/gasthaus-linde-wien');
        const heading = page.locator('h1').first();
        await expect(heading).toBeVisible();
        await expect
          .poll(() => heading.evaluate((h) => getComputedStyle(h).fontFamily))
          .toMatch(new RegExp(`^"${FAMILY}"`));
        // The body text keeps the system font (no body font configured).
        expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toContain(FAMILY);
        await expect
          .poll(() =>
            page.evaluate(async (family) => {
              await document.fonts.ready;
              return [...document.fonts].some(
                (f) => f.family.replace(/"/g, '') === family && f.status === 'loaded',
              );
            }, FAMILY),
          )
          .toBe(true);
        const origin = new URL(page.url()).origin;
        expect(fontRequests.length).toBeGreaterThanOrEqual(2);
        for (const url of fontRequests) expect(new URL(url).origin).toBe(origin);
        expect(fontRequests.some((url) => url.endsWith('.ttf'))).toBe(true);
        await screenshot(page, testInfo, 'fonts-storefront', false);
        await expectNoSeriousA11yViolations(page);
      } finally {
        await post(staff, '/api/config', before);
        await remove(staff, `/api/fonts/${font.id as number}`, `/api/uploads/${upload.id as number}`);
      }
    },
  );
});
