import { useTranslation } from 'react-i18next';
import type { Hub, HubCredential } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { useUiState } from '../../../lib/ui-state';
import { useDeleteHub, useIssueHubCredential, useRevokeHubCredential } from '../api/devices';
import { HubEditForm } from './HubEditForm';
import { notify } from '../../../lib/notify';

/**
 * A hub's actions: edit (update drawer), issue or rotate its credential (rotating asks first: the
 * old one stops working), revoke it, delete the hub (asks first; refused when it has readings).
 */
export function useHubActions({ onCredential, onDeleted }: { onCredential: (c: HubCredential) => void; onDeleted: () => void }) {
  const { t } = useTranslation('devices');
  const ui = useUiState();
  const issue = useIssueHubCredential();
  const revoke = useRevokeHubCredential();
  const remove = useDeleteHub();

  const edit = (hub: Hub) => ui.openUpdate(t('hub.editTitle', { name: hub.hubName }), <HubEditForm key={hub.id} hub={hub} onDone={() => ui.close('update')} />);

  const doIssue = (hub: Hub) =>
    issue.mutate(hub.id, {
      onSuccess: onCredential,
      onError: (err) => notify({ color: 'red', message: err.message }),
    });

  const issueOrRotate = (hub: Hub) => {
    if (!hub.hasCredential) { return doIssue(hub); }
    confirmAction({
      title: t('credential.rotateTitle'),
      text: t('credential.rotateText', { name: hub.hubName }),
      confirmLabel: t('credential.rotate'),
      onConfirm: () => doIssue(hub),
    });
  };

  const askRevoke = (hub: Hub) =>
    confirmAction({
      title: t('credential.revokeTitle'),
      text: t('credential.revokeText', { name: hub.hubName }),
      confirmLabel: t('credential.revoke'),
      onConfirm: () =>
        revoke.mutate(hub.id, {
          onSuccess: () => notify({ color: 'teal', message: t('credential.revoked', { name: hub.hubName }) }),
          onError: (err) => notify({ color: 'red', message: err.message }),
        }),
    });

  const askDelete = (hub: Hub) =>
    confirmAction({
      title: t('hub.deleteTitle'),
      text: t('hub.deleteText', { name: hub.hubName }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(hub.id, {
          onSuccess: () => {
            notify({ color: 'teal', message: t('hub.deleted', { name: hub.hubName }) });
            onDeleted();
          },
          onError: (err) => notify({ color: 'red', title: t('hub.deleteFailed'), message: err.message, autoClose: 10_000 }),
        }),
    });

  return { edit, issueOrRotate, askRevoke, askDelete, issuing: issue.isPending, revoking: revoke.isPending };
}
