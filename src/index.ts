/**
 * The facade for shells (DESIGN.md, "Layers": `main/` imports only this file). What a host that embeds the
 * core may use: start and stop the server, read the configuration, the renderer's Content-Security-Policy
 * and one-time login link, the vault's master-key conventions (so the desktop shell can wrap the same key
 * with safeStorage), the database file's name, resource paths, the queue summary for a tray, and the port
 * through which the shell prints to the OS printers. Anything else a shell needs is added here, not
 * imported from deeper in src/.
 */
export { startServer, DataDirInUse, type Server, type ServerOptions } from './server.ts';
export type { Core, CoreOptions } from './core.ts';
export { loadConfig, type Config } from './config.ts';
export { resourcePath } from './paths.ts';
export { CONTENT_SECURITY_POLICY } from './api/browser/content-security-policy.ts';
export { loginLink } from './api/browser/login-url.ts';
export { KEY_FILE, KEYRING_ENTRY_OPTIONS, KEYRING_SERVICE, MasterKeyError, parseMasterKey } from './secrets/master-key.ts';
export { DATABASE_FILE } from './store/database.ts';
export { waitingDocuments, type WaitingDocuments } from './store/waiting-documents.ts';
export type { OsPrinter, SendOutcome } from './printing/os-printer.ts';
