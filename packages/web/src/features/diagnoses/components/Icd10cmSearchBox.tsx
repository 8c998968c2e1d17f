import { useEffect, useState } from 'react';
import { Badge, Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Icd10cmCodeHit } from '@vigil/contract';
import { useIcd10cmSearch } from '../api/diagnoses';

/** The code a diagnosis form holds. */
export interface ChosenCode {
  code: string;
  description: string;
}

/**
 * The ICD-10-CM search box (GET icd10cm/search): searches as the user types (250 ms debounce),
 * lists the ranked hits, and is driven by the keyboard (arrows, Enter, Escape). Categories with
 * more specific codes are shown but cannot be chosen ("not billable"); the chosen code is shown
 * under the box. `error` is the form's message for the code field.
 */
export function Icd10cmSearchBox({ value, onChange, error }: { value: ChosenCode | null; onChange: (code: ChosenCode | null) => void; error?: string }) {
  const { t, i18n } = useTranslation('diagnoses');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const search = useIcd10cmSearch(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hits = debounced.trim().length >= 2 ? (search.data?.items ?? []) : [];

  useEffect(() => {
    // The best hit is preselected, so Enter takes it (keyboard selection).
    const first = hits.findIndex((h) => h.billable);
    if (first >= 0) { combobox.selectOption(first); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- preselects the best hit only when a new answer arrives; the combobox store and the hits list are new objects each render (with them, every render would move the keyboard selection back)
  }, [search.data]);

  const choose = (code: string) => {
    const hit = hits.find((h) => h.code === code);
    if (!hit || !hit.billable) { return; }
    onChange({ code: hit.code, description: hit.description });
    setText('');
    combobox.closeDropdown();
  };
  const lang = i18n.language === 'en' ? 'en' : 'es';

  return (
    <Stack gap={4}>
      <Combobox store={combobox} onOptionSubmit={choose}>
        <Combobox.Target>
          <TextInput
            label={t('form.code')}
            description={t('form.codeHelp')}
            placeholder={t('form.codePlaceholder')}
            required
            value={text}
            error={error}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={search.isFetching ? <Loader size={14} aria-label={t('common:list.loading')} /> : null}
            onChange={(e) => {
              setText(e.currentTarget.value);
              combobox.openDropdown();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            data-autofocus
            data-testid="icd10cm-search"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={debounced.trim().length < 2}>
          <Combobox.Options mah={320} style={{ overflowY: 'auto' }} data-testid="icd10cm-options">
            {hits.length === 0 ? (
              <Combobox.Empty>{search.isFetching ? t('common:list.loading') : t('search.none')}</Combobox.Empty>
            ) : (
              hits.map((h) => <HitOption key={h.code} hit={h} lang={lang} />)
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {value && (
        <Group gap={6} data-testid="icd10cm-chosen">
          <Badge variant="light" size="lg">
            {value.code}
          </Badge>
          <Text size="sm">{value.description}</Text>
        </Group>
      )}
    </Stack>
  );
}

function HitOption({ hit, lang }: { hit: Icd10cmCodeHit; lang: 'en' | 'es' }) {
  const { t } = useTranslation('diagnoses');
  return (
    <Combobox.Option value={hit.code} disabled={!hit.billable} data-testid="icd10cm-option" data-code={hit.code}>
      <Group gap={8} wrap="nowrap" align="flex-start">
        <Text fw={700} ff="monospace" miw={70}>
          {hit.code}
        </Text>
        <Stack gap={0}>
          {lang === 'es' && hit.descriptionEs ? (
            <>
              <Text size="sm" lang="es">
                {hit.descriptionEs}
              </Text>
              <Text size="xs" c="dimmed" lang="en">
                {t('search.officialDescription', { description: hit.description })}
              </Text>
            </>
          ) : (
            <Text size="sm">{hit.description}</Text>
          )}
          <Group gap={4}>
            {!hit.billable && (
              <Text size="xs" c="dimmed">
                {t('search.notBillable')}
              </Text>
            )}
            {hit.matchedTerm && (
              <Text size="xs" c="dimmed">
                {t('search.indexTerm', { term: hit.matchedTerm })}
              </Text>
            )}
            {hit.chronicConditions.length > 0 && (
              <Badge size="xs" color="grape.9">
                {t('chronic.badgeShort')}: {hit.chronicConditions.map((c) => c[lang]).join(', ')}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Combobox.Option>
  );
}
