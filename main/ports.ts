/**
 * Where the embedded server listens inside the desktop app: loopback only, on a port the OS picks.
 * Passing port 0 to listen() is how a free random port is picked: the kernel chooses and binds in one
 * step, so no other process can take the port between "found free" and "bound" (a probe-then-listen
 * helper has that race). The real port is read back from the listening socket (Server.url).
 */
export const LOOPBACK_HOST = '127.0.0.1';

/** startServer() flags for the desktop app. */
export function desktopServerFlags(dataDir: string): { host: string; port: string; dataDir: string } {
  return { host: LOOPBACK_HOST, port: '0', dataDir };
}

/**
 * The origin of the server's URL, refusing anything that is not loopback with an explicit port: the
 * window, the CSP and the navigation guard are all built from it, so a mistake here must stop the start.
 */
export function loopbackOrigin(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.protocol !== 'http:' || url.hostname !== LOOPBACK_HOST || url.port === '' || url.port === '0') {
    throw new Error(`the desktop server must listen on ${LOOPBACK_HOST} with a port, not ${serverUrl}`);
  }
  return url.origin;
}
