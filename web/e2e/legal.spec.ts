import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  getData,
  openSignedIn,
  screenshot,
  staffApi,
  type Staff,
} from './support';

// What a German or Austrian shop needs before it goes live (docs/decisions/legal.md): the order button that
// says ordering means paying, with the summary the law asks for directly above it.
const WIEN = '/store/gasthaus-linde-wien';

async function wienCheckoutWith(page: Page, product: RegExp) {
  await page.goto(WIEN);
  // A product without options goes into the cart in one tap.
  await page.getByRole('button', { name: product }).click();
  await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
  await page.getByRole('link', { name: 'Zur Kasse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
}

test.describe('Order button and summary (§312j BGB, §8 FAGG)', () => {
  test('storefront: "Zahlungspflichtig bestellen" with items, delivery fee, total inkl. MwSt. and the terms right above it', async ({
    page,
  }, testInfo) => {
    test.slow(); // an axe run and a full checkout: over 30 s on a loaded machine
    await wienCheckoutWith(page, /Römerquelle/); // 3,20 €
    const submit = page.getByRole('button', { name: /^Zahlungspflichtig (bestellen|vorbestellen)$/ });
    await expect(submit).toBeVisible();
    await expect(page.getByRole('button', { name: /abschicken/ })).toHaveCount(0);

    const summary = page.getByRole('region', { name: 'Zusammenfassung Ihrer Bestellung' });
    await expect(summary).toContainText(/1\sStk\. Römerquelle prickelnd 0,33 l\s*3,20\s€/);
    await expect(summary).toContainText(/Gesamtbetrag inkl\. MwSt\.\s*3,20\s€/);
    // The demo's terms are pages of the shop: they open in a new tab, so the checkout stays as it is.
    await expect(summary.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/terms-and-conditions');
    await expect(summary.getByRole('link', { name: 'AGB' })).toHaveAttribute('target', '_blank');
    await expect(summary.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    // Directly above the button: nothing else between the summary and the row of buttons.
    const next = await summary.evaluate((element) => element.nextElementSibling?.className ?? '');
    expect(next).toContain('checkout__actions');

    // Delivery: the fee is its own line, and the total includes it.
    await page.getByRole('button', { name: 'Römerquelle prickelnd 0,33 l bearbeiten' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Menge', { exact: true }).fill('7');
    await dialog.getByRole('button', { name: 'Änderungen speichern' }).click();
    await page.getByRole('radio', { name: 'Lieferung' }).check();
    // The postcode decides the delivery area (checked on leaving the field).
    await page.getByRole('textbox', { name: 'PLZ', exact: true }).fill('1060');
    await page.getByRole('textbox', { name: 'PLZ', exact: true }).blur();
    await expect(summary).toContainText(/Liefergebühr\s*2,90\s€/);
    await expect(summary).toContainText(/Gesamtbetrag inkl\. MwSt\.\s*25,30\s€/);
    await expect(submit).toBeVisible();
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'legal-order-summary', false);
    await expectNoSeriousA11yViolations(page);
  });
});

test('footer: tel: in E.164 and WhatsApp as wa.me/<international number>', async ({ page }) => {
  await page.goto(WIEN);
  const branch = page.locator('.content-footer__branch').filter({ hasText: 'Neubaugasse 42' });
  await expect(branch.getByRole('link', { name: '+43 1 523 88 10' })).toHaveAttribute(
    'href',
    'tel:+4315238810',
  );
  await expect(branch.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/4315238810',
  );
});

test.describe('Kiosk order button', () => {
  test.use({
    viewport: { width: 1080, height: 1920 },
    hasTouch: true,
    isMobile: false,
    deviceScaleFactor: 1,
  });
  test.slow(); // a 1080×1920 page with axe on a busy machine

  test('"Zahlungspflichtig bestellen" with the summary above it', async ({ page }, testInfo) => {
    await page.goto('/kiosk/gasthaus-linde-wien');
    await page.getByRole('button', { name: /Zum Bestellen tippen/ }).click();
    await page.getByRole('button', { name: /Abholung/ }).click();
    await page.getByRole('button', { name: /Almdudler/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('button', { name: 'Zur Kasse' }).click();
    const submit = page.getByRole('button', { name: /^Zahlungspflichtig (bestellen|vorbestellen)$/ });
    await expect(submit).toBeVisible();
    const summary = page.getByRole('region', { name: 'Zusammenfassung Ihrer Bestellung' });
    await expect(summary).toContainText(/Almdudler/);
    await expect(summary).toContainText(/Gesamtbetrag inkl\. MwSt\./);
    // The kiosk never leaves its face: the terms are named, not linked to a page.
    await expect(summary).toContainText('Es gelten unsere AGB.');
    await expect(summary.getByRole('link')).toHaveCount(0);
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'legal-kiosk-summary', false);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('Legal texts read as documents', () => {
  // AGB as a shop would paste them: headings, a numbered list, a table, and what must never become markup.
  const AGB = [
    '# § 1 Geltungsbereich',
    'Diese AGB gelten für alle Bestellungen im Gasthaus Linde.',
    '# § 2 Vertragsschluss',
    '1. Sie wählen Ihre Speisen.\n2. Sie bestellen zahlungspflichtig.\n3. Wir bestätigen die Bestellung per E-Mail.',
    '# § 3 Liefergebühren',
    '| Liefergebiet | Gebühr | Mindestbestellwert |\n|---|--:|--:|\n| 1060 Mariahilf | 2,90 € | 15,00 € |\n| 1070 Neubau | 0,00 € | 20,00 € |',
    '## Hinweis',
    'Fragen? [Kontakt](javascript:alert(1)) oder [Impressum](/site/imprint). <script>alert(1)</script>',
  ].join('\n\n');

  async function setTerms(staff: Staff, text: string | null) {
    const config = await getData(staff.request, '/api/config');
    const answer = await staff.request.post('/api/config', {
      data: { ...config, termsAndConditionsText: text },
      headers: { 'X-CSRF-Token': staff.csrf },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return config.termsAndConditionsText as string | null;
  }

  test('the AGB page shows headings, a numbered list, a table and a table of contents, and prints without the shop around it', async ({
    page,
    request,
  }, testInfo) => {
    test.slow(); // an axe run on a loaded machine
    const staff = await staffApi(request);
    const before = await setTerms(staff, AGB);
    try {
      await page.goto('/site/terms-and-conditions');
      const article = page.getByRole('article', { name: 'AGB' });
      await expect(article.getByRole('heading', { level: 1, name: 'AGB' })).toBeVisible();
      await expect(article.getByRole('heading', { level: 3 })).toHaveText([
        '§ 1 Geltungsbereich',
        '§ 2 Vertragsschluss',
        '§ 3 Liefergebühren',
      ]);
      await expect(article.getByRole('heading', { level: 4, name: 'Hinweis' })).toBeVisible();

      const steps = article.locator('ol').filter({ hasText: 'Sie wählen' }).getByRole('listitem');
      await expect(steps).toHaveText([
        'Sie wählen Ihre Speisen.',
        'Sie bestellen zahlungspflichtig.',
        'Wir bestätigen die Bestellung per E-Mail.',
      ]);

      const table = article.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText([
        'Liefergebiet',
        'Gebühr',
        'Mindestbestellwert',
      ]);
      await expect(table.getByRole('row')).toHaveCount(3);
      await expect(table.getByRole('row', { name: /1060 Mariahilf/ }).getByRole('cell')).toHaveText([
        '1060 Mariahilf',
        '2,90 €',
        '15,00 €',
      ]);

      // Table of contents: one link per section, and following one lands on its heading.
      const toc = article.getByRole('navigation', { name: 'Inhaltsverzeichnis' });
      await expect(toc.getByRole('link')).toHaveText([
        '§ 1 Geltungsbereich',
        '§ 2 Vertragsschluss',
        '§ 3 Liefergebühren',
        'Hinweis',
      ]);
      await toc.getByRole('link', { name: '§ 3 Liefergebühren' }).click();
      await expect(page).toHaveURL(/#abschnitt-3-liefergebuehren$/);
      await expect(article.getByRole('heading', { name: '§ 3 Liefergebühren' })).toBeInViewport();

      // Neutralised (the backend cleans the text when it is saved, the page renders no HTML): the
      // javascript: link keeps its words only, the script is gone.
      await expect(article.getByText('Kontakt')).toBeVisible();
      await expect(article.getByRole('link', { name: 'Kontakt' })).toHaveCount(0);
      await expect(article.locator('a[href^="javascript" i]')).toHaveCount(0);
      await expect(article.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/site/imprint');
      await expect(article.locator('script')).toHaveCount(0);
      await expect(article).not.toContainText('alert(1)');

      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, testInfo, 'legal-agb-document');
      await expectNoSeriousA11yViolations(page);

      // Printed: the text alone, without the shop's header and footer.
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.site-header')).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: /Standort/ })).toBeHidden();
      await expect(page.locator('.site-footer')).toBeHidden();
      await expect(table).toBeVisible();
      await screenshot(page, testInfo, 'legal-agb-print');
    } finally {
      await setTerms(staff, before);
    }
  });

  test("the market's AGB template, inserted and saved in Konfiguration, is the storefront's AGB document", async ({
    page,
    request,
  }, testInfo) => {
    test.slow(); // sign-in, the whole configuration form, an axe run
    const staff = await staffApi(request);
    const before = await setTerms(staff, null);
    try {
      await openSignedIn(page, '/backend/settings/config');
      const terms = page.getByRole('textbox', { name: 'AGB (Text)', exact: true });
      await expect(terms).toHaveValue('');
      // The demo shop is Austrian: the Austrian AGB, its gaps marked, the business name filled in.
      await page.getByRole('button', { name: 'Vorlage für Österreich einfügen: AGB (Text)' }).click();
      await expect(terms).toHaveValue(/^## § 1 Geltungsbereich/);
      await expect(terms).toHaveValue(/§ 18 Abs\. 1 Z 4 FAGG/);
      await expect(terms).toHaveValue(/\[BITTE AUSFÜLLEN: Anschrift\]/);
      await expect(page.getByRole('button', { name: /^Vorlage für Österreich einfügen: AGB/ })).toHaveCount(
        0,
      );
      await terms.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'legal-agb-template', false);
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
      expect((await getData(staff.request, '/api/config')).termsAndConditionsText).toMatch(
        /^## § 1 Geltungsbereich/,
      );

      await page.goto('/site/terms-and-conditions');
      const article = page.getByRole('article', { name: 'AGB' });
      await expect(article.getByRole('heading', { level: 1, name: 'AGB' })).toBeVisible();
      const toc = article.getByRole('navigation', { name: 'Inhaltsverzeichnis' });
      await expect(toc.getByRole('link')).toHaveText([
        '§ 1 Geltungsbereich',
        '§ 2 Vertragspartner',
        '§ 3 Vertragsschluss',
        '§ 4 Preise, Liefergebühr und Mindestbestellwert',
        '§ 5 Zahlung',
        '§ 6 Lieferung, Abholung und Termine',
        '§ 7 Rücktrittsrecht',
        '§ 8 Gewährleistung',
        '§ 9 Haftung',
        '§ 10 Allergene und Zutaten',
        '§ 11 Streitbeilegung',
        '§ 12 Schlussbestimmungen',
      ]);
      await expect(article.getByRole('heading', { name: '§ 3 Vertragsschluss' })).toBeVisible();
      const conclusion = article.locator('ol').filter({ hasText: 'Zahlungspflichtig bestellen' });
      await expect(conclusion.getByRole('listitem')).toHaveCount(6);
      await expect(article.getByRole('link', { name: 'Widerrufsbelehrung' })).toHaveAttribute(
        'href',
        '/site/withdrawal',
      );
      // A gap the owner left stays visible on the page, never silently blank.
      await expect(article).toContainText('[BITTE AUSFÜLLEN: Anschrift]');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, testInfo, 'legal-agb-template-page-top', false);
      await screenshot(page, testInfo, 'legal-agb-template-page');
      await expectNoSeriousA11yViolations(page);
    } finally {
      await setTerms(staff, before);
    }
  });
});

test.describe('Market profile in the back office (the demo shop is Austrian)', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'the back office is for the counter screen and the tablet, not a phone screen',
  );

  test("new product: the market's VAT rates as quick choices, the standard rate first; new branch: the market's time zone; sick leave in the market's word", async ({
    page,
  }, testInfo) => {
    test.slow(); // sign-in, three screens and an axe run
    await openSignedIn(page, '/backend/catalog/products/new');
    const takeaway = page.getByRole('spinbutton', { name: 'Steuer Abholung (%)', exact: true });
    await expect(takeaway).toHaveValue('20');
    const presets = page.getByRole('button', { name: /^Steuer Abholung \(%\): / });
    await expect(presets).toHaveText(['10 %', '13 %', '20 %']);
    await expect(page.getByRole('button', { name: 'Steuer Abholung (%): 20 %' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Steuer Abholung (%): 10 %' }).click();
    await expect(takeaway).toHaveValue('10');
    await expect(page.getByRole('button', { name: 'Steuer Abholung (%): 10 %' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Still a free field: a rate that is no preset can be typed.
    await page.getByRole('spinbutton', { name: 'Steuer vor Ort (%)', exact: true }).fill('5.5');
    await expect(page.getByRole('button', { name: /^Steuer vor Ort \(%\): /, pressed: true })).toHaveCount(0);
    await page.getByRole('spinbutton', { name: 'Steuer (%)', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'legal-product-tax-presets', false);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/backend/branches/branches/new');
    await expect(page.getByRole('textbox', { name: 'Zeitzone', exact: true })).toHaveValue('Europe/Vienna');

    await page.goto('/backend/staff/working-activities/new');
    await expect(
      page.getByRole('combobox', { name: 'Art', exact: true }).locator('option[value="sick"]'),
    ).toHaveText('Krankenstand');
  });

  test("an empty Impressum offers the market's template with its gaps marked", async ({ page }, testInfo) => {
    test.slow(); // sign-in and the whole configuration form
    await openSignedIn(page, '/backend/settings/config');
    const imprint = page.getByRole('textbox', { name: 'Impressum (Text)', exact: true });
    await expect(imprint).toBeVisible();
    await imprint.fill('');
    const insert = page.getByRole('button', { name: 'Vorlage für Österreich einfügen: Impressum (Text)' });
    await insert.click();
    await expect(imprint).toHaveValue(/Informationen nach § 5 E-Commerce-Gesetz/);
    await expect(imprint).toHaveValue(/\[BITTE AUSFÜLLEN: UID-Nummer|\[BITTE AUSFÜLLEN: ATU…\]/);
    await expect(insert).toHaveCount(0); // only for an empty text: never over what the owner wrote
    await imprint.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'legal-imprint-template', false);
  });
});
