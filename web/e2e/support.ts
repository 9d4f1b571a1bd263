import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, type TestInfo } from '@playwright/test';

const require = createRequire(import.meta.url);
// Evaluated rather than added as a <script>: the app's Content-Security-Policy forbids inline scripts.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Screenshots are for people: web/test-results/screenshots/<project>-<name>.png. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await page.screenshot({
    path: `test-results/screenshots/${testInfo.project.name}-${name}.png`,
    fullPage,
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core (WCAG 2 A and AA) in the page; fails on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (options: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}
