/** (being written) */
import type { RoutePlugin } from './index.ts';

export const accountRoutes: RoutePlugin = () => async () => {};
