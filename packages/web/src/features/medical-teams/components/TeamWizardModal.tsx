import { useRef, useState } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { TeamWizard } from './TeamWizard';

/** The medical team wizard in a modal; closing asks first when a choice would be lost. */
export function TeamWizardModal({
  opened,
  onClose,
  officeId,
  officeName,
  onOpenTeam,
}: {
  opened: boolean;
  onClose: () => void;
  officeId: number;
  officeName: string;
  onOpenTeam: (patientId: number, name: string) => void;
}) {
  const { t } = useTranslation('medicalTeams');
  const [key, setKey] = useState(0);
  const dirty = useRef(false);
  const small = useMediaQuery('(max-width: 48em)');
  const close = () => {
    dirty.current = false;
    setKey((k) => k + 1);
    onClose();
  };
  const requestClose = () => {
    if (!dirty.current) { return close(); }
    confirmAction({ title: t('wizard.closeTitle'), text: t('wizard.closeDirty'), confirmLabel: t('wizard.closeConfirm'), onConfirm: close });
  };
  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      size={760}
      fullScreen={small}
      title={t('wizard.title')}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <TeamWizard
        key={key}
        officeId={officeId}
        officeName={officeName}
        onClose={close}
        onDirty={(d) => {
          dirty.current = d;
        }}
        onOpenTeam={(id, name) => {
          close();
          onOpenTeam(id, name);
        }}
      />
    </Modal>
  );
}
