export declare const TARGETS: string[];
export declare const SOURCE_PATHS: string[];
export declare class PackageRefusal extends Error {}
export declare function reproducibleZip(files: Map<string, Uint8Array>): Uint8Array;
export declare function releasedVersion(sourceRoot?: string): Promise<string>;
export declare function packageExtensions(options?: { distDir?: string; sourceRoot?: string; build?: boolean }): Promise<string[]>;
