import {
  BookOpen,
  Building2,
  CalendarCheck,
  ChartNoAxesColumn,
  ClipboardList,
  FileText,
  GalleryHorizontal,
  Handshake,
  Hotel,
  Image,
  Inbox,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Milestone,
  NotebookPen,
  Presentation,
  Scale,
  ScrollText,
  Settings,
  ShieldCheck,
  Star,
  UserCheck,
  UserCog,
  Users,
  Wallet,
  Webhook,
} from "lucide-react";
import {
  canHandleDataRequests,
  canManageApiTokens,
  canManageFinanceSettings,
  canManageSettings,
  canManageStaff,
  canReadAudit,
  canReadBookings,
  canReadMoney,
  canReadOffice,
  canReadRunEconomics,
  canReadTrainers,
  canReadVenues,
  canSeeOwnRuns,
  type Staff,
} from "#app/staff/index";

/** A sidebar entry, shown to the accounts whose role lets them read its page; `hint` tells it from its neighbour. */
export type AdminNavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  shown: (staff: Staff) => boolean;
  hint?: string;
};

/** A group of the sidebar, named by the work its pages serve (issue 49); the first has no name. */
export type AdminNavGroup = { label: string | null; items: AdminNavItem[] };

const settingsShown = (staff: Staff) => canManageSettings(staff) || canManageFinanceSettings(staff);

/**
 * The sidebar grouped by work: Sales, Courses, Bookings, Finance, Site, Administration (decision 0788). Pages
 * whose names overlap say in a hint what each holds: a booking is the order and its participants are the people
 * on it; an enquiry is a request for training, a contact submission a message from the site's form.
 */
export const ADMIN_NAV_GROUPS: AdminNavGroup[] = [
  {
    label: null,
    items: [
      { to: "/admin/my-runs", label: "My course dates", icon: CalendarCheck, shown: canSeeOwnRuns },
      { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard, shown: canReadOffice },
    ],
  },
  {
    label: "Sales",
    items: [
      {
        to: "/admin/enquiries",
        label: "Enquiries",
        icon: Inbox,
        shown: canReadBookings,
        hint: "Requests for training and quotes",
      },
      { to: "/admin/pipeline", label: "Pipeline", icon: ChartNoAxesColumn, shown: canReadBookings },
      { to: "/admin/organisations", label: "Organisations", icon: Building2, shown: canReadBookings },
      { to: "/admin/engagements", label: "Engagements", icon: Milestone, shown: canReadBookings },
      {
        to: "/admin/contacts",
        label: "Contact Submissions",
        icon: MessageSquare,
        shown: canReadBookings,
        hint: "Messages from the site's contact form",
      },
    ],
  },
  {
    label: "Courses",
    items: [
      { to: "/admin/courses", label: "Course Management", icon: BookOpen, shown: canReadOffice },
      { to: "/admin/trainers", label: "Trainers", icon: UserCheck, shown: canReadTrainers },
      { to: "/admin/venues", label: "Venues", icon: Hotel, shown: canReadVenues },
      { to: "/admin/run-economics", label: "Run economics", icon: Scale, shown: canReadRunEconomics },
    ],
  },
  {
    label: "Bookings",
    items: [
      {
        to: "/admin/bookings",
        label: "Bookings",
        icon: ClipboardList,
        shown: canReadBookings,
        hint: "Orders: invoice and payments",
      },
      {
        to: "/admin/registrations",
        label: "Course Registrations",
        icon: Users,
        shown: canReadBookings,
        hint: "Each participant booked",
      },
    ],
  },
  {
    label: "Finance",
    items: [{ to: "/admin/finance", label: "Finance", icon: Wallet, shown: canReadMoney }],
  },
  {
    label: "Site",
    items: [
      { to: "/admin/content", label: "Content Management", icon: NotebookPen, shown: canReadOffice },
      { to: "/admin/testimonials", label: "Testimonials", icon: Star, shown: canReadOffice },
      { to: "/admin/clients", label: "Clients", icon: Handshake, shown: canReadOffice },
      { to: "/admin/facilitators", label: "Facilitators", icon: Presentation, shown: canReadOffice },
      { to: "/admin/documents", label: "Document Management", icon: FileText, shown: canReadOffice },
      { to: "/admin/images", label: "Image Management", icon: Image, shown: canReadOffice },
      { to: "/admin/gallery", label: "Gallery", icon: GalleryHorizontal, shown: canReadOffice },
    ],
  },
  {
    label: "Administration",
    items: [
      { to: "/admin/staff", label: "Staff", icon: UserCog, shown: canManageStaff },
      { to: "/admin/audit-logs", label: "Audit Logs", icon: ScrollText, shown: canReadAudit },
      { to: "/admin/data-requests", label: "Data Requests", icon: ShieldCheck, shown: canHandleDataRequests },
      { to: "/admin/api-tokens", label: "API Tokens", icon: KeyRound, shown: canManageApiTokens },
      { to: "/admin/webhooks", label: "Webhooks", icon: Webhook, shown: canManageApiTokens },
      { to: "/admin/settings", label: "Settings", icon: Settings, shown: settingsShown },
    ],
  },
];

/** Every sidebar entry, in the sidebar's order. */
export const ADMIN_NAV: AdminNavItem[] = ADMIN_NAV_GROUPS.flatMap((group) => group.items);

/** The header's one search is for those who read bookings or money (each group is checked again on the server). */
export const canSearch = (staff: Staff) => canReadBookings(staff) || canReadMoney(staff);
