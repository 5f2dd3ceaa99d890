// Starts the import's classifier in a worker thread (classify-worker.ts) through tsx's loader, as
// bin/facturador.js starts the sources: the worker has no bundle of its own.
import { register } from 'tsx/esm/api';

register();
await import('./classify-worker.ts');
