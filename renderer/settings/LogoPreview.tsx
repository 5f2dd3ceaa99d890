/**
 * The logo the PDFs will carry: a newly chosen file (an object URL of it, revoked when the preview goes) or
 * the stored one (GET /organizations/me/branding/logo). The page's Content-Security-Policy allows exactly
 * these images: `img-src 'self' data: blob:` (src/api/browser/content-security-policy.ts).
 */
import { useEffect, useState } from 'react';
import { fileUrl } from '../api/client.ts';

/** The stored logo's address; `version` changes it after a save, so the image is fetched again. */
export const storedLogoUrl = (version: number) => `${fileUrl('/organizations/me/branding/logo')}?v=${version}`;

export function LogoPreview({ file, src, alt }: { file?: Blob; src?: string; alt: string }) {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    return () => {
      URL.revokeObjectURL(url);
      setObjectUrl(null);
    };
  }, [file]);
  const shown = file ? objectUrl : src;
  return shown ? <img src={shown} alt={alt} className="logo-preview" data-testid="logo-preview" /> : null;
}
