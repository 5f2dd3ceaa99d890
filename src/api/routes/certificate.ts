/** (being written) */
import type { RoutePlugin } from './index.ts';

export const certificateRoutes: RoutePlugin = () => async () => {};
