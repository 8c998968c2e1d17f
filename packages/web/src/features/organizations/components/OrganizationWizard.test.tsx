import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { organizations, referenceData, Role, type Organization } from '@vigil/contract';
import { userOf } from '../../../testing/fixtures';
import { answer, refuse, type ReceivedRequest } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { OrganizationWizard } from './OrganizationWizard';

// A registration wizard (lib/use-wizard.ts): each step is checked against the contract's schema
// before it is left, nothing is sent before the review step, and a field the server refuses takes
// the user back to its step with the server's message.
const created: Organization = {
  id: 41,
  institutionName: 'Red Hudson',
  institutionNameESP: '',
  contactPhone: '',
  contactEmail: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
  status: 1,
  officeCount: 0,
};

function serveCountries() {
  return answer(referenceData.getCountries, [{ id: 1, countryCode: 'US', countryName: 'United States', countryNameEsp: 'Estados Unidos', phoneCode: '+1' }]);
}

const NAME = /^Institution name\s*\*?$/;
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('the organization wizard', () => {
  it('keeps the user on a step with errors and sends nothing', async () => {
    const calls: ReceivedRequest[] = [];
    server.use(serveCountries(), answer(organizations.createOrganization, created, calls));
    await renderWithProviders(<OrganizationWizard opened onClose={() => undefined} />, { user: userOf(Role.SYSTEM_ADMIN) });
    await screen.findByRole('textbox', { name: NAME });
    await next();
    expect(await screen.findByText(/required/i)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: NAME })).toBeTruthy();
    expect(screen.queryByText('Create organization')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('walks identity, contact and review, then creates with the typed values', async () => {
    const calls: ReceivedRequest[] = [];
    const onCreated = vi.fn();
    server.use(serveCountries(), answer(organizations.createOrganization, created, calls));
    await renderWithProviders(<OrganizationWizard opened onClose={() => undefined} onCreated={onCreated} />, { user: userOf(Role.SYSTEM_ADMIN) });
    await userEvent.type(await screen.findByRole('textbox', { name: NAME }), 'Red Hudson');
    await next();
    await userEvent.type(await screen.findByRole('textbox', { name: 'City' }), 'Albany');
    await next();
    expect(await screen.findByText('Check the data below. Go back to change anything, or create the organization.')).toBeTruthy();
    expect(screen.getByText('Albany')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 41 })));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ institutionName: 'Red Hudson', city: 'Albany', country: 'US' });
  });

  it("returns to the step of a field the server refuses, with the server's message", async () => {
    server.use(serveCountries(), refuse(organizations.createOrganization, 400, 'Invalid data', { errors: { institutionName: 'An organization with this name already exists' } }));
    await renderWithProviders(<OrganizationWizard opened onClose={() => undefined} />, { user: userOf(Role.SYSTEM_ADMIN) });
    await userEvent.type(await screen.findByRole('textbox', { name: NAME }), 'Red Hudson');
    await next();
    await screen.findByRole('textbox', { name: 'City' });
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('An organization with this name already exists')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: NAME })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Invalid data');
  });
});
