// A thread of the PDF render pool (decision 0653). Plain JavaScript like main.js, so it runs unbuilt: in
// production it loads runRenderTask from the server build, in development and tests from the sources via tsx.
import { workerData } from "piscina";

if (workerData.source) {
  const { register } = await import("tsx/esm/api");
  register();
}
const { runRenderTask } = await import(workerData.entry);

export default runRenderTask;
