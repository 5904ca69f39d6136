import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // every table file: platform's and each feature's own (decision 0725)
  schema: ["./app/platform/db/tables.server.ts", "./app/*/tables.server.ts"],
  out: "./drizzle",
});
