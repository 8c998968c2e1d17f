import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useOfficePatientOptions } from '../../../lib/shared-reads';
import { useHubs } from '../api/devices';

type PickerProps = Omit<SelectProps, 'data'>;

/** One of the offices the user works in. */
export function OfficeSelect(props: PickerProps) {
  const { offices, isLoading } = useOfficesInScope();
  return <Select searchable {...props} data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))} disabled={props.disabled || isLoading} />;
}

/** A patient of `officeId` (optional: clearable), from the office's patient list. */
export function OfficePatientSelect({ officeId, ...props }: PickerProps & { officeId: number | null }) {
  const { t } = useTranslation('devices');
  const { data, isLoading } = useOfficePatientOptions(officeId);
  return (
    <Select
      searchable
      clearable
      placeholder={officeId ? t('pickers.noPatient') : t('pickers.officeFirst')}
      nothingFoundMessage={t('pickers.noPatients')}
      {...props}
      data={(data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
      disabled={props.disabled || !officeId || isLoading}
    />
  );
}

/** Largest page of hubs a picker offers (an office's hubs fit in it). */
const MAX_HUBS = 200;

/** A hub of `officeId` (optional: clearable). */
export function OfficeHubSelect({ officeId, ...props }: PickerProps & { officeId: number | null }) {
  const { t } = useTranslation('devices');
  const { data, isLoading } = useHubs(officeId, { page: 1, pageSize: MAX_HUBS, sort: 'hubName' }, !!officeId);
  return (
    <Select
      searchable
      clearable
      placeholder={officeId ? t('pickers.noHub') : t('pickers.officeFirst')}
      nothingFoundMessage={t('pickers.noHubs')}
      {...props}
      data={(officeId ? (data?.items ?? []) : []).map((h) => ({ value: String(h.id), label: `${h.hubName} (${h.hubIdentifier})` }))}
      disabled={props.disabled || !officeId || isLoading}
    />
  );
}
