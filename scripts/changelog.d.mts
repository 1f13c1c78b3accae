export declare function releases(text: string): { version: string; date: string }[];
export declare function assertReleased(version: string, text: string, file?: string): void;
