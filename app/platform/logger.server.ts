import pino from "pino";
import { env } from "./env.server";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "mafunzo" },
  redact: ["req.headers.cookie", "req.headers.authorization", "password", "passwordHash"],
});

export function configureLogger() {
  logger.level = env().LOG_LEVEL;
}
