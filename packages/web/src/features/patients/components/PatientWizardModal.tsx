import { useRef, useState } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { PatientWizard } from './PatientWizard';

/** The registration wizard in a modal; closing asks first when something would be lost. */
export function PatientWizardModal({ opened, onClose, onOpenPatient }: { opened: boolean; onClose: () => void; onOpenPatient: (id: number, name: string) => void }) {
  const { t } = useTranslation('patients');
  const [key, setKey] = useState(0);
  const guard = useRef<string | null>(null);
  const small = useMediaQuery('(max-width: 48em)');
  const close = () => {
    guard.current = null;
    setKey((k) => k + 1);
    onClose();
  };
  const requestClose = () => {
    if (!guard.current) { return close(); }
    confirmAction({ title: t('wizard.closeTitle'), text: guard.current, confirmLabel: t('wizard.closeConfirm'), onConfirm: close });
  };
  return (
    <Modal opened={opened} onClose={requestClose} size={960} fullScreen={small} title={t('wizard.title')} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <PatientWizard
        key={key}
        closeGuard={guard}
        onClose={close}
        onRestart={() => setKey((k) => k + 1)}
        onOpenPatient={(id, name) => {
          close();
          onOpenPatient(id, name);
        }}
      />
    </Modal>
  );
}
