import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

// s3rver ships no types; these are the few members the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

/** s3rver's fixed credentials: it checks SigV4 signatures made with them. */
export const S3RVER_KEY = 'S3RVER';

/** A real S3-compatible server on 127.0.0.1 (a free port) over a directory, with one bucket. */
export async function startS3rver(directory: string, bucket: string) {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    close: () => server.close(),
  };
}
