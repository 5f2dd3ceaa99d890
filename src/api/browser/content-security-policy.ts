/**
 * The Content-Security-Policy of the screens, one policy for the browser (pages.ts sends it) and the
 * desktop window (main/window.ts puts it on every response of the server's origin): code only from this
 * origin (no inline script, no eval), requests only to it, nothing embedded from elsewhere, and no page of
 * another origin may frame ours (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // No 'unsafe-inline' and no 'unsafe-eval' for scripts: an injected string can never become code.
  "script-src 'self'",
  "connect-src 'self'",
  // React sets style attributes; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  // The branding logo's preview shows the chosen file before it is uploaded (data: or blob: URL).
  "img-src 'self' data: blob:",
  "font-src 'self'",
  // A PDF (the receipt to print) may be shown in a frame of this origin, or from a blob of it.
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
