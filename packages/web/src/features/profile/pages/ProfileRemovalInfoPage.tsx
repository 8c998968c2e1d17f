import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function ProfileRemovalInfoPage() {
  const { t } = useTranslation('common');
  return <Title order={1}>{t('nav.ProfileRemovalInfoPage', 'ProfileRemovalInfoPage')}</Title>;
}
