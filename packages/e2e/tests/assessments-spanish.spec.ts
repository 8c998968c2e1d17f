import { expect, test } from '@playwright/test';
import { seriousViolations, signIn, snap } from './helpers';

// Assessments in the patient's language (docs/assessments.md "Spanish versions"): on the Spanish
// interface the library shows the PHQ-9's instructions in Pfizer's Spanish (USA) wording and its
// items in Spanish; the MDQ, which has no free Spanish version, is marked English only and its
// preview shows the Spanish note above the English items.

test('the library shows published Spanish instructions and marks the MDQ English only', async ({ page }) => {
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/wellnessassessments');
  await expect(page.getByRole('heading', { level: 1, name: 'Evaluaciones de bienestar' })).toBeVisible();
  const rows = page.getByTestId('template-row');
  const phq9 = rows.filter({ hasText: /PHQ-9 \(/ }).first();
  await expect(phq9.getByTestId('template-description')).toHaveText('Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?');
  const mdq = rows.filter({ hasText: /^MDQ/ }).first();
  await expect(mdq.getByTestId('template-english-only')).toHaveText('Solo en inglés: no hay versión en español de uso libre');
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'assessments-1-library-spanish');

  // The PHQ-9's items in Spanish.
  await phq9.click();
  const drawer = page.getByTestId('template-builder');
  await drawer.getByTestId('builder-preview-tab').click();
  await expect(drawer.getByTestId('template-preview').getByTestId('survey-question').first()).toContainText('Poco interés o placer en hacer cosas');
  await expect(drawer.getByTestId('template-preview-english-only')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The MDQ: the note in Spanish, the items in English (lang="en" for screen readers).
  await mdq.click();
  await drawer.getByTestId('builder-preview-tab').click();
  await expect(drawer.getByTestId('template-preview-english-only')).toHaveText(/Este cuestionario solo está disponible en inglés/);
  const firstItem = drawer.getByTestId('template-preview').getByTestId('survey-question').first();
  await expect(firstItem).toContainText('you felt so good or so hyper');
  expect(await firstItem.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('en');
  await drawer.getByTestId('template-preview-english-only').scrollIntoViewIfNeeded();
  await snap(page, 'assessments-2-mdq-english-only', { fullPage: false });
});
