import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** The client build's text assets; images and fonts are compressed already. */
const COMPRESSIBLE = /^assets\/[^/]+\.(?:js|css|svg)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each script, stylesheet and SVG of the client
 * build, where it is smaller (decision 0623). The server sends them as they are (`server/precompressed-assets.ts`):
 * the compression middleware compresses each answer anew, at brotli's quality 4 or gzip's level 6, which a page's
 * JavaScript came to 120-121 KB with; at the top levels, once at build time, it is about a fifth smaller.
 */
export function precompressAssets(): Plugin {
  return {
    name: "mafunzo:precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const dir = options.dir;
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.readFile(path.join(dir, file));
          const copies = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all(
            [".br", ".gz"].map((ending, i) => {
              const copy = copies[i] as Buffer;
              return copy.length < source.length
                ? fs.writeFile(path.join(dir, `${file}${ending}`), copy)
                : undefined;
            }),
          );
        }),
      );
    },
  };
}
