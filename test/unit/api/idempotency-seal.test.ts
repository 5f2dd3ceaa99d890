/** Stored idempotent answers sealed by the vault (docs/idempotency.md, "Secrets: stored answers are sealed"). */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, openResponse, sealResponse } from '../../../src/api/plugins/idempotency-seal.ts';
import { Vault } from '../../../src/secrets/vault.ts';

const vault = new Vault(randomBytes(32));
const claim = { apiKeyId: 'key-1', key: 'alta-caja-2' };
const answer = JSON.stringify({ success: true, data: { secret: 'fct_test_abcdefghijklmnopqrstuvwxyz0123456789ABCD' } });

describe('sealed idempotent answers', () => {
  it('hold no byte of the answer and open to it exactly', () => {
    const sealed = sealResponse(vault, claim, answer);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('fct_test_');
    expect(openResponse(vault, claim, sealed)).toBe(answer);
  });

  it('open only in their own row and under their own master key', () => {
    const sealed = sealResponse(vault, claim, answer);
    expect(openResponse(vault, { ...claim, key: 'otra' }, sealed)).toBeUndefined();
    expect(openResponse(new Vault(randomBytes(32)), claim, sealed)).toBeUndefined();
  });

  it('pass an answer an earlier version stored in clear through as it is', () => {
    expect(isSealed(answer)).toBe(false);
    expect(openResponse(vault, claim, answer)).toBe(answer);
  });
});
