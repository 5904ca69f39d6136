import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "#app/components/icons/icon";
import type { SiteContent } from "#app/site/index";
import { cn } from "#app/utils/cn";
import { CATALOGUE_PDF, COURSE_CATEGORY_LINKS, MOBILE_LINKS, SERVICE_ANCHORS } from "./nav-links";

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-700",
    isActive ? "text-brand-700" : "text-slate-700",
  );

function Dropdown({
  label,
  to,
  items,
}: {
  label: string;
  to: string;
  items: readonly { to: string; label: string }[];
}) {
  return (
    <div className="group relative">
      <NavLink to={to} className={navClass} aria-haspopup="true">
        {label}
        <Icon name="chevron-down" className="ml-1 inline size-4" />
      </NavLink>
      <div className="invisible absolute left-0 top-full z-40 w-72 rounded-lg border border-slate-200 bg-white p-2 opacity-0 shadow-lg transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
        {items.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700"
          >
            {item.label}
          </Link>
        ))}
      </div>
    </div>
  );
}

/**
 * The contact strip scrolls away above the sticky bar, so on a phone only the bar (at most 64 px) stays; there
 * the strip is folded into the menu instead (decision 0571).
 */
export function Header({ contact }: { contact: SiteContent["contact"] }) {
  const tel = `tel:${contact.phone.replace(/\s/g, "")}`;
  return (
    <>
      <div data-testid="contact-strip" className="hidden bg-brand-800 text-brand-50 sm:block">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-1 text-sm">
          <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
            <a href={tel} className="inline-flex min-h-11 items-center gap-1.5 hover:text-white">
              <Icon name="phone" className="size-4" />
              {contact.phone}
            </a>
            <a
              href={`mailto:${contact.email}`}
              className="inline-flex min-h-11 items-center gap-1.5 hover:text-white"
            >
              <Icon name="mail" className="size-4" />
              {contact.email}
            </a>
            <span className="hidden items-center gap-1.5 md:inline-flex">
              <Icon name="map-pin" className="size-4" />
              {contact.address}
            </span>
          </div>
          <a
            href={CATALOGUE_PDF}
            download
            className="inline-flex min-h-11 items-center gap-1.5 rounded bg-accent-500 px-3 font-semibold text-brand-900 hover:bg-accent-400"
          >
            <Icon name="download" className="size-4" />
            Download Catalogue
          </a>
        </div>
      </div>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-2">
          <Link to="/" className="flex min-h-11 items-center gap-2">
            <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
            <span className="text-lg font-bold text-brand-800">
              Mafunzo{" "}
              <span className="hidden font-normal text-slate-600 sm:inline">Training &amp; Consultancy</span>
            </span>
          </Link>
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            <NavLink to="/" end className={navClass}>
              Home
            </NavLink>
            <NavLink to="/about" className={navClass}>
              About
            </NavLink>
            <Dropdown label="Services" to="/services" items={SERVICE_ANCHORS} />
            <Dropdown label="Training Courses" to="/courses" items={COURSE_CATEGORY_LINKS} />
            <NavLink to="/gallery" className={navClass}>
              Gallery
            </NavLink>
            <NavLink to="/testimonials" className={navClass}>
              Testimonials
            </NavLink>
            <NavLink to="/contact" className={navClass}>
              Contact
            </NavLink>
          </nav>
          <MobileMenu tel={tel} contact={contact} />
        </div>
      </header>
    </>
  );
}

const menuLink = "flex min-h-11 items-center gap-2 rounded-md px-3 text-base font-medium hover:bg-brand-50";

/**
 * A native disclosure, so it opens without JavaScript; a link chosen in it navigates in place, so it is closed
 * on every change of location (without JavaScript each page loads with it closed).
 */
function MobileMenu({ tel, contact }: { tel: string; contact: SiteContent["contact"] }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownAt = useRef(location.key);
  useEffect(() => {
    // only a move to another location closes it: a menu opened before the page hydrated stays open
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  return (
    <details ref={menu} className="relative lg:hidden">
      <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
        <Icon name="menu" className="size-5" />
        Menu
      </summary>
      <div className="absolute right-0 top-full z-40 mt-2 max-h-[calc(100dvh-5rem)] w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-xl">
        <nav aria-label="Mobile">
          {MOBILE_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === "/"}
              className={({ isActive }) => cn(menuLink, isActive ? "text-brand-700" : "text-slate-700")}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-2 border-t border-slate-200 pt-2 sm:hidden">
          <a href={tel} className={cn(menuLink, "text-slate-700")}>
            <Icon name="phone" className="size-4" />
            {contact.phone}
          </a>
          <a href={`mailto:${contact.email}`} className={cn(menuLink, "break-all text-slate-700")}>
            <Icon name="mail" className="size-4 shrink-0" />
            {contact.email}
          </a>
          <a href={CATALOGUE_PDF} download className={cn(menuLink, "text-brand-800")}>
            <Icon name="download" className="size-4" />
            Download Catalogue
          </a>
        </div>
      </div>
    </details>
  );
}
