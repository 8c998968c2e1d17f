import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { auditTrail, type AuditVerification, type AuditVerificationStatus } from '@vigil/contract';
import { answer, refuse, type ReceivedRequest } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { AuditProtection } from './AuditProtection';

// The trail's protection on /logs (docs/audit.md "Operations"): the newest checkpoint, the last
// verdict with its first bad position, and a full re-check started in the background whose progress
// the screen polls until it is done.

const run = (over: Partial<AuditVerification>): AuditVerification => ({
  id: 7, kind: 'full', status: 'queued', rowsDone: 0, rowsTotal: 400, startedAt: '2026-12-02T05:00:00.000Z', finishedAt: null, result: null, error: null, ...over,
});
const truncated = { ok: false, checked: 30, break: { kind: 'truncated' as const, id: 31 }, headId: 30, fromId: 40, checkpoint: { lastId: 40, at: '2026-12-02T04:55:30.000Z' }, keyConfigured: true };

describe('AuditProtection', () => {
  it('shows the last checkpoint and a tampered verdict with its first bad position, in English and Spanish', async () => {
    const status: AuditVerificationStatus = {
      keyConfigured: true,
      lastCheckpoint: { lastId: 40, count: 40, at: '2026-12-02T04:55:30.000Z' },
      lastResult: run({ id: 3, kind: 'incremental', status: 'done', finishedAt: '2026-12-02T05:00:30.000Z', result: truncated, rowsDone: 30 }),
      fullCheck: null,
    };
    server.use(answer(auditTrail.getAuditVerification, status));
    const { unmount } = await renderWithProviders(<AuditProtection />);
    expect(await screen.findByText(/Last checkpoint: .*\(position 40, 40 events\)/)).toBeTruthy();
    expect((screen.getByTestId('audit-last-result')).textContent).toContain('the events from position 31 on were removed');
    unmount();
    await renderWithProviders(<AuditProtection />, { lang: 'es' });
    expect(await screen.findByText(/se eliminaron los eventos a partir de la posición 31/)).toBeTruthy();
  });

  it('warns when no checkpoint key is configured', async () => {
    server.use(answer(auditTrail.getAuditVerification, { keyConfigured: false, lastCheckpoint: null, lastResult: null, fullCheck: null }));
    await renderWithProviders(<AuditProtection />);
    expect(await screen.findByText(/No checkpoint key is configured/)).toBeTruthy();
    expect((screen.getByTestId('audit-last-checkpoint')).textContent).toContain('No checkpoint yet.');
  });

  it('starts a full re-check and shows its progress until it is done', async () => {
    const calls: ReceivedRequest[] = [];
    let polls = 0;
    const states = [run({ status: 'running', rowsDone: 100 }), run({ status: 'running', rowsDone: 300 }), run({ status: 'done', rowsDone: 400, finishedAt: '2026-12-02T05:01:00.000Z', result: { ...truncated, ok: true, break: null, checked: 400, fromId: 0 } })];
    let started = false;
    server.use(
      answer(auditTrail.getAuditVerification, () => ({ keyConfigured: true, lastCheckpoint: null, lastResult: null, fullCheck: started ? states[Math.min(polls++, states.length - 1)]! : null })),
      answer(auditTrail.startAuditFullCheck, () => {
        started = true;
        return run({});
      }, calls),
    );
    await renderWithProviders(<AuditProtection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start a full re-check' }));
    expect(calls).toHaveLength(1);
    expect(await screen.findByText(/Full re-check: (100|300) of 400 events \((25|75)%\)/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start a full re-check' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText(/Full re-check of .*: The audit trail is intact: 400 events checked\./, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText('Full re-check: 400 of 400 events (100%)')).toBeTruthy();
  });

  it('says so when a full re-check is already running (409)', async () => {
    server.use(
      answer(auditTrail.getAuditVerification, { keyConfigured: true, lastCheckpoint: null, lastResult: null, fullCheck: null }),
      refuse(auditTrail.startAuditFullCheck, 409, 'A full check of the audit trail is already running'),
    );
    await renderWithProviders(<AuditProtection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start a full re-check' }));
    expect(await screen.findByText('A full check of the audit trail is already running')).toBeTruthy();
  });
});
