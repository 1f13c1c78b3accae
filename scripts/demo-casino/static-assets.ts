// /static/casino.js and /static/casino.css. The page script is TypeScript (so it is type-checked
// with the rest of the repository) compiled once per process with esbuild, already a dependency.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { stylesheet } from './styles.js';

let script: Promise<string> | undefined;

export function pageScript(): Promise<string> {
  script ??= readFile(new URL('./page-script.ts', import.meta.url), 'utf8').then(async (source) => {
    const output = await transform(source, { loader: 'ts', format: 'iife', target: 'es2020', legalComments: 'none' });
    return output.code;
  });
  return script;
}

let channel: Promise<string> | undefined;

/** /static/channel.js: the channel pages' script, bundled with the message log it shares with the server. */
export function channelScript(): Promise<string> {
  channel ??= build({ entryPoints: [fileURLToPath(new URL('./channel-script.ts', import.meta.url))], bundle: true, write: false, format: 'iife', target: 'es2020', legalComments: 'none' }).then(
    (output) => output.outputFiles[0]!.text,
  );
  return channel;
}

let css: string | undefined;

export function pageStyles(): string {
  css ??= stylesheet();
  return css;
}
