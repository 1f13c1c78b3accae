// The notes for addons.mozilla.org's reviewer (scripts/reviewer-notes.mjs): the template in
// store/ filled with the release and the toolchain that built it, nothing left unfilled.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fillTemplate, npmVersion, reviewerNotes } from '../../scripts/reviewer-notes.mjs';

const repoRoot = join(import.meta.dirname, '..', '..');

describe('reviewer notes', () => {
  test('store/amo-reviewer-notes.md filled: version, toolchain, libraries, and no placeholder left', async () => {
    const template = await readFile(join(repoRoot, 'store', 'amo-reviewer-notes.md'), 'utf8');
    const { version, dependencies } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
    const notes = reviewerNotes(template, { version, dependencies }, { node: 'v20.1.2', npm: '10.9.8', platform: 'linux x64' });
    expect(notes).not.toMatch(/\{\{|\}\}/);
    expect(notes).toMatch(/built with Node\.js v20\.1\.2 and npm\s+10\.9\.8 on linux x64\./);
    expect(notes).toContain(`unzip ../fair-witness-${version}-source.zip`);
    expect(notes).toContain(`cmp dist/addons.mozilla.org/fair-witness-${version}-firefox.zip ../fair-witness-${version}-firefox.zip`);
    for (const [name, pinned] of Object.entries(dependencies as Record<string, string>)) expect(notes).toContain(`${name} ${pinned}`);
  });

  test('a placeholder without a value is an error naming it', () => {
    expect(fillTemplate('{{a}} and {{b}}', { a: '1', b: '2' })).toBe('1 and 2');
    expect(() => fillTemplate('{{a}} {{nodee}}', { a: '1', node: 'v20' })).toThrow('store/amo-reviewer-notes.md: no value for {{nodee}} (known: a, node)');
  });

  test("npm's version comes from the user agent `npm run` sets", () => {
    expect(npmVersion({ npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false' })).toBe('11.19.1');
  });
});
