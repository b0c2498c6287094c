import type { TestProject } from 'vitest/node';
import { startAppServer } from './support/app-server';

/**
 * One `npm start` server for every e2e file (starting it builds the client when stale and imports the archive);
 * each file drives its own Chromium against it. Stopped after the run, also when tests fail.
 */
export default async function setup(project: TestProject) {
  const server = await startAppServer();
  project.provide('e2eBaseUrl', server.url);
  return async () => {
    // What went wrong on the server's side (a projection stopped, a request that failed) is in its log, which
    // otherwise goes nowhere: its warnings and errors close the run's output.
    const trouble = server
      .output()
      .split('\n')
      .filter((line) => /"level":"(warn|error|fatal)"/.test(line) || /stopped|failed|Error/.test(line));
    if (trouble.length > 0) console.error(`--- npm start's warnings and errors (${trouble.length}, the last 60) ---\n${trouble.slice(-60).join('\n')}`);
    await server.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
  }
}
