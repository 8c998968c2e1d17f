import { useState } from 'react';
import { Select } from '@mantine/core';
import { useSelectedOffice } from '../lib/office';
import { useOfficesInScope, type OfficeOption } from '../lib/offices-in-scope';

/**
 * The office an office-scoped list shows: the office chosen in the header, else the one picked on
 * the page (`pick`), else the user's first office; null when the user has none. `showPicker` says
 * whether the page offers its own picker (no office in the header, and offices to choose from).
 */
export function useListOffice(): { officeId: number | null; officeName: string; offices: OfficeOption[]; showPicker: boolean; pick: (id: string | null) => void } {
  const selectedOffice = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const [picked, setPicked] = useState<string | null>(null);
  const officeId = selectedOffice > 0 ? selectedOffice : picked ? Number(picked) : (offices[0]?.id ?? null);
  return {
    officeId,
    officeName: offices.find((o) => o.id === officeId)?.hospitalName ?? '',
    offices,
    showPicker: selectedOffice <= 0 && offices.length > 0,
    pick: setPicked,
  };
}

/** The page's own office picker of `useListOffice` (searchable; `label` is its accessible name). */
export function ListOfficePicker({ label, office }: { label: string; office: ReturnType<typeof useListOffice> }) {
  if (!office.showPicker) { return null; }
  return (
    <Select
      w={260}
      aria-label={label}
      searchable
      data={office.offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
      value={office.officeId ? String(office.officeId) : null}
      onChange={office.pick}
      allowDeselect={false}
    />
  );
}
