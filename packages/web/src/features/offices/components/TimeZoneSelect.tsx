import { Select, type SelectProps } from '@mantine/core';
import { useTimeZones } from '../../../lib/shared-reads';

/** A searchable IANA time zone choice (verifier/gettimezones), labelled with the current UTC offset. */
export function TimeZoneSelect(props: Omit<SelectProps, 'data'>) {
  const { data, isLoading } = useTimeZones();
  const options = (data ?? []).map((z) => ({ value: z.id, label: z.label }));
  // a stored zone the list does not hold (renamed or retired) still shows
  if (props.value && data && !options.some((o) => o.value === props.value)) { options.unshift({ value: props.value, label: props.value }); }
  return <Select searchable allowDeselect={false} maxDropdownHeight={280} limit={200} disabled={isLoading && !data} {...props} data={options} />;
}
