import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { signIn, snap } from './helpers';

// Two-step sign-in with an authenticator app (docs/security.md "Multi-factor authentication"):
// doctor2 adds TOTP on the profile's sign-in security screen (QR code and key), saves the recovery
// codes, then signs in again in a new browser: the password leads to the code step, and the code
// (computed here with the same RFC 6238 library an authenticator app uses) gives the session. The
// journey ends by removing the factor (with its confirmation), so doctor2 signs in as before.

const totpOf = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

test('a doctor adds an authenticator app and signs in with its code', async ({ page, browser }) => {
  test.slow();
  await page.goto('/auth/login');
  await page.context().addCookies([{ name: 'vigil_lang', value: 'en', url: new URL(page.url()).origin }]);
  await signIn(page, 'doctor2');
  await expect(page).not.toHaveURL(/\/auth\/login/);

  await page.goto('/profile/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in security' })).toBeVisible();
  await page.getByRole('button', { name: 'Add an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Vigil to an authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const app = totpOf(secret);
  await page.getByLabel('Code from the app').fill(app.generate());
  await snap(page, 'mfa-1-enrol-totp');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByTestId('mfa-factor')).toHaveCount(1);

  // A new browser: the password alone leads to the code step, not into the portal.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const second = await other.newPage();
  await second.goto('/auth/login');
  await other.addCookies([{ name: 'vigil_lang', value: 'en', url: new URL(second.url()).origin }]);
  await signIn(second, 'doctor2');
  await expect(second.getByText('Two-step verification')).toBeVisible();
  await expect(second).toHaveURL(/\/auth\/login/);
  // The next time step's code: the enrolment used the current one, and each step is accepted once.
  await second.getByLabel('Authentication code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await second.getByLabel(/Remember this device/).check();
  await snap(second, 'mfa-2-code-step');
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(second).not.toHaveURL(/\/auth\/login/);

  // Remove the factor again, after its confirmation.
  await second.goto('/profile/security');
  await second.getByTestId('mfa-factor').getByRole('button', { name: 'Remove' }).click();
  await second.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(second.getByText('You have no second factor yet.')).toBeVisible();
  await snap(second, 'mfa-3-factor-removed');
  await other.close();
});
