import countriesLib from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import { sql } from 'drizzle-orm';
import { roleIds, roleNames } from '@vigil/contract';
import type { Db } from '../client';
import { countries, roles } from '../schema/index';
import { seedVerifiers } from './verifiers';
import { seedDeviceTemplates } from './device-templates';
import { seedFeeSchedule } from './fee-schedule';
import { seedSurveyInstruments } from './survey-instruments';

countriesLib.registerLocale(en);
countriesLib.registerLocale(es);

function callingCode(code: string): string {
  try {
    return '+' + getCountryCallingCode(code as CountryCode);
  } catch {
    return '';
  }
}

/**
 * Seeds the reference tables every installation needs: roles (spec section 6, ids documented in
 * the README) and ISO 3166-1 countries with English and Spanish names and calling codes.
 * Idempotent: re-running updates names in place.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(roleIds.map((id) => ({ id, roleName: roleNames[id].name, roleNameForDisplay: roleNames[id].en, roleNameForDisplayEsp: roleNames[id].es })))
    .onConflictDoUpdate({
      target: roles.id,
      set: { roleName: sql`excluded.role_name`, roleNameForDisplay: sql`excluded.role_name_for_display`, roleNameForDisplayEsp: sql`excluded.role_name_for_display_esp` },
    });
  const names = countriesLib.getNames('en', { select: 'official' });
  const rows = Object.entries(names).map(([code, name]) => ({
    countryCode: code,
    countryName: code === 'US' ? 'United States' : name,
    countryNameEsp: countriesLib.getName(code, 'es') ?? name,
    phoneCode: callingCode(code),
  }));
  await db
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({ target: countries.countryCode, set: { countryName: sql`excluded.country_name`, countryNameEsp: sql`excluded.country_name_esp`, phoneCode: sql`excluded.phone_code` } });
  await seedVerifiers(db);
  await seedDeviceTemplates(db);
  await seedFeeSchedule(db);
  await seedSurveyInstruments(db);
}
