export declare const BUDGETS: Record<'content.js' | 'page-tap.js' | 'popup.js' | 'background.js', number>;
export declare function staticClosure(dir: string, file: string): string[];
export declare function firstLoad(dir: string, file: string): { files: string[]; raw: number; gzip: number };
