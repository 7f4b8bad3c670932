import type { FastifyInstance } from 'fastify';
import catalogRoutes from './catalog/routes';

/** Every domain's routes. Each domain folder owns its routes, repository (SQL) and service. */
export const domainRoutes: Array<(app: FastifyInstance) => Promise<void>> = [catalogRoutes];
