/**
 * Uploading the supplier's files: dropped anywhere on the screen (the zone lights up) or chosen with the
 * file picker, several at once (the XML, the tax authority's answer, the PDF, or a ZIP of them), then the
 * server's answer file by file. A file dropped on the window is never opened by the browser instead.
 */
import { useEffect, useRef, useState } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useBatch } from './batch-store.ts';
import { useT, type MessageKey } from './messages.ts';
import type { FileResult } from './types.ts';

function resultKey(result: FileResult): MessageKey {
  if (result.status === 'attached') return result.attached === 'pdf' ? 'purchases.upload.result.attached.pdf' : 'purchases.upload.result.attached.answer';
  return `purchases.upload.result.${result.status}`;
}

export function UploadZone() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { uploading, uploaded, uploadError, upload, dismissUpload } = useBatch();
  const [over, setOver] = useState(false);
  const [count, setCount] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const send = (files: FileList | null | undefined) => {
    const list = files ? [...files] : [];
    if (list.length === 0) return;
    setCount(list.length);
    void upload(list);
  };

  useEffect(() => {
    const onDragOver = (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    };
    const onDragLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) setOver(false); // left the window
    };
    const onDrop = (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      const files = e.dataTransfer?.files;
      if (files && files.length > 0) {
        setCount(files.length);
        void useBatch.getState().upload([...files]);
      }
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);

  return (
    <div className="purchases-upload">
      <div className={`drop ${over ? 'over' : ''}`} data-testid="upload-zone">
        {uploading ? <span>{t('purchases.upload.sending', { count })}</span> : <>
          <span>{t('purchases.upload.drop')} </span>
          <button type="button" onClick={() => input.current?.click()}>{t('purchases.upload.pick')}</button>
        </>}
        <input ref={input} type="file" multiple hidden accept=".xml,.pdf,.zip,application/xml,text/xml,application/pdf,application/zip" data-testid="upload-input"
          onChange={(e) => { send(e.currentTarget.files); e.currentTarget.value = ''; }} />
      </div>
      {uploadError && <p className="error" role="alert">{errorText(language, uploadError)}</p>}
      {uploaded && (
        <div className="upload-results" data-testid="upload-results">
          <ul>
            {uploaded.map((r, i) => (
              <li key={`${r.file}-${i}`} data-status={r.status} className={r.status === 'problem' ? 'problem' : ''}>
                <code>{r.file}</code> — {t(resultKey(r))}{r.reason ? `: ${r.reason}` : ''}
              </li>
            ))}
          </ul>
          <button type="button" onClick={dismissUpload}>{t('purchases.upload.close')}</button>
        </div>
      )}
    </div>
  );
}
