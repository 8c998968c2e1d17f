import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import { createSmartClientBodySchema, smartClientListQuerySchema, smartClientSchema } from './fhir-api.schemas';

// Chosen (not in the spec): the organization's FHIR R4 API clients, docs/fhir.md. The FHIR API
// itself (/fhir/R4) answers FHIR JSON outside this contract (features/fhir-api/fhir.routes.ts).
const tag = 'FHIR API clients';

export const findSmartClients = endpoint({
  method: 'GET',
  path: 'fhirclients',
  tag,
  summary: "Chosen: the organization's SMART Backend Services clients, newest first, revoked ones included",
  permission: 'fhirClients.manage',
  query: smartClientListQuerySchema,
  response: z.array(smartClientSchema),
  audit: false, // the organization's API clients: no patient data
});

export const createSmartClient = endpoint({
  method: 'POST',
  path: 'fhirclients',
  tag,
  summary: 'Chosen: registers a SMART Backend Services client (name, public JWKS, allowed system scopes) of an organization the caller administers (404 otherwise); audited',
  permission: 'fhirClients.manage',
  body: createSmartClientBodySchema,
  response: smartClientSchema,
  successStatus: 201,
  audit: { resource: 'Organization' },
});

export const revokeSmartClient = endpoint({
  method: 'DELETE',
  path: 'fhirclients/{id}',
  tag,
  summary: 'Chosen: revokes a client and every access token it holds at once (their next call answers 401); audited; the client stays listed as revoked',
  permission: 'fhirClients.manage',
  params: z.object({ id: idSchema }),
  response: smartClientSchema,
  audit: { resource: 'Organization' },
});
