export type SeedGalleryItem = {
  title: string;
  description: string;
  galleryCategory: "training" | "management" | "experiential" | "consultancy" | "faith" | "public-sector";
  altText: string;
  imageUrl: string;
};

/**
 * Gallery images: original illustrations, seeded as artwork (labelled so on the site) until the office puts its
 * own photographs in. Captions describe the picture, never an event that did not happen. Array order is the
 * display order.
 */
export const seedGallery: SeedGalleryItem[] = [
  {
    title: "Strategy workshop (illustration)",
    description:
      "An illustration of the kind of residential strategy workshop we run: managers mapping their organisation's strategy with a facilitator.",
    galleryCategory: "training",
    altText: "Illustration: participants seated around training tables facing a facilitator at a flip chart",
    imageUrl: "/artwork/gallery/strategic-planning-workshop.svg",
  },
  {
    title: "Data analysis lab (illustration)",
    description:
      "An illustration of a hands-on Excel and Power BI session, where participants build dashboards from their own data.",
    galleryCategory: "training",
    altText: "Illustration: participants working at laptops with a dashboard chart projected on a screen",
    imageUrl: "/artwork/gallery/data-analysis-lab.svg",
  },
  {
    title: "Executive leadership retreat (illustration)",
    description:
      "An illustration of an executive retreat by the ocean, the setting of our leadership and strategic thinking programmes.",
    galleryCategory: "management",
    altText: "Illustration: executives in discussion on a terrace overlooking the ocean and a dhow at sunset",
    imageUrl: "/artwork/gallery/executive-retreat-zanzibar.svg",
  },
  {
    title: "Board governance session (illustration)",
    description:
      "An illustration of directors working through a board evaluation exercise, as in our corporate governance programme.",
    galleryCategory: "management",
    altText:
      "Illustration: board members seated around a boardroom table with the Nairobi skyline behind them",
    imageUrl: "/artwork/gallery/board-governance-session.svg",
  },
  {
    title: "High ropes challenge (illustration)",
    description:
      "An illustration of team members on a high ropes course, one of the activities of our team building programmes.",
    galleryCategory: "experiential",
    altText:
      "Illustration: team members crossing a high ropes course between acacia trees while colleagues cheer",
    imageUrl: "/artwork/gallery/high-ropes-naivasha.svg",
  },
  {
    title: "Strategy safari (illustration)",
    description:
      "An illustration of a tented camp on the savannah, where an executive team meets for facilitated strategy sessions.",
    galleryCategory: "experiential",
    altText:
      "Illustration: safari tents and a group seated in a circle on the savannah with Mount Meru in the distance",
    imageUrl: "/artwork/gallery/savannah-safari-arusha.svg",
  },
  {
    title: "Institutional review (illustration)",
    description:
      "An illustration of consultants presenting an organisational structure to a staff validation workshop.",
    galleryCategory: "consultancy",
    altText: "Illustration: consultants presenting an organisational chart on a wall board to a small team",
    imageUrl: "/artwork/gallery/institutional-review-consultancy.svg",
  },
  {
    title: "Church leaders' forum (illustration)",
    description:
      "An illustration of pastors and elders in a sunlit hall, the setting of our servant leadership courses.",
    galleryCategory: "faith",
    altText:
      "Illustration: church leaders seated in a circle in a sunlit hall with Lake Victoria visible outside",
    imageUrl: "/artwork/gallery/church-leaders-forum.svg",
  },
  {
    title: "Public participation forum (illustration)",
    description:
      "An illustration of residents contributing to a county development plan at a forum run by a facilitator.",
    galleryCategory: "public-sector",
    altText:
      "Illustration: residents gathered under a tent beneath an acacia tree while a facilitator records ideas",
    imageUrl: "/artwork/gallery/county-public-participation.svg",
  },
];
