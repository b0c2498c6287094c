import type { DriverFactory } from 'slonik';

/**
 * A driver whose connections keep up to `limit` statements prepared, by their text: a statement sent again with
 * other values is bound to the plan PostgreSQL already made (after five runs it may keep one generic plan) instead
 * of being parsed and planned anew. Why: a search's statements are long (a CASE per word and field, the walk's
 * bounds), and planning them was a third of their time (the forum's two-word search: ~2 ms of a 5 ms statement).
 *
 * The statements take the first `limit` texts a connection sees that carry values; later texts run unprepared, so
 * neither this process nor the server's backend holds more than `limit` plans a connection, whatever texts the
 * queries make (a search's text depends on its words: their number, spellings and kinds). Texts without values
 * (BEGIN, DISCARD ALL, a constant query) are never prepared.
 *
 * Needs a pool that does not reset its connections on release (slonik's default DISCARD ALL drops every prepared
 * statement while node-postgres still takes them to exist): see createDatabasePool's `preparedStatements`.
 */
export function driverPreparingStatements(base: DriverFactory, limit: number): DriverFactory {
  return async (input) => {
    const driver = await base(input);
    return {
      createClient: async () => {
        const client = await driver.createClient();
        // One map a connection: a name is prepared only on the connection that first ran its text.
        const names = new Map<string, string>();
        return {
          ...client,
          query: (text, values) => {
            let name = names.get(text);
            if (name === undefined && values !== undefined && values.length > 0 && names.size < limit) {
              name = `mello_${names.size + 1}`;
              names.set(text, name);
            }
            // slonik's pg driver hands its first argument to node-postgres' client.query as it is, and a query
            // config with a name is node-postgres' way to prepare: parsed once per connection, then bound.
            return name === undefined ? client.query(text, values) : client.query({ name, text } as unknown as string, values);
          },
        };
      },
    };
  };
}
