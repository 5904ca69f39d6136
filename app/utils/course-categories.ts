import type { COURSE_CATEGORIES, FAITH_GROUPS } from "#app/platform/db/enums";

export type CourseCategory = (typeof COURSE_CATEGORIES)[number];
export type FaithGroup = (typeof FAITH_GROUPS)[number];

/** Display labels of the stored category values, in the order the catalogue filter lists them. */
export const CATEGORY_LABELS: Record<CourseCategory, string> = {
  management: "Management",
  leadership: "Leadership",
  county: "County Government",
  experiential: "Experiential",
  faith: "Faith-Based",
};

export const CATEGORY_OPTIONS = Object.entries(CATEGORY_LABELS).map(([value, label]) => ({
  value: value as CourseCategory,
  label,
}));

export function isCourseCategory(value: string | null | undefined): value is CourseCategory {
  return value != null && Object.hasOwn(CATEGORY_LABELS, value);
}

export const FAITH_GROUP_LABELS: Record<FaithGroup, string> = {
  A: "Family Life Education",
  B: "Training & Discipleship",
  C: "Organizational Capacity Development",
};

/** The four category pages (/courses/<path>) and the stored categories each one shows. */
export const CATEGORY_PAGES = {
  management: {
    title: "Management Courses",
    categories: ["management", "leadership"],
    policy: "management",
    artwork: "/artwork/course-management.svg",
  },
  "county-government": {
    title: "County Government Courses",
    categories: ["county"],
    policy: "county",
    artwork: "/artwork/course-county.svg",
  },
  "experiential-learning": {
    title: "Experiential Learning Programmes",
    categories: ["experiential"],
    policy: null,
    artwork: "/artwork/course-experiential.svg",
  },
  "faith-based": {
    title: "Faith-Based Courses",
    categories: ["faith"],
    policy: "faith",
    artwork: "/artwork/course-faith.svg",
  },
} as const satisfies Record<
  string,
  {
    title: string;
    categories: readonly CourseCategory[];
    policy: "management" | "county" | "faith" | null;
    artwork: string;
  }
>;

export type CategoryPageKey = keyof typeof CATEGORY_PAGES;
export const CATEGORY_PAGE_KEYS = Object.keys(CATEGORY_PAGES) as CategoryPageKey[];

export function isCategoryPageKey(value: string): value is CategoryPageKey {
  return Object.hasOwn(CATEGORY_PAGES, value);
}

/** The category page a course belongs on, for breadcrumbs and "more courses" links. */
export function categoryPageOf(category: CourseCategory): CategoryPageKey {
  return (
    CATEGORY_PAGE_KEYS.find((key) =>
      (CATEGORY_PAGES[key].categories as readonly CourseCategory[]).includes(category),
    ) ?? "management"
  );
}
