import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Modal, Text, type ModalProps } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../lib/i18n';

/**
 * The first field a person types in: a text input, a number or a text area that is enabled and
 * writable. Never a select or a date picker (their input opens a dropdown when focused).
 */
const TYPED_FIELD = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([readonly]):not([disabled]):not([aria-haspopup]):not([data-dates-input]), textarea:not([readonly]):not([disabled])';

/**
 * Asks "Discard what you typed?" (docs/ui.md "Forms that hold typed data"): `onDiscard` runs when
 * the user discards, `onSettled` when the question closes either way. For a form's own Cancel button.
 */
export function askDiscard(onDiscard: () => void, onSettled?: () => void): void {
  modals.openConfirmModal({
    title: i18n.t('common:discard.title'),
    children: <Text size="sm">{i18n.t('common:discard.text')}</Text>,
    labels: { confirm: i18n.t('common:discard.confirm'), cancel: i18n.t('common:discard.keep') },
    confirmProps: { color: 'red', 'data-testid': 'discard-confirm' } as never,
    cancelProps: { 'data-testid': 'discard-keep' } as never,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    onConfirm: onDiscard,
    onClose: onSettled,
  });
}

/**
 * A dialog that holds a form (docs/ui.md "Forms that hold typed data"): a drop-in for Mantine's
 * `Modal` with the same props.
 * - It opens with the focus on its first typed field (not on the close button), unless the form
 *   marks another element with `data-autofocus`.
 * - Once anything was typed in it, closing it by Escape, by a click outside or by its close button
 *   first asks "Discard what you typed?"; "Keep editing" leaves the form as it was. A form that
 *   closes itself after saving calls `onClose` directly, which never asks.
 * `dirty` overrides the typing check (a form that knows better, such as a wizard's step state).
 */
export function FormModal({ opened, onClose, dirty, children, ...rest }: ModalProps & { dirty?: boolean; children?: ReactNode }) {
  const typed = useRef(false);
  const asking = useRef(false);
  useEffect(() => {
    if (opened) { typed.current = false; }
  }, [opened]);

  const requestClose = useCallback(() => {
    if (!(dirty ?? typed.current)) { onClose(); return; }
    if (asking.current) { return; }
    asking.current = true;
    askDiscard(onClose, () => { asking.current = false; });
  }, [dirty, onClose]);

  // Runs when the form's body mounts, before Mantine's focus trap picks its element (it prefers
  // `data-autofocus`), so the first typed field receives the focus.
  const markFirstField = useCallback((node: HTMLDivElement | null) => {
    if (!node || node.querySelector('[data-autofocus]')) { return; }
    node.querySelector<HTMLElement>(TYPED_FIELD)?.setAttribute('data-autofocus', 'true');
  }, []);

  return (
    <Modal opened={opened} onClose={requestClose} {...rest}>
      <div ref={markFirstField} onInputCapture={() => { typed.current = true; }}>
        {children}
      </div>
    </Modal>
  );
}
