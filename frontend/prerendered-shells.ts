import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

/** Where the shells go inside the client build: a dot folder, which the server never serves as a file. */
export const SHELL_DIR = '.shell';

/**
 * After the client build, builds src/shell/shell.tsx for Node, renders the first-paint shells with it and writes
 * them to dist/.shell/{home,page}.html for the server to put inside #root (see src/shell/shell.tsx).
 */
export function prerenderedShells(): Plugin {
  let root = '';
  let outDir = '';
  let serverBuild = false;
  return {
    name: 'mello-prerendered-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (serverBuild) return;
      const work = mkdtempSync(path.join(os.tmpdir(), 'mello-shell-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          // Bundle everything: the shell then runs in Node whatever the packages' own module formats.
          ssr: { noExternal: true },
          build: { ssr: 'src/shell/shell.tsx', outDir: work, emptyOutDir: true, minify: false, rolldownOptions: { output: { entryFileNames: 'shell.mjs' } } },
        });
        const { renderShells } = (await import(pathToFileURL(path.join(work, 'shell.mjs')).href)) as { renderShells: () => Record<string, string> };
        mkdirSync(path.join(outDir, SHELL_DIR), { recursive: true });
        for (const [name, html] of Object.entries(renderShells())) writeFileSync(path.join(outDir, SHELL_DIR, `${name}.html`), html);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}
