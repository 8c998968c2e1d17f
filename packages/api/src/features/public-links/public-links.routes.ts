import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export function publicLinksRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
