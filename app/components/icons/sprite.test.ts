import fs from "node:fs";
import { expect, test } from "vitest";
import { iconSprite, SPRITE_FILE } from "../../../scripts/icon-sprite";

test("the sprite file holds exactly the listed icons, as lucide-react draws them (else run npm run icons)", async () => {
  const sprite = fs.readFileSync(SPRITE_FILE, "utf8");
  expect(sprite).toBe(await iconSprite());
});
