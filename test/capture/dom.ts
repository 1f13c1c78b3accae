// Builds test documents from markup (tests only: the capture code itself never writes markup).
export function page(body: string, title = ''): Document {
  const document = new DOMParser().parseFromString(`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`, 'text/html');
  return document;
}

export const SEED = 'ebdd47f05399c7427e5b8814db8217ebb8fe8383523675731ea7bff0dbd9466f';
export const CLIENT = 'f05dbc7d0a533722';
export const COMMITMENT = '20d223f83a98de9c85ae522c5218928c52c74698e0d167a1c649bdc1b719c64e';
export const SIGNATURE = '01b9444b8d8e378ee4fff73fe9c151d2632f9125eb073f3bab72216b73943c62';
export const KENO = ['4', '8', '15', '21', '23', '24', '30', '35', '36', '40'];

/** "3f2a…9c1e" as a page would shorten a hex value. */
export function shorten(value: string, ellipsis = '…'): string {
  return `${value.slice(0, 6)}${ellipsis}${value.slice(-6)}`;
}
