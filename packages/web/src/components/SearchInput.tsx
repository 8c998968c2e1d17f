import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A search box that reports its value 300 ms after typing stops. */
export function SearchInput({ value, onChange, label }: { value?: string; onChange: (v: string) => void; label?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => {
    if (debounced !== (value ?? '')) { onChange(debounced); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reports only when the debounced text changes; the parent's value and onChange change as it answers (with them, an outside change of value would be overwritten by the old text)
  }, [debounced]);
  return (
    <TextInput
      w={280}
      aria-label={label ?? t('actions.search')}
      placeholder={label ?? t('actions.search')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
    />
  );
}
