import { keepPreviousData } from '@tanstack/react-query';
import { verifiers, type VerifierBody, type VerifierPageQuery } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

/** The reads a change of a verifier makes stale (the lists, the domains, the value lists the forms offer). */
const verifierReads = [verifiers] as const;

export type VerifierListQuery = Partial<VerifierPageQuery>;

/** GET verifier/dinstinctDomains: the domain names, alphabetical (the domain filter and the form's suggestions). */
export function useVerifierDomains() {
  return useEndpointQuery(verifiers.getDistinctDomains, {}, { staleTime: 60_000 });
}

/** GET verifier/getallverifiers: a page of reference values filtered by domain, status and search, sorted on the server. */
export function useVerifierPage(query: VerifierListQuery) {
  return useEndpointQuery(verifiers.getAllVerifiers, { query }, { placeholderData: keepPreviousData });
}

/** POST verifier: 409 when the domain already has that lowValue; 400 with per-field messages. */
export function useCreateVerifier() {
  return useEndpointMutation(verifiers.createVerifier, { input: (body: VerifierBody) => ({ body }), invalidates: verifierReads });
}

/** PUT verifier/{id}: 409 when the domain already has that lowValue or an in-use value would change domain. */
export function useUpdateVerifier() {
  return useEndpointMutation(verifiers.updateVerifier, {
    input: ({ id, body }: { id: number; body: VerifierBody }) => ({ params: { id }, body }),
    invalidates: verifierReads,
  });
}

/** DELETE verifier/{id}: 409 while a doctor has it as a specialization. */
export function useDeleteVerifier() {
  return useEndpointMutation(verifiers.deleteVerifier, { input: (id: number) => ({ params: { id } }), invalidates: verifierReads });
}

