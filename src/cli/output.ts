/** Where a CLI command writes: stdout for results, stderr for problems (injected in tests). */
export interface Output {
  write(text: string): void;
  error(text: string): void;
}

export const processOutput: Output = {
  write: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  error: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
};
