import { useEffect } from 'react';
import { SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AddressLookupNotice, useAddressLookup } from '../../../components/AddressFields';
import { CountrySelect, useCountries } from '../../../components/CountrySelect';
import { TimeZoneSelect } from './TimeZoneSelect';
import { programs, type OfficeFormValues } from './office-form';

type Form = UseFormReturnType<OfficeFormValues>;

/** The office's names in English and Spanish. */
export function NameFields({ form }: { form: Form }) {
  const { t } = useTranslation('offices');
  return (
    <Stack gap="md">
      <TextInput label={t('fields.hospitalName')} withAsterisk data-autofocus {...form.getInputProps('hospitalName')} />
      <TextInput label={t('fields.hospitalNameESP')} description={t('fields.hospitalNameESPHint')} {...form.getInputProps('hospitalNameESP')} />
    </Stack>
  );
}

/**
 * Address, contact and time zone. A US ZIP code is checked against the city and state as on the
 * patient form (components/AddressFields.tsx `useAddressLookup`; docs/enrolment.md): the office's
 * coordinates are filled from it, an empty city or state too, and the time zone when the ZIP code
 * was typed here (or none is set); an address that cannot be validated shows the spec's message as
 * a warning, and saving stays possible.
 */
export function AddressFields({ form }: { form: Form }) {
  const { t } = useTranslation('offices');
  const { data: countries } = useCountries();
  const values = form.getValues();
  const phoneCode = countries?.find((c) => c.countryCode === values.country)?.phoneCode;
  const found = useAddressLookup(values, values.country);
  useEffect(() => {
    if (!found) { return; }
    const now = form.getValues();
    form.setFieldValue('addressLatitude', found.latitude);
    form.setFieldValue('addressLongitude', found.longitude);
    if (found.timeZone && (form.isDirty('zip') || !now.timeZone)) { form.setFieldValue('timeZone', found.timeZone); }
    if (found.city && !now.city.trim()) { form.setFieldValue('city', found.city); }
    if (found.state && !now.state.trim()) { form.setFieldValue('state', found.state); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when a new ZIP code answer arrives; the form is a new object each render (with it, every render would refill a city or state the user clears)
  }, [found]);
  return (
    <Stack gap="md">
      <TextInput label={t('fields.address')} autoComplete="street-address" data-autofocus {...form.getInputProps('address')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label={t('fields.city')} {...form.getInputProps('city')} />
        <TextInput label={t('fields.state')} {...form.getInputProps('state')} />
        <TextInput label={t('fields.zip')} inputMode="numeric" {...form.getInputProps('zip')} />
      </SimpleGrid>
      <AddressLookupNotice found={found} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountrySelect label={t('fields.country')} withAsterisk {...form.getInputProps('country')} />
        <TextInput
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          description={phoneCode ? t('fields.phoneHint', { code: phoneCode }) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('fields.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <TimeZoneSelect
          label={t('fields.timeZone')}
          withAsterisk
          placeholder={t('fields.timeZonePlaceholder')}
          nothingFoundMessage={t('fields.timeZoneNone')}
          {...form.getInputProps('timeZone')}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The program switches, each with a one-line explanation. */
export function ProgramFields({ form }: { form: Form }) {
  const { t } = useTranslation('offices');
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('programs.intro')}
      </Text>
      {programs.map((p) => (
        <Switch
          key={p}
          size="md"
          label={t(`programs.${p}.label`)}
          description={t(`programs.${p}.description`)}
          {...form.getInputProps(p, { type: 'checkbox' })}
        />
      ))}
    </Stack>
  );
}
