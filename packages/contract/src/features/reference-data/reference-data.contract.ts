import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { countrySchema, roleSchema } from './reference-data.schemas';

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
