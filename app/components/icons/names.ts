/**
 * The public site's icons (lucide's names). Each is a `<symbol>` of `sprite.svg`: after changing this list run
 * `npm run icons`, which writes the sprite from lucide-react's icon data (a unit test checks it is current).
 */
export const ICON_NAMES = [
  "arrow-right",
  "award",
  "briefcase",
  "building-complex",
  "calendar-days",
  "calendar-plus",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "circle-check",
  "clock",
  "compass",
  "credit-card",
  "download",
  "eye",
  "file-text",
  "graduation-cap",
  "hourglass",
  "info",
  "lightbulb",
  "mail",
  "map-pin",
  "menu",
  "message-circle",
  "message-square",
  "octagon-exclamation-point",
  "phone",
  "quote",
  "star",
  "target",
  "users",
  "wallet",
  "wrench",
  "x",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
