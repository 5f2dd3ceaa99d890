/**
 * The `facturador` command. Subcommands of this issue: `document build` and `verify`; the server
 * (`serve`), keys, the simulator and catalogs join as their issues land.
 */
import { parseArgs } from 'node:util';
import { documentBuild } from './cli/document-build.ts';
import { verifyCommand } from './cli/verify.ts';
import { processOutput, type Output } from './cli/output.ts';

const USAGE = `facturador — Costa Rican electronic tax documents (Hacienda v4.4)

Usage:
  facturador document build --request FILE.json [--p12 FILE.p12 --pin PIN] [--situation 1|2|3]
      Prints the XML of the request (signed when a .p12 is given). Validation errors print the
      field map and exit 1.
  facturador verify FILE.xml
      Checks the XAdES signature of a document; exit 0 only when it is valid.
`;

export function runCli(argv: string[], out: Output = processOutput): number {
  const [command, sub, ...rest] = argv;
  if (command === 'document' && sub === 'build') {
    const { values } = parseArgs({
      args: rest,
      options: {
        request: { type: 'string' },
        p12: { type: 'string' },
        pin: { type: 'string' },
        situation: { type: 'string' },
        'provider-id': { type: 'string' },
      },
    });
    if (!values.request) {
      out.error(USAGE);
      return 2;
    }
    return documentBuild({ ...values, request: values.request, providerSystemId: values['provider-id'] ?? process.env['FACTURADOR_PROVIDER_ID'] }, out);
  }
  if (command === 'verify' && sub !== undefined) return verifyCommand(sub, out);
  (command === undefined || command === 'help' || command === '--help' ? out.write : out.error)(USAGE);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}
