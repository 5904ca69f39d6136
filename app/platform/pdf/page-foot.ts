/** Where the foot of every page sits: bound packs stamp their running page numbers at the same place. */
export const PAGE_MARGIN = 44;
export const FOOTER_BOTTOM = 24;
export const FOOTER_SIZE = 8;
