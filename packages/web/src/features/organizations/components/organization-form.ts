import type { Organization, OrganizationInput } from '@vigil/contract';

/** The organization form: every field of the contract's body, as text inputs hold them. */
export interface OrganizationFormValues {
  institutionName: string;
  institutionNameESP: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  status: number;
}

export const emptyOrganization: OrganizationFormValues = {
  institutionName: '',
  institutionNameESP: '',
  contactPhone: '',
  contactEmail: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
  status: 1,
};

export const identityFields = ['institutionName', 'institutionNameESP'] as const;
export const contactFields = ['country', 'contactPhone', 'contactEmail', 'address', 'city', 'state', 'zip'] as const;

export function formValuesOf(o: Organization): OrganizationFormValues {
  return {
    institutionName: o.institutionName,
    institutionNameESP: o.institutionNameESP,
    contactPhone: o.contactPhone,
    contactEmail: o.contactEmail,
    address: o.address,
    city: o.city,
    state: o.state,
    zip: o.zip,
    country: o.country || 'US',
    status: o.status,
  };
}

export const toBody = (v: OrganizationFormValues): OrganizationInput => ({ ...v });

/** The organization's name in the UI language (the Spanish name when there is one and the UI is Spanish). */
export function organizationName(o: Pick<Organization, 'institutionName' | 'institutionNameESP'>, lang: string): string {
  return lang.startsWith('es') && o.institutionNameESP ? o.institutionNameESP : o.institutionName;
}

/** City, state and ZIP on one line. */
export function placeOf(o: Pick<Organization, 'city' | 'state' | 'zip'>): string {
  return [o.city, [o.state, o.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
