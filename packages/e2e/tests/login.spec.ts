import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

test('the login page is in Spanish by default, keeps English when chosen, and explains a wrong password', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión en Vigil' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Usuario o correo electrónico').fill('nobody');
  await page.getByLabel('Contraseña').fill('wrong-password');
  // The password form's button (the page also has the organization sign-in form).
  await page.locator('form:has(input[autocomplete=current-password])').getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Usuario o contraseña no válidos');

  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
  await page.locator('form:has(input[autocomplete=current-password])').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await snap(page, 'login-english-required');
});

test('a protected page without a session goes to the login with a redirect query; unknown paths go to the login', async ({ page }) => {
  await page.goto('/patients?status=1');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fpatients%3Fstatus%3D1$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('signing out leaves no redirect to the last page for the next person', async ({ page }) => {
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/patients?status=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Pacientes' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  // The next person signs in and lands on their own page, not the nurse's patient list.
  await page.locator('input[autocomplete=username]').fill('officeadmin');
  await page.locator('input[autocomplete=current-password]').fill(DEMO_PASSWORD);
  await page.locator('form:has(input[autocomplete=current-password]) button[type=submit]').click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect(page).not.toHaveURL(/status=1/);
});
