/**
 * What a spec section's route file exports: given the dependencies it names, a fastify plugin. A file of its
 * own, so that the section route files and sections/index.ts (which lists them) do not import each other.
 * `Deps` defaults to the whole core only while sections move to the narrow dependencies they use.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Core } from '../../core.ts';

export type RoutePlugin<Deps = Core> = (deps: Deps) => FastifyPluginAsync;
