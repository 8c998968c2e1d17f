import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useUiState } from '../../../lib/ui-state';
import { confirmAction } from '../../../components/confirm';
import { useDeleteOrganization } from '../api/organizations';
import { OrganizationEditForm } from './OrganizationEditForm';
import { organizationName } from './organization-form';

/** Edit (update drawer) and delete (after confirmation; the server refuses while offices exist). */
export function useOrganizationActions() {
  const { t, i18n } = useTranslation('organizations');
  const ui = useUiState();
  const remove = useDeleteOrganization();

  const edit = (org: Organization) =>
    ui.openUpdate(
      t('edit.title', { name: organizationName(org, i18n.language) }),
      <OrganizationEditForm key={org.id} organization={org} onDone={() => ui.close('update')} />,
    );

  const askDelete = (org: Organization) =>
    confirmAction({
      title: t('delete.title'),
      text: [t('delete.text', { name: organizationName(org, i18n.language) }), org.officeCount > 0 ? t('delete.hasOffices', { count: org.officeCount }) : '']
        .filter(Boolean)
        .join(' '),
      confirmLabel: t('delete.confirm'),
      onConfirm: () =>
        remove.mutate(org.id, {
          onSuccess: () => {
            ui.close('details');
            notifications.show({ color: 'teal', message: t('delete.done', { name: organizationName(org, i18n.language) }) });
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
