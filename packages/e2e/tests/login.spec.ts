import { expect, test } from '@playwright/test';
import { seriousViolations, snap } from './helpers';

test('the login page is in Spanish by default, keeps English when chosen, and explains a wrong password', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión en Vigil' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Usuario o correo electrónico').fill('nobody');
  await page.getByLabel('Contraseña').fill('wrong-password');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Usuario o contraseña no válidos');

  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await snap(page, 'login-english-required');
});

test('a protected page without a session goes to the login with a redirect query; unknown paths go to the login', async ({ page }) => {
  await page.goto('/patients?status=1');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fpatients%3Fstatus%3D1$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
