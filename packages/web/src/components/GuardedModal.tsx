import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Modal, Text, type ModalProps } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useBlocker } from 'react-router';
import i18n from '../lib/i18n';

/**
 * The fields a dialog focuses first, in document order: text inputs, selects and text areas that
 * take input (docs/first-day.md "Forms keep what you typed").
 */
const FIELD_SELECTOR = 'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), select:not([disabled])';

/**
 * Asks "Discard your changes?" (Keep editing / Discard, in the user's language); `onDiscard` runs
 * only when the user chooses Discard, `onKeep` when they keep editing (or close the question).
 */
export function askDiscard(onDiscard: () => void, onKeep: () => void = () => undefined): void {
  let decided = false;
  modals.openConfirmModal({
    title: i18n.t('common:discard.title'),
    children: <Text size="sm">{i18n.t('common:discard.text')}</Text>,
    labels: { confirm: i18n.t('common:discard.discard'), cancel: i18n.t('common:discard.keep') },
    confirmProps: { color: 'red', 'data-testid': 'discard-confirm' } as never,
    cancelProps: { 'data-testid': 'discard-keep' } as never,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    onConfirm: () => {
      decided = true;
      onDiscard();
    },
    onClose: () => {
      if (!decided) { onKeep(); }
    },
  });
}

/**
 * The discard guard of a form: `requestClose()` closes at once when nothing was typed (`dirty`
 * false), else asks first and closes only on Discard. While `active` and dirty, leaving the page
 * (a link, back, a typed address) asks too, and reloading or closing the tab gets the browser's
 * own question. One guard per open form (react-router keeps one navigation blocker).
 */
export function useDiscardGuard(dirty: boolean, onClose: () => void, active = true): { requestClose: () => void } {
  const requestClose = useAskBeforeClose(dirty, onClose);
  useLeaveGuard(active && dirty, onClose);
  return { requestClose };
}

/** `requestClose` of useDiscardGuard without the page-leaving guard (a dialog adds that only while open). */
function useAskBeforeClose(dirty: boolean, onClose: () => void): () => void {
  const state = useRef({ dirty, onClose });
  state.current = { dirty, onClose };
  const requestClose = useCallback(() => {
    if (!state.current.dirty) {
      state.current.onClose();
      return;
    }
    askDiscard(() => state.current.onClose());
  }, []);
  return requestClose;
}

/**
 * While `guarding`: leaving the page inside the app (a link, back, a typed address) asks "Discard
 * your changes?" and goes on (then `onLeave`) only on Discard; reloading or closing the tab gets the
 * browser's own question.
 */
function useLeaveGuard(guarding: boolean, onLeave: () => void): void {
  const leave = useRef(onLeave);
  leave.current = onLeave;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guarding && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    if (blocker.state === 'blocked') {
      askDiscard(
        () => {
          blocker.proceed();
          leave.current();
        },
        () => blocker.reset(),
      );
    }
  }, [blocker]);
  useEffect(() => {
    if (!guarding) { return; }
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [guarding]);
}

/**
 * Focuses the first field of `children` when they appear, not the dialog's close button: the
 * first field is marked `data-autofocus` before Mantine's focus trap looks for one, and focused
 * afterwards when the trap chose the close button (a field that came a moment later).
 */
function FirstFieldFocus({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || root.querySelector('[data-autofocus]')) { return; }
    root.querySelector<HTMLElement>(FIELD_SELECTOR)?.setAttribute('data-autofocus', '');
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => {
      const root = ref.current;
      if (!root) { return; }
      const focused = document.activeElement;
      if (focused && root.contains(focused) && focused.matches(FIELD_SELECTOR)) { return; }
      root.querySelector<HTMLElement>(FIELD_SELECTOR)?.focus({ preventScroll: true });
    }, 50);
    return () => clearTimeout(timer);
  }, []);
  return <div ref={ref}>{children}</div>;
}

export interface GuardedModalProps extends ModalProps {
  /** Something was typed and not saved: closing asks first. Omitted: the form inside says so with `useModalForm`. */
  dirty?: boolean;
}

interface ModalFormLink {
  report: (dirty: boolean) => void;
  requestClose: () => void;
}
const ModalFormContext = createContext<ModalFormLink | null>(null);

/**
 * For a form inside a GuardedModal: tells the modal whether something was typed (`dirty`, e.g.
 * `form.isDirty()` of @mantine/form) and answers the close that asks first, for the form's own
 * Cancel button. Outside a GuardedModal it answers `fallback` (closes without asking).
 */
export function useModalForm(dirty: boolean, fallback: () => void): () => void {
  const link = useContext(ModalFormContext);
  const report = link?.report;
  useEffect(() => {
    report?.(dirty);
  }, [report, dirty]);
  useEffect(() => () => report?.(false), [report]);
  return link ? link.requestClose : fallback;
}

/**
 * A Mantine Modal for a form that holds typed data (docs/first-day.md "Forms keep what you
 * typed"): Escape, a click outside, the close button, a Cancel button wired to `useModalForm`, or
 * leaving the page ask "Discard your changes?" when the form is dirty, and the dialog focuses its
 * first field. `onClose` runs only once the user chose to discard (or nothing was typed).
 */
export function GuardedModal({ dirty, onClose, opened, children, ...rest }: GuardedModalProps) {
  const [reported, setReported] = useState(false);
  const isDirty = dirty ?? reported;
  const requestClose = useAskBeforeClose(isDirty, onClose);
  const link = useMemo<ModalFormLink>(() => ({ report: setReported, requestClose }), [requestClose]);
  return (
    <Modal opened={opened} onClose={requestClose} {...rest}>
      {opened && isDirty && <NavigationGuard onLeave={onClose} />}
      <ModalFormContext.Provider value={link}>
        <FirstFieldFocus>{children}</FirstFieldFocus>
      </ModalFormContext.Provider>
    </Modal>
  );
}

/** Asks before leaving the page while an open dialog holds typed data (mounted only then: react-router keeps one blocker). */
function NavigationGuard({ onLeave }: { onLeave: () => void }) {
  useLeaveGuard(true, onLeave);
  return null;
}
