import { loadConfig, type Config } from '../config';

/**
 * The settings of a command (`npm start`, `npm run worker`, `npm run rebuild`), or the end of it: a bad setting
 * is reported as the one line of ConfigError (each bad setting and what is wrong with it, no stack trace) and the
 * process exits with 1 before it touches anything.
 */
export function configOrExit(report: (message: string) => void, env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    report(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
