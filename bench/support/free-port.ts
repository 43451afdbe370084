import { createServer, type AddressInfo } from 'node:net';

/** A port nothing listens on at this moment, on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
