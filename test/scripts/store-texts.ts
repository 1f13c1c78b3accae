// Reads store/listing.<lang>.md as the packager ships it: one `## ` section per store field.

/** The fields every listing has, in this order (store/listing.en.md says where each one goes). */
export const LISTING_FIELDS = ['Name', 'Summary', 'Description', 'Single purpose', 'Permissions', 'Remote code', 'Data', 'Privacy policy'];

/** Each `## ` heading's text up to the next heading, trimmed; the title and preface before the first one are left out. */
export function listingSections(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of text.split(/^## /m).slice(1)) {
    const newline = part.indexOf('\n');
    sections.set(part.slice(0, newline).trim(), part.slice(newline + 1).trim());
  }
  return sections;
}

/** What a store's form shows of a section: its lines joined, as a one-line field keeps them. */
export const oneLine = (section: string): string => section.split('\n').map((line) => line.trim()).join(' ');
