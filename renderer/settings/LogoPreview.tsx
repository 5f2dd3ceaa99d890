/**
 * The chosen logo drawn on a canvas. The page's Content-Security-Policy (default-src 'self') forbids
 * `blob:` and `data:` images, so an <img> of the local file would not load; createImageBitmap decodes the
 * file without any fetch, and a canvas is not subject to img-src.
 */
import { useEffect, useRef } from 'react';

const MAX_WIDTH = 240;
const MAX_HEIGHT = 120;

export function LogoPreview({ file }: { file: Blob }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    void createImageBitmap(file).then((bitmap) => {
      const el = canvas.current;
      if (cancelled || !el) return;
      const scale = Math.min(1, MAX_WIDTH / bitmap.width, MAX_HEIGHT / bitmap.height);
      el.width = Math.max(1, Math.round(bitmap.width * scale));
      el.height = Math.max(1, Math.round(bitmap.height * scale));
      el.getContext('2d')?.drawImage(bitmap, 0, 0, el.width, el.height);
      bitmap.close();
    }).catch(() => {
      // not an image the browser can decode: the server says why on save
    });
    return () => {
      cancelled = true;
    };
  }, [file]);
  return <canvas ref={canvas} className="logo-preview" data-testid="logo-preview" width={1} height={1} />;
}
