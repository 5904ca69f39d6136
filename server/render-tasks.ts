import type { RenderFeature, RenderTask } from "#app/platform/pdf/render-pool.server";

// What the render worker runs (decisions 0653, 0668): a function of a feature's off-thread module, by name.
const FEATURES = {
  site: () => import("#app/site/pdf.server"),
  money: () => import("#app/money/pdf.server"),
  delivery: () => import("#app/delivery/pdf.server"),
  statements: () => import("#app/money/off-thread.server"),
  zip: () => import("#app/platform/files/zip-build.server"),
} satisfies Record<RenderFeature, () => Promise<object>>;

export async function runRenderTask({ feature, name, args }: RenderTask): Promise<unknown> {
  const module: Record<string, unknown> = await FEATURES[feature]();
  const task = module[name];
  if (typeof task !== "function") throw new Error(`No off-thread function ${feature}.${name}`);
  return task(...args);
}
