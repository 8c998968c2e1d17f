import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import LoginPage from './LoginPage';

// A refused single sign-on comes back as /auth/login?sso=<key> (api features/sso/sso.routes.ts
// backToLogin; docs/security.md "Single sign-on"): the page says why, in the user's language.
describe('the login page after a refused single sign-on', () => {
  it('says no Vigil account matches, in Spanish', async () => {
    await renderWithProviders(<LoginPage />, { route: '/auth/login?sso=ssoNoAccount', lang: 'es' });
    expect((await screen.findByTestId('sso-refusal')).textContent).toBe('Ninguna cuenta de Vigil corresponde a la cuenta de su organización. Consulte a su administrador.');
  });

  it('says the sign-in failed, in English', async () => {
    await renderWithProviders(<LoginPage />, { route: '/auth/login?sso=ssoFailed' });
    expect((await screen.findByTestId('sso-refusal')).textContent).toBe('Sign-in with your organization failed. Please try again.');
  });

  it('shows nothing for a parameter that is not one of the refusals', async () => {
    await renderWithProviders(<LoginPage />, { route: '/auth/login?sso=%3Cscript%3E' });
    await screen.findByLabelText(/Password/);
    expect(screen.queryByTestId('sso-refusal')).toBeNull();
  });
});
