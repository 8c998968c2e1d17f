import { useState } from 'react';
import { Checkbox, Loader, ScrollArea, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OfficeOption } from '../../../lib/offices-in-scope';
import type { PatientWizardValues } from './patient-wizard-form';

/** Offices above this count get a filter box. */
const FILTER_FROM = 8;

/** Step 2: the offices the patient is assigned to ("At least one facility must be assigned"). */
export function FacilitiesStep({ form, offices, loading }: { form: UseFormReturnType<PatientWizardValues>; offices: OfficeOption[]; loading: boolean }) {
  const { t } = useTranslation('patients');
  const [filter, setFilter] = useState('');
  const shown = offices.filter((o) => o.hospitalName.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('wizard.facilitiesIntro')}
      </Text>
      {offices.length > FILTER_FROM && (
        <TextInput
          label={t('wizard.filterOffices')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
      )}
      {loading ? (
        <Loader size="sm" aria-label={t('common:list.loading')} />
      ) : (
        <Checkbox.Group label={t('wizard.facilities')} withAsterisk {...form.getInputProps('hospitalIds')}>
          <ScrollArea.Autosize mah={320} mt="xs" type="auto">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" py={4}>
              {shown.map((o) => (
                <Checkbox key={o.id} value={String(o.id)} label={o.hospitalName} />
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
