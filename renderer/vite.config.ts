// Builds the screens into renderer/dist/ (index.html + assets/), which the headless server serves at `/`
// (src/api/browser/renderer-files.ts serves index.html and assets/ only, so nothing else may be emitted).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  build: {
    // FACTURADOR_RENDERER_DIST: build elsewhere (the server serves that folder when given the same variable).
    outDir: process.env['FACTURADOR_RENDERER_DIST'] || 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The server's Content-Security-Policy forbids inline scripts; never inline small assets as data: URLs either.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
