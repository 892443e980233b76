/** What a socket carries between its messages (socket.io keeps it across a recovered connection). */
import type { Viewer } from '../room.js';

export interface SocketData {
  code?: string;
  viewer?: Viewer;
  /** Nonce of the seat token this socket joined with: it holds the seat while that is current. */
  nonce?: string;
  /** The table lives in another server process of the cluster. */
  remote?: boolean;
  /** What the table had sent this socket's viewer when it last got the full view (`TableChanges.of`). */
  synced?: string | null;
  joining?: boolean;
  /** The table whose lobby record this socket follows (`lobby`), one at a time. */
  lobby?: string;
}
