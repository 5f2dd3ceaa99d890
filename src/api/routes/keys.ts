/** (being written) */
import type { RoutePlugin } from './index.ts';

export const keyRoutes: RoutePlugin = () => async () => {};
