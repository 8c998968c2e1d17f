import { Grid, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { storedFromLanguage, type Lang, type UserCreateBody } from '@vigil/contract';
import { CountrySelect } from './CountrySelect';
import { DateField } from './DateField';

/** The person part of a registration form (POST user): text fields as the inputs hold them. */
export interface PersonValues {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD or '' */
  birthdate: string;
  gender: string | null;
  email: string;
  phone: string;
  /** ISO 3166-1 alpha-2; the phone is checked for this country */
  country: string;
  language: 'ESP' | 'ENG';
  username: string;
}

/** The person fields' names, in form order: a wizard's first step validates exactly these. */
export const personFieldNames = ['firstName', 'lastName', 'birthdate', 'gender', 'email', 'phone', 'country', 'language', 'username'] as const;

export function emptyPerson(lang: Lang): PersonValues {
  return { firstName: '', lastName: '', birthdate: '', gender: null, email: '', phone: '', country: 'US', language: storedFromLanguage(lang), username: '' };
}

/** The POST user fields of a person: empty optional inputs are left out (or null), as the contract reads them. */
export function personBody(v: PersonValues): Pick<
  UserCreateBody,
  'firstName' | 'lastName' | 'birthdate' | 'gender' | 'email' | 'phone' | 'country' | 'language' | 'username'
> {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    birthdate: v.birthdate || null,
    gender: v.gender || undefined,
    email: v.email.trim() || null,
    phone: v.phone.trim(),
    country: v.country,
    language: v.language,
    username: v.username.trim() || undefined,
  };
}

/** FHIR administrative gender codes (stored as given). */
const GENDERS = ['female', 'male', 'other', 'unknown'] as const;

/**
 * Name, birth date, gender, e-mail, phone with its country, language and username of a new user,
 * bound to a @mantine/form form whose values include PersonValues. Messages come from the form's
 * errors (the contract's rules), so this component only lays the inputs out.
 */
export function PersonFields<T extends PersonValues>({
  form,
  emailRequired,
  withBirthdate = true,
}: {
  form: UseFormReturnType<T>;
  emailRequired: boolean;
  withBirthdate?: boolean;
}) {
  const { t } = useTranslation('person');
  const input = (name: (typeof personFieldNames)[number]) => form.getInputProps(name as Parameters<typeof form.getInputProps>[0]);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('firstName')} required autoComplete="off" data-autofocus {...input('firstName')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('lastName')} required autoComplete="off" {...input('lastName')} />
      </Grid.Col>
      {withBirthdate && (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateField label={t('birthdate')} min="1900-01-01" max={today} {...input('birthdate')} />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('gender')}
          placeholder={t('choose')}
          clearable
          data={GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))}
          {...input('gender')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          type="email"
          label={t('email')}
          required={emailRequired}
          description={emailRequired ? undefined : t('emailOptional')}
          autoComplete="off"
          {...input('email')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('username')} description={t('usernameHint')} autoComplete="off" {...input('username')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <CountrySelect label={t('country')} description={t('countryHint')} {...input('country')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput type="tel" label={t('phone')} description={t('phoneHint')} autoComplete="off" {...input('phone')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('language')}
          allowDeselect={false}
          data={[
            { value: 'ESP', label: t('languages.ESP') },
            { value: 'ENG', label: t('languages.ENG') },
          ]}
          {...input('language')}
        />
      </Grid.Col>
    </Grid>
  );
}
