// The process entry. Production serves the built app; development runs Vite in middleware mode.
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const production = process.env.NODE_ENV !== "development";
process.env.NODE_ENV ??= "production";

async function loadServerModule() {
  if (production) return { module: await import(path.join(root, "build/server/index.js")) };
  const vite = await import("vite");
  const devServer = await vite.createServer({ root, server: { middlewareMode: true } });
  return { module: await devServer.ssrLoadModule("./server/app.ts"), devServer };
}

async function main() {
  const { module, devServer } = await loadServerModule();
  let config;
  let services;
  try {
    config = module.env();
    // PDFs render on worker threads: the worker loads the built server, or in development the sources
    services = await module.startServices(
      config.RENDER_POOL === "off"
        ? undefined
        : {
            workerFile: path.join(root, "server/render-worker.mjs"),
            entry: production
              ? path.join(root, "build/server/index.js")
              : path.join(root, "server/render-tasks.ts"),
            source: !production,
          },
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  // loaded before listening: what the first visitor would otherwise wait for, and held from then on anyway
  const build = production ? await module.loadServerBuild() : undefined;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.use(compression());
  app.use(module.securityHeaders({ production }));
  if (devServer) {
    app.use(devServer.middlewares);
  } else {
    const client = path.join(root, "build/client");
    const assets = path.join(client, "assets");
    const hashed = { immutable: true, maxAge: "1y" };
    app.use(
      "/assets",
      module.precompressedAssets(assets, hashed),
      express.static(assets, { ...hashed, index: false }),
    );
    app.use(express.static(client, { maxAge: "1h", index: false }));
  }
  app.use(module.createApp({ production, build }));

  // the fixed public pages are asked for once, so the first visitors after a start are answered from the page
  // cache (decision 0621); development compiles each page when it is first asked for and is not warmed
  const warmUp = new AbortController();
  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    module.logger.info({ port }, `Mafunzo listening on http://localhost:${port}`);
    if (production && typeof address === "object" && address) {
      module
        .warmPublicPages(address, { signal: warmUp.signal })
        .then((result) => module.logger.info(result, "public pages rendered once at start"));
    }
  });
  server.on("error", (error) => {
    console.error(`Cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`);
    services.stop().finally(() => process.exit(1));
  });

  let stopping = false;
  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    warmUp.abort();
    module.logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await services.stop().catch((error) => console.error(error));
      await devServer?.close();
      process.exit(0);
    });
    server.closeIdleConnections?.();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
