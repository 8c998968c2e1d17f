/** How long the object URL of a saved file lives (ms): long enough for the browser to start the download. */
export const SAVE_FILE_URL_LIFETIME_MS = 10_000;

/**
 * Hands a downloaded file to the browser's download as `fileName`: an object URL of `blob` behind a
 * temporary `<a download>` that is clicked and removed at once; the URL is revoked after
 * {@link SAVE_FILE_URL_LIFETIME_MS} (revoking at once can cancel the download in Firefox and
 * Safari). The anchor is attached to the document because Firefox ignores a click on a detached one.
 * The one file saver of the web (exports, PDFs, CSV, ICS, support and CCM files).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), SAVE_FILE_URL_LIFETIME_MS);
}
