import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const here = path.dirname(fileURLToPath(import.meta.url));
export const screenshotDir = path.join(here, '..', 'screenshots');

export const DEMO_PASSWORD = 'VigilDemo#2026';

/**
 * Saves a screenshot under packages/e2e/screenshots/<name>.png: the full page, or only the viewport
 * (`fullPage: false`, for an open modal, whose overlay covers only the viewport).
 */
export async function snap(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}

/** Serious and critical axe-core violations on the current page (WCAG 2 A/AA rules). */
export async function seriousViolations(page: Page) {
  // A toast or modal that is still fading in has a partial opacity, and axe measures its contrast
  // as it is at that instant: wait for running CSS transitions and animations to end first.
  // Endless ones (a loader's spin) never finish and are left out.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  // A toast that starts to leave (autoClose) while axe scans would be measured half transparent:
  // during the scan, transitions jump to their end (the toast is either whole or gone).
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  await still.evaluate((el) => (el as Element).remove()).catch(() => undefined);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** Signs in through the login page. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  // The UI language comes from the cookie when there is one; otherwise sign-in would apply the
  // user's stored language, which an earlier journey may have changed. Journeys start in Spanish
  // (the product default) unless they set the cookie themselves.
  await page.goto('/auth/login');
  const cookies = await page.context().cookies();
  if (!cookies.some((c) => c.name === 'vigil_lang')) {
    await page.context().addCookies([{ name: 'vigil_lang', value: 'es', url: new URL(page.url()).origin }]);
    await page.reload();
  }
  await page.locator('input[autocomplete=username]').fill(username);
  await page.locator('input[autocomplete=current-password]').fill(password);
  // The password form's own button: the login page also has the organization sign-in (SSO) form.
  await page.locator('form:has(input[autocomplete=current-password]) button[type=submit]').click();
}
