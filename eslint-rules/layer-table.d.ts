// Types of layer-table.js for the TypeScript that imports it (test/unit/lint/layers.test.ts).
export interface Departure {
  from: string;
  to: string;
  why: string;
}
export interface LayerTable {
  roots: string[];
  table: Record<string, string[]>;
  departures?: Departure[];
}
export type ImportProblem =
  | { reason: 'no-row'; path: string; excused?: undefined }
  | { reason: 'not-allowed'; row: string; target: string; excused?: Departure };
export declare function within(path: string, prefix: string): boolean;
export declare function rowOf(table: Record<string, string[]>, path: string): { row: string; self: string } | undefined;
export declare function checked(roots: string[], path: string): boolean;
export declare function importProblem(options: LayerTable, from: string, to: string, typeOnly: boolean): ImportProblem | undefined;
