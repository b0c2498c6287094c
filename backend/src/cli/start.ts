import { loadConfig } from '../config';
import { startBackend } from '../app/backend';
import { clientDirOf, ensureClientBuilt } from './client-build';

const log = (message: string, detail?: Record<string, unknown>) =>
  console.log(`[melloarkivet] ${message}${detail ? ` ${JSON.stringify(detail)}` : ''}`);

try {
  ensureClientBuilt(log);
} catch (error) {
  console.error(`[melloarkivet] ${(error as Error).message}`);
  process.exit(1);
}
const config = loadConfig();
for (const note of config.notes) log(note);
const backend = await startBackend(config, { log, clientDir: clientDirOf() }).catch((error: unknown) => {
  console.error(`[melloarkivet] Could not start: ${(error as Error).message}`);
  process.exit(1);
});
log(`Serving on http://localhost:${config.port}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    void backend.close().then(() => process.exit(0));
  });
}
