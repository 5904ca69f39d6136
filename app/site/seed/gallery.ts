export type SeedGalleryItem = {
  title: string;
  description: string;
  galleryCategory: "training" | "management" | "experiential" | "consultancy" | "faith" | "public-sector";
  altText: string;
  imageUrl: string;
};

/** Gallery images (original illustrations). Array order is the display order. */
export const seedGallery: SeedGalleryItem[] = [
  {
    title: "Strategic Planning Workshop, Naivasha",
    description:
      "Managers from state corporations and banks mapping their organisational strategy during a five-day residential workshop by Lake Naivasha.",
    galleryCategory: "training",
    altText: "Participants seated around training tables facing a facilitator at a flip chart",
    imageUrl: "/artwork/gallery/strategic-planning-workshop.svg",
  },
  {
    title: "Data Analysis Computer Lab, Nairobi",
    description:
      "A hands-on Excel and Power BI session in our Nairobi training centre, where participants build dashboards from their own data.",
    galleryCategory: "training",
    altText: "Participants working at laptops with a dashboard chart projected on a screen",
    imageUrl: "/artwork/gallery/data-analysis-lab.svg",
  },
  {
    title: "Executive Leadership Retreat, Zanzibar",
    description:
      "Chief executives reflecting on strategy and personal leadership during the two-week Executive Leadership and Strategic Thinking Programme.",
    galleryCategory: "management",
    altText: "Executives in discussion on a terrace overlooking the ocean and a dhow at sunset",
    imageUrl: "/artwork/gallery/executive-retreat-zanzibar.svg",
  },
  {
    title: "Board Governance Session, Nairobi",
    description:
      "Directors of a state corporation working through a board evaluation exercise during our Corporate Governance for Boards programme.",
    galleryCategory: "management",
    altText: "Board members seated around a boardroom table with the Nairobi skyline behind them",
    imageUrl: "/artwork/gallery/board-governance-session.svg",
  },
  {
    title: "High Ropes Challenge, Lake Naivasha",
    description:
      "A bank's branch managers supporting one another across the high ropes course during a three-day team building programme.",
    galleryCategory: "experiential",
    altText: "Team members crossing a high ropes course between acacia trees while colleagues cheer",
    imageUrl: "/artwork/gallery/high-ropes-naivasha.svg",
  },
  {
    title: "Savannah Strategy Safari, Arusha",
    description:
      "An executive committee gathering at a tented camp in Arusha for facilitated strategy sessions between game drives.",
    galleryCategory: "experiential",
    altText: "Safari tents and a group seated in a circle on the savannah with Mount Meru in the distance",
    imageUrl: "/artwork/gallery/savannah-safari-arusha.svg",
  },
  {
    title: "Institutional Review Consultancy",
    description:
      "Our consultants facilitating a staff validation workshop for an organisational structure and staffing review.",
    galleryCategory: "consultancy",
    altText: "Consultants presenting an organisational chart on a wall board to a small team",
    imageUrl: "/artwork/gallery/institutional-review-consultancy.svg",
  },
  {
    title: "Church Leaders' Discipleship Forum, Kisumu",
    description:
      "Pastors and elders from western Kenya during the Servant Leadership and Discipleship course held in Kisumu.",
    galleryCategory: "faith",
    altText: "Church leaders seated in a circle in a sunlit hall with Lake Victoria visible outside",
    imageUrl: "/artwork/gallery/church-leaders-forum.svg",
  },
  {
    title: "County Public Participation Forum",
    description:
      "Ward residents contributing to a county Annual Development Plan at a public participation forum facilitated by our team.",
    galleryCategory: "public-sector",
    altText: "Residents gathered under a tent beneath an acacia tree while a facilitator records ideas",
    imageUrl: "/artwork/gallery/county-public-participation.svg",
  },
];
