import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport } from 'vite';
import { buildOutput } from './scripts/build-output.ts';
import { buildVersion } from './scripts/build-version.ts';
import { writePagePreloads } from './scripts/page-preloads.ts';
import { serveServiceWorker } from './scripts/service-worker.ts';

/**
 * The service worker's routes, from the contracts' route table. (Read through Vite's module
 * runner: the contracts are TypeScript, which the config's own loader leaves to Node.)
 */
const serviceWorker = (
  await runnerImport<typeof import('./scripts/service-worker-routes.ts')>(
    fileURLToPath(new URL('./scripts/service-worker-routes.ts', import.meta.url)),
  )
).module.serviceWorkerRoutes();

/** Each lazily loaded page's module (src/app/page-modules.ts). */
const pageModules = (
  await runnerImport<typeof import('./src/app/page-modules.ts')>(
    fileURLToPath(new URL('./src/app/page-modules.ts', import.meta.url)),
  )
).module.PAGE_MODULES;

/**
 * The server's render of the pages (`vite build --ssr`, see src/entry-server.tsx): one ES module
 * for Node with everything bundled in (the server loads it from `web/dist-ssr`, never served).
 */
const serverRender = defineConfig({
  // React's production build (its CommonJS entries choose by NODE_ENV as they load).
  define: { 'process.env.NODE_ENV': JSON.stringify('production'), ART_DRAWINGS: 'false' },
  ssr: { noExternal: true, target: 'node' },
  publicDir: false,
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    target: 'node20',
    emptyOutDir: true,
    // One file: a new build is loaded next to a running server as a whole new module (see the
    // server's renderModuleReader); chunks would be shared by URL between the old and new builds.
    rolldownOptions: { output: { entryFileNames: 'entry-server.js', codeSplitting: false } },
  },
});

/** The browser's app: `web/dist`, served by the server. */
const browserApp = defineConfig({
  // Drawings kept in the sprite files render a `<use>`: the code that draws their insides stays out.
  define: { ART_DRAWINGS: 'false' },
  plugins: [
    buildVersion(),
    // What the server's HTML for each page preloads (its chunk, the chunks it imports, their styles).
    writePagePreloads(pageModules),
    buildOutput({ privateDir: fileURLToPath(new URL('./dist-private', import.meta.url)), serviceWorker }),
    serveServiceWorker({ config: serviceWorker }),
  ],
  build: {
    target: 'es2022',
    // Written for the operator's debugging, never linked from the code nor served (see buildOutput).
    sourcemap: 'hidden',
    // Which chunk holds which module, for the byte-budget test (kept out of the served folder too).
    manifest: true,
    rolldownOptions: {
      // The app: index.html's main.tsx (a page the server has rendered starts it too, and hydrates).
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)) },
      // The app's modules and the contracts' do nothing as they load but define (no module of them
      // is imported for its effect; a stylesheet is): one whose exports a chunk does not use is left
      // out of it, with its stylesheet, even when a feature's index re-exports it. So a page loads the
      // code it renders, not its feature's every component.
      treeshake: {
        moduleSideEffects: (id) => !/(web[\\/]src|packages[\\/]contracts[\\/]src)[\\/].*\.tsx?$/.test(id),
      },
      output: {
        // A chunk is fetched only when its page or feature is opened, and then its code runs at once:
        // Chromium compiles all of its functions on the thread that streams it in (V8's explicit
        // compile hints) instead of one by one on the main thread as each is first called, which is
        // most of what hydrating a rendered page costs a phone.
        postBanner: () => '//# allFunctionsCalledOnLoad',
        // Libraries in chunks of their own (their names and bytes change only when they do, so a new
        // release of the app leaves them cached), and each kind of drawing with the pages that show
        // it: the skies and planets never ride along with the app's frame (which only shows the cat).
        advancedChunks: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            { name: 'router', test: /node_modules[\\/](wouter|regexparam)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // What the app's start needs of its own code and the contracts', in one chunk: left to the
            // automatic chunking, the modules that pages loaded later share with it came apart into
            // a dozen small chunks (each compressed apart, each a request).
            { name: 'app', test: /(web[\\/]src|packages[\\/]contracts[\\/]src)[\\/]/, tags: ['$initial'] },
            // The kit's styles ride with the cat, which the app's frame shows: one small stylesheet
            // loaded with the entry, so no drawing ever paints unstyled.
            {
              name: 'art-cat',
              test: /lib[\\/]illustrations[\\/](cat[\\/]|art-utils\.ts|art-svg\.tsx|.*\.css)/,
              priority: 3,
            },
            { name: 'art-planets', test: /lib[\\/]illustrations[\\/]planets[\\/]/ },
            // The planets' own skies (a planet rising in each) and the galaxy's apart from the seven
            // moods, so the signed-out pages, which show only the moods, load no planet drawing.
            {
              name: 'art-sky-places',
              test: /lib[\\/]illustrations[\\/]sky[\\/](place-sky|galaxy-sky|sky-scene)\.tsx/,
              priority: 1,
            },
            // (A group takes its modules' dependencies along: the moods are taken first.)
            {
              name: 'art-sky',
              test: /lib[\\/]illustrations[\\/]sky[\\/](?!place-sky\.tsx|galaxy-sky\.tsx|sky-scene\.tsx)/,
              priority: 2,
            },
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

export default defineConfig((env) => (env.isSsrBuild ? serverRender : browserApp));
