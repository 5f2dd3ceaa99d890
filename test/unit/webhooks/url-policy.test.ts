/** URL rules of webhooks: static checks, address ranges, connect-time resolution (DNS rebinding). */
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../src/webhooks/ip-ranges.ts';
import { checkWebhookUrl, policyFromEnv, resolveTarget, UrlRefused, type Resolver } from '../../../src/webhooks/url-policy.ts';

const strict = { allowLocal: false };
const local = { allowLocal: true };

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.1.10',
    '169.254.169.254', '100.64.0.1', '100.127.255.255', '0.0.0.0', '0.1.2.3', '224.0.0.1', '255.255.255.255', '192.0.2.5', '198.18.0.1',
    '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'ff02::1', '2001:db8::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '0:0:0:0:0:ffff:c0a8:0101', '::127.0.0.1',
    '64:ff9b::7f00:1', '64:ff9b::10.1.2.3', '2002:7f00:1::', '2002:c0a8:0101::1',
    'localhost', 'not-an-ip', '',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '169.253.1.1', '192.169.0.1', '11.0.0.1',
    '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  // Issue 12, Security 8: every IPv6 prefix that embeds an IPv4 address is judged by the address it embeds.
  it.each([
    '::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '::ffff:0:a00:1', // IPv4-translated ::ffff:0:0:0/96 (SIIT)
    '64:ff9b:1::7f00:1', '64:ff9b:1:7f00:1::', '64:ff9b:1:c0a8:1:100::', '64:ff9b:1:0:a9:fea9:fe00:0', '64:ff9b:1::', // local-use NAT64
    '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1 (last 32 bits inverted)
    '2001:0:4136:e378:8000:63bf:3f57:fefe', // Teredo, client 192.168.1.1
    '2001:0:7f00:1:8000:63bf:f7f7:f7f7', // Teredo, server 127.0.0.1
    '2002:a00:1::1', '2002:a9fe:a9fe::', // 6to4 of 10.0.0.1 and of the metadata address
    '2001:4860::5efe:7f00:1', '2001:4860::200:5efe:c0a8:101', // ISATAP interface identifiers
  ])('%s embeds a non-public IPv4 and is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '::ffff:0:808:808', '64:ff9b:1::808:808', '64:ff9b:1:808:8:800::',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo, server 65.54.227.120, client 8.8.8.8
    '2001:4860::5efe:808:808',
  ])('%s embeds a public IPv4 and is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkWebhookUrl', () => {
  it('accepts https URLs of public hosts', () => {
    expect(checkWebhookUrl('https://pos.example.com/hooks?x=1', strict).toString()).toBe('https://pos.example.com/hooks?x=1');
    expect(checkWebhookUrl('https://8.8.8.8:8443/h', strict).hostname).toBe('8.8.8.8');
    expect(checkWebhookUrl('https://[2606:4700:4700::1111]/h', strict).hostname).toBe('[2606:4700:4700::1111]');
  });

  it.each([
    ['http://pos.example.com/h', /https/],
    ['ftp://pos.example.com/h', /https/],
    ['not a url', /valid/],
    ['/relative/path', /valid/],
    ['https://user:pass@pos.example.com/h', /credentials/],
    ['https://user@pos.example.com/h', /credentials/],
    ['https://localhost/h', /localhost/],
    ['https://LOCALHOST./h', /localhost/],
    ['https://api.localhost/h', /localhost/],
    ['https://127.0.0.1/h', /public/],
    ['https://0x7f.1/h', /public/], // WHATWG: 127.0.0.1
    ['https://2130706433/h', /public/], // 127.0.0.1 as one number
    ['https://017700000001/h', /public/], // octal
    ['https://0.0.0.0/h', /public/],
    ['https://0/h', /public/],
    ['https://10.1.2.3/h', /public/],
    ['https://172.20.0.1/h', /public/],
    ['https://192.168.0.1/h', /public/],
    ['https://169.254.169.254/latest/meta-data', /public/],
    ['https://100.100.100.100/h', /public/],
    ['https://[::1]/h', /public/],
    ['https://[::ffff:127.0.0.1]/h', /public/],
    ['https://[::ffff:192.168.0.1]/h', /public/],
    ['https://[fd00::1]/h', /public/],
    ['https://[fe80::1]/h', /public/],
    [`https://example.com/${'a'.repeat(2100)}`, /longer/],
  ])('refuses %s', (url, message) => {
    expect(() => checkWebhookUrl(url, strict)).toThrow(UrlRefused);
    expect(() => checkWebhookUrl(url, strict)).toThrow(message);
  });

  it('with the local-webhooks setting allows http and private or loopback hosts, never credentials', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9000/pos', local).port).toBe('9000');
    expect(checkWebhookUrl('http://localhost/pos', local).hostname).toBe('localhost');
    expect(checkWebhookUrl('https://192.168.1.20/pos', local).hostname).toBe('192.168.1.20');
    expect(() => checkWebhookUrl('http://a:b@192.168.1.20/pos', local)).toThrow(/credentials/);
    expect(() => checkWebhookUrl('ftp://192.168.1.20/pos', local)).toThrow(/https or http/);
  });
});

describe('policyFromEnv', () => {
  it('reads FACTURADOR_ALLOW_LOCAL_WEBHOOKS', () => {
    expect(policyFromEnv({})).toEqual({ allowLocal: false });
    expect(policyFromEnv({ FACTURADOR_ALLOW_LOCAL_WEBHOOKS: '1' })).toEqual({ allowLocal: true });
    expect(policyFromEnv({ FACTURADOR_ALLOW_LOCAL_WEBHOOKS: 'true' })).toEqual({ allowLocal: true });
    expect(policyFromEnv({ FACTURADOR_ALLOW_LOCAL_WEBHOOKS: '0' })).toEqual({ allowLocal: false });
  });
});

describe('resolveTarget (connect time)', () => {
  const dns = (table: Record<string, string[]>): Resolver => async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it('answers the first address when every address is public', async () => {
    const target = await resolveTarget(new URL('https://pos.example.com/h'), strict, dns({ 'pos.example.com': ['93.184.216.34', '2606:2800:220:1::1'] }));
    expect(target).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name that resolves to a private address (DNS rebinding), even when mixed with public ones', async () => {
    await expect(resolveTarget(new URL('https://evil.example.com/h'), strict, dns({ 'evil.example.com': ['127.0.0.1'] }))).rejects.toThrow(/non-public address 127\.0\.0\.1/);
    await expect(resolveTarget(new URL('https://mixed.example.com/h'), strict, dns({ 'mixed.example.com': ['8.8.8.8', '::ffff:10.0.0.1'] }))).rejects.toThrow(UrlRefused);
  });

  it('refuses names that do not resolve', async () => {
    await expect(resolveTarget(new URL('https://nowhere.example/h'), strict, dns({}))).rejects.toThrow(/cannot be resolved \(ENOTFOUND\)/);
  });

  it('checks IP literals without DNS, and allows private ones only with the local setting', async () => {
    const never: Resolver = async () => {
      throw new Error('no DNS for literals');
    };
    await expect(resolveTarget(new URL('http://127.0.0.1:1/h'), strict, never)).rejects.toThrow(UrlRefused);
    expect(await resolveTarget(new URL('http://127.0.0.1:1/h'), local, never)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await resolveTarget(new URL('http://[::1]:1/h'), local, never)).toEqual({ address: '::1', family: 6 });
  });
});
