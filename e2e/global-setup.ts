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
    await server.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
  }
}
