import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The build's version: BUILD_VERSION when set (CI, releases), else the build time. The page keeps
 * it built in and the server serves it as /version.json, so an open tab can tell it is stale.
 */
const version = process.env.BUILD_VERSION ?? new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

function versionFile(): Plugin {
  return {
    name: 'gomeum-version-file',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? path.resolve(import.meta.dirname, 'dist');
      fs.writeFileSync(path.join(dir, 'version.json'), JSON.stringify({ version }));
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile()],
  define: { __APP_VERSION__: JSON.stringify(version) },
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
