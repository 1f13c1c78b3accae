// /static/casino.js and /static/casino.css. The page script is TypeScript (so it is type-checked
// with the rest of the repository) compiled once per process with esbuild, already a dependency.
import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';
import { stylesheet } from './styles.js';

let script: Promise<string> | undefined;

export function pageScript(): Promise<string> {
  script ??= readFile(new URL('./page-script.ts', import.meta.url), 'utf8').then(async (source) => {
    const output = await transform(source, { loader: 'ts', format: 'iife', target: 'es2020', legalComments: 'none' });
    return output.code;
  });
  return script;
}

let css: string | undefined;

export function pageStyles(): string {
  css ??= stylesheet();
  return css;
}
