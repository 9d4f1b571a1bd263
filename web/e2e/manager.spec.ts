import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './support';

// The demo manager (README "Demo data": ROLE_MANAGER, everything but users and configuration) opens every
// back-office screen its navigation offers. None may show a permission error or an error alert, and no API
// call may be answered 403: the back office asks only what the role may read and hides what it may not use.

const PERMISSION_ERROR = 'Sie haben keine Berechtigung für diese Aktion.';

async function signInAsManager(page: Page) {
  await page.goto('/backend/login');
  await page.getByLabel('Benutzername').fill('leitung');
  await page.getByLabel('Passwort').fill('Leitung-Demo-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/backend$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
}

/** The back-office links of every navigation in the page (also those folded away on a phone). */
async function navLinks(page: Page): Promise<string[]> {
  return page
    .locator('nav a[href^="/backend/"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

test('the manager opens every screen of its navigation without a permission error or a refused call', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) {
      refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  });
  await signInAsManager(page);

  const areas = await page
    .getByRole('navigation', { name: 'Bereiche' })
    .locator('a')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  // Users and the shop configuration are the administration's; the logs stay under Einstellungen.
  expect(areas).toEqual([
    '/backend/orders',
    '/backend/catalog',
    '/backend/branches',
    '/backend/content',
    '/backend/media',
    '/backend/staff',
    '/backend/signage',
    '/backend/devices',
    '/backend/statistics',
    '/backend/settings',
  ]);

  const queue = [...areas];
  const visited: string[] = [];
  const problems: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (visited.includes(path)) continue;
    visited.push(path);
    const before = refused.length;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const alert = page.getByRole('alert', { name: 'Fehler' });
    if (await alert.isVisible()) problems.push(`${path}: ${await alert.innerText()}`);
    if (await page.getByText(PERMISSION_ERROR).first().isVisible())
      problems.push(`${path}: ${PERMISSION_ERROR}`);
    if (await page.getByText('Für diesen Bereich fehlt Ihnen die Berechtigung.').isVisible()) {
      problems.push(`${path}: Bereich ohne Berechtigung`);
    }
    if (refused.length > before) problems.push(`${path}: 403 for ${refused.slice(before).join(', ')}`);
    for (const link of await navLinks(page)) {
      if (!visited.includes(link) && !queue.includes(link)) queue.push(link);
    }
  }
  await screenshot(page, testInfo, 'manager-last-screen', false);

  expect(problems).toEqual([]);
  expect(refused).toEqual([]);
  // The crawl reached the screens below the areas, not only the areas.
  expect(visited.length).toBeGreaterThan(areas.length + 10);
  expect(visited).toContain('/backend/staff/working-activities');
  // Screens of the administration are not offered.
  expect(visited.filter((p) => /\/backend\/settings\/(users|config)/.test(p))).toEqual([]);
  testInfo.annotations.push({ type: 'screens', description: visited.join(' ') });
});
