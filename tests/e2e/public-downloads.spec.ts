import { expect, test } from "@playwright/test";
import { extractPdfText, squash } from "../helpers/pdf-text";

async function fetchPdf(request: import("@playwright/test").APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const body = await response.body();
  expect(body.subarray(0, 5).toString()).toBe("%PDF-");
  expect(body.subarray(-8).toString()).toContain("%%EOF");
  return body;
}

test("the catalogue PDF lists every active course with runs, venues and KES costs", async ({
  page,
  request,
}) => {
  const text = squash(extractPdfText(await fetchPdf(request, "/downloads/catalogue.pdf")));
  await page.goto("/courses/all");
  const titles = await page.getByTestId("course-card").getByRole("heading").allTextContents();
  expect(titles).toHaveLength(37);
  for (const title of titles) expect(text, title).toContain(squash(title));
  for (const heading of [
    "Management Courses",
    "Leadership Courses",
    "County Government Courses",
    "Experiential Courses",
    "Faith-Based Courses",
  ]) {
    expect(text).toContain(squash(heading));
  }
  // the catalogue sells the runs on offer: the course page's next run is in it, its 2024 run is not
  await page.goto("/courses/strategic-planning-and-performance-management");
  const next = page.getByTestId("course-run").first();
  const label = (await next.locator("div").first().textContent())?.trim() ?? "";
  expect(label).toMatch(/\d{4}$/);
  expect(text).toContain(squash(`${label} Naivasha, Kenya KES 95,000`));
  expect(text).not.toContain(squash("4th - 8th March 2024"));
  // the title names the years on offer ("2026-2027 Training Catalogue", squashed)
  expect(text).toMatch(/\d{4}(\d{4})?trainingcatalogue/);
});

test("the registration form and the brochure are PDFs on the firm's letterhead", async ({ request }) => {
  const form = squash(extractPdfText(await fetchPdf(request, "/downloads/registration-form.pdf")));
  for (const field of [
    // the letterhead: the legal name from the settings, the address from the site's contact details
    "Mafunzo Training & Consultancy Ltd",
    "Kilimani, Nairobi",
    "Full name",
    "E-mail address",
    "Phone number",
    "Organization",
    "Course title",
    "Signature",
  ]) {
    expect(form).toContain(squash(field));
  }
  const brochure = squash(extractPdfText(await fetchPdf(request, "/downloads/brochure")));
  for (const text of [
    "Mafunzo Training & Consultancy Ltd",
    "Company Profile",
    "Nairobi",
    "Kigali",
    "Experiential Learning Programmes",
  ]) {
    expect(brochure).toContain(squash(text));
  }
});

test("every Download Catalogue and Download Registration Form button points at the PDFs", async ({
  page,
}) => {
  for (const path of ["/", "/courses", "/courses/all", "/courses/management"]) {
    await page.goto(path);
    for (const link of await page.getByRole("link", { name: /Download .*Catalogue/ }).all()) {
      await expect(link).toHaveAttribute("href", "/downloads/catalogue.pdf");
    }
    for (const link of await page.getByRole("link", { name: "Download Registration Form" }).all()) {
      await expect(link).toHaveAttribute("href", "/downloads/registration-form.pdf");
    }
  }
});

test("sitemap.xml lists every public page and course page with lastmod; robots.txt keeps /admin out", async ({
  request,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
  for (const path of [
    "/",
    "/about",
    "/services",
    "/services/faith-based",
    "/courses",
    "/courses/all",
    "/courses/calendar",
    "/courses/county-government",
    "/gallery",
    "/testimonials",
    "/contact",
  ]) {
    expect(locs).toContain(path);
  }
  expect(
    locs.filter(
      (p) =>
        /^\/courses\/[a-z0-9-]+$/.test(p) &&
        ![
          "all",
          "calendar",
          "management",
          "county-government",
          "experiential-learning",
          "faith-based",
        ].includes(p.split("/")[2] ?? ""),
    ),
  ).toHaveLength(37);
  expect(xml.match(/<lastmod>/g)?.length).toBe(locs.length);
  expect(locs.some((p) => p.startsWith("/admin"))).toBe(false);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
});
