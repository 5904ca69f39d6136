import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Options } from "#app/platform/files/storage.server";

/** A real S3-compatible server on a free port, storing into a temporary directory, with one bucket. */
export async function startS3(bucket = "mafunzo-test") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const options: S3Options = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    // s3rver's fixed credentials
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return {
    options,
    directory,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
