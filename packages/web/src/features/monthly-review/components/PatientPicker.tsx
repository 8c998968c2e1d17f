import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useHospitalPatients } from '../../../lib/shared-reads';

/** How many matches the patient picker offers. */
const PICKER_SIZE = 20;

/** A searchable patient choice (server search by name in the selected office or all the user's offices). */
export function PatientPicker({ office, value, selectedLabel, onChange }: { office: number; value: number | null; selectedLabel?: string; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('monthlyReview');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const term = debounced === selectedLabel ? '' : debounced;
  const options = useHospitalPatients(office > 0 ? office : null, { page: 1, pageSize: PICKER_SIZE, search: term || undefined, sort: 'lastName' }, { staleTime: 60_000 });
  const data = (options.data?.items ?? []).map((p) => ({ value: String(p.id), label: `${p.lastName}, ${p.firstName}` }));
  if (value && selectedLabel && !data.some((d) => d.value === String(value))) { data.unshift({ value: String(value), label: selectedLabel }); }
  return (
    <Select
      label={t('filters.patient')}
      placeholder={t('filters.patientPlaceholder')}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      nothingFoundMessage={options.isFetching ? t('common:list.loading') : t('common:list.noResults')}
      w={{ base: '100%', sm: 320 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="review-patient"
    />
  );
}
