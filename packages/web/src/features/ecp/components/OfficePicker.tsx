import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSelectedOffice } from '../../../lib/office';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useState } from 'react';

/** The office a mapping screen works in: the picked one, else the selected office, else the first in scope. */
export function useMappingOffice() {
  const selected = useSelectedOffice();
  const { offices, isLoading } = useOfficesInScope();
  const [picked, setPicked] = useState<number | null>(null);
  const office = picked ?? (selected > 0 ? selected : (offices[0]?.id ?? 0));
  return { office, offices, isLoading, setPicked };
}

export function OfficePicker({ state }: { state: ReturnType<typeof useMappingOffice> }) {
  const { t } = useTranslation('ecp');
  return (
    <Select
      label={t('office')}
      data={state.offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
      value={state.office > 0 ? String(state.office) : null}
      onChange={(v) => state.setPicked(v ? Number(v) : null)}
      disabled={state.isLoading}
      allowDeselect={false}
      w={260}
    />
  );
}
