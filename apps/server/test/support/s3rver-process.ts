import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';

// s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 18+) only has in its
// legacy provider: in the test process a second page answers 500. A child with the provider on
// serves them, so paging is tested against the same server as every other S3 test.
const SCRIPT = `
const S3rver = require(process.argv[1]);
new S3rver({ address: '127.0.0.1', port: 0, directory: process.argv[2], silent: true,
  configureBuckets: [{ name: process.argv[3] }] })
  .run().then((address) => console.log('port ' + address.port));
`;

/** s3rver in a child process (OpenSSL legacy provider on) over a directory, with one bucket. */
export async function startS3rverProcess(directory: string, bucket: string) {
  const entry = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', SCRIPT, entry, directory, bucket],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.match(/port (\d+)/);
      if (found) resolve(Number(found[1]));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    },
  };
}
