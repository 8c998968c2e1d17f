import { useTranslation } from 'react-i18next';
import type { MedicalDevice } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { useUiState } from '../../../lib/ui-state';
import { useDeleteMedicalDevice, useUpdateIsManualMeasurement } from '../api/devices';
import { DeviceEditForm } from './DeviceEditForm';
import { DeviceThresholdsForm } from './DeviceThresholdsForm';
import { notify } from '../../../lib/notify';

/** A device's actions: edit and thresholds (update drawer), manual flag, delete (after confirmation; refused when it has readings). */
export function useDeviceActions() {
  const { t } = useTranslation('devices');
  const ui = useUiState();
  const remove = useDeleteMedicalDevice();
  const manual = useUpdateIsManualMeasurement();

  const edit = (device: MedicalDevice) =>
    ui.openUpdate(t('device.editTitle', { identifier: device.deviceIdentifier }), <DeviceEditForm key={device.id} device={device} onDone={() => ui.close('update')} />);

  const editThresholds = (device: MedicalDevice) =>
    ui.openUpdate(
      t('thresholds.editTitle', { identifier: device.deviceIdentifier }),
      <DeviceThresholdsForm key={`t${device.id}`} device={device} onDone={() => ui.close('update')} />,
    );

  const setManual = (device: MedicalDevice, isManualMeasurement: boolean) =>
    manual.mutate(
      { medicalDeviceId: device.id, isManualMeasurement },
      {
        onSuccess: () => notify({ color: 'teal', message: t(isManualMeasurement ? 'device.manualOn' : 'device.manualOff', { identifier: device.deviceIdentifier }) }),
        onError: (err) => notify({ color: 'red', message: err.message }),
      },
    );

  const askDelete = (device: MedicalDevice, onDeleted?: () => void) =>
    confirmAction({
      title: t('device.deleteTitle'),
      text: t('device.deleteText', { identifier: device.deviceIdentifier }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(device.id, {
          onSuccess: () => {
            notify({ color: 'teal', message: t('device.deleted', { identifier: device.deviceIdentifier }) });
            onDeleted?.();
          },
          onError: (err) => notify({ color: 'red', title: t('device.deleteFailed'), message: err.message, autoClose: 10_000 }),
        }),
    });

  return { edit, editThresholds, setManual, askDelete, manualPending: manual.isPending };
}
