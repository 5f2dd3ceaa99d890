/**
 * The `facturador` command: the server, the local administrator's levers, and the document tools.
 */
import { parseArgs } from 'node:util';
import { documentBuild } from './cli/document-build.ts';
import { verifyCommand } from './cli/verify.ts';
import { serveCommand } from './cli/serve.ts';
import { accountSet, keysCreate } from './cli/admin.ts';
import { archiveExport, archiveImport } from './cli/archive.ts';
import { simulatorCommand } from './hacienda/simulator/cli.ts';
import { processOutput, type Output } from './cli/output.ts';
import { catalogStatusCommand, importCabysCommand } from './cli/catalogs.ts';
import { backupCommand, restoreCommand } from './cli/backup.ts';
import { loginUrlCommand } from './cli/login-url.ts';
import { pairCommand } from './cli/pair.ts';

const USAGE = `facturador — Costa Rican electronic tax documents (Hacienda v4.4)

Usage:
  facturador serve [--port 8780] [--host 127.0.0.1] [--data-dir DIR]
      Runs the API at http://127.0.0.1:8780/api/v1 (PORT, FACTURADOR_DATA_DIR also work).
  facturador hacienda-simulator [--port P] [--users user:pass,...]
      Runs the local tax-authority simulator (IdP + Recepción) to practise offline or test against.
  facturador keys create --name NAME --mode test|live [--organization UUID] [--abilities a,b] [--expires ISO]
      Creates an API key and prints its secret (shown only this once).
  facturador account set-plan CODE | set-status sandbox|active|past_due|canceled
      The local administrator's plan and status levers.
  facturador document build --request FILE.json [--p12 FILE.p12 --pin PIN] [--situation 1|2|3]
      Prints the XML of the request (signed when a .p12 is given). Validation errors print the
      field map and exit 1.
  facturador verify FILE.xml
      Checks the XAdES signature of a document; exit 0 only when it is valid.
  facturador archive export --from YYYY-MM-DD --to YYYY-MM-DD --out FILE.zip [--organization ID] [--environment production|staging]
      Writes the fiscal archive of a range of issue dates: signed XML, answers and index.csv.
  facturador archive import FILE.zip [--organization ID] [--environment production|staging]
      Imports another provider's signed XML (and the tax authority's answers) from a ZIP.
  facturador catalogs import cabys FILE.xlsx [--data-dir DIR]
      Loads the official CABYS workbook (Banco Central) in place of the shipped copy.
  facturador catalogs status [--data-dir DIR]
      Says where each reference catalog comes from.
  facturador login-url [--data-dir DIR]
      Prints a fresh one-time browser login link for the running server (no restart needed).
  facturador pair --url URL --code CODE [--name NAME] [--organization UUID] [--data-dir DIR]
      Links this till to a head office with the one-time code it showed (docs/replication.md).
  facturador backup [--out FILE] [--data-dir DIR]
      Copies the database while the app runs (default backups/facturador-YYYYMMDD-HHMMSS.db).
  facturador restore FILE [--data-dir DIR] [--yes]
      Replaces the database with a backup (server stopped; asks first, or --yes). docs/backup.md
`;

const DATA_DIR = { 'data-dir': { type: 'string' } } as const;

function usage(out: Output, code: number): number {
  (code === 0 ? out.write : out.error)(USAGE);
  return code;
}

function documentCommand(rest: string[], out: Output): number {
  const { values } = parseArgs({
    args: rest,
    options: { request: { type: 'string' }, p12: { type: 'string' }, pin: { type: 'string' }, situation: { type: 'string' }, 'provider-id': { type: 'string' } },
  });
  if (!values.request) return usage(out, 2);
  return documentBuild({ ...values, request: values.request, providerSystemId: values['provider-id'] ?? process.env['FACTURADOR_PROVIDER_ID'] }, out);
}

const ARCHIVE_OPTIONS = { organization: { type: 'string' }, environment: { type: 'string' }, ...DATA_DIR } as const;

