/** (being written) */
import type { RoutePlugin } from './index.ts';

export const recipientRoutes: RoutePlugin = () => async () => {};
