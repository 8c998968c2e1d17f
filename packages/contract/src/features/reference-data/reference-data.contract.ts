import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { addressLookupQuerySchema, addressLookupSchema, countrySchema, roleSchema } from './reference-data.schemas';

const tag = 'Reference data';

export const getCountries = endpoint({
  method: 'GET',
  path: 'country',
  tag,
  summary: 'Countries: United States first, then alphabetical by countryName',
  permission: 'public',
  response: z.array(countrySchema),
});

export const getRoles = endpoint({
  method: 'GET',
  path: 'role',
  tag,
  summary: 'User roles with display names in English and Spanish',
  permission: 'reference.read',
  response: z.array(roleSchema),
});

export const lookupAddress = endpoint({
  method: 'GET',
  path: 'address/lookup',
  tag,
  summary:
    "Chosen (not in the spec): checks a US ZIP code against the city and state typed beside it and gives the ZIP code's coordinates and IANA time zone, from offline data (docs/enrolment.md); a warning message when the address cannot be validated",
  permission: 'reference.read',
  query: addressLookupQuerySchema,
  response: addressLookupSchema,
});
