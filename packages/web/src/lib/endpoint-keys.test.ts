import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { devices, medicalNotes, offices, verifiers } from '@vigil/contract';
import { endpointCallFilters, endpointFilters, endpointIdsOf, invalidateEndpoints, pagesKeyOf, queryKeyOf } from './endpoint-keys';

// HOUSE_STYLE section 8: query keys come from the endpoint declaration, and a change names the
// endpoints it makes stale. These are the properties the screens rely on.

function seed(qc: QueryClient, key: readonly unknown[]) {
  qc.setQueryData(key, { seeded: true });
}
const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;

describe('endpoint query keys', () => {
  it('two screens reading the same endpoint with the same input share one key; another input or endpoint does not', () => {
    const officePatients = { headers: { hospitalid: 3 }, query: { page: 1, pageSize: 200, sort: 'lastName' as const } };
    const qc = new QueryClient();
    seed(qc, queryKeyOf(offices.findOfficePatientsV4, officePatients));
    // The same call written elsewhere, fields in another order and an undefined search, finds the cached answer.
    expect(qc.getQueryData(queryKeyOf(offices.findOfficePatientsV4, { query: { sort: 'lastName', pageSize: 200, page: 1, search: undefined }, headers: { hospitalid: 3 } }))).toEqual({ seeded: true });
    expect(qc.getQueryData(queryKeyOf(offices.findOfficePatientsV4, { ...officePatients, headers: { hospitalid: 4 } }))).toBeUndefined();
    expect(queryKeyOf(devices.getHub, { params: { id: 1 } })[0]).not.toBe(queryKeyOf(devices.getMedicalDevice, { params: { id: 1 } })[0]);
  });

  it('a group of the contract stands for each of its declarations', () => {
    const ids = endpointIdsOf([verifiers]);
    expect(ids).toContain('GET verifier/getallverifiers');
    expect(ids).toContain('GET verifier/dinstinctDomains');
    expect(ids).toContain('DELETE verifier/{id}');
    expect(ids).not.toContain('GET hub/{id}');
  });

  it('invalidating named endpoints marks every input of them stale and leaves other endpoints fresh', async () => {
    const qc = new QueryClient();
    const listA = queryKeyOf(verifiers.getAllVerifiers, { query: { page: 1, pageSize: 25, domain: 'SPECIALIZATION_TYPE' } });
    const listB = queryKeyOf(verifiers.getAllVerifiers, { query: { page: 2, pageSize: 25 } });
    const domains = queryKeyOf(verifiers.getDistinctDomains);
    const templates = queryKeyOf(medicalNotes.getMedicalNoteCategoryTemplatesForHospital, { headers: { hospitalid: 1 } });
    const hub = queryKeyOf(devices.getHub, { params: { id: 7 } });
    for (const k of [listA, listB, domains, templates, hub]) { seed(qc, k); }

    await invalidateEndpoints(qc, [verifiers.getAllVerifiers]);
    expect([stale(qc, listA), stale(qc, listB), stale(qc, domains), stale(qc, templates), stale(qc, hub)]).toEqual([true, true, false, false, false]);

    await invalidateEndpoints(qc, [verifiers, medicalNotes.getMedicalNoteCategoryTemplatesForHospital]);
    expect([stale(qc, domains), stale(qc, templates), stale(qc, hub)]).toEqual([true, true, false]);
  });

  it('a read gathering pages of an endpoint is refreshed with it, and a deleted record named in `except` is left alone', async () => {
    const qc = new QueryClient();
    const gathered = pagesKeyOf(devices.getHubs, { headers: { hospitalid: 3 }, query: { pageSize: 200 } }, { day: '2026-01-10' });
    const deleted = queryKeyOf(devices.getHub, { params: { id: 7 } });
    const other = queryKeyOf(devices.getHub, { params: { id: 8 } });
    for (const k of [gathered, deleted, other]) { seed(qc, k); }
    await invalidateEndpoints(qc, [devices], { except: [queryKeyOf(devices.getHub, { params: { id: 7 } })] });
    expect([stale(qc, gathered), stale(qc, deleted), stale(qc, other)]).toEqual([true, false, true]);
  });

  it('the single-call filter of an endpoint finds its cached pages, not the gathered reads nor other endpoints', () => {
    const qc = new QueryClient();
    const page = queryKeyOf(devices.getHubs, { query: { page: 1, pageSize: 25 } });
    seed(qc, page);
    seed(qc, pagesKeyOf(devices.getHubs, { query: { pageSize: 200 } }));
    seed(qc, queryKeyOf(devices.getHub, { params: { id: 1 } }));
    expect(qc.getQueriesData(endpointCallFilters(devices.getHubs)).map(([k]) => k)).toEqual([page]);
    expect(qc.getQueriesData(endpointFilters([devices.getHubs]))).toHaveLength(2);
  });
});
