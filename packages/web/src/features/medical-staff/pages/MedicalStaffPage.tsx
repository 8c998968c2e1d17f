import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function MedicalStaffPage() {
  const { t } = useTranslation('common');
  return <Title order={1}>{t('nav.MedicalStaffPage', 'MedicalStaffPage')}</Title>;
}
