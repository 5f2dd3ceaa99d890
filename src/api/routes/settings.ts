/** (being written) */
import type { RoutePlugin } from './index.ts';

export const settingsRoutes: RoutePlugin = () => async () => {};
