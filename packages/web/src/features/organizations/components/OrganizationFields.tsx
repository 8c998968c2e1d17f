import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CountrySelect, useCountries } from '../../../components/CountrySelect';
import type { OrganizationFormValues } from './organization-form';

type Form = UseFormReturnType<OrganizationFormValues>;

/** Step 1: the organization's names in English and Spanish. */
export function IdentityFields({ form }: { form: Form }) {
  const { t } = useTranslation('organizations');
  return (
    <Stack gap="md">
      <TextInput label={t('fields.institutionName')} withAsterisk data-autofocus {...form.getInputProps('institutionName')} />
      <TextInput label={t('fields.institutionNameESP')} description={t('fields.institutionNameESPHint')} {...form.getInputProps('institutionNameESP')} />
    </Stack>
  );
}

/** Step 2: contact phone (checked for the chosen country), e-mail and address. */
export function ContactFields({ form }: { form: Form }) {
  const { t } = useTranslation('organizations');
  const { data: countries } = useCountries();
  const country = form.getValues().country;
  const phoneCode = countries?.find((c) => c.countryCode === country)?.phoneCode;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountrySelect label={t('fields.country')} withAsterisk {...form.getInputProps('country')} />
        <TextInput
          label={t('fields.contactPhone')}
          description={phoneCode ? t('fields.contactPhoneHint', { code: phoneCode }) : undefined}
          type="tel"
          autoComplete="tel"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('contactPhone')}
        />
      </SimpleGrid>
      <TextInput label={t('fields.contactEmail')} type="email" autoComplete="email" {...form.getInputProps('contactEmail')} />
      <TextInput label={t('fields.address')} autoComplete="street-address" {...form.getInputProps('address')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label={t('fields.city')} {...form.getInputProps('city')} />
        <TextInput label={t('fields.state')} {...form.getInputProps('state')} />
        <TextInput label={t('fields.zip')} {...form.getInputProps('zip')} />
      </SimpleGrid>
    </Stack>
  );
}
