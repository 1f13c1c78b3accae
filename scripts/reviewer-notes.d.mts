export interface Toolchain {
  node: string;
  npm: string;
  platform: string;
}
export declare function npmVersion(env?: Record<string, string | undefined>): string;
export declare function fillTemplate(template: string, values: Record<string, string>, file?: string): string;
export declare function thisToolchain(): Toolchain;
export declare function reviewerNotes(template: string, release: { version: string; dependencies: Record<string, string> }, toolchain?: Toolchain): string;
