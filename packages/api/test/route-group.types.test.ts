/**
 * A contract group's handlers are complete at compile time (lib/route `registerGroup`,
 * docs/architecture.md "The route chain"): `tsc -p packages/api` checks this file, and each
 * `@ts-expect-error` below must meet an error (an unused one is itself an error), so a missing
 * handler, a handler for a name the group does not declare, a handler reading an input part its
 * endpoint does not declare, or a part of a split group (`pickGroup` / `omitGroup`) left without
 * its handlers fails the typecheck. At run time a group registered with a handler missing anyway
 * (through a cast) stops the server before any route of it is served.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { endpoint, timeTracking } from '@vigil/contract';
import { z } from 'zod';
import type { AppContext } from '../src/context';
import { auditRecordLookups } from '../src/features/index';
import { omitDeclaredIn, omitGroup, pickGroup, registerGroup, urlOf, type GroupHandlers } from '../src/lib/route/index';

/** A two-endpoint group, as a `*.contract.ts` module exports it (with a non-endpoint export too). */
const group = {
  PAGE_SIZE: 20,
  readThing: endpoint({ method: 'GET', path: 'probe/thing', tag: 'Probe', summary: 'probe', permission: 'timeTracking.use', response: z.object({ ok: z.boolean() }) }),
  writeThing: endpoint({
    method: 'POST',
    path: 'probe/thing',
    tag: 'Probe',
    summary: 'probe',
    permission: 'timeTracking.use',
    body: z.object({ name: z.string() }),
    response: z.object({ ok: z.boolean() }),
  }),
};

const ctx = { auditRecords: auditRecordLookups, config: { validateResponses: false } } as unknown as AppContext;

// Complete: compiles.
const complete: GroupHandlers<typeof group> = {
  readThing: () => ({ ok: true }),
  writeThing: ({ body }) => ({ ok: body.name.length > 0 }),
};

// @ts-expect-error writeThing has no handler
const missing: GroupHandlers<typeof group> = { readThing: () => ({ ok: true }) };

const extra: GroupHandlers<typeof group> = {
  readThing: () => ({ ok: true }),
  writeThing: () => ({ ok: true }),
  // @ts-expect-error the group declares no endpoint named eraseThing
  eraseThing: () => ({ ok: true }),
};

const wrongAnswer: GroupHandlers<typeof group> = {
  // @ts-expect-error the answer breaks the endpoint's response type
  readThing: () => ({ ok: 'yes' }),
  writeThing: () => ({ ok: true }),
};

/** A real group: time tracking with one endpoint left without a handler does not compile. */
function timeTrackingWithoutDelete(app: ReturnType<typeof Fastify>): void {
  // @ts-expect-error deletePatientPresence has no handler
  registerGroup(app, ctx, timeTracking, {
    getNotFinishedWithPatient: () => null,
    startTrackingWithPatient: () => ({}) as never,
    stopTrackingWithPatient: () => ({}) as never,
    stopTrackingWithPatientV2: () => ({}) as never,
    getTimeEntriesForPatient: () => [],
    updateTimeEntry: () => ({}) as never,
    deleteTimeEntry: () => ({}) as never,
    getPatientPresenceForHospital: () => ({}) as never,
    getPatientPresenceByPatientId: () => ({}) as never,
    createPatientPresence: () => ({}) as never,
  });
}

/** A group split with one keys constant (`pickGroup` / `omitGroup`): each part's handlers are complete. */
const READS = ['readThing'] as const;
function registerSplit(app: ReturnType<typeof Fastify>): void {
  registerGroup(app, ctx, pickGroup(group, READS), { readThing: () => ({ ok: true }) });
  registerGroup(app, ctx, omitGroup(group, READS), { writeThing: ({ body }) => ({ ok: body.name.length > 0 }) });
}

function splitBadly(app: ReturnType<typeof Fastify>): void {
  // @ts-expect-error the rest of the group still needs writeThing
  registerGroup(app, ctx, omitGroup(group, READS), {});
  // @ts-expect-error readThing is the picked part's, not the rest's
  registerGroup(app, ctx, omitGroup(group, READS), { readThing: () => ({ ok: true }), writeThing: () => ({ ok: true }) });
  // @ts-expect-error PAGE_SIZE is no endpoint of the group
  pickGroup(group, ['PAGE_SIZE']);
}

/** A group re-exporting a nested group's declaration by name, as ccm.contract.ts does its sub-record groups'. */
const nested = {
  inner: { slug: 'inner', readInner: endpoint({ method: 'GET', path: 'probe/inner', tag: 'Probe', summary: 'probe', permission: 'timeTracking.use', response: z.object({ n: z.number() }) }) },
};
const withNested = { ...group, readInner: nested.inner.readInner };

describe('registerGroup', () => {
  it('registers one route per endpoint of the group, and none for its other exports', () => {
    const app = Fastify();
    registerGroup(app, ctx, group, complete);
    expect(app.hasRoute({ method: 'GET', url: urlOf(group.readThing) })).toBe(true);
    expect(app.hasRoute({ method: 'POST', url: urlOf(group.writeThing) })).toBe(true);
  });

  it('registers a group split by pickGroup / omitGroup whole, and not a part twice', () => {
    const app = Fastify();
    registerSplit(app);
    expect(app.hasRoute({ method: 'GET', url: urlOf(group.readThing) })).toBe(true);
    expect(app.hasRoute({ method: 'POST', url: urlOf(group.writeThing) })).toBe(true);
    expect(Object.keys(pickGroup(group, READS))).toEqual(['readThing']);
    expect(Object.keys(omitGroup(group, READS))).toEqual(['PAGE_SIZE', 'writeThing']);
    expect(() => splitBadly(Fastify())).toThrow('POST probe/thing: no handler for writeThing');
  });

  it('omitDeclaredIn leaves out the declarations of the nested groups, by identity', () => {
    const app = Fastify();
    // `complete` names no handler for readInner: left out, it compiles.
    registerGroup(app, ctx, omitDeclaredIn(withNested, nested), complete);
    expect(app.hasRoute({ method: 'GET', url: urlOf(group.readThing) })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: urlOf(nested.inner.readInner) })).toBe(false);
    // @ts-expect-error without omitDeclaredIn the group needs readInner too
    const whole: GroupHandlers<typeof withNested> = complete;
    expect(whole).toBe(complete);
  });

  it('refuses to start when a handler is missing anyway (a cast past the compiler)', () => {
    expect(() => registerGroup(Fastify(), ctx, group, missing)).toThrow('POST probe/thing: no handler for writeThing');
    expect(() => timeTrackingWithoutDelete(Fastify())).toThrow('no handler for deletePatientPresence');
    // The extra and wrong handlers above are type errors only; they are never registered.
    expect(Object.keys(extra)).toContain('eraseThing');
    expect(Object.keys(wrongAnswer)).toEqual(['readThing', 'writeThing']);
  });
});
