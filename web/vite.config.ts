import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildVersion } from './scripts/build-version.ts';

export default defineConfig({
  plugins: [react(), buildVersion()],
  build: {
    target: 'es2022',
    sourcemap: true,
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
