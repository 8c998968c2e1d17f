import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { referenceData } from '@vigil/contract';
import { useEndpointQuery } from '../lib/endpoint-query';

/** GET country: United States first, then alphabetical. Kept for the session (reference data). */
export function useCountries() {
  return useEndpointQuery(referenceData.getCountries, {}, { staleTime: Infinity });
}

/** A searchable country choice (ISO code as value), names in the UI language with the phone code. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const { i18n } = useTranslation();
  const { data, isLoading } = useCountries();
  const es = i18n.language.startsWith('es');
  const options = (data ?? []).map((c) => ({
    value: c.countryCode,
    label: `${es ? c.countryNameEsp || c.countryName : c.countryName} (${c.phoneCode})`,
  }));
  return <Select searchable allowDeselect={false} disabled={isLoading && !data} {...props} data={options} />;
}

/** A function naming a country code in the UI language (the code itself while the list loads). */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  const { data } = useCountries();
  const es = i18n.language.startsWith('es');
  return (code) => {
    const c = data?.find((x) => x.countryCode === code);
    return c ? (es ? c.countryNameEsp || c.countryName : c.countryName) : code;
  };
}
