// The store images committed in store/images/ (made by `npm run store-images` from the real build,
// test/e2e/store-images.ts): each one scripts/package.mjs lists is there, is a PNG, and has the
// pixel size its store asks for, read from the PNG's own header (IHDR); nothing unlisted lies beside them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { STORE_IMAGES, STORE_IMAGES_DIR, STORES } from '../../scripts/package.mjs';

const dir = join(import.meta.dirname, '..', '..', STORE_IMAGES_DIR);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, which must come first after the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG: no signature');
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG: the first chunk is not IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('store images', () => {
  test('the size reader reads a header it is given, and refuses what is no PNG', () => {
    const header = Buffer.alloc(24);
    PNG_SIGNATURE.copy(header);
    header.write('IHDR', 12, 'latin1');
    header.writeUInt32BE(1280, 16);
    header.writeUInt32BE(800, 20);
    expect(pngSize(header)).toEqual({ width: 1280, height: 800 });
    expect(() => pngSize(Buffer.from('GIF89a and more bytes here'))).toThrow(/not a PNG/);
  });

  test('each listed image is there with its store size: screenshots 1280×800, the promo tile 440×280, in English and German', () => {
    expect(STORE_IMAGES.length).toBe(10);
    for (const image of STORE_IMAGES) {
      const png = readFileSync(join(dir, image.name));
      expect(pngSize(png), image.name).toEqual({ width: image.width, height: image.height });
      // Drawn, not blank: a real screenshot compresses far worse than an empty canvas of its size.
      expect(png.length, `${image.name} holds a picture`).toBeGreaterThan(20_000);
    }
    const sizes = (store: string) => STORE_IMAGES.filter((image) => image.stores.includes(store)).map((image) => `${image.name.replace(/-(en|de)\.png$/, '')} ${image.width}×${image.height}`);
    expect(new Set(sizes('chrome-web-store'))).toEqual(new Set([1, 2, 3, 4].map((n) => `screenshot-${n} 1280×800`).concat('promo-tile 440×280')));
    expect(new Set(sizes('addons.mozilla.org'))).toEqual(new Set([1, 2, 3, 4].map((n) => `screenshot-${n} 1280×800`)));
    for (const lang of ['en', 'de']) expect(STORE_IMAGES.filter((image) => image.name.endsWith(`-${lang}.png`)), lang).toHaveLength(5);
    // Every store named is one the package writes.
    const folders = STORES.map((store) => store.folder);
    for (const image of STORE_IMAGES) for (const store of image.stores) expect(folders).toContain(store);
  });

  test('nothing in store/images that the package does not list', () => {
    expect(readdirSync(dir).sort()).toEqual(STORE_IMAGES.map((image) => image.name).sort());
  });
});
