/**
 * The most events one batch applies, in the live runner (one transaction) and in a rebuild. A runner that is caught
 * up applies what is new, a few events; one that is behind (writers faster than it for a while, a restart, a
 * paused runner let go) applies batches of this size, and each batch has costs of its own: the search tables' GIN
 * pending lists are merged once per batch (their keys overlap from row to row), the checkpoints, the commit. At
 * 1,000 a behind runner applied 3,400–5,000 events/s alone, at 5,000 6,000–9,900 (bench:store, the ½-rate
 * phase's catch-up after the writers stop, 2026-11-25). The pending lists' 4 MB (GIN_PENDING_LIST_KB) held the
 * bench's batches (~190 rows per search table); a batch with more is merged sooner, inside its statement.
 */
export const BATCH_EVENTS = 5000;
