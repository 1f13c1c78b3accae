// Saves text as a file from an extension page: a Blob URL on an <a download>, clicked once. A large
// export comes as a Blob made of many parts, which the browser keeps outside the page's heap.

export function downloadText(fileName: string, content: string | Blob, mimeType: string): void {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type: mimeType }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a delay keeps slower browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function copyToClipboard(text: string): Promise<void> {
  return navigator.clipboard.writeText(text);
}