function archiveCommand(sub: string | undefined, rest: string[], out: Output): Promise<number> | number {
  if (sub === 'export') {
    const { values } = parseArgs({ args: rest, options: { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' }, ...ARCHIVE_OPTIONS } });
    return archiveExport({ ...values, dataDir: values['data-dir'] }, out);
  }
  const { values, positionals } = parseArgs({ args: rest, options: ARCHIVE_OPTIONS, allowPositionals: true });
  if (sub !== 'import' || positionals.length !== 1) return usage(out, 2);
  return archiveImport(positionals[0]!, { ...values, dataDir: values['data-dir'] }, out);
}

function keysCommand(rest: string[], out: Output): number {
  const { values } = parseArgs({
    args: rest,
    options: { name: { type: 'string' }, mode: { type: 'string' }, organization: { type: 'string' }, abilities: { type: 'string' }, expires: { type: 'string' }, ...DATA_DIR },
  });
  return keysCreate({ ...values, dataDir: values['data-dir'] }, out);
}

export async function runCli(argv: string[], out: Output = processOutput): Promise<number> {
  const [command, sub, ...rest] = argv;
  try {
    if (command === 'serve') {
      const { values } = parseArgs({ args: argv.slice(1), options: { port: { type: 'string' }, host: { type: 'string' }, ...DATA_DIR } });
      return await serveCommand({ port: values.port, host: values.host, dataDir: values['data-dir'] }, out);
    }
    if (command === 'hacienda-simulator') {
      const { values } = parseArgs({ args: argv.slice(1), options: { port: { type: 'string' }, users: { type: 'string' } } });
      await simulatorCommand(values);
      return 0;
    }
    if (command === 'document' && sub === 'build') return documentCommand(rest, out);
    if (command === 'keys' && sub === 'create') return keysCommand(rest, out);
    if (command === 'account' && (sub === 'set-plan' || sub === 'set-status')) {
      const { values, positionals } = parseArgs({ args: rest, options: DATA_DIR, allowPositionals: true });
      return accountSet(sub === 'set-plan' ? 'plan' : 'status', positionals[0], values['data-dir'], out);
    }
    if (command === 'verify' && sub !== undefined) return verifyCommand(sub, out);
    if (command === 'archive') return await archiveCommand(sub, rest, out);
    if (command === 'login-url') {
      const { values } = parseArgs({ args: argv.slice(1), options: DATA_DIR });
      return loginUrlCommand({ dataDir: values['data-dir'] }, out);
    }
    if (command === 'pair') {
      const { values } = parseArgs({ args: argv.slice(1), options: { url: { type: 'string' }, code: { type: 'string' }, name: { type: 'string' }, organization: { type: 'string' }, ...DATA_DIR } });
      return await pairCommand({ ...values, dataDir: values['data-dir'] }, out);
    }
    if (command === 'backup') {
      const { values } = parseArgs({ args: argv.slice(1), options: { out: { type: 'string' }, ...DATA_DIR } });
      return await backupCommand({ out: values.out, dataDir: values['data-dir'] }, out);
    }
    if (command === 'restore') {
      const { values, positionals } = parseArgs({ args: argv.slice(1), options: { yes: { type: 'boolean' }, ...DATA_DIR }, allowPositionals: true });
      if (positionals.length === 1) return await restoreCommand(positionals[0]!, { yes: values.yes, dataDir: values['data-dir'] }, out);
    }
    if (command === 'catalogs' && (sub === 'import' || sub === 'status')) {
      const { values, positionals } = parseArgs({ args: rest, options: DATA_DIR, allowPositionals: true });
      if (sub === 'status') return await catalogStatusCommand(values['data-dir'], out);
      if (positionals[0] === 'cabys' && positionals[1]) return await importCabysCommand(positionals[1], values['data-dir'], out);
    }
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      out.error((err as Error).message);
      return usage(out, 2);
    }
    throw err;
  }
  return usage(out, command === undefined || command === 'help' || command === '--help' ? 0 : 2);
}
