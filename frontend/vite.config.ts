import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { chakraLazyGlobal } from './chakra-lazy-global.ts';
import { plainDynamicImports } from './plain-dynamic-imports.ts';
import { serverRenderBuild } from './server-render-build.ts';

// The dev server forwards the API and the live socket to the backend, so the browser sees one origin
// (the backend checks the Origin header of state-changing calls and the session cookie is same-site).
const backend = `http://localhost:${process.env.BACKEND_PORT ?? 3000}`;

/**
 * The contracts package only declares schemas, types and pure helpers. Telling the bundler so lets it drop the
 * modules the browser does not use (and with them zod, about 13 kB gzipped) from the first chunk, which must
 * stay under the home page's 200 kB budget. Without it, importing displayName pulls in every schema.
 */
const contractsAreSideEffectFree = (id: string) => !id.includes('/contracts/src/');

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), chakraLazyGlobal(), plainDynamicImports(), serverRenderBuild()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: contractsAreSideEffectFree,
        // Chakra's theme module builds its full default config (all ~75 recipes) with defineConfig, an identity
        // function; the bundler cannot always prove that call pure, and then keeps every recipe (+20 kB gzip).
        manualPureFunctions: ['defineConfig'],
      },
      output: {
        // Two tiny modules of components/content the home route loads beside each other (a video's unknown views,
        // a link's new-tab note) and other screens share: one chunk instead of two, since each file the home route
        // loads counts against its 200 kB gzip budget with its own overhead. Their dependencies stay where they are.
        codeSplitting: {
          groups: [{ name: 'content-marks', test: /\/components\/content\/(Unknown|VisuallyNewTab)\.tsx$/, includeDependenciesRecursively: false }],
        },
      },
    },
    // No preload map of every lazy screen's chunks in the entry (~1.4 kB gzipped of file names, and the helper):
    // the server already sends <link rel="modulepreload"> for the first screen's chunks (backend/src/seo/
    // route-preloads.ts); a later screen's chunk then fetches its own imports when it arrives.
    modulePreload: false,
    // The budget that matters is the home route's gzipped total (checked by hand); this only quiets the warning.
    chunkSizeWarningLimit: 700,
  },
});
