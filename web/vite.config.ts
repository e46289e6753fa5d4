import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildOutput } from './scripts/build-output.ts';
import { buildVersion } from './scripts/build-version.ts';

export default defineConfig({
  plugins: [
    react(),
    buildVersion(),
    buildOutput({ privateDir: fileURLToPath(new URL('./dist-private', import.meta.url)) }),
  ],
  build: {
    target: 'es2022',
    // Written for the operator's debugging, never linked from the code nor served (see buildOutput).
    sourcemap: 'hidden',
    // Which chunk holds which module, for the byte-budget test (kept out of the served folder too).
    manifest: true,
    rolldownOptions: {
      // The drawings are pure components: importing the art kit for one of them brings only that one.
      treeshake: { moduleSideEffects: (id) => !/features[\\/]art[\\/].*\.tsx?$/.test(id) },
      output: {
        // Libraries in chunks of their own (their names and bytes change only when they do, so a new
        // release of the app leaves them cached), and each kind of drawing with the pages that show
        // it: the skies and planets never ride along with the app's frame (which only shows the cat).
        advancedChunks: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'i18next', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'art-cat', test: /features[\\/]art[\\/](gomeum-cat\.tsx|art-utils\.ts|art\.css)/, priority: 1 },
            { name: 'art-planets', test: /features[\\/]art[\\/]planet-art\.tsx/ },
            { name: 'art-sky', test: /features[\\/]art[\\/]sky\.tsx/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/version.json': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
});
