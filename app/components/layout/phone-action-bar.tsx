import { Link, useLocation, useRouteLoaderData } from "react-router";
import { Icon } from "#app/components/icons/icon";
import type { PublicLayoutData } from "#app/site/index.server";
import { COURSE_CATEGORY_LINKS } from "./nav-links";

/** Catalogue paths that are not one course's page: the full list and the menu's (category pages, calendar). */
const NOT_A_COURSE = new Set(["/courses/all", ...COURSE_CATEGORY_LINKS.map((link) => link.to)]);

/**
 * Book on a course's page and in the catalogue, else Enquire; on the contact page itself, Book. A course with no
 * date on offer cannot be booked: its page's "Notify me of new dates" form is the action.
 */
function thirdAction(pathname: string, bookable: boolean): { to: string; label: string } {
  const slug = /^\/courses\/([^/]+)$/.exec(pathname)?.[1];
  if (slug && !NOT_A_COURSE.has(pathname)) {
    return bookable
      ? { to: `/register?course=${slug}`, label: "Book" }
      : { to: "#notify", label: "Notify me" };
  }
  if (pathname.startsWith("/courses") || pathname === "/contact") return { to: "/register", label: "Book" };
  return { to: "/contact", label: "Enquire" };
}

const item =
  "flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-semibold text-brand-900";

/**
 * On a phone the page's ways to act stay within reach at the bottom of the screen, wherever the visitor has
 * scrolled: call, WhatsApp, and book or enquire. Hidden from md up, where the header carries them.
 */
export function PhoneActionBar({ call, chat }: PublicLayoutData["quickActions"]) {
  const { pathname } = useLocation();
  const coursePage = useRouteLoaderData("routes/site/public/courses.course") as
    | { bookable: boolean }
    | undefined;
  const action = thirdAction(pathname, coursePage?.bookable ?? true);
  return (
    <nav
      aria-label="Quick actions"
      data-testid="phone-action-bar"
      className="fixed inset-x-0 bottom-0 z-40 flex border-t border-slate-200 bg-white md:hidden"
    >
      {call && (
        <a href={call} className={item}>
          <Icon name="phone" className="size-5 text-brand-700" />
          Call
        </a>
      )}
      {chat && (
        <a href={chat} className={item}>
          <Icon name="message-circle" className="size-5 text-brand-700" />
          WhatsApp
        </a>
      )}
      <Link to={action.to} className={`${item} bg-accent-500`}>
        <Icon name={action.label === "Book" ? "calendar-plus" : "mail"} className="size-5" />
        {action.label}
      </Link>
    </nav>
  );
}
