// Types of import-graph.mjs for the TypeScript that imports it (test/unit/lint/).
export declare function sourceFiles(folder: string): string[];
export declare function importsOf(file: string): Set<string>;
export declare function importGraph(root: string, folder?: string, options?: { outside?: boolean }): Map<string, Set<string>>;
export declare function importCycles(graph: Map<string, Set<string>>): string[][];
