type Log = (message: string, detail?: Record<string, unknown>) => void;

/**
 * What a process must undo when it stops, in reverse order of start-up: each step is added right after the part
 * it stops was started, so a start-up that fails half-way undoes exactly what it did. A failing step is logged and
 * the others still run.
 */
export class ShutdownSteps {
  private readonly steps: Array<() => Promise<unknown>> = [];
  private done: Promise<void> | null = null;

  constructor(private readonly log: Log) {}

  add(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }

  /** Runs every step once, newest first; later calls wait for the first. */
  run(): Promise<void> {
    this.done ??= (async () => {
      for (const step of this.steps.reverse()) await step().catch((error: unknown) => this.log('shutdown step failed', { error: String(error) }));
    })();
    return this.done;
  }
}
