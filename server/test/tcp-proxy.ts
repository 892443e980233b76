/**
 * A TCP proxy the test controls, in front of PostgreSQL: `cut()` drops every connection through
 * it and refuses new ones (as a database that went away would), `heal()` lets them through again.
 */
import net from 'node:net';

export class TcpProxy {
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private cutOff = false;
  /** Connections refused while cut. */
  refused = 0;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    let proxy: TcpProxy | null = null;
    const server = net.createServer((client) => {
      if (!proxy || proxy.cutOff) {
        if (proxy) proxy.refused += 1;
        client.destroy();
        return;
      }
      const upstream = net.connect(target);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      proxy.pairs.add(pair);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        proxy?.pairs.delete(pair);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new TcpProxy(server, (server.address() as net.AddressInfo).port);
    return proxy;
  }

  cut(): void {
    this.cutOff = true;
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
  }

  heal(): void {
    this.cutOff = false;
  }

  get connections(): number {
    return this.pairs.size;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
