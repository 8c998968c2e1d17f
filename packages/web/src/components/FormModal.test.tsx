import { useState } from 'react';
import { Button, Select, TextInput, Textarea } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { FormModal } from './FormModal';

// Forms that hold typed data (docs/ui.md "Forms that hold typed data"): the dialog opens on its
// first typed field and asks before what was typed is discarded.
function Harness({ onClosed }: { onClosed: () => void }) {
  const [opened, setOpened] = useState(true);
  const close = () => { setOpened(false); onClosed(); };
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open</Button>
      <FormModal opened={opened} onClose={close} title="Care plan" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Select label="Program" data={['CCM', 'RPM']} />
        <TextInput label="Goal" />
        <Textarea label="Interventions" />
        <Button onClick={close}>Save</Button>
      </FormModal>
    </>
  );
}

describe('FormModal', () => {
  it('opens with the focus on the first typed field, not on the close button or a select', async () => {
    await renderWithProviders(<Harness onClosed={() => undefined} />);
    const goal = await screen.findByRole('textbox', { name: 'Goal' });
    await waitFor(() => expect(document.activeElement).toBe(goal));
  });

  it('closes at once on Escape when nothing was typed', async () => {
    const closed = vi.fn();
    await renderWithProviders(<Harness onClosed={closed} />);
    await screen.findByRole('dialog', { name: 'Care plan' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Discard what you typed?')).toBeNull();
  });

  it('asks before discarding what was typed: "Keep editing" keeps it, "Discard" closes', async () => {
    const closed = vi.fn();
    await renderWithProviders(<Harness onClosed={closed} />);
    const goal = await screen.findByRole('textbox', { name: 'Goal' });
    await userEvent.type(goal, 'Blood pressure under 140/90');
    await userEvent.keyboard('{Escape}');
    expect((await screen.findByText('Discard what you typed?')).textContent).toBe('Discard what you typed?');
    expect(closed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('discard-keep'));
    await waitFor(() => expect(screen.queryByText('Discard what you typed?')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Goal' }) as HTMLInputElement).value).toBe('Blood pressure under 140/90');
    expect(closed).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(await screen.findByTestId('discard-confirm'));
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
  });

  it('a form that saves closes without asking', async () => {
    const closed = vi.fn();
    await renderWithProviders(<Harness onClosed={closed} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Goal' }), 'Walk daily');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(closed).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard what you typed?')).toBeNull();
  });
});
