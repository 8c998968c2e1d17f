import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userOf } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render';
import { FigureDefinition } from './FigureDefinition';

// Each shared figure states its one definition (docs/dashboards.md "One definition per figure")
// in a tooltip reachable by keyboard, in the user's language.
describe('FigureDefinition', () => {
  it('states the definition of open alerts in a tooltip on focus', async () => {
    await renderWithProviders(<FigureDefinition figure="openAlerts" />, { user: userOf() });
    await userEvent.tab();
    const mark = screen.getByTestId('definition-openAlerts');
    expect(document.activeElement).toBe(mark);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/^Open alerts: .*one per reading.*nobody has processed/);
  });

  it('states it in Spanish for a Spanish user', async () => {
    await renderWithProviders(<FigureDefinition figure="criticalAlerts" />, { user: userOf(), lang: 'es' });
    expect(screen.getByRole('button', { name: /^Alertas críticas: las alertas abiertas/ })).toBeTruthy();
  });
});
