import { describe, expect, it } from 'vitest';
import { isExternalWebLink, isSameOrigin, webPreferences, withContentSecurityPolicy } from '../../../main/window.ts';
import { API_BASE_URL_SWITCH, bridgeFromArgv } from '../../../preload/bridge.ts';
import { CONTENT_SECURITY_POLICY } from '../../../src/api/browser/content-security-policy.ts';

const ORIGIN = 'http://127.0.0.1:41234';

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe('main/window: the renderer window is a locked-down web page', () => {
  it('has a strict Content-Security-Policy: own origin only, no eval, no inline script', () => {
    const csp = directives(CONTENT_SECURITY_POLICY);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]); // the window loads the API's own origin
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*/);
    for (const [name, values] of csp) if (name !== 'style-src') expect(values).not.toContain("'unsafe-inline'");
  });

  it('isolates the renderer: no Node, own world, sandboxed, API URL passed as a switch', () => {
    const prefs = webPreferences('/app/preload/dist/index.cjs', `${ORIGIN}/api/v1`, { packaged: true });
    expect(prefs).toMatchObject({
      preload: '/app/preload/dist/index.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
      plugins: true, // the PDF viewer, for receipts printed from a frame
    });
    expect(prefs['additionalArguments']).toEqual([`${API_BASE_URL_SWITCH}${ORIGIN}/api/v1`]);
  });

  it('puts its CSP on the API origin responses only, replacing the server one', () => {
    const headers = withContentSecurityPolicy(`${ORIGIN}/`, { 'content-security-policy': ["default-src *"], 'Content-Type': ['text/html'] }, ORIGIN)!;
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['Content-Type']).toEqual(['text/html']);
    const other = { a: ['b'] };
    expect(withContentSecurityPolicy('https://example.com/', other, ORIGIN)).toBe(other);
  });

  it('leaves a PDF without it, so that the counter\'s receipt frame may show it (frame-ancestors \'none\' would refuse)', () => {
    const pdf = { 'content-type': ['application/pdf'], 'Content-Disposition': ['inline; filename="x.pdf"'] };
    expect(withContentSecurityPolicy(`${ORIGIN}/api/v1/documents/x/pdf?disposition=inline`, pdf, ORIGIN)).toBe(pdf);
    expect(withContentSecurityPolicy(`${ORIGIN}/api/v1/status`, { 'Content-Type': ['application/json; charset=utf-8'] }, ORIGIN)!['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });

  it('keeps navigation on the API origin and sends only web links outside', () => {
    expect(isSameOrigin(`${ORIGIN}/documents`, ORIGIN)).toBe(true);
    expect(isSameOrigin('http://127.0.0.1:41235/', ORIGIN)).toBe(false);
    expect(isSameOrigin('http://localhost:41234/', ORIGIN)).toBe(false);
    expect(isSameOrigin('not a url', ORIGIN)).toBe(false);
    expect(isExternalWebLink('https://www.hacienda.go.cr/')).toBe(true);
    expect(isExternalWebLink('file:///etc/passwd')).toBe(false);
    expect(isExternalWebLink('javascript:alert(1)')).toBe(false);
  });
});

describe('preload/bridge: what the renderer receives', () => {
  it('is the API base URL and nothing else', () => {
    const bridge = bridgeFromArgv(['/electron', '--type=renderer', `${API_BASE_URL_SWITCH}${ORIGIN}/api/v1`]);
    expect(bridge).toEqual({ apiBaseUrl: `${ORIGIN}/api/v1` });
    expect(Object.keys(bridge)).toEqual(['apiBaseUrl']);
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('refuses a missing or foreign URL', () => {
    expect(() => bridgeFromArgv([])).toThrow();
    expect(() => bridgeFromArgv([`${API_BASE_URL_SWITCH}https://evil.example/api/v1`])).toThrow();
    expect(() => bridgeFromArgv([`${API_BASE_URL_SWITCH}http://127.0.0.1:1/other`])).toThrow();
    expect(() => bridgeFromArgv([`${API_BASE_URL_SWITCH}http://user@127.0.0.1:1/api/v1`])).toThrow();
  });
});
