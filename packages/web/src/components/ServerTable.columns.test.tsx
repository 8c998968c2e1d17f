import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { ServerTable, visibleColumns, type Column } from './ServerTable';

// The column chooser and column priorities (docs/accessibility.md "Lists at 1280 px and tablet width").
interface Row {
  id: number;
  name: string;
  team: string;
  minutes: number;
}
const columns: Column<Row>[] = [
  { header: 'Name', render: (r) => r.name },
  { id: 'team', hideBelow: 1000, header: 'Team', render: (r) => r.team },
  { id: 'minutes', header: 'Minutes', render: (r) => String(r.minutes) },
];

describe('visibleColumns', () => {
  it('hides a low-priority column on a box narrower than its threshold and keeps the rest', () => {
    expect(visibleColumns(columns, {}, 900).map((c) => c.header)).toEqual(['Name', 'Minutes']);
    expect(visibleColumns(columns, {}, 1200).map((c) => c.header)).toEqual(['Name', 'Team', 'Minutes']);
  });

  it("follows the user's choice over the priority, and never hides a column without an id", () => {
    expect(visibleColumns(columns, { team: true, minutes: false }, 900).map((c) => c.header)).toEqual(['Name', 'Team']);
    expect(visibleColumns(columns, { team: false, minutes: false }, 2000).map((c) => c.header)).toEqual(['Name']);
  });
});

describe('the column chooser', () => {
  it('hides a column when unticked and remembers it for the next visit', async () => {
    const user = userEvent.setup();
    // "Reload" mounts a new table, as the next visit to the page does.
    function Page() {
      const [visit, setVisit] = useState(1);
      return (
        <>
          <button type="button" onClick={() => setVisit((v) => v + 1)}>
            Reload
          </button>
          <ServerTable key={visit} caption="People" columns={columns} rows={[{ id: 1, name: 'Ana', team: 'Dr. Ruiz', minutes: 25 }]} total={1} state={{ page: 1, pageSize: 10 }} onChange={() => undefined} rowKey={(r) => r.id} columnsKey="people" />
        </>
      );
    }
    await renderWithProviders(<Page />);
    expect(await screen.findByRole('columnheader', { name: 'Minutes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Minutes' }));
    expect(screen.queryByRole('columnheader', { name: 'Minutes' })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('vigil.columns.people') ?? '{}')).toEqual({ minutes: false });

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Minutes' })).toBeNull();
  });
});
