import { Button, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { DEFAULT_HOME_PATH } from '../../../lib/home';

/** /emptyComponent (spec section 2 lists the route without content): a proper empty state with the way home. */
export default function EmptyComponentPage() {
  const { t } = useTranslation('logs');
  return (
    <>
      <PageHeader title={t('empty.title')} />
      <Paper withBorder radius="md">
        <EmptyState
          text={t('empty.text')}
          action={
            <Button component={Link} to={DEFAULT_HOME_PATH} variant="light">
              {t('empty.home')}
            </Button>
          }
        />
      </Paper>
    </>
  );
}
