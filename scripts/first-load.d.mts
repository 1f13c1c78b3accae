/** The files a page loads before it can draw: its bundle, then the chunks imported statically (paths relative to `dir`). */
export function firstLoadFiles(dir: string, entry: string): string[];
