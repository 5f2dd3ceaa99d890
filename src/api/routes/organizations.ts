/** (being written) */
import type { RoutePlugin } from './index.ts';

export const organizationRoutes: RoutePlugin = () => async () => {};
