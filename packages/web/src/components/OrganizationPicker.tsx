import { useState } from 'react';
import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { organizations } from '@vigil/contract';
import { useEndpointQuery } from '../lib/endpoint-query';

/** GET medicalinstitution: the first 50 organizations in scope matching `search`, by name. */
export function useOrganizationOptions(search: string) {
  return useEndpointQuery(
    organizations.findOrganizations,
    { query: { page: 1, pageSize: 50, sort: 'institutionName', search: search || undefined } },
    { placeholderData: keepPreviousData, staleTime: 60_000 },
  );
}

/** A searchable organization choice; the search runs on the server (GET medicalinstitution). */
export function OrganizationPicker({ value, onChange, ...props }: Omit<SelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'filter'>) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ComboboxItem | null>(null);
  // once chosen, the search box shows the chosen name: list everything again rather than that one name
  const query = selected && search === selected.label ? '' : search;
  const [debounced] = useDebouncedValue(query, 300);
  const { data, isFetching } = useOrganizationOptions(debounced);
  const options: ComboboxItem[] = (data?.items ?? []).map((o) => ({ value: String(o.id), label: o.institutionName }));
  if (selected && value === selected.value && !options.some((o) => o.value === selected.value)) { options.unshift(selected); }
  return (
    <Select
      searchable
      {...props}
      data={options}
      value={value}
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={isFetching ? undefined : props.nothingFoundMessage}
      onChange={(v, option) => {
        setSelected(option ?? null);
        onChange?.(v, option);
      }}
    />
  );
}
