import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countries, roles } from '../../db/schema/index';

/** Countries, United States first, then by countryName (spec section 7). Reference data is not tenant data. */
export function findCountries(db: Executor) {
  return db
    .select()
    .from(countries)
    .orderBy(sql`case when ${countries.countryCode} = 'US' then 0 else 1 end`, asc(countries.countryName));
}

export function findRoles(db: Executor) {
  return db.select().from(roles).orderBy(asc(roles.id));
}
