import { Link } from "react-router";
import type { SiteContent } from "#app/site/index";
import { COURSE_CATEGORY_LINKS, FOOTER_QUICK_LINKS } from "./nav-links";

export function Footer({
  contact,
  offices,
  accreditation,
}: {
  contact: SiteContent["contact"];
  offices: SiteContent["offices"];
  accreditation: string | null;
}) {
  return (
    <footer className="bg-brand-900 pb-14 text-brand-100 md:pb-0">
      {/* two columns even on a phone: the footer is a page's end, not two more screens */}
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-8 sm:gap-10 sm:py-14 lg:grid-cols-4">
        <div className="col-span-2 sm:col-span-1">
          <p className="text-lg font-bold text-white">Mafunzo Training &amp; Consultancy</p>
          <p className="mt-3 text-sm leading-relaxed max-sm:hidden">
            Management training and consultancy for organisations across East Africa since 2000.
          </p>
          {accreditation && (
            <p className="mt-3 text-sm font-medium text-white" data-testid="accreditation">
              {accreditation}
            </p>
          )}
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <a href={link.to} className="hover:text-white">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Training courses">
          <h2 className="font-semibold text-white">Training Courses</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {COURSE_CATEGORY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 sm:col-span-1">
          <h2 className="font-semibold text-white">Our Offices</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {offices.map((office) => (
              <li key={office.city}>
                <span className="font-medium text-white">{office.city}</span> — {office.region}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm">
            <a href={`mailto:${contact.email}`} className="hover:text-white">
              {contact.email}
            </a>
            <br />
            {contact.phone}
          </p>
        </div>
      </div>
      <div className="border-t border-brand-800 py-5 text-center text-xs text-brand-100/80">
        © {new Date().getFullYear()} Mafunzo Training &amp; Consultancy. All rights reserved.
      </div>
    </footer>
  );
}
