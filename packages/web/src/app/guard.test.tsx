import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@vigil/contract';
import { userOf } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render';
import { RouteGuard } from './guard';
import { appRoutes } from './routes';

const route = (path: string) => appRoutes.find((r) => r.path === path)!;
const Screen = () => <p>Billing settings screen</p>;

// The route guard: a screen opens only for a role holding its route's permission (the permission
// map of @vigil/contract, which the API enforces).
describe('the route guard', () => {
  it('denies /billingsettings to a nurse (no billing.settings) with the no-access page', async () => {
    await renderWithProviders(
      <RouteGuard permission={route('/billingsettings').permission}>
        <Screen />
      </RouteGuard>,
      { user: userOf(Role.NURSE) },
    );
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
    expect(screen.queryByText('Billing settings screen')).toBeNull();
  });

  it('opens it for an organization admin', async () => {
    await renderWithProviders(
      <RouteGuard permission={route('/billingsettings').permission}>
        <Screen />
      </RouteGuard>,
      { user: userOf(Role.ORGANIZATION_ADMIN) },
    );
    expect(await screen.findByText('Billing settings screen')).toBeTruthy();
    expect(screen.queryByTestId('forbidden')).toBeNull();
  });

  it('denies every screen to a signed-out visitor', async () => {
    await renderWithProviders(
      <RouteGuard permission={route('/patients').permission}>
        <Screen />
      </RouteGuard>,
    );
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
  });
});
