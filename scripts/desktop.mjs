// `npm run desktop`: builds the shell (scripts/build-main.mjs) and starts it with Electron, when Electron is
// installed. It is not a dependency: its install script downloads a binary, which the default install must
// not need (docs/desktop.md). `npm run dist` packages installers with electron-builder, also installed apart.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const mode = process.argv[2] ?? 'start';

function resolveTool(name, hint) {
  try {
    return require(name);
  } catch {
    console.error(`${name} is not installed, so the desktop app cannot ${mode === 'dist' ? 'be packaged' : 'start'} here.\n${hint}\nThe headless app works without it: npm start`);
    process.exit(1);
  }
}

const run = (command, args) => new Promise((resolve) => {
  spawn(command, args, { stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1));
});

// The electron package exports the path of its binary; resolving it first gives a clear message instead
// of a stack trace when it is missing or its binary was never downloaded.
const electronBinary = resolveTool('electron', 'Install it where its binary can be downloaded: npm install --no-save --allow-scripts=electron electron');
if (mode === 'dist') {
  const builder = resolveTool('electron-builder/package.json', 'Install it first: npm install --no-save electron-builder electron-updater');
  // The fuses (electron-builder.yml `electronFuses`) need electron-builder 26: an older one would refuse the
  // configuration, and an installer without them would let ELECTRON_RUN_AS_NODE or --inspect in.
  if (Number(builder.version.split('.')[0]) < 26) {
    console.error(`electron-builder ${builder.version} cannot flip the fuses electron-builder.yml asks for; install version 26 or later: npm install --no-save electron-builder@26 electron-updater`);
    process.exit(1);
  }
}

const built = await run(process.execPath, ['scripts/build-main.mjs']);
if (built !== 0) process.exit(built);
if (mode === 'dist') {
  process.exit(await run(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(3)]));
}
process.exit(await run(electronBinary, ['main/dist/index.js']));
