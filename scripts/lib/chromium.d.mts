// Types of chromium.mjs for the TypeScript that imports it (test/e2e/browser.ts, vitest.config.ts).
export declare function findChromium(env?: Record<string, string | undefined>): string | undefined;
export declare function aptHasChromium(): boolean;
export declare function executable(path: string): boolean;
