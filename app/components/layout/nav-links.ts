/** The public navigation, shared by the header, the mobile menu and the footer. */
export const SERVICE_ANCHORS = [
  { to: "/services#strategic", label: "Strategic, Financial & Project Management" },
  { to: "/services#hr", label: "Human Resource Development" },
  { to: "/services#policy", label: "Policy, Research & Institutional Development" },
  { to: "/services#special", label: "Special Programmes" },
] as const;

export const COURSE_CATEGORY_LINKS = [
  { to: "/courses/management", label: "Management Courses" },
  { to: "/courses/county-government", label: "County Government Courses" },
  { to: "/courses/experiential-learning", label: "Experiential Learning" },
  { to: "/courses/faith-based", label: "Faith-Based Courses" },
  { to: "/courses/calendar", label: "Course Calendar" },
] as const;

export const MOBILE_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/courses", label: "Training Courses" },
  { to: "/gallery", label: "Gallery" },
  { to: "/testimonials", label: "Testimonials" },
  { to: "/contact", label: "Contact" },
] as const;

export const FOOTER_QUICK_LINKS = [
  { to: "/#about", label: "About Us" },
  { to: "/#services", label: "Our Services" },
  { to: "/#courses", label: "Training Courses" },
  { to: "/#contact", label: "Contact Us" },
  { to: "/account", label: "My Bookings" },
  { to: "/privacy", label: "Privacy Notice" },
] as const;

export const CATALOGUE_PDF = "/downloads/catalogue.pdf";
export const REGISTRATION_FORM_PDF = "/downloads/registration-form.pdf";
export const BROCHURE_PDF = "/downloads/brochure";
/** Where the testimonials call to action leads: the form on the contact page. */
export const CONTACT_FORM_LINK = "/contact#contact-form";
/** Request Consultation: the contact page's form with "An enquiry or consultation" chosen (`?about=`). */
export const CONSULTATION_LINK = "/contact?about=enquiry#contact-form";
