import type { FastifyInstance } from 'fastify';
import { referenceData } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as repo from './reference-data.repo';
import { lookupUsAddress } from '../../lib/address-lookup';

export function referenceDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, referenceData, {
    getCountries: () => repo.findCountries(ctx.db),
    getRoles: async () =>
      (await repo.findRoles(ctx.db)).map((r) => ({
        id: r.id,
        roleName: r.roleName,
        roleNameForDisplay: r.roleNameForDisplay,
        roleNameForDisplayESP: r.roleNameForDisplayEsp,
      })),
    lookupAddress: ({ req, query }) => lookupUsAddress(query.zip, query.city, query.state, req.lang),
  });
}
