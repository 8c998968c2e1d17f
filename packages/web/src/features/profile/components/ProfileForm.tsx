import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageFromStored, userUpdateBodySchema, type User, type UserUpdateBody } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import i18n, { currentLang, writeLangCookie } from '../../../lib/i18n';
import { CountrySelect, useCountries } from '../../../components/CountrySelect';
import { useTimeZones } from '../../../lib/shared-reads';
import { useUpdateMyProfile } from '../api/profile';

interface Values {
  firstName: string;
  lastName: string;
  phone: string;
  country: string;
  language: 'ENG' | 'ESP';
  userTimezone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
}

function valuesOf(user: User): Values {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    country: user.country || 'US',
    language: user.language?.toUpperCase() === 'ENG' ? 'ENG' : 'ESP',
    userTimezone: user.userTimezone,
    address: user.address,
    city: user.city,
    state: user.state,
    zip: user.zip,
  };
}

/** The PUT user/{id} body: an empty time zone is left as stored. */
function bodyOf(v: Values): UserUpdateBody {
  return { ...v, phone: v.phone.trim(), userTimezone: v.userTimezone || undefined };
}

const checkBody = zodValidate(userUpdateBodySchema);

/** The signed-in user's own fields: names, phone with its country, language, time zone and address. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const save = useUpdateMyProfile(user.id);
  const countries = useCountries();
  const timeZones = useTimeZones();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: valuesOf(user), validate: (v) => checkBody(bodyOf(v)) });

  // The header's language switch saves the language too: follow it without touching other edits.
  const storedLanguage = valuesOf(user).language;
  useEffect(() => {
    form.setFieldValue('language', storedLanguage);
    form.setInitialValues({ ...form.getInitialValues(), language: storedLanguage });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- follows a language saved elsewhere (the header's switch); the form is a new object each render (with it, every render would reset the language field)
  }, [storedLanguage]);

  const phoneCode = countries.data?.find((c) => c.countryCode === form.values.country)?.phoneCode;
  const zoneOptions = useMemo(() => {
    const list = (timeZones.data ?? []).map((z) => ({ value: z.id, label: z.label }));
    // Keep a stored zone selectable even when the list does not name it.
    if (form.values.userTimezone && !list.some((o) => o.value === form.values.userTimezone)) {
      list.unshift({ value: form.values.userTimezone, label: form.values.userTimezone });
    }
    return list;
  }, [timeZones.data, form.values.userTimezone]);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const languageChanged = form.isDirty('language');
      const saved = await save.mutateAsync(bodyOf(values));
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      // A language chosen here becomes the UI language too (as the header switch does).
      const uiLang = languageFromStored(saved.language);
      if (languageChanged && uiLang !== currentLang()) {
        writeLangCookie(uiLang);
        void i18n.changeLanguage(uiLang);
      }
      notifications.show({ color: 'teal', message: tc('saved'), closeButtonProps: { 'aria-label': tc('actions.close') } });
    } catch (err) {
      form.setErrors(serverFieldErrors(err));
      setError(err instanceof ApiError ? err.message : t('networkError'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('sections.personal')}
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('fields.firstName')} required autoComplete="given-name" {...form.getInputProps('firstName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('fields.lastName')} required autoComplete="family-name" {...form.getInputProps('lastName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CountrySelect label={t('fields.country')} required nothingFoundMessage={t('nothingFound')} {...form.getInputProps('country')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('fields.phone')}
                description={phoneCode ? t('fields.phoneHint', { code: phoneCode }) : undefined}
                type="tel"
                autoComplete="tel"
                {...form.getInputProps('phone')}
              />
            </Grid.Col>
          </Grid>
        </Stack>

        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('sections.preferences')}
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('fields.language')}
                data={[
                  { value: 'ESP', label: 'Español' },
                  { value: 'ENG', label: 'English' },
                ]}
                allowDeselect={false}
                {...form.getInputProps('language')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('fields.timezone')}
                searchable
                data={zoneOptions}
                nothingFoundMessage={t('nothingFound')}
                allowDeselect={false}
                limit={200}
                {...form.getInputProps('userTimezone')}
              />
            </Grid.Col>
          </Grid>
        </Stack>

        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('sections.address')}
          </Title>
          <Grid>
            <Grid.Col span={12}>
              <TextInput label={t('fields.address')} autoComplete="street-address" {...form.getInputProps('address')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label={t('fields.city')} autoComplete="address-level2" {...form.getInputProps('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('fields.state')} autoComplete="address-level1" {...form.getInputProps('state')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <TextInput label={t('fields.zip')} autoComplete="postal-code" {...form.getInputProps('zip')} />
            </Grid.Col>
          </Grid>
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || save.isPending}>
            {t('discard')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {tc('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
