import { useRef, useState } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { StaffWizard } from './StaffWizard';

/** The staff registration wizard in a modal; closing asks first when something would be lost. */
export function StaffWizardModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('medicalStaff');
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
    <Modal
      opened={opened}
      onClose={requestClose}
      size={880}
      fullScreen={small}
      title={t('wizard.title')}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <StaffWizard key={key} closeGuard={guard} onClose={close} onRestart={() => setKey((k) => k + 1)} />
    </Modal>
  );
}
