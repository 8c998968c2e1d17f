import { useEffect } from 'react';
import { Alert, Grid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconMapPin } from '@tabler/icons-react';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { referenceData, type AddressLookup } from '@vigil/contract';
import { useEndpointQuery } from '../lib/endpoint-query';

/** The address part of a person or office form, as its inputs hold it. */
export interface AddressValues {
  address: string;
  city: string;
  state: string;
  zip: string;
  /** Filled from the ZIP code's lookup (degrees), null until then. */
  addressLatitude: number | null;
  addressLongitude: number | null;
  /** IANA time zone filled from the lookup; '' until then. */
  addressTimeZone: string;
}

export const emptyAddress = (): AddressValues => ({ address: '', city: '', state: '', zip: '', addressLatitude: null, addressLongitude: null, addressTimeZone: '' });

export const addressFieldNames = ['address', 'city', 'state', 'zip'] as const;

const US_ZIP = /^\d{5}(-\d{4})?$/;


/**
 * The US ZIP code check of an address form (GET address/lookup, offline data; docs/enrolment.md):
 * once a 5-digit (or ZIP+4) code is typed in a US address, its answer (debounced 400 ms, cached):
 * the ZIP code's coordinates, IANA time zone, city and state, and `validated` false with the spec's
 * message when the city or state do not match or the code is unknown. Undefined otherwise.
 */
export function useAddressLookup(v: { zip: string; city: string; state: string }, country: string): AddressLookup | undefined {
  const [key] = useDebouncedValue(`${v.zip.trim()}|${v.city.trim()}|${v.state.trim()}`, 400);
  const [zip, city, state] = key.split('|') as [string, string, string];
  const enabled = country === 'US' && US_ZIP.test(zip);
  const lookup = useEndpointQuery(referenceData.lookupAddress, { query: { zip, city: city || undefined, state: state || undefined } }, { enabled, staleTime: Infinity });
  return enabled ? lookup.data : undefined;
}

/**
 * What the ZIP code check says under an address: the spec's "cannot be validated" message as a
 * warning (saving stays possible), or the checked place with its time zone.
 */
export function AddressLookupNotice({ found }: { found: AddressLookup | undefined }) {
  const { t } = useTranslation('person');
  if (found && !found.validated && found.message) {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="status" data-testid="address-warning">
        {found.message}
      </Alert>
    );
  }
  if (found?.validated && found.timeZone) {
    return (
      <Text size="sm" c="dimmed" data-testid="address-validated">
        <IconMapPin size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('addressValidated', { city: found.city, state: found.state, timeZone: found.timeZone })}
      </Text>
    );
  }
  return null;
}

/**
 * Street, city, state and ZIP code. For a US address, once a ZIP code is typed it is checked
 * (GET address/lookup, offline data; docs/enrolment.md) against the city and state: the ZIP code's
 * coordinates and IANA time zone are filled in, an empty city or state is filled from it, and an
 * address that cannot be validated shows the spec's message as a warning: it never stops saving.
 */
export function AddressFields<T extends AddressValues>({ form: typed, country }: { form: UseFormReturnType<T>; country: string }) {
  // The address paths exist on every T (it extends AddressValues); the form's path types cannot say so.
  const form = typed as unknown as UseFormReturnType<AddressValues>;
  const { t } = useTranslation('person');
  const v = form.values;
  const found = useAddressLookup(v, country);

  useEffect(() => {
    if (!found) { return; }
    form.setFieldValue('addressLatitude', found.latitude);
    form.setFieldValue('addressLongitude', found.longitude);
    form.setFieldValue('addressTimeZone', found.timeZone ?? '');
    if (found.city && !v.city.trim()) { form.setFieldValue('city', found.city); }
    if (found.state && !v.state.trim()) { form.setFieldValue('state', found.state); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when a new ZIP code answer arrives; the form is a new object each render and the city / state are read as typed at that moment (with them, a city the user clears would be refilled)
  }, [found]);

  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <TextInput label={t('address')} autoComplete="off" {...form.getInputProps('address')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput label={t('city')} autoComplete="off" {...form.getInputProps('city')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <TextInput label={t('state')} autoComplete="off" {...form.getInputProps('state')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <TextInput label={t('zip')} autoComplete="off" inputMode="numeric" {...form.getInputProps('zip')} />
      </Grid.Col>
      {found && (found.validated ? !!found.timeZone : !!found.message) && (
        <Grid.Col span={12}>
          <AddressLookupNotice found={found} />
        </Grid.Col>
      )}
    </Grid>
  );
}
