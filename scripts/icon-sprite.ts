// `npm run icons`: writes app/components/icons/sprite.svg from the names in app/components/icons/names.ts.
import fs from "node:fs";
import path from "node:path";
import { ICON_NAMES } from "../app/components/icons/names.ts";

export const SPRITE_FILE = path.resolve(import.meta.dirname, "../app/components/icons/sprite.svg");

type IconNode = [tag: string, attributes: Record<string, string>][];

const attributeText = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The sprite's text: one `<symbol id="NAME">` per icon with lucide's shapes. Stroke and fill are not set here:
 * the symbol inherits them from the `<svg class="icon">` that uses it, so a class such as `fill-accent-500`
 * on that element still fills the shape.
 */
export async function iconSprite(names: readonly string[] = ICON_NAMES) {
  const symbols: string[] = [];
  for (const name of names) {
    const { __iconData } = (await import(`lucide-react/icons/${name}`)) as {
      __iconData: { node: IconNode; size: number };
    };
    const shapes = __iconData.node
      .map(([tag, { key: _key, ...attributes }]) => {
        const list = Object.entries(attributes).map(
          ([attribute, value]) => ` ${attribute}="${attributeText(value)}"`,
        );
        return `<${tag}${list.join("")}/>`;
      })
      .join("");
    const size = __iconData.size;
    symbols.push(`<symbol id="${name}" viewBox="0 0 ${size} ${size}">${shapes}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.main) fs.writeFileSync(SPRITE_FILE, await iconSprite());
