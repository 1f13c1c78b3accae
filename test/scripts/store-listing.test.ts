// store/: the listing texts and the privacy policy the packager puts in each store's folder. What
// the stores read from the manifest must be what ships, each field must fit its store's limit, and
// the privacy policy must name every place the extension stores data.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LISTING_FIELDS, listingSections, oneLine } from './store-texts.js';

const repoRoot = join(import.meta.dirname, '..', '..');
const read = (...path: string[]) => readFile(join(repoRoot, ...path), 'utf8');

/** The stores' limits: a manifest's name and description on the Chrome Web Store (75, 132), a name on addons.mozilla.org (50). */
const NAME_LIMIT = 50;
const SUMMARY_LIMIT = 132;
/** The Chrome Web Store's longest description, and its longest single-purpose text. */
const DESCRIPTION_LIMIT = 16_000;
const PURPOSE_LIMIT = 1_000;

describe.each(['en', 'de'])('store/listing.%s.md', (lang) => {
  test('has every field, in order, within its store limit; name and summary as the manifest ships them', async () => {
    const sections = listingSections(await read('store', `listing.${lang}.md`));
    expect([...sections.keys()]).toEqual(LISTING_FIELDS);
    const messages = JSON.parse(await read('src', '_locales', lang, 'messages.json'));
    expect(sections.get('Name')).toBe(messages.extensionName.message);
    expect(oneLine(sections.get('Summary')!)).toBe(messages.extensionDescription.message);
    expect(sections.get('Name')!.length).toBeLessThanOrEqual(NAME_LIMIT);
    expect(messages.extensionDescription.message.length).toBeLessThanOrEqual(SUMMARY_LIMIT);
    expect(sections.get('Description')!.length).toBeLessThanOrEqual(DESCRIPTION_LIMIT);
    expect(sections.get('Single purpose')!.length).toBeLessThanOrEqual(PURPOSE_LIMIT);
    for (const section of LISTING_FIELDS) expect(sections.get(section), section).not.toBe('');
  });

  test('the description names the games and the trust levels in the words the popup uses', async () => {
    const description = listingSections(await read('store', `listing.${lang}.md`)).get('Description')!;
    const messages = JSON.parse(await read('src', '_locales', lang, 'messages.json'));
    for (const word of ['Roulette', 'Keno', messages.levelWitnessed.message, messages.levelHistory.message]) expect(description).toContain(word);
  });
});

describe('store/privacy-policy.md', () => {
  test('names the database and every object store the schema creates, in both languages', async () => {
    const policy = await read('store', 'privacy-policy.md');
    const [english, german] = policy.split(/^## Datenschutzerklärung$/m);
    expect(german, 'the German half').toBeDefined();
    const database = /export const DATABASE_NAME = '([^']+)'/.exec(await read('src', 'background', 'store.ts'))?.[1];
    const stores = [...(await read('src', 'background', 'schema.ts')).matchAll(/createObjectStore\('([^']+)'/g)].map((match) => match[1]!);
    expect(database).toBeDefined();
    expect(stores.length).toBeGreaterThan(0);
    for (const half of [english!, german!]) {
      expect(half).toContain(`\`${database}\``);
      // One table row per store: a store the policy does not describe fails here.
      for (const store of stores) expect(half, store).toMatch(new RegExp(`^\\| \`${store}\` \\|`, 'm'));
    }
  });
});
