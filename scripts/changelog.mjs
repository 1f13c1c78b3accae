// The releases CHANGELOG.md names (Keep a Changelog: `## [1.0.0] - 2026-12-03`), and the packager's
// refusal of any other version: every build a store gets must say what changed in it.

/** A released version's heading: the version in brackets, then its date. `## [Unreleased]` is none. */
const RELEASE = /^## \[(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\] - (\d{4}-\d{2}-\d{2})[ \t]*$/gm;

/** The releases the changelog names, in its order (newest first, as Keep a Changelog writes them). */
export function releases(text) {
  return [...text.matchAll(RELEASE)].map(([, version, date]) => ({ version, date }));
}

/** Throws, saying what to write, unless `text` (the changelog, read from `file`) names `version` as released. */
export function assertReleased(version, text, file = 'CHANGELOG.md') {
  const named = releases(text);
  if (named.some((release) => release.version === version)) return;
  const undated = text.split('\n').some((line) => line.trim().startsWith(`## [${version}]`));
  const known = named.length === 0 ? 'none' : named.map((release) => release.version).join(', ');
  throw new Error(
    undated
      ? `${file} names ${version} without a release date: write its heading as "## [${version}] - YYYY-MM-DD"`
      : `${file} has no entry for version ${version} (it names ${known}): add "## [${version}] - YYYY-MM-DD" with what changed, or set package.json and manifest.json to a version it names`,
  );
}
