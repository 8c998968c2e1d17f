import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Role, users, type User } from '@vigil/contract';
import { useOfficeAdmins } from '../lib/shared-reads';
import { userOf } from '../testing/fixtures';
import { answer, refuse, type ReceivedRequest } from '../testing/handlers';
import { renderWithProviders } from '../testing/render';
import { server } from '../testing/server';
import { SearchInput } from './SearchInput';
import { ServerTable, type PageState } from './ServerTable';

// The server table (HOUSE_STYLE section 5): paging, sorting and search happen on the server; the
// table sends its state as the endpoint's query and shows the page it answers.
const admins: User[] = Array.from({ length: 23 }, (_, i) => userOf(Role.HOSPITAL_ADMIN, { id: 100 + i, firstName: 'Admin', lastName: `Apellido${String(i + 1).padStart(2, '0')}` }));

/** GET user/gethospitaladmins as the server pages, sorts and searches it. */
function serveAdmins(calls: ReceivedRequest[]) {
  return answer(
    users.getHospitalAdmins,
    ({ query }) => {
      const page = Number(query.page ?? 1);
      const pageSize = Number(query.pageSize ?? 10);
      let list = admins.filter((u) => !query.search || u.lastName.toLowerCase().includes(query.search.toLowerCase()));
      if (query.sort === '-lastName') { list = [...list].reverse(); }
      return { items: list.slice((page - 1) * pageSize, page * pageSize), total: list.length, page, pageSize };
    },
    calls,
  );
}

function AdminsTable() {
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 10 });
  const q = useOfficeAdmins(undefined, state);
  return (
    <>
      <SearchInput value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} />
      <ServerTable
        caption="Office admins"
        columns={[{ header: 'Last name', sortKey: 'lastName', render: (u: User) => u.lastName }]}
        rows={q.data?.items}
        total={q.data?.total}
        state={state}
        onChange={setState}
        rowKey={(u) => u.id}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
      />
    </>
  );
}

const shownNames = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getByRole('cell').textContent);
const last = (calls: ReceivedRequest[]) => calls.at(-1)!.query;

describe('the server table', () => {
  it('asks for the first page and shows it with the total', async () => {
    const calls: ReceivedRequest[] = [];
    server.use(serveAdmins(calls));
    await renderWithProviders(<AdminsTable />, { user: userOf(Role.ORGANIZATION_ADMIN) });
    expect(await screen.findByText('Apellido01')).toBeTruthy();
    expect(shownNames()).toHaveLength(10);
    expect(screen.getByText('23 in total')).toBeTruthy();
    expect(last(calls)).toMatchObject({ page: '1', pageSize: '10' });
  });

  it('pages on the server', async () => {
    const calls: ReceivedRequest[] = [];
    server.use(serveAdmins(calls));
    await renderWithProviders(<AdminsTable />, { user: userOf(Role.ORGANIZATION_ADMIN) });
    await screen.findByText('Apellido01');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3 of 3' }));
    expect(await screen.findByText('Apellido21')).toBeTruthy();
    expect(shownNames()).toEqual(['Apellido21', 'Apellido22', 'Apellido23']);
    expect(last(calls)).toMatchObject({ page: '3', pageSize: '10' });
  });

  it('sorts on the server, ascending then descending, and says so in aria-sort', async () => {
    const calls: ReceivedRequest[] = [];
    server.use(serveAdmins(calls));
    await renderWithProviders(<AdminsTable />, { user: userOf(Role.ORGANIZATION_ADMIN) });
    await screen.findByText('Apellido01');
    const header = () => screen.getByRole('columnheader', { name: /Last name/ });
    expect(header().getAttribute('aria-sort')).toBe('none');
    await userEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(last(calls).sort).toBe('lastName'));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(shownNames()[0]).toBe('Apellido23'));
    expect(last(calls)).toMatchObject({ sort: '-lastName', page: '1' });
    expect(header().getAttribute('aria-sort')).toBe('descending');
  });

  it('searches on the server from the first page, and says when nothing matches', async () => {
    const calls: ReceivedRequest[] = [];
    server.use(serveAdmins(calls));
    await renderWithProviders(<AdminsTable />, { user: userOf(Role.ORGANIZATION_ADMIN) });
    await screen.findByText('Apellido01');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2 of 3' }));
    await screen.findByText('Apellido11');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'apellido1');
    await waitFor(() => expect(last(calls)).toMatchObject({ search: 'apellido1', page: '1' }));
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(screen.getByText('10 in total')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'zz');
    expect(await screen.findByText('No results match your search')).toBeTruthy();
  });

  it("shows the server's refusal with a retry", async () => {
    server.use(refuse(users.getHospitalAdmins, 500, 'Database unavailable'));
    await renderWithProviders(<AdminsTable />, { user: userOf(Role.ORGANIZATION_ADMIN) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The list could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    server.use(serveAdmins([]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Apellido01')).toBeTruthy();
  });
});
