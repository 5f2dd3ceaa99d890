/**
 * The layer table of DESIGN.md as `npm run lint` enforces it (eslint.config.js, eslint-rules/layers.js): a
 * file imports only what its folder's row allows, `import type` included; a folder without a row fails; and
 * every departure from the table still names an import the code has, so the list can only shrink.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { importProblem, type LayerTable } from '../../../eslint-rules/layer-table.js';
import { importGraph } from '../../../scripts/lib/import-graph.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

/** The layer rule's messages for `text` linted as if it were the project file `path`. */
async function layerMessages(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, path) });
  return result!.messages.filter((m) => m.ruleId === 'local/layers').map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('the layer table', () => {
  it('refuses a service importing the API, type imports included', async () => {
    expect(await layerMessages('src/outbox/probe.ts', "import '../api/errors.ts';\n")).toEqual([
      'src/outbox/ may not import src/api/ (layer table in eslint.config.js; DESIGN.md, Layers).',
    ]);
    expect(await layerMessages('src/outbox/probe.ts', "import type { ApiError } from '../api/errors.ts';\nexport type Probe = ApiError;\n")).toHaveLength(1);
    expect(await layerMessages('src/outbox/probe.ts', "export { ApiError } from '../api/errors.ts';\n")).toHaveLength(1);
  });

  it('lets a service import the layers below and the siblings its row names', async () => {
    const text = "import { Dec } from '../domain/money.ts';\nimport { getJson } from '../hacienda/http.ts';\nimport { retryDelay } from './backoff.ts';\nexport const probe = [Dec, getJson, retryDelay];\n";
    expect(await layerMessages('src/outbox/probe.ts', text)).toEqual([]);
    expect(await layerMessages('src/domain/probe.ts', "import { Vault } from '../secrets/vault.ts';\nexport const probe = Vault;\n")).toHaveLength(1);
  });

  it('fails a folder of src/ that has no row', async () => {
    expect(await layerMessages('src/not-in-the-table/probe.ts', 'export const probe = 1;\n')).toEqual([
      'src/not-in-the-table/probe.ts has no row in the layer table of eslint.config.js: give it one (DESIGN.md, Layers).',
    ]);
  });

  it('keeps the shells to the facade and the screens to api/, i18n/, shared/ and types', async () => {
    expect(await layerMessages('main/probe.ts', "import { startServer } from '../src/index.ts';\nexport const probe = startServer;\n")).toEqual([]);
    expect(await layerMessages('main/probe.ts', "import { openStore } from '../src/store/database.ts';\nexport const probe = openStore;\n")).toHaveLength(1);
    expect(await layerMessages('preload/probe.ts', "import { startServer } from '../src/index.ts';\nexport const probe = startServer;\n")).toHaveLength(1);
    const screen = "import { formatMoney } from '../shared/money.ts';\nimport type { WebhookEventName } from '../../src/webhooks/events.ts';\nexport type Probe = WebhookEventName;\nexport const probe = formatMoney;\n";
    expect(await layerMessages('renderer/documents/probe.ts', screen)).toEqual([]);
    expect(await layerMessages('renderer/documents/probe.ts', "import * as invoice from '../invoice/store.ts';\nexport const probe = invoice;\n")).toHaveLength(1);
    expect(await layerMessages('renderer/documents/probe.ts', "import { WEBHOOK_EVENTS } from '../../src/webhooks/events.ts';\nexport const probe = WEBHOOK_EVENTS;\n")).toHaveLength(1);
  });

  it('lists only departures the code still needs', async () => {
    const config = await eslint.calculateConfigForFile(join(root, 'src/outbox/worker.ts'));
    const table = config.rules['local/layers'][1] as LayerTable;
    // Left after issue 13: main/ naming the preload's switch (the API took the whole Core in 24 files). Lower this
    // number when one goes; never raise it.
    expect(table.departures!.length).toBeLessThanOrEqual(1);
    const edges = [...table.roots].flatMap((folder) => [...importGraph(root, folder.replace(/\/$/, ''), { outside: true })].flatMap(([from, targets]) => [...targets].map((to) => ({ from, to }))));
    for (const departure of table.departures!) {
      const needed = edges.some(({ from, to }) => importProblem(table, from, to, false)?.excused === departure);
      expect(needed, `departure ${departure.from} -> ${departure.to} is no longer needed: remove it`).toBe(true);
    }
  });
});
