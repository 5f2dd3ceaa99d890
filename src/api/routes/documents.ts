/** (being written) */
import type { RoutePlugin } from './index.ts';

export const documentRoutes: RoutePlugin = () => async () => {};
