/**
 * The embedded PostgreSQL started in a process of its own on a given folder, as `npm start` starts it, for the
 * two-starts test (start-lock.int.test.ts). Prints `started <port>` and runs until stdin closes, then stops the
 * server; or prints `refused <message>` and exits 1.
 *
 *   node --import tsx backend/test/embedded-start-child.ts <data folder>
 */
import { startEmbeddedPostgres } from '../src/db/embedded';

const [dataDir] = process.argv.slice(2);
try {
  const server = await startEmbeddedPostgres({ dataDir: dataDir!, durable: false });
  process.stdout.write(`started ${server.port}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => void server.stop().then(() => process.exit(0)));
} catch (error) {
  process.stdout.write(`refused ${(error as Error).message}\n`);
  process.exit(1);
}
