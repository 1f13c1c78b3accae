// A tab's rate-limit note through the real store (fake-indexeddb): its words follow the latest
// refusal's cause, the tab's own budget or the one all tabs share, as its lastAt does.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { addRateLimitNote, loadRateLimitNotes } from '../../src/background/rate-limit-notes.js';
import { DATABASE_NAME } from '../../src/background/store.js';

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

const noteOf = async (tab: number) => (await loadRateLimitNotes()).find((note) => note.tab === tab);

describe('rate-limit notes', () => {
  it('mark a refusal for the shared budget, and follow the latest refusal’s cause', async () => {
    await addRateLimitNote(1, 'www.cloudbet.com', 300, 100, 10, 'shared');
    expect(await noteOf(1)).toEqual({ tab: 1, host: 'www.cloudbet.com', claims: 300, refused: 100, lastAt: 10, shared: true });
    // Counts without a refusal keep the cause, as they keep lastAt.
    await addRateLimitNote(1, 'www.cloudbet.com', 50, 0, 20);
    expect(await noteOf(1)).toMatchObject({ claims: 350, refused: 100, lastAt: 10, shared: true });
    // Then the tab floods by itself: its own words again.
    await addRateLimitNote(1, 'www.cloudbet.com', 200, 150, 30, 'tab');
    expect(await noteOf(1)).toEqual({ tab: 1, host: 'www.cloudbet.com', claims: 550, refused: 250, lastAt: 30 });
  });

  it('a tab’s own flood is noted without the mark', async () => {
    await addRateLimitNote(2, 'de.cloudbet.com', 6000, 1000, 5, 'tab');
    expect((await noteOf(2))!.shared).toBeUndefined();
  });
});
