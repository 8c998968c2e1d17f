import { browserTimeZone as browserZone } from '../../../lib/calendar';
import type { Office, OfficeCreate, OfficeUpdate } from '@vigil/contract';

/** The office form: the contract's body fields as the inputs hold them (ids as text for Select). */
export interface OfficeFormValues {
  organizationId: string | null;
  hospitalName: string;
  hospitalNameESP: string;
  address: string;
  addressLatitude: number | null;
  addressLongitude: number | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
  timeZone: string | null;
  rpmEnabled: boolean;
  rtmEnabled: boolean;
  ccmEnabled: boolean;
  assessmentsEnabled: boolean;
  status: number;
}

export const programs = ['rpmEnabled', 'rtmEnabled', 'ccmEnabled', 'assessmentsEnabled'] as const;
export type Program = (typeof programs)[number];

/** The wizard's steps and the fields each one validates. */
export const nameFields = ['organizationId', 'hospitalName', 'hospitalNameESP'] as const;
export const addressFields = ['address', 'city', 'state', 'zip', 'country', 'phone', 'email', 'timeZone'] as const;
export const programFields = programs;

/** The browser's time zone, the default of a new office (lib/calendar). */
const browserTimeZone = (): string | null => browserZone() || null;

export function emptyOffice(organizationId: number | null): OfficeFormValues {
  return {
    organizationId: organizationId ? String(organizationId) : null,
    hospitalName: '',
    hospitalNameESP: '',
    address: '',
    addressLatitude: null,
    addressLongitude: null,
    city: '',
    state: '',
    zip: '',
    country: 'US',
    phone: '',
    email: '',
    timeZone: browserTimeZone(),
    rpmEnabled: true,
    rtmEnabled: false,
    ccmEnabled: false,
    assessmentsEnabled: false,
    status: 1,
  };
}

export function formValuesOf(o: Office): OfficeFormValues {
  return {
    organizationId: String(o.organizationId),
    hospitalName: o.hospitalName,
    hospitalNameESP: o.hospitalNameESP,
    address: o.address,
    addressLatitude: o.addressLatitude,
    addressLongitude: o.addressLongitude,
    city: o.city,
    state: o.state,
    zip: o.zip,
    country: o.country || 'US',
    phone: o.phone,
    email: o.email,
    timeZone: o.timeZone || null,
    rpmEnabled: o.rpmEnabled,
    rtmEnabled: o.rtmEnabled,
    ccmEnabled: o.ccmEnabled,
    assessmentsEnabled: o.assessmentsEnabled,
    status: o.status,
  };
}

/** PUT hospital/{id}: every field but the organization (an office does not move). */
export function toUpdateBody(v: OfficeFormValues): OfficeUpdate {
  const { organizationId: _organizationId, ...rest } = v;
  return { ...rest, timeZone: v.timeZone ?? '' };
}

/** POST hospital. */
export function toCreateBody(v: OfficeFormValues): OfficeCreate {
  return { ...toUpdateBody(v), organizationId: v.organizationId ? Number(v.organizationId) : null };
}

/** The office's name in the UI language (the Spanish name when there is one and the UI is Spanish). */
export function officeName(o: Pick<Office, 'hospitalName' | 'hospitalNameESP'>, lang: string): string {
  return lang.startsWith('es') && o.hospitalNameESP ? o.hospitalNameESP : o.hospitalName;
}

/** City, state and ZIP on one line. */
export function placeOf(o: Pick<Office, 'city' | 'state' | 'zip'>): string {
  return [o.city, [o.state, o.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
