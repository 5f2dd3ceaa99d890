/**
 * Hands a file fetched by the client (a Blob) to the browser or the desktop shell as a download: an object
 * URL on a link with `download`, clicked, then released. For files whose request needs headers a plain
 * link cannot send (a supervisor's approval, renderer/shared/approval).
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Released a minute later: the download reads the URL after the click, not during it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
