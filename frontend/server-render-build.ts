import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { SERVER_RENDER_PATH } from '../contracts/src/http/server-render.ts';
import { chakraLazyGlobal } from './chakra-lazy-global.ts';

// Where the server's render goes inside the client build: a dot folder, which the server never serves as a file.
const [SERVER_RENDER_DIR, SERVER_RENDER_FILE] = SERVER_RENDER_PATH;

/**
 * After the client build, builds src/entry-server.tsx for Node into dist/.server/entry-server.mjs: the server
 * renders every page with it (backend/src/ssr/page-renderer.ts). Built from the same sources in the same build,
 * so the server's HTML and the browser's code always match (asset URLs included).
 */
export function serverRenderBuild(): Plugin {
  let root = '';
  let outDir = '';
  let serverBuild = false;
  return {
    name: 'mello-server-render',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (serverBuild) return;
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        plugins: [react(), chakraLazyGlobal()],
        // The production builds of React and the rest, whatever NODE_ENV the server later runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        // Bundle everything: the render then runs in Node whatever the packages' own module formats, and the
        // production image needs none of the client's packages installed.
        ssr: { noExternal: true },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: path.join(outDir, SERVER_RENDER_DIR),
          emptyOutDir: true,
          minify: false,
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: SERVER_RENDER_FILE, codeSplitting: false } },
        },
      });
    },
  };
}
