import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ccmConditionGroup, offices, Role, type EndpointResponse } from '@vigil/contract';
import { officeOf, TEST_OFFICE, userOf } from '../../../testing/fixtures';
import { answer, type ReceivedRequest } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { SubRecordSection } from './SubRecordSection';

// The generic CCM sub-record section (docs/ccm.md "Screens"), driven by its contract group: the
// record's rows, add through the form built from the group's fields, delete after confirming; a
// change reloads the record's list.
type Row = EndpointResponse<typeof ccmConditionGroup.getByCcmRecordId>[number];
const condition = (id: number, name: string): Row => ({
  id,
  ccmRecordId: 5,
  patientId: 53,
  hospitalId: TEST_OFFICE.id,
  createdBy: 7,
  createdAt: '2026-03-01T15:00:00.000Z',
  updatedAt: '2026-03-01T15:00:00.000Z',
  name,
  icd10Code: 'E11.9',
  isPrimary: true,
  severity: null,
  onsetDate: null,
  historyStatus: 'STABLE',
  notes: '',
  history: [],
});

/** The record's conditions as the server keeps them: POST adds, DELETE removes. */
function serveConditions(rows: Row[], calls: { list: ReceivedRequest[]; create: ReceivedRequest[]; remove: ReceivedRequest[] }) {
  return [
    answer(offices.getOffice, officeOf()),
    answer(ccmConditionGroup.getByCcmRecordId, () => rows, calls.list),
    answer(
      ccmConditionGroup.create,
      ({ body }) => {
        const row = condition(100 + rows.length, (body as { name: string }).name);
        rows.push(row);
        return row;
      },
      calls.create,
    ),
    answer(
      ccmConditionGroup.remove,
      ({ params }) => {
        rows.splice(rows.findIndex((r) => r.id === Number(params.id)), 1);
        return { id: Number(params.id) };
      },
      calls.remove,
    ),
  ];
}

const section = (canManage: boolean) => <SubRecordSection group={ccmConditionGroup as never} ccmRecordId={5} patientId={53} hospitalId={TEST_OFFICE.id} canManage={canManage} />;

describe('a CCM sub-record section', () => {
  it("lists the record's rows with their summary, read-only without ccm.manage", async () => {
    const calls = { list: [], create: [], remove: [] };
    server.use(...serveConditions([condition(1, 'Type 2 diabetes')], calls));
    await renderWithProviders(section(false), { user: userOf(Role.CARE_GIVER) });
    expect(await screen.findByText('Type 2 diabetes (E11.9)')).toBeTruthy();
    expect(screen.getByText('Conditions (1)')).toBeTruthy();
    expect(calls.list[0]).toMatchObject({ headers: { ccmrecordid: '5' } });
    expect(screen.queryByRole('button', { name: 'Add condition' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('adds a row through the form built from the group, and shows it after the list reloads', async () => {
    const calls = { list: [] as ReceivedRequest[], create: [] as ReceivedRequest[], remove: [] as ReceivedRequest[] };
    server.use(...serveConditions([], calls));
    await renderWithProviders(section(true), { user: userOf(Role.NURSE) });
    expect(await screen.findByText('No conditions recorded in this CCM record')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Condition/ }), 'Hypertension');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hypertension (E11.9)')).toBeTruthy();
    expect(calls.create[0]!.body).toMatchObject({ ccmRecordId: 5, name: 'Hypertension', historyStatus: 'STABLE' });
    expect(screen.getByText('Conditions (1)')).toBeTruthy();
  });

  it('deletes a row only after the confirmation', async () => {
    const calls = { list: [] as ReceivedRequest[], create: [] as ReceivedRequest[], remove: [] as ReceivedRequest[] };
    server.use(...serveConditions([condition(1, 'Type 2 diabetes')], calls));
    await renderWithProviders(section(true), { user: userOf(Role.NURSE) });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Type 2 diabetes (E11.9)' }));
    const confirm = await screen.findByRole('dialog');
    expect(calls.remove).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No conditions recorded in this CCM record')).toBeTruthy();
    expect(calls.remove[0]).toMatchObject({ params: { id: '1' } });
  });
});
