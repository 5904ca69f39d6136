import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // Behind a load balancer, set ALLOWED_ACTION_ORIGINS (comma-separated hosts) at build time.
  allowedActionOrigins: process.env.ALLOWED_ACTION_ORIGINS
    ? process.env.ALLOWED_ACTION_ORIGINS.split(",").map((s) => s.trim())
    : undefined,
} satisfies Config;
