import { Grid, NumberInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { PatientWizardValues } from './patient-wizard-form';

/** Step 4: optional clinical metadata (height in cm, weight in kg, record number, identifier). */
export function MetadataStep({ form }: { form: UseFormReturnType<PatientWizardValues> }) {
  const { t } = useTranslation('patients');
  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <Text size="sm" c="dimmed">
          {t('wizard.metadataIntro')}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NumberInput label={t('fields.heightInCm')} suffix=" cm" min={30} max={272} decimalScale={1} allowNegative={false} clampBehavior="none" {...form.getInputProps('heightInCm')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NumberInput label={t('fields.weightInKg')} suffix=" kg" min={1} max={650} decimalScale={1} allowNegative={false} clampBehavior="none" {...form.getInputProps('weightInKg')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('fields.medicalRegistrationNumber')} autoComplete="off" {...form.getInputProps('medicalRegistrationNumber')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('fields.patientIdentifier')} autoComplete="off" {...form.getInputProps('patientIdentifier')} />
      </Grid.Col>
    </Grid>
  );
}
