// Types of node-bundle.mjs for the TypeScript that imports it (test/unit/threads/bundled-workers.test.ts).
export declare const EXTERNAL: string[];
export declare function nodeBundle(entry: string, outfile: string, builtBy: string, extraExternal?: string[]): Promise<unknown>;
export declare function bundleWorkers(outdir: string, builtBy: string): Promise<unknown>;
export declare function nodeBundleWithWorkers(entry: string, outfile: string, builtBy: string, extraExternal?: string[]): Promise<unknown>;
