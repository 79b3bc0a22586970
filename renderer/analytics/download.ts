/** Saves text as a file through the browser's download (a blob: URL, so no network and no file system access). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; the URL only has to outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A file name safe on every OS: letters, digits, dot, dash and underscore only. */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
}
