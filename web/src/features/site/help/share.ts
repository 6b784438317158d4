/**
 * Shares the current page: the native share sheet when the browser has one, otherwise copies the
 * address and tells the reader with an alert.
 */
export async function shareLink(title: string, url: string, texts: { copied: string; copyFailed: (url: string) => string }) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
    } catch {
      // The reader closed the share sheet.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    window.alert(texts.copied);
  } catch {
    window.alert(texts.copyFailed(url));
  }
}
