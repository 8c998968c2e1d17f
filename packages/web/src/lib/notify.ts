import { notifications, type NotificationData } from '@mantine/notifications';
import i18n from './i18n';

/** Shows a notification whose close button has an accessible name in the UI language. */
export function notify(data: NotificationData): void {
  notifications.show({ ...data, closeButtonProps: { 'aria-label': i18n.t('common:actions.close'), ...data.closeButtonProps } });
}
