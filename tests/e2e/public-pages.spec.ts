import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

const COURSE = "strategic-planning-and-performance-management";

/** Every public page of spec §2 (the forms' /contact and /register are covered by their own specs). */
const PAGES: { path: string; h1: RegExp | string; sections: string[] }[] = [
  {
    path: "/",
    h1: /Building Capable Leaders/,
    sections: [
      "About Mafunzo",
      "Our Services",
      "Featured Training Courses",
      "What Our Clients Say",
      "Get in Touch",
    ],
  },
  {
    path: "/about",
    h1: "About Mafunzo",
    sections: ["Vision and Mission", "Our Core Values", "Our Journey, 2000-2024", "Our Leadership"],
  },
  {
    path: "/services",
    h1: "Our Services",
    sections: [
      "Strategic, Financial and Project Management",
      "Human Resource Development and Training",
      "Policy, Research and Institutional Development",
      "Experiential Learning Programmes",
      "Special Programmes",
      "Why Work With Us",
    ],
  },
  {
    path: "/services/management",
    h1: "Management Training and Consultancy",
    sections: ["What We Offer", "Featured Courses"],
  },
  {
    path: "/services/county-government",
    h1: "County Government Programmes",
    sections: ["What We Offer", "Featured Courses"],
  },
  {
    path: "/services/experiential-learning",
    h1: "Experiential Learning Programmes",
    sections: ["What We Offer", "Featured Courses"],
  },
  {
    path: "/services/faith-based",
    h1: "Faith-Based Programmes",
    sections: ["What We Offer", "Featured Courses"],
  },
  {
    path: "/courses",
    h1: "Training Courses",
    sections: ["Course Categories", "Why Train With Us", "How to Participate"],
  },
  { path: "/courses/all", h1: "Complete Course Catalogue", sections: [] },
  { path: "/courses/calendar", h1: "Course Calendar", sections: [] },
  { path: "/courses/management", h1: "Management Courses", sections: ["Courses", "Terms and Information"] },
  {
    path: "/courses/county-government",
    h1: "County Government Courses",
    sections: ["Courses", "Terms and Information"],
  },
  { path: "/courses/experiential-learning", h1: "Experiential Learning Programmes", sections: ["Courses"] },
  {
    path: "/courses/faith-based",
    h1: "Faith-Based Courses",
    sections: [
      "Category A: Family Life Education",
      "Category B: Training & Discipleship",
      "Category C: Organizational Capacity Development",
    ],
  },
  {
    path: `/courses/${COURSE}`,
    h1: "Strategic Planning and Performance Management",
    sections: ["Highlights", "Dates and Venues"],
  },
  { path: "/gallery", h1: "Gallery", sections: [] },
  {
    path: "/testimonials",
    h1: "What Our Clients Say",
    sections: ["Testimonials", "Join Our Satisfied Clients"],
  },
];

async function metaContent(page: Page, selector: string) {
  return page.locator(selector).first().getAttribute("content");
}

for (const { path, h1, sections } of PAGES) {
  test(`${path} renders its sections, one h1, SEO tags and no serious a11y violation`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText(h1);
    for (const name of sections) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    const title = await page.title();
    expect(title.length).toBeGreaterThan(5);
    expect(await metaContent(page, 'meta[name="description"]')).toBeTruthy();
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      new RegExp(`${path === "/" ? "/$" : `${path}$`}`),
    );
    expect(await metaContent(page, 'meta[property="og:title"]')).toBe(title);
    await expect(page.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
    await expectNoSeriousA11yViolations(page);
  });
}

test("every public page has its own title and description", async ({ page }) => {
  const seen = new Map<string, string>();
  for (const { path } of PAGES) {
    await page.goto(path);
    const key = `${await page.title()} | ${await metaContent(page, 'meta[name="description"]')}`;
    expect(seen.get(key), `${path} repeats the title of ${seen.get(key)}`).toBeUndefined();
    seen.set(key, path);
  }
});

