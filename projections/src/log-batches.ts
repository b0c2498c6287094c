import type { EventSource, ProjectedEvent } from './events';

/**
 * The log from its start as batches: one streaming read when the source has one (streamAll: a cursor, the next
 * batch fetched while this one is worked on), else page by page with the next page read while this one is worked
 * on. Either way every event readable when the read began is in it once, in log order; later ones are the swap's
 * (applyTheRest). Ending the iteration early closes the read. With `types` (a single projection's rebuild) and a
 * source that can tell its head, only events of those types are read, page by page, each read preceded by the
 * head's position: when the read comes back empty, `end.head` says how far the log has been read.
 */
export async function* logBatches(
  source: EventSource,
  batchSize: number,
  types: readonly string[] | undefined,
  end: { head: string | null },
): AsyncGenerator<ProjectedEvent[]> {
  const headPosition = source.headPosition?.bind(source);
  if (types && headPosition) {
    const read = async (after: string | null) => {
      const head = await headPosition();
      return { page: await source.readAll({ after, maxCount: batchSize, types }), head };
    };
    let next = read(null);
    try {
      for (;;) {
        const { page, head } = await next;
        if (page.length === 0) {
          end.head = head;
          return;
        }
        next = read(page[page.length - 1]!.position);
        yield page;
      }
    } finally {
      next.catch(() => undefined);
    }
  }
  if (source.streamAll) {
    yield* source.streamAll({ after: null, batchSize });
    return;
  }
  let next = source.readAll({ after: null, maxCount: batchSize });
  try {
    for (;;) {
      const page = await next;
      if (page.length === 0) return;
      next = source.readAll({ after: page[page.length - 1]!.position, maxCount: batchSize });
      yield page;
    }
  } finally {
    // A cancel or a failure leaves the last read unawaited: its failure must not become an unhandled rejection.
    next.catch(() => undefined);
  }
}
