// Starts a worker's TypeScript entry (workerData.entry, a file URL) through tsx's loader, as
// bin/facturador.js starts the sources: used when the core runs from src/ rather than from a bundle.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
