import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Office } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useUiState } from '../../../lib/ui-state';
import { confirmAction } from '../../../components/confirm';
import { useDeleteOffice } from '../api/offices';
import { OfficeEditForm } from './OfficeEditForm';
import { officeName } from './office-form';

/** Edit (update drawer) and delete (after confirmation; the server refuses while patients are assigned). */
export function useOfficeActions() {
  const { t, i18n } = useTranslation('offices');
  const ui = useUiState();
  const remove = useDeleteOffice();

  const edit = (office: Office) =>
    ui.openUpdate(t('edit.title', { name: officeName(office, i18n.language) }), <OfficeEditForm key={office.id} office={office} onDone={() => ui.close('update')} />);

  const askDelete = (office: Office) =>
    confirmAction({
      title: t('delete.title'),
      text: t('delete.text', { name: officeName(office, i18n.language) }),
      confirmLabel: t('delete.confirm'),
      onConfirm: () =>
        remove.mutate(office.id, {
          onSuccess: () => {
            ui.close('details');
            notifications.show({ color: 'teal', message: t('delete.done', { name: officeName(office, i18n.language) }) });
          },
          onError: (err) =>
            notifications.show({
              color: 'red',
              title: t('delete.failed'),
              message: [err instanceof ApiError ? err.message : '', err instanceof ApiError && err.status === 409 ? t('delete.refused') : '']
                .filter(Boolean)
                .join(' — '),
              autoClose: 8000,
            }),
        }),
    });

  return { edit, askDelete };
}
