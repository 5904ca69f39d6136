// `npm install` (postinstall) builds native/malloc-trim with node-gyp, which npm brings and points at its own
// copy (npm_config_node_gyp). Only Linux's glibc has malloc_trim; where the addon cannot be built (no C
// compiler) the install goes on and the server runs without it, saying so once when it starts (decision 0620).
import { spawnSync } from "node:child_process";
import path from "node:path";

if (process.platform === "linux") {
  const directory = path.resolve(import.meta.dirname, "../native/malloc-trim");
  const gyp = process.env.npm_config_node_gyp;
  const [command, args] = gyp ? [process.execPath, [gyp]] : ["node-gyp", []];
  const result = spawnSync(command, [...args, "rebuild", "--loglevel=error", "--directory", directory], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    console.warn(
      "native/malloc-trim was not built: the server will run without giving freed native memory back when idle.",
    );
  }
}
