import type { RenderFeature, RenderTask } from "#app/platform/pdf/render-pool.server";

// What the render worker runs (decision 0653): a render function of a feature's PDF module, by name.
const FEATURES = {
  site: () => import("#app/site/pdf.server"),
  money: () => import("#app/money/pdf.server"),
  delivery: () => import("#app/delivery/pdf.server"),
} satisfies Record<RenderFeature, () => Promise<object>>;

export async function runRenderTask({ feature, name, args }: RenderTask): Promise<Uint8Array> {
  const module: Record<string, unknown> = await FEATURES[feature]();
  const render = module[name];
  if (typeof render !== "function") throw new Error(`No PDF render function ${feature}.${name}`);
  return render(...args);
}
