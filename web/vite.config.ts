import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildOutput } from './scripts/build-output.ts';
import { buildVersion } from './scripts/build-version.ts';

export default defineConfig({
  plugins: [
    react(),
    buildVersion(),
    buildOutput({ mapsDir: fileURLToPath(new URL('./dist-sourcemaps', import.meta.url)) }),
  ],
  build: {
    target: 'es2022',
    // Written for the operator's debugging, never linked from the code nor served (see buildOutput).
    sourcemap: 'hidden',
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
