/**
 * Adding a plugin's hook to one route from an `onRoute` hook. A new array each time, never a push: fastify
 * copies a GET route's options for its HEAD twin, and a pushed-to array would be shared between the two.
 * Appended, so that hooks run in the order the plugins were registered (auth before the rate limit).
 */
import type { onRequestHookHandler, onResponseHookHandler, onSendHookHandler, preHandlerHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';

type RouteHook = {
  onRequest: onRequestHookHandler;
  preValidation: preValidationHookHandler;
  preHandler: preHandlerHookHandler;
  onSend: onSendHookHandler;
  onResponse: onResponseHookHandler;
};

export function appendHook<Name extends keyof RouteHook>(route: RouteOptions, name: Name, hook: RouteHook[Name]): void {
  const existing = route[name] as RouteHook[Name] | RouteHook[Name][] | undefined;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as Partial<Record<Name, RouteHook[Name][]>>)[name] = [...list, hook];
}
