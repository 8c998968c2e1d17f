/**
 * The address lookup (spec section 3: "an address lookup returns geocoding and time-zone data";
 * section 5: "an address that cannot be validated produces a message"), from offline data: the
 * `zipcodes` package (US ZIP codes with their primary city, state and centre coordinates) and
 * `@photostructure/tz-lookup` (the IANA time zone at a coordinate, from the timezone-boundary-builder
 * shapes). No online geocoder is configured in this product; see docs/enrolment.md.
 */
import { message, type AddressLookup, type Lang } from '@vigil/contract';

type ZipLookup = (zip: string) => { zip: string; latitude: number; longitude: number; city: string; state: string; country: string } | undefined;
type TzLookup = (lat: number, lon: number) => string;

// About 5 MB of ZIP data: loaded on the first lookup, not when the server starts.
let loaded: Promise<{ lookup: ZipLookup; tz: TzLookup }> | null = null;
function data() {
  loaded ??= Promise.all([import('zipcodes'), import('@photostructure/tz-lookup')]).then(([zip, tz]) => ({
    lookup: (zip.default?.lookup ?? zip.lookup) as ZipLookup,
    tz: ((tz as { default?: TzLookup }).default ?? (tz as unknown as TzLookup)) as TzLookup,
  }));
  return loaded;
}

/** Text compared without case, accents, punctuation or repeated spaces ("St. Louis" = "st louis"). */
export function comparable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\bfort\b/g, 'ft')
    .replace(/\bmount\b/g, 'mt')
    .trim();
}

/**
 * Looks up US ZIP code `zip` (5 digits or ZIP+4) and checks `city` and `state` (two-letter code)
 * when given. `validated` is true when the ZIP code exists and both match; otherwise `message` is
 * "address cannot be validated" in `lang`. Coordinates are degrees (WGS 84) of the ZIP code's
 * centre; the time zone is IANA. Never throws for an unknown ZIP code (it answers validated false).
 */
export async function lookupUsAddress(zip: string, city: string | undefined, state: string | undefined, lang: Lang): Promise<AddressLookup> {
  const { lookup, tz } = await data();
  const five = zip.trim().slice(0, 5);
  const found = /^\d{5}$/.test(five) ? lookup(five) : undefined;
  const warn = message('addressNotValidated', lang);
  if (!found || found.country !== 'US') {
    return { validated: false, zip: five, city: null, state: null, latitude: null, longitude: null, timeZone: null, source: 'none', message: warn };
  }
  const cityOk = !city?.trim() || comparable(city) === comparable(found.city);
  const stateOk = !state?.trim() || comparable(state) === comparable(found.state);
  let timeZone: string | null = null;
  try {
    timeZone = tz(found.latitude, found.longitude);
  } catch {
    timeZone = null;
  }
  const validated = cityOk && stateOk;
  return {
    validated,
    zip: found.zip,
    city: found.city,
    state: found.state,
    latitude: found.latitude,
    longitude: found.longitude,
    timeZone,
    source: 'offline',
    message: validated ? null : warn,
  };
}
