export declare const TARGETS: string[];
export declare const SOURCE_PATHS: string[];
export declare class PackageRefusal extends Error {}
export declare function reproducibleZip(files: Map<string, Uint8Array>): Uint8Array;
export declare function releasedVersion(sourceRoot?: string): Promise<string>;
export declare const STORES: { folder: string; target: string; source: boolean }[];
export declare const STORE_TEXTS: string[];
/** The committed store images (store/images/), each with its pixel size and the store folders it goes to. */
export declare const STORE_IMAGES: { name: string; width: number; height: number; stores: string[] }[];
export declare const STORE_IMAGES_DIR: string;
export declare const REVIEWER_NOTES_NAME: string;
export declare function packageExtensions(options?: { distDir?: string; sourceRoot?: string; build?: boolean }): Promise<string[]>;
