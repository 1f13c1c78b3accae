export declare const TARGETS: string[];
export declare const SOURCE_PATHS: string[];
export declare class PackageRefusal extends Error {}
export declare function reproducibleZip(files: Map<string, Uint8Array>): Uint8Array;
export declare function releasedVersion(sourceRoot?: string): Promise<string>;
export declare const STORES: { folder: string; target: string; source: boolean }[];
export declare const STORE_TEXTS: string[];
export declare const REVIEWER_NOTES_NAME: string;
export declare function packageExtensions(options?: { distDir?: string; sourceRoot?: string; build?: boolean }): Promise<string[]>;
