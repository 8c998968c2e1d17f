import { useState } from 'react';
import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userOf } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render';
import { GuardedModal, useModalForm } from './GuardedModal';

// A dialog that holds typed data asks before it is discarded (Escape, a click outside, the close
// button, Cancel, leaving the page) and focuses its first field (docs/first-day.md "Forms keep what
// you typed").
function NoteForm({ onClose }: { onClose: () => void }) {
  const form = useForm({ initialValues: { goal: '' } });
  const cancel = useModalForm(form.isDirty(), onClose);
  return (
    <>
      <TextInput label="Goal" {...form.getInputProps('goal')} />
      <Button onClick={cancel}>Cancel</Button>
    </>
  );
}

function Harness({ onClose }: { onClose: () => void }) {
  const [opened, setOpened] = useState(true);
  const close = () => {
    onClose();
    setOpened(false);
  };
  return (
    <GuardedModal opened={opened} onClose={close} title="Care plan" closeButtonProps={{ 'aria-label': 'Close' }}>
      <NoteForm onClose={close} />
    </GuardedModal>
  );
}

async function open(onClose = vi.fn()) {
  const r = await renderWithProviders(<Harness onClose={onClose} />, { user: userOf(), route: '/patientdetails/5', routes: [{ path: '/patients', element: <p>Patients list</p> }] });
  const field = await screen.findByRole('textbox', { name: 'Goal' });
  return { ...r, field, onClose };
}
const question = () => screen.queryByText('Discard your changes?');

describe('GuardedModal', () => {
  it('focuses the first field, not the close button', async () => {
    const { field } = await open();
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('closes at once on Escape when nothing was typed', async () => {
    const { onClose } = await open();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();
  });

  it('asks on Escape when something was typed; Keep editing keeps the text, Discard closes', async () => {
    const { field, onClose } = await open();
    await userEvent.type(field, 'Walk 30 minutes');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Discard your changes?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Goal' }) as HTMLInputElement).value).toBe('Walk 30 minutes');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("asks on the form's Cancel button when something was typed", async () => {
    const { field, onClose } = await open();
    await userEvent.type(field, 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Discard your changes?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before leaving the page; the page changes only on Discard', async () => {
    const { field, router, onClose } = await open();
    await userEvent.type(field, 'x');
    void router.navigate('/patients');
    expect(await screen.findByText('Discard your changes?')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/patientdetails/5');
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(router.state.location.pathname).toBe('/patientdetails/5');
    void router.navigate('/patients');
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/patients'));
    expect(onClose).toHaveBeenCalled();
  });

  it('asks in Spanish for a Spanish user', async () => {
    await renderWithProviders(<Harness onClose={vi.fn()} />, { user: userOf(), lang: 'es' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Goal' }), 'x');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('¿Descartar los cambios?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seguir editando' })).toBeTruthy();
  });
});
