import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import Courses from "./courses";
import Testimonials from "./testimonials";

/** Renders a screen with the loader data given, as the server would. */
function render(path: string, Component: (props: never) => React.ReactNode, loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "screen", path, Component: Component as never }]);
  return renderToString(
    <Stub initialEntries={[path]} hydrationData={{ loaderData: { screen: loaderData } }} />,
  );
}

describe("admin screens' empty and failure states (spec §8 wording)", () => {
  it("courses", () => {
    expect(render("/admin/courses", Courses, { courses: [], error: null })).toContain(
      "No courses found. Add your first course to get started.",
    );
    const failed = render("/admin/courses", Courses, { courses: [], error: "Failed to fetch courses" });
    expect(failed).toContain("Failed to fetch courses");
    expect(failed).not.toContain("No courses found");
  });

  it("testimonials", () => {
    const data = { testimonials: [], error: null, adding: false, editing: null };
    expect(render("/admin/testimonials", Testimonials, data)).toContain(
      "No testimonials found. Add your first testimonial to get started.",
    );
    expect(
      render("/admin/testimonials", Testimonials, { ...data, error: "Failed to fetch testimonials" }),
    ).toContain("Failed to fetch testimonials");
  });
});
