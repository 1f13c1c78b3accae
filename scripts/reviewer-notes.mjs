// The notes for addons.mozilla.org's reviewer: store/amo-reviewer-notes.md with the release's
// version, the Node and npm that built it and the bundled libraries filled in, so the notes name
// the toolchain of the very zip they come with.
import { execFileSync } from 'node:child_process';
import { arch, platform } from 'node:os';

/** The npm that runs this script (`npm run` names itself in the user agent), else the one on PATH. */
export function npmVersion(env = process.env) {
  const agent = /(?:^|\s)npm\/(\S+)/.exec(env.npm_config_user_agent ?? '');
  if (agent) return agent[1];
  return execFileSync('npm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' }).trim();
}

/** `template` with every `{{name}}` replaced by `values[name]`; a name without a value is an error. */
export function fillTemplate(template, values, file = 'store/amo-reviewer-notes.md') {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!Object.hasOwn(values, name)) throw new Error(`${file}: no value for {{${name}}} (known: ${Object.keys(values).join(', ')})`);
    return values[name];
  });
}

/** The Node, npm and platform of this process: what the notes say the zip was built with. */
export const thisToolchain = () => ({ node: process.version, npm: npmVersion(), platform: `${platform()} ${arch()}` });

/** The notes for `version`, with `dependencies` (package.json's) as the bundled libraries. */
export function reviewerNotes(template, { version, dependencies }, toolchain = thisToolchain()) {
  const libraries = Object.entries(dependencies).map(([name, range]) => `${name} ${range}`);
  return fillTemplate(template, { version, ...toolchain, dependencies: libraries.join(', ') });
}
