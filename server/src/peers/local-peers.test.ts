import { LocalPeerBus, LocalPeers } from './local-peers.js';
import { peersContract } from './peers-contract.js';

peersContract('in-process bus', async (members, answerMs) => {
  const bus = new LocalPeerBus();
  const peers = members.map((m) => new LocalPeers(bus, m, answerMs));
  return {
    peers,
    close: async () => {
      for (const p of peers) p.leave();
    },
  };
});
