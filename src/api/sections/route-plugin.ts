/**
 * What a spec section's route file exports: given the dependencies it names (never the whole core), a fastify
 * plugin. A file of its own, so that the section route files and sections/index.ts (which lists them) do not
 * import each other.
 */
import type { FastifyPluginAsync } from 'fastify';

export type RoutePlugin<Deps> = (deps: Deps) => FastifyPluginAsync;
