import { expect, test } from '@playwright/test';
import { passkeyOrigin } from '../playwright.config';
import { signIn, snap } from './helpers';

// A passkey as the second factor (docs/security.md "Multi-factor authentication"), with Chromium's
// WebAuthn virtual authenticator (DevTools protocol `WebAuthn`): doctor2 registers a passkey on the
// profile's sign-in security screen, signs out, and signs in again: the password leads to the
// two-step page, and "Use a passkey" gives the session through the authenticator's assertion. The
// portal is used at localhost (VIGIL_WEBAUTHN_ORIGIN): Chromium refuses an IP address as the
// relying party. The journey ends by removing the passkey, so doctor2 signs in as before.

test('a doctor adds a passkey and signs in with it', async ({ browser }) => {
  test.slow();
  const context = await browser.newContext({ baseURL: passkeyOrigin, locale: 'en-US', viewport: { width: 1366, height: 900 } });
  await context.addCookies([{ name: 'vigil_lang', value: 'en', url: passkeyOrigin }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await signIn(page, 'doctor2');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/profile/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in security' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // The first factor comes with the recovery codes, shown once.
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByTestId('mfa-factor')).toHaveCount(1);
  await expect(page.getByTestId('mfa-factor')).toContainText('Passkey');
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  await snap(page, 'passkey-1-registered');

  await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // The password alone leads to the second step; the passkey completes it.
  await signIn(page, 'doctor2');
  await expect(page.getByText('Two-step verification')).toBeVisible();
  await snap(page, 'passkey-2-second-step');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  const [credential] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  expect(credential!.signCount).toBeGreaterThan(0);

  // Remove the passkey again, after its confirmation.
  await page.goto('/profile/security');
  await page.getByTestId('mfa-factor').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('You have no second factor yet.')).toBeVisible();
  await context.close();
});
