/** The server: rooms around the table engine, the ledger, HTTP and sockets. */
export { type RunningServer, type ServerOptions, startServer } from './app.js';
export { type Clock, ManualClock, systemClock } from './clock.js';
export { type Broadcaster, LOG_FORMAT_VERSION, Room } from './room.js';
export { Ledger } from './store/ledger.js';
export { openStore, type StoreTarget } from './store/open.js';
export type { Store } from './store/types.js';
export { Tables } from './tables.js';
