// dynalite ships no types: the part of its API the tests use (its README: `dynalite(options)` returns an
// http.Server, not yet listening).
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** Milliseconds a table stays CREATING / DELETING / UPDATING (default 500). */
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    /** A LevelDB directory; without it the data is in memory. */
    path?: string;
  }

  export default function dynalite(options?: DynaliteOptions): Server;
}