test("the home page has its sections in order, with the hero's badges, cards and buttons", async ({
  page,
}) => {
  await page.goto("/");
  const ids = await page.locator("main > section[id]").evaluateAll((els) => els.map((e) => e.id));
  expect(ids).toEqual(["about", "services", "courses", "testimonials", "contact"]);
  // the programmes badge counts the catalogue's 37 courses (decision 0663)
  for (const badge of ["24+ Years", "1000+ Organizations", "37 Training Programs"]) {
    await expect(page.getByRole("list", { name: "At a glance" }).getByText(badge)).toBeVisible();
  }
  await expect(page.getByTestId("hero-stat")).toHaveCount(3);
  await expect(page.getByTestId("location-card")).toHaveText([
    /Nairobi.*Headquarters/,
    /Mombasa.*Coast Region/,
    /Kampala.*Uganda/,
    /Kigali.*Rwanda/,
  ]);
  // the years named are those of the runs on offer, never a constant
  await expect(page.getByRole("link", { name: /^Download \d{4}(-\d{4})? Catalogue$/ })).toHaveAttribute(
    "href",
    "/downloads/catalogue.pdf",
  );
  await page.getByRole("link", { name: "Explore Our Courses" }).click();
  await expect(page).toHaveURL(/#courses$/);

  const courses = page.locator("#courses");
  await expect(courses.getByTestId("course-card")).toHaveCount(6);
  await expect(courses.getByTestId("category-counter")).toHaveText([
    /^15\s*Management/,
    /^8\s*County Government/,
    /^7\s*Experiential/,
    /^7\s*Faith-Based/,
  ]);
  await expect(courses.getByRole("link", { name: /^Register Now/ })).toHaveCount(6);
  await expect(page.locator("#testimonials").getByTestId("testimonial")).toHaveCount(4);
  const contact = page.locator("#contact");
  await expect(contact.locator('a[href^="tel:"]')).toBeVisible();
  await expect(contact.locator('a[href^="mailto:"]')).toBeVisible();
  for (const text of [
    "Monday - Friday",
    "8:00 AM - 5:00 PM",
    "Saturday",
    "9:00 AM - 1:00 PM",
    "Sunday",
    "Closed",
  ]) {
    await expect(contact.getByText(text, { exact: true })).toBeVisible();
  }

  await courses.getByRole("link", { name: "View All Courses (37)" }).click();
  await expect(page).toHaveURL(/\/courses\/all$/);
  await expect(page.getByTestId("result-line")).toHaveText("Showing 37 courses");
  const state = await page.evaluate(() => window.history.state?.usr?.allCourses?.length);
  expect(state).toBe(37);
});

test("the home page carries Organization JSON-LD with the four offices", async ({ page }) => {
  await page.goto("/");
  const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(json["@type"]).toBe("Organization");
  expect(json.address.map((a: { addressLocality: string }) => a.addressLocality)).toEqual([
    "Nairobi",
    "Mombasa",
    "Kampala",
    "Kigali",
  ]);
});

test("a course page lists its runs and carries Course JSON-LD with a CourseInstance per upcoming run", async ({
  page,
}) => {
  await page.goto(`/courses/${COURSE}`);
  // the seed's printed runs are history; upcoming runs (seeded relative to today) come first
  await expect(page.getByTestId("past-run")).toHaveCount(3);
  // the seed's two upcoming dates, and any date another spec on this shared server added (admin-search adds one)
  const runs = page.getByTestId("course-run");
  await expect(runs.first()).toContainText("Naivasha, Kenya");
  const upcoming = await runs.count();
  expect(upcoming).toBeGreaterThanOrEqual(2);
  await expect(runs.first()).toContainText("KES 95,000");
  const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(json["@type"]).toBe("Course");
  expect(json.name).toBe("Strategic Planning and Performance Management");
  expect(json.hasCourseInstance).toHaveLength(upcoming);
  const [first] = json.hasCourseInstance;
  expect(first["@type"]).toBe("CourseInstance");
  expect(first.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T08:00:00\+03:00$/);
  expect(first.startDate.slice(0, 10) >= new Date().toISOString().slice(0, 10)).toBe(true);
  expect(first.location).toMatchObject({
    "@type": "Place",
    address: { "@type": "PostalAddress", addressLocality: "Naivasha", addressCountry: "KE" },
  });
  expect(first.offers).toMatchObject({ price: "95000.00", priceCurrency: "KES" });
});

test("an unknown course or service answers 404", async ({ page }) => {
  expect((await page.goto("/courses/no-such-course"))?.status()).toBe(404);
  expect((await page.goto("/services/no-such-service"))?.status()).toBe(404);
});

test("the testimonials page shows the stats band, nine testimonials and its two calls to action", async ({
  page,
}) => {
  await page.goto("/testimonials");
  await expect(page.getByTestId("stat")).toHaveText([
    /24\+\s*Years/,
    /1000\+\s*Organizations/,
    /98%\s*Client Satisfaction/,
    /^37\s*Training Programs/,
  ]);
  await expect(page.getByTestId("testimonial")).toHaveCount(9);
  await expect(page.getByRole("link", { name: "Register for a Course" })).toHaveAttribute(
    "href",
    "/register",
  );
  await expect(page.locator("#join").getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute(
    "href",
    "/contact#contact-form",
  );
});

test("the about page names the managing director with a quote, four values and the 2000-2024 timeline", async ({
  page,
}) => {
  await page.goto("/about");
  await expect(page.getByTestId("core-value")).toHaveCount(4);
  const years = await page.getByTestId("timeline-entry").locator("p").first().allTextContents();
  expect(years.length).toBeGreaterThan(0);
  await expect(page.getByTestId("timeline-entry").first()).toContainText("2000");
  await expect(page.getByTestId("timeline-entry").last()).toContainText("2024");
  await expect(page.getByText("Managing Director", { exact: true })).toBeVisible();
  await expect(page.locator("#leadership blockquote")).toBeVisible();
});

test("services anchors and Request Consultation lead where they say", async ({ page }) => {
  await page.goto("/services");
  for (const id of ["strategic", "hr", "policy", "experiential", "special"]) {
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
  }
  await expect(page.getByRole("link", { name: "Request Consultation" }).first()).toHaveAttribute(
    "href",
    "/contact?about=enquiry#contact-form",
  );
  await expect(page.getByRole("link", { name: "View All Courses" }).first()).toHaveAttribute(
    "href",
    "/courses/all",
  );
  await page.goto("/services/county-government");
  await expect(page.getByTestId("course-card")).toHaveCount(3);
  await expect(page.getByTestId("course-card").first()).toContainText("KES");
});

test("the catalogue landing links the four categories and both downloads", async ({ page }) => {
  await page.goto("/courses");
  await expect(page.getByTestId("category-card")).toHaveCount(4);
  for (const href of [
    "/courses/management",
    "/courses/county-government",
    "/courses/experiential-learning",
    "/courses/faith-based",
  ]) {
    await expect(page.locator(`a[href="${href}"][data-testid="category-card"]`)).toHaveCount(1);
  }
  await expect(page.getByRole("link", { name: "Download Full Catalogue" })).toHaveAttribute(
    "href",
    "/downloads/catalogue.pdf",
  );
  await expect(page.getByRole("link", { name: "Download Registration Form" })).toHaveAttribute(
    "href",
    "/downloads/registration-form.pdf",
  );
  await expect(page.getByRole("heading", { name: "Choose Your Course" })).toBeVisible();
});
