import { LogOut, Menu, Search, ShieldCheck, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import type { Staff } from "#app/staff/index";
import { cn } from "#app/utils/cn";
import { ADMIN_NAV_GROUPS, canSearch } from "./admin-nav";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-brand-700 text-white" : "text-brand-50/90 hover:bg-brand-800 hover:text-white",
  );

function NavItems({ staff, idPrefix }: { staff: Staff; idPrefix: string }) {
  const groups = ADMIN_NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => item.shown(staff)),
  })).filter((group) => group.items.length > 0);
  return (
    <div className="space-y-4">
      {groups.map((group) => {
        const groupId = `${idPrefix}-${group.label ?? "start"}`;
        return (
          <div key={groupId}>
            {group.label ? (
              <p
                id={groupId}
                className="px-3 pb-1 text-xs font-semibold tracking-wide text-brand-100/70 uppercase"
              >
                {group.label}
              </p>
            ) : null}
            <ul className="space-y-1" aria-labelledby={group.label ? groupId : undefined}>
              {group.items.map(({ to, label, icon: Icon, hint }) => {
                const hintId = hint ? `${idPrefix}-hint-${to.replaceAll("/", "-")}` : undefined;
                return (
                  <li key={to}>
                    <NavLink to={to} className={navLinkClass} aria-describedby={hintId}>
                      <Icon aria-hidden className="size-4 shrink-0" />
                      {label}
                    </NavLink>
                    {hint ? (
                      <p id={hintId} className="px-3 pl-10 text-xs text-brand-100/70">
                        {hint}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

/** The header's one search: a plain GET form, so it works before the page's scripts load. */
function HeaderSearch({ id }: { id: string }) {
  return (
    <Form method="get" action="/admin/search" role="search" className="relative w-full max-w-md">
      <label htmlFor={id} className="sr-only">
        Find a booking, person, payment or document
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        name="q"
        type="search"
        maxLength={100}
        placeholder="Reference, name, phone, M-PESA code, invoice"
        className="block min-h-11 w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
      />
    </Form>
  );
}

function LogoutButton() {
  return (
    <Form method="post" action="/admin/logout">
      <button
        type="submit"
        className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-brand-50/90 hover:bg-brand-800 hover:text-white"
      >
        <LogOut aria-hidden className="size-4" />
        Logout
      </button>
    </Form>
  );
}

function FooterLink({ to, icon: Icon, label }: { to: string; icon: typeof UserRound; label: string }) {
  return (
    <NavLink to={to} className={(state) => cn("mt-1", navLinkClass(state))}>
      <Icon aria-hidden className="size-4" />
      {label}
    </NavLink>
  );
}

/** Who is signed in, links to their account and sign-in security pages, and Logout; outside the nav, which is spec §2's list. */
function AccountFooter({ email }: { email: string }) {
  return (
    <div className="border-t border-brand-800 pt-3">
      <p className="truncate px-3 text-xs text-brand-100/80">{email}</p>
      <FooterLink to="/admin/account" icon={UserRound} label="My account" />
      <FooterLink to="/admin/security" icon={ShieldCheck} label="Sign-in security" />
      <LogoutButton />
    </div>
  );
}

/** The back-office frame: a fixed sidebar on wide screens, a drawer on small ones; the nav shows what `staff` may read. */
export function AdminShell({ email, staff, children }: { email: string; staff: Staff; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div data-admin-shell className="min-h-screen bg-slate-50 lg:flex">
      <aside className="hidden w-64 shrink-0 flex-col bg-brand-900 p-4 lg:flex">
        <Link to="/admin/dashboard" className="mb-6 flex items-center gap-2 px-2 text-white">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="font-bold">Mafunzo Admin</span>
        </Link>
        <nav aria-label="Admin" className="flex-1">
          <NavItems staff={staff} idPrefix="nav" />
        </nav>
        <AccountFooter email={email} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
          <span className="font-bold text-brand-800">Mafunzo Admin</span>
          {/* keyed by path: a link followed from the drawer closes it (the layout itself stays mounted) */}
          <details key={pathname} className="relative">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm [&::-webkit-details-marker]:hidden">
              <Menu aria-hidden className="size-4" />
              Menu
            </summary>
            <div className="fixed inset-y-0 left-0 z-50 w-72 overflow-y-auto bg-brand-900 p-4 shadow-2xl">
              <nav aria-label="Admin menu">
                <NavItems staff={staff} idPrefix="drawer" />
              </nav>
              <div className="mt-4">
                <AccountFooter email={email} />
              </div>
            </div>
          </details>
        </header>
        {canSearch(staff) ? (
          <div className="border-b border-slate-200 bg-white px-4 py-2 sm:px-6 lg:px-8">
            <HeaderSearch id="admin-search" />
          </div>
        ) : null}
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
