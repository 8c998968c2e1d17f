import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { offices, Role, sso, type SsoConfig } from '@vigil/contract';
import { userOf } from '../../../testing/fixtures';
import { answer, refuse, type ReceivedRequest } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import SsoSettingsPage from './SsoSettingsPage';

// The organization's single sign-on settings (docs/security.md "Single sign-on"): the stored secret
// is never shown, an empty secret keeps it, and the server's refusal of an admin role shows at its field.
const stored: SsoConfig = {
  organizationId: 3,
  enabled: true,
  issuerUrl: 'https://login.example.org/realms/clinic',
  clientId: 'vigil',
  hasClientSecret: true,
  claim: 'email',
  emailDomains: ['clinic.example.org'],
  jitEnabled: false,
  jitRoleId: null,
  jitOfficeId: null,
  required: false,
  redirectUri: 'https://portal.example.org/api/sso/callback',
  backchannelLogoutUri: 'https://portal.example.org/api/sso/backchannel-logout/3',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

describe('the single sign-on settings', () => {
  it('shows the addresses to register and saves without sending the kept secret', async () => {
    const calls: ReceivedRequest[] = [];
    server.use(answer(sso.getSsoConfig, stored), answer(offices.findOffices, { items: [], total: 0, page: 1, pageSize: 100 }), answer(sso.saveSsoConfig, { ...stored, required: true }, calls));
    await renderWithProviders(<SsoSettingsPage />, { user: userOf(Role.ORGANIZATION_ADMIN, { organizationId: 3 }) });
    expect(await screen.findByText(stored.redirectUri)).toBeTruthy();
    expect(screen.getByText(stored.backchannelLogoutUri)).toBeTruthy();
    expect((screen.getByLabelText("Client secret") as HTMLInputElement).value).toBe("");
    await userEvent.click(screen.getByRole('switch', { name: /Require single sign-on/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const body = calls[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ issuerUrl: stored.issuerUrl, clientId: 'vigil', required: true });
    expect(body).not.toHaveProperty('clientSecret');
  });

  it("shows the server's refusal at the field, in Spanish", async () => {
    server.use(
      answer(sso.getSsoConfig, stored),
      answer(offices.findOffices, { items: [], total: 0, page: 1, pageSize: 100 }),
      refuse(sso.saveSsoConfig, 400, 'Algunos campos no son válidos', { errors: { issuerUrl: 'No se pudo contactar con el proveedor de identidad en esta URL del emisor' } }),
    );
    await renderWithProviders(<SsoSettingsPage />, { user: userOf(Role.ORGANIZATION_ADMIN, { organizationId: 3 }), lang: 'es' });
    await screen.findByText(stored.redirectUri);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No se pudo contactar con el proveedor de identidad en esta URL del emisor')).toBeTruthy();
  });
});
