import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../lib/i18n';

/**
 * Asks before a destructive action. `text` says what will happen (and, for irreversible changes
 * such as marking a patient deceased, that it cannot be undone).
 */
export function confirmAction(opts: { title: string; text: string; confirmLabel?: string; danger?: boolean; onConfirm: () => void }) {
  modals.openConfirmModal({
    title: opts.title,
    children: <Text size="sm">{opts.text}</Text>,
    labels: { confirm: opts.confirmLabel ?? i18n.t('actions.confirm'), cancel: i18n.t('actions.cancel') },
    confirmProps: { color: opts.danger === false ? undefined : 'red' },
    closeButtonProps: { 'aria-label': i18n.t('actions.close') },
    onConfirm: opts.onConfirm,
  });
}
