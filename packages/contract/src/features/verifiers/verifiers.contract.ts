import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  categoryCodeHeaderSchema,
  timeZoneOptionSchema,
  verifierBodySchema,
  verifierDomainHeaderSchema,
  verifierDomainsHeaderSchema,
  verifierPageQuerySchema,
  verifierPageSchema,
  verifierSchema,
  verifiersByDomainSchema,
  verifierUpdateBodySchema,
} from './verifiers.schemas';

// Verifiers are global reference data (not tenant data): reads need verifiers.read, writes
// verifiers.manage (system admin and the verifier role).
const tag = 'Verifiers';
const idParams = z.object({ id: idSchema });

export const getDistinctDomains = endpoint({
  method: 'GET',
  path: 'verifier/dinstinctDomains',
  tag,
  summary: 'The distinct verifier domains, alphabetical',
  permission: 'verifiers.read',
  response: z.array(z.string()),
});

export const getAllVerifiers = endpoint({
  method: 'GET',
  path: 'verifier/getallverifiers',
  tag,
  summary: 'Page of verifiers, filtered by domain, status and search (lowValue or descriptions), sorted on the server',
  permission: 'verifiers.read',
  query: verifierPageQuerySchema,
  response: verifierPageSchema,
});

export const getVerifiersForDomain = endpoint({
  method: 'GET',
  path: 'verifier/getverifiersfordomain',
  tag,
  summary: 'Active values of one domain (header domainValue), by sortOrder then description; [] for an unknown domain',
  permission: 'verifiers.read',
  headers: verifierDomainHeaderSchema,
  response: z.array(verifierSchema),
});

export const getVerifiersForMultipleDomains = endpoint({
  method: 'GET',
  path: 'verifier/getverifiersformultipledomains',
  tag,
  summary: 'Active values of several domains (header or query `domains`, comma list) as a map domain -> values',
  permission: 'verifiers.read',
  headers: verifierDomainsHeaderSchema,
  response: verifiersByDomainSchema,
});

export const getTimeZones = endpoint({
  method: 'GET',
  path: 'verifier/gettimezones',
  tag,
  summary: 'IANA time zones with their current UTC offset, by offset then name',
  permission: 'verifiers.read',
  response: z.array(timeZoneOptionSchema),
});

export const getDiagnosesByCategoryCode = endpoint({
  method: 'GET',
  path: 'verifier/getdiagnosesbycategorycode',
  tag,
  summary:
    "ICD-10-CM: a chapter range gives its three-character categories; a category gives itself, then its billable codes in the loaded release (rvDomain 'ICD10CM_CODE', id 0)",
  permission: 'verifiers.read',
  headers: categoryCodeHeaderSchema,
  response: z.array(verifierSchema),
});

export const getVerifier = endpoint({
  method: 'GET',
  path: 'verifier/{id}',
  tag,
  summary: 'One verifier by id',
  permission: 'verifiers.read',
  params: idParams,
  response: verifierSchema,
});

export const updateVerifier = endpoint({
  method: 'PUT',
  path: 'verifier/{id}',
  tag,
  summary: 'Update a verifier (409 when the domain already has that lowValue, or when an in-use value would change domain)',
  permission: 'verifiers.manage',
  params: idParams,
  body: verifierUpdateBodySchema,
  response: verifierSchema,
});

export const deleteVerifier = endpoint({
  method: 'DELETE',
  path: 'verifier/{id}',
  tag,
  summary: 'Delete a verifier (409 while a doctor has it as a specialization)',
  permission: 'verifiers.manage',
  params: idParams,
  response: z.object({ id: z.number().int() }),
});

export const createVerifier = endpoint({
  method: 'POST',
  path: 'verifier',
  tag,
  summary: 'Create a verifier (409 when the domain already has that lowValue)',
  permission: 'verifiers.manage',
  body: verifierBodySchema,
  response: verifierSchema,
  successStatus: 201,
});
