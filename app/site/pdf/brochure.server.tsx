import { Text, View } from "@react-pdf/renderer";
import {
  BrandedPage,
  DocumentHeader,
  type FirmIdentity,
  renderPdf,
  styles,
} from "#app/platform/pdf/pdf-kit.server";
import type { SiteContent } from "#app/site/seed/site-content";

type BrochureContent = Pick<
  SiteContent,
  "about" | "departments" | "offices" | "contact" | "stats" | "leadership"
>;

/** The company brochure, built from the site copy an administrator maintains, on the firm's letterhead. */
export function renderBrochurePdf(content: BrochureContent, firm: FirmIdentity) {
  const { about, departments, offices, contact, stats, leadership } = content;
  return renderPdf(
    "Mafunzo Company Brochure",
    <BrandedPage contact={contact} firm={firm}>
      <DocumentHeader
        firm={firm}
        title="Company Profile"
        subtitle="Management training and consultancy since 2000"
      />
      <Text style={styles.paragraph}>{about.intro}</Text>
      <View style={{ flexDirection: "row", flexWrap: "wrap", marginVertical: 8 }}>
        {stats.map((stat) => (
          <View key={stat.label} style={{ width: "33%", marginBottom: 8 }}>
            <Text style={[styles.brand, { fontSize: 16 }]}>{stat.value}</Text>
            <Text style={styles.muted}>{stat.label}</Text>
          </View>
        ))}
      </View>
      <Text style={styles.h2}>Vision</Text>
      <Text style={styles.paragraph}>{about.vision}</Text>
      <Text style={styles.h2}>Mission</Text>
      <Text style={styles.paragraph}>{about.mission}</Text>
      <Text style={styles.h2}>Core Values</Text>
      {about.values.map((value) => (
        <Text key={value.title} style={styles.paragraph}>
          <Text style={styles.bold}>{value.title}: </Text>
          {value.description}
        </Text>
      ))}
      <Text style={styles.h2} break>
        Our Departments
      </Text>
      {departments.map((department) => (
        <View key={department.id} style={{ marginBottom: 10 }} wrap={false}>
          <Text style={styles.h3}>{department.title}</Text>
          <Text style={styles.paragraph}>{department.summary}</Text>
          {department.categories.map((category) => (
            <Text key={category.title} style={styles.paragraph}>
              <Text style={styles.bold}>{category.title}: </Text>
              {category.items.join("; ")}
            </Text>
          ))}
        </View>
      ))}
      <Text style={styles.h2} minPresenceAhead={80}>
        Leadership
      </Text>
      <Text style={styles.paragraph}>
        <Text style={styles.bold}>{leadership.name}</Text>, {leadership.title}: “{leadership.quote}”
      </Text>
      <Text style={styles.h2} minPresenceAhead={80}>
        Our Offices
      </Text>
      {offices.map((office) => (
        <Text key={office.city} style={styles.paragraph}>
          <Text style={styles.bold}>
            {office.city} ({office.region}):{" "}
          </Text>
          {office.address} · {office.phone}
        </Text>
      ))}
      <Text style={styles.h2}>Contact</Text>
      <Text style={styles.paragraph}>
        {contact.address} · {contact.phone} · {contact.email} · WhatsApp {contact.whatsapp}
      </Text>
    </BrandedPage>,
    firm.legalName,
  );
}
