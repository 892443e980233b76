/**
 * socket.io's packet encoder, without the search for binary data in this server's own messages.
 * The default encoder walks every object it sends (`hasBinary`) to find buffers to send apart;
 * a table view is a large tree of plain data and was walked once per broadcast before being
 * serialised. What this server sends on `SERVER_EVENT` is JSON by its protocol
 * (`ServerMessage`), so it goes straight to text; every other packet (socket.io's own, and
 * anything else) is encoded as before. The text is the same either way: clients decode it as usual.
 */
import { createRequire } from 'node:module';
import { SERVER_EVENT } from '@mahjong/shared';
import type { Encoder as BaseEncoder, Packet } from 'socket.io-parser';

// The CommonJS build, the one socket.io itself loads (an ESM import would load a second copy,
// its debug build).
const { Decoder, Encoder, PacketType } = createRequire(import.meta.url)(
  'socket.io-parser',
) as typeof import('socket.io-parser');

/** The default encoder's own text encoding (private in its typings): the very text it would send. */
type AsString = { encodeAsString(packet: Packet): string };

class ServerEncoder extends Encoder {
  override encode(packet: Packet): ReturnType<BaseEncoder['encode']> {
    if (packet.type === PacketType.EVENT && Array.isArray(packet.data) && packet.data[0] === SERVER_EVENT) {
      return [(this as unknown as AsString).encodeAsString(packet)];
    }
    return super.encode(packet);
  }
}

/** The `parser` option of this server's socket.io `Server`. */
export const serverParser = { Encoder: ServerEncoder, Decoder };
