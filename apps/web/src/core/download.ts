/** Starts the browser download of a blob (an export answered by the API) under its file name. */
export function saveBlob(blob: Blob, filename: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke once the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
