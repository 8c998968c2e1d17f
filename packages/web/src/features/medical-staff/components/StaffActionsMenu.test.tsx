import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { mfa, Role, UserStatus } from '@vigil/contract';
import { userOf } from '../../../testing/fixtures';
import { answer, type ReceivedRequest } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { StaffActionsMenu } from './StaffActionsMenu';

// Resetting a staff member's lost sign-in factors from the staff list (docs/security.md
// "Multi-factor authentication"): for an admin of their organization, after a confirmation.
const member = { id: 42, firstName: 'Nina', lastName: 'Ortega', status: UserStatus.ACTIVE };

describe('reset sign-in factors', () => {
  it('an organization admin resets them after confirming, and is told how many went', async () => {
    const calls: ReceivedRequest[] = [];
    const shown = vi.spyOn(notifications, 'show');
    server.use(answer(mfa.resetUserFactors, { removed: 2 }, calls));
    await renderWithProviders(<StaffActionsMenu member={member} officeId={11} officeName="Clínica Hudson" />, { user: userOf(Role.ORGANIZATION_ADMIN) });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reset sign-in factors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the sign-in factors of Nina Ortega?' });
    expect(calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset sign-in factors' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.params).toEqual({ userId: '42' });
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', message: '2 factors of Nina Ortega removed' })));
  });

  it('a nurse is not offered it', async () => {
    await renderWithProviders(<StaffActionsMenu member={member} officeId={11} officeName="Clínica Hudson" />, { user: userOf(Role.NURSE) });
    await waitFor(() => expect(screen.queryByTestId('suspended')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
  });
});
