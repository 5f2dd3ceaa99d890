/**
 * The issuing pipeline over a real SQLite store: batches numbered in memory, signed on the thread pool and
 * saved in one transaction; when a counter moves under a batch, or a save fails, the batch is redone one
 * document at a time — never a duplicate number, never a gap.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/database.ts';
import { localAccount } from '../../../src/store/accounts.ts';
import { insertOrganization } from '../../../src/store/organizations.ts';
import { issuingBackend } from '../../../src/store/issuing.ts';
import { readNextConsecutive, setNextConsecutive } from '../../../src/store/counters-issue.ts';
import { IssuePipeline } from '../../../src/documents/issue-pipeline.ts';
import { prepareIssue } from '../../../src/documents/issue.ts';
import { IssueError } from '../../../src/documents/issue-errors.ts';
import { shippedCabysCatalog } from '../../../src/catalogs/cabys-catalog.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { verifyXml } from '../../../src/signing/verify.ts';
import { testIdentity } from '../../fixtures/certificates.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const temp = tempDirs();

let store: Store;
let scope: { organizationId: number; environment: string };

function ticket(edit: (b: Record<string, any>) => void = () => {}) { // eslint-disable-line @typescript-eslint/no-explicit-any
  const body = JSON.parse(readFileSync(new URL('../../../examples/requests/04-tiquete.json', import.meta.url), 'utf8'));
  body.document.date = new Date(Date.now() - 60_000).toISOString();
  edit(body);
  return prepareIssue(body, {
    now: new Date(), cabys: shippedCabysCatalog(), organization: { identificationType: '02', identificationNumber: '3101123456' },
    environment: 'staging', identity: testIdentity(), simulationAllowed: true,
  });
}

const counter = () => ({ ...scope, branch: '002', terminal: '00003', documentType: '04' });
const numbers = (results: { model: { consecutive: string } }[]) => results.map((r) => Number(r.model.consecutive.slice(10))).sort((a, b) => a - b);

beforeEach(() => {
  store = openStore(join(temp('pipeline-'), 'f.db'));
  const now = new Date();
  const account = localAccount(store.db, now);
  const org = insertOrganization(store.db, { uuid: randomUUID(), accountId: account.id, name: 'Org S.A.', identificationType: '02', identificationNumber: '3101123456', email: 'o@e.cr', createdAt: now.toISOString(), updatedAt: now.toISOString() });
  scope = { organizationId: org.id, environment: 'staging' };
});

describe('IssuePipeline', () => {
  it('numbers a batch 1..n, signs every document validly and saves them all', async () => {
    const pipeline = new IssuePipeline(issuingBackend(store, systemClock));
    const results = await Promise.all(Array.from({ length: 12 }, () => pipeline.issue(ticket(), scope)));
    expect(numbers(results)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(readNextConsecutive(store.db, counter())).toBe(13);
    const rows = store.db.$client.prepare('SELECT signed_xml FROM documents').all() as { signed_xml: Buffer }[];
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(verifyXml(row.signed_xml).valid).toBe(true);
    expect((store.db.$client.prepare("SELECT count(*) AS n FROM outbox_jobs WHERE kind = 'submit_document'").get() as { n: number }).n).toBe(12);
  });

  it('redoes the batch one by one when a counter moves under it, continuing after the new value', async () => {
    const real = issuingBackend(store, systemClock);
    let moved = false;
    const pipeline = new IssuePipeline({
      ...real,
      commitBatch: (counters, records) => {
        if (!moved) {
          moved = true; // another request advances the counter while the batch is being signed
          setNextConsecutive(store.db, counter(), false, 500, new Date());
        }
        return real.commitBatch(counters, records);
      },
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => pipeline.issue(ticket(), scope)));
    expect(numbers(results)).toEqual([500, 501, 502, 503, 504]);
    expect(readNextConsecutive(store.db, counter())).toBe(505);
  });

  it('refuses only the duplicate when a batch carries the same consecutive twice', async () => {
    const pipeline = new IssuePipeline(issuingBackend(store, systemClock));
    const own = (b: Record<string, any>) => { b.document.consecutive_number = '00200003040000000007'; }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const outcomes = await Promise.allSettled([pipeline.issue(ticket(own), scope), pipeline.issue(ticket(own), scope), pipeline.issue(ticket(), scope)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(IssueError);
    expect((outcomes[1] as PromiseRejectedResult).reason.code).toBe('duplicate_consecutive');
    // The client's 7 moved the counter past it, so the automatic number of the third is 8.
    expect((outcomes[2] as PromiseFulfilledResult<{ model: { consecutive: string } }>).value.model.consecutive).toBe('00200003040000000008');
    expect(readNextConsecutive(store.db, counter())).toBe(9);
  });
});
