import { useState } from 'react';
import { Badge, Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DRUG_SEARCH_MAX, type DrugProductResult } from '@vigil/contract';
import { useDrugSearch } from '../api/prescriptions';

/** The product a form holds: its id, what to show, and its routes (the route options). */
export interface SelectedProduct {
  id: number;
  label: string;
  routes: string[];
}

/** How a search result is shown and kept: "Glucophage (metformin hydrochloride) 500 mg tablet, film coated". */
export function productLabel(p: DrugProductResult): string {
  const name = p.brand_name && p.brand_name.toLowerCase() !== p.generic_name.toLowerCase() ? `${p.brand_name} (${p.generic_name})` : p.generic_name || p.brand_name;
  const strengths = p.active_ingredients
    .map((i) => i.strength.replace(/\/1$/, ''))
    .filter(Boolean)
    .join(' / ');
  return [name, strengths, p.dosage_form.toLowerCase()].filter(Boolean).join(' ');
}

/** Today as openFDA writes dates, 'YYYYMMDD' (a product whose marketing ended before it is shown as such). */
const todayYmd = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** Milliseconds the search waits after the last keystroke. */
const DEBOUNCE_MS = 250;

/**
 * The drug search as you type (POST patientprescription/fdasearch): brand, generic, ingredient or
 * NDC, debounced, with keyboard selection (arrows, Enter, Escape). Choosing a result sets the
 * product; typing again clears it until another is chosen.
 */
export function DrugSearchInput({ value, onChange, error }: { value: SelectedProduct | null; onChange: (p: SelectedProduct | null) => void; error?: React.ReactNode }) {
  const { t } = useTranslation('prescriptions');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(value?.label ?? '');
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const search = useDrugSearch(value && text === value.label ? '' : debounced);
  const results = search.data?.results ?? [];
  const typing = text.trim().length >= 2 && (text !== debounced || search.isFetching);

  const choose = (id: string) => {
    const p = results.find((r) => String(r.drug_product_id) === id);
    if (!p) { return; }
    const label = productLabel(p);
    onChange({ id: p.drug_product_id, label, routes: p.route });
    setText(label);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      <Combobox.Target>
        <TextInput
          label={t('fields.product')}
          description={t('search.help')}
          placeholder={t('search.placeholder')}
          required
          maxLength={DRUG_SEARCH_MAX}
          value={text}
          error={error}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={typing ? <Loader size={16} aria-label={t('search.searching')} /> : null}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (value) { onChange(null); }
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="drug-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={text.trim().length < 2 || (value !== null && text === value.label)}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} data-testid="drug-results">
          {results.length === 0 ? (
            <Combobox.Empty>{search.isFetching || text !== debounced ? t('search.searching') : t('search.none')}</Combobox.Empty>
          ) : (
            results.map((p) => (
              <Combobox.Option value={String(p.drug_product_id)} key={p.drug_product_id} data-testid="drug-option">
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {productLabel(p)}
                  </Text>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {[p.dosage_form, p.route.join(', ')].filter(Boolean).join(' · ')}
                    </Text>
                    {p.product_ndc && (
                      <Badge size="xs" variant="outline" color="gray">
                        NDC {p.product_ndc}
                      </Badge>
                    )}
                    {p.marketing_end_date !== '' && p.marketing_end_date < todayYmd() && (
                      <Badge size="xs" color="gray">
                        {t('search.ended')}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
        {search.data && search.data.meta.results.total > results.length && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {t('search.more', { shown: results.length, total: search.data.meta.results.total })}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
