/**
 * The printing worker (worker-entries.json "escpos"): renders receipts and test pages (print-job.ts) away
 * from the event loop the counter issues on. Buffers arrive as Uint8Arrays (structured clone); the XML
 * reader and the image header check want Buffers again.
 */
import { asBuffer, serveRequests } from '../threads/serve-requests.ts';
import { renderPrintJob, type PrintJob } from './print-job.ts';

function revivePrintJob(job: PrintJob): PrintJob {
  if (job.kind !== 'receipt') return job;
  const branding = job.branding?.logo ? { ...job.branding, logo: asBuffer(job.branding.logo) } : job.branding;
  return { ...job, document: { ...job.document, signedXml: asBuffer(job.document.signedXml) }, branding };
}

serveRequests((job: PrintJob) => renderPrintJob(revivePrintJob(job)));
