import crypto from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { requestInfoContext } from "#app/context";
import { openDatabase } from "#app/database.server";
import { startJobs } from "#app/jobs.server";
import { writePgliteBackup } from "#app/platform/db/backup.server";
import {
  type DatabaseHandle,
  getDatabaseHandle,
  pingDatabase,
  setDatabase,
} from "#app/platform/db/client.server";
import { env } from "#app/platform/env.server";
import { afterAnswerSettled } from "#app/platform/jobs/after-answer.server";
import { configureLogger, logger } from "#app/platform/logger.server";
import { type RenderPoolOptions, startRenderPool } from "#app/platform/pdf/render-pool.server";
import { checkPublicDataVersion, enablePublicCache } from "#app/site/index.server";
import { announceFirstStart } from "#app/staff/index.server";
import { closeUnreadBodies, limitFormBodies } from "./body-limit";
import {
  answerDatabaseUnavailable,
  databaseErrorHandler,
  markDatabaseUnavailable,
} from "./database-unavailable";
import { mountJobPasses } from "./job-passes";
import { isLocalRequest } from "./loopback";
import { requireSameOrigin } from "./origin-check";
import { publicPageCache } from "./page-cache";
import { precompressedAssets } from "./precompressed-assets";
import { noStoreOnPrivatePages } from "./private-no-store";
import { securityHeaders } from "./security-headers";
import { warmPublicPages } from "./warm-up";

// the render worker loads it from the server build (server/render-worker.mjs)
export { runRenderTask } from "./render-tasks";
export { env, logger, precompressedAssets, securityHeaders, warmPublicPages };

const REQUEST_ID = /^[\w-]{1,100}$/;

/**
 * The application: everything below static files and compression, which the entry adds. `build` is the loaded
 * server build in production: React Router re-derives its routes from a build given as a function on every
 * request (about a tenth of a registration's CPU), which only development, where Vite swaps modules, needs.
 */
export function createApp({ production, build }: { production: boolean; build?: ServerBuild }) {
  const app = express.Router();

  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      logger.info({
        requestId,
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        ip: req.ip,
        length: res.getHeader("content-length"),
      });
    });
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok", uptime: process.uptime() });
  });

  app.get("/readyz", async (_req, res) => {
    const ok = await pingDatabase();
    res
      .status(ok ? 200 : 503)
      .json({ status: ok ? "ready" : "unavailable", database: getDatabaseHandle().kind, ok });
  });

  app.use(noStoreOnPrivatePages);
  app.use(answerDatabaseUnavailable);
  if (env().TEST_JOB_PASSES === "on") mountJobPasses(app);

  app.use(closeUnreadBodies);
  app.use(requireSameOrigin);
  app.use(limitFormBodies);
  // before any loader: a change committed by any process shows on this request (decision 0600)
  app.use((_req, _res, next) => {
    checkPublicDataVersion().then(() => next(), next);
  });
  app.use(publicPageCache);

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: build ?? loadServerBuild,
      mode: production ? "production" : "development",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestInfoContext, {
          requestId: res.locals.requestId as string,
          nonce: res.locals.nonce as string,
          ip: req.ip ?? "unknown",
          userAgent: req.get("user-agent") ?? "",
          fromLoopback: isLocalRequest(req),
          databaseUnavailable: markDatabaseUnavailable(res),
        });
        return context;
      },
    }),
  );
  app.use(databaseErrorHandler);

  return app;
}

/** The pages and their server code: loaded before the server listens, so no visitor waits for it. */
export const loadServerBuild = (): Promise<ServerBuild> => import("virtual:react-router/server-build");

type Stoppable = () => Promise<void> | void;

/**
 * Opens the database (migrating and seeding it), starts the PDF render pool (decision 0653) and the background
 * jobs (app/jobs.server.ts); returns the shutdown.
 */
export async function startServices(
  renderPool?: RenderPoolOptions,
): Promise<{ handle: DatabaseHandle; stop: () => Promise<void> }> {
  const config = env();
  configureLogger();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  setDatabase(handle);
  enablePublicCache();
  const stoppers: Stoppable[] = [];
  logger.info({ database: handle.kind }, "database ready");
  await announceFirstStart();
  if (handle.kind === "pglite") {
    // `npm run db:backup` asks the process that holds the data directory to write the backup
    const backup = () => {
      writePgliteBackup(handle, config.DATA_DIR)
        .then((file) => logger.info({ file }, "backup written"))
        .catch((err) => logger.error({ err }, "backup failed"));
    };
    process.on("SIGUSR2", backup);
    stoppers.push(() => void process.off("SIGUSR2", backup));
  }
  // a sign-in link asked for just before the stop is still made and queued (decision 0709)
  stoppers.push(afterAnswerSettled);
  if (renderPool) stoppers.push(startRenderPool(renderPool));
  stoppers.push(startJobs());
  return {
    handle,
    async stop() {
      for (const stop of stoppers.reverse()) await stop();
      await handle.close();
      setDatabase(undefined);
    },
  };
}
