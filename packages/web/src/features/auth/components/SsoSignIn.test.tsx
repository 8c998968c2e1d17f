import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sso } from '@vigil/contract';
import { answer, refuse, type ReceivedRequest } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { SsoSignIn } from './SsoSignIn';

// "Sign in with your organization" (docs/security.md "Single sign-on"): the typed e-mail finds the
// organization, then the browser goes to the API's start of the provider's sign-in.
const assign = vi.fn();
const original = window.location;

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: original });
  assign.mockReset();
});

function stubLocation() {
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
}

describe('sign in with your organization', () => {
  it('finds the organization by the typed e-mail and goes to its provider', async () => {
    stubLocation();
    const calls: ReceivedRequest[] = [];
    server.use(answer(sso.discoverSso, { organizationId: 7, organizationName: 'Clínica Hudson' }, calls));
    await renderWithProviders(<SsoSignIn organizationId={null} />);
    await userEvent.type(screen.getByLabelText(/Work e-mail or organization/), 'nina@clinic.example.org');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/sso/start?org=7'));
    expect(calls[0]!.query.q).toBe('nina@clinic.example.org');
  });

  it("shows the server's message when no organization uses single sign-on", async () => {
    stubLocation();
    server.use(refuse(sso.discoverSso, 404, 'El inicio de sesión único no está configurado para esta organización'));
    await renderWithProviders(<SsoSignIn organizationId={null} />, { lang: 'es' });
    await userEvent.type(screen.getByLabelText(/Correo del trabajo u organización/), 'nadie@otra.example');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión con su organización' }));
    expect((await screen.findByRole('alert')).textContent).toContain('El inicio de sesión único no está configurado');
    expect(assign).not.toHaveBeenCalled();
  });

  it("goes straight to the provider with an organization's link", async () => {
    stubLocation();
    await renderWithProviders(<SsoSignIn organizationId={12} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with your organization' }));
    expect(assign).toHaveBeenCalledWith('/api/sso/start?org=12');
  });
});
