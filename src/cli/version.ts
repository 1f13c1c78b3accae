import packageJson from '../../package.json' with { type: 'json' };

/** The package version; esbuild inlines it into the bundle. */
export const VERSION: string = packageJson.version;
