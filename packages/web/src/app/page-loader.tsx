import { Center, Loader } from '@mantine/core';
import i18n from '../lib/i18n';

/** Shown while a lazy page loads; the common namespace ships with the app, so this never waits. */
export function PageLoader() {
  return (
    <Center h="60vh">
      <Loader aria-label={i18n.t('list.loading')} />
    </Center>
  );
}
