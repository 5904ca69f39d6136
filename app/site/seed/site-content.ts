import type { ImageVariant } from "../tables.server";

type CourseCategory = "management" | "leadership" | "county" | "experiential" | "faith";

export type ServicePageKey = "management" | "county-government" | "experiential-learning" | "faith-based";
export type DepartmentId = "strategic" | "hr" | "policy" | "experiential" | "special";

/** A portrait on /about: the picture, its alternative text and, once uploaded, where its files are stored. */
export type Portrait = {
  imageUrl: string;
  altText: string;
  width: number;
  height: number;
  variants: ImageVariant[];
  storageKey: string | null;
};

const drawing = (name: string, file: string): [string, Portrait] => [
  name,
  {
    imageUrl: file,
    altText: `Portrait of ${name} (drawing)`,
    width: 200,
    height: 200,
    variants: [],
    storageKey: null,
  },
];

export type SiteContent = {
  hero: {
    headline: string;
    tagline: string;
    badges: string[];
    stats: { value: string; label: string; description: string }[];
  };
  stats: { value: string; label: string }[];
  offices: {
    city: string;
    region: "Headquarters" | "Coast Region" | "Uganda" | "Rwanda";
    address: string;
    phone: string;
  }[];
  contact: { phone: string; email: string; address: string; whatsapp: string };
  businessHours: { day: string; hours: string }[];
  payment: {
    bankName: string;
    accountName: string;
    accountNumber: string;
    branch: string;
    swift: string;
    paybill: string;
    paybillAccountNote: string;
  };
  leadership: { name: string; title: string; quote: string; bio: string };
  team: { name: string; title: string; bio: string }[];
  /**
   * The portraits on /about, by the name of the person shown (the managing director and each team member): a
   * portrait follows its person, so a renamed or new member has none until one is uploaded. The seed's are
   * drawings under /artwork/ (the launch checklist lists them); an upload has its stored variants and key.
   */
  portraits: Record<string, Portrait>;
  about: {
    intro: string;
    vision: string;
    mission: string;
    values: { title: string; description: string }[];
    timeline: { year: string; title: string; description: string }[];
  };
  departments: {
    id: DepartmentId;
    title: string;
    summary: string;
    categories: { title: string; items: string[] }[];
  }[];
  servicePages: Record<
    ServicePageKey,
    {
      title: string;
      intro: string;
      services: { title: string; description: string }[];
      courseCategory: CourseCategory;
    }
  >;
  benefits: string[];
  whyChoose: string[];
  participation: { step: number; title: string; description: string }[];
  catalogueFeatures: { title: string; description: string }[];
  policies: { management: string[]; county: string[]; faith: string[] };
  categoryCounters: { label: string; value: string; category: CourseCategory }[];
};

export const seedSiteContent: SiteContent = {
  hero: {
    headline: "Building Capable Leaders and Institutions Across East Africa",
    tagline:
      "Since 2000, Mafunzo has delivered practical management training, leadership development and consultancy to public, private, county and faith-based organisations in Kenya, Uganda, Rwanda and Tanzania.",
    badges: ["24+ Years", "1000+ Organizations", "{courses} Training Programs"],
    stats: [
      {
        value: "50,000+",
        label: "Professionals Trained",
        description: "Managers, officers and leaders equipped with practical, job-ready skills since 2000.",
      },
      {
        value: "98%",
        label: "Client Satisfaction",
        description: "Of participants rate our programmes as relevant, practical and well facilitated.",
      },
      {
        value: "5",
        label: "Countries Served",
        description: "Training and consultancy delivered across Kenya, Uganda, Rwanda, Tanzania and beyond.",
      },
    ],
  },
  stats: [
    { value: "24+", label: "Years of Experience" },
    { value: "1000+", label: "Organizations Served" },
    { value: "{courses}", label: "Training Programs" },
    { value: "50,000+", label: "Professionals Trained" },
    { value: "98%", label: "Client Satisfaction" },
    { value: "5", label: "Countries" },
  ],
  offices: [
    {
      city: "Nairobi",
      region: "Headquarters",
      address: "Mafunzo House, 3rd Floor, Ngong Road, Kilimani, Nairobi",
      phone: "+254 20 765 4300",
    },
    {
      city: "Mombasa",
      region: "Coast Region",
      address: "Nyali Links Plaza, 2nd Floor, Links Road, Nyali, Mombasa",
      phone: "+254 41 447 2190",
    },
    {
      city: "Kampala",
      region: "Uganda",
      address: "Plot 18, Kira Road, Kamwokya, Kampala",
      phone: "+256 414 672 335",
    },
    {
      city: "Kigali",
      region: "Rwanda",
      address: "KG 7 Avenue, Kacyiru, Kigali",
      phone: "+250 788 412 906",
    },
  ],
  contact: {
    phone: "+254 711 482 900",
    email: "info@mafunzo.co.ke",
    address: "Mafunzo House, 3rd Floor, Ngong Road, Kilimani, Nairobi, Kenya",
    whatsapp: "+254 733 482 900",
  },
  businessHours: [
    { day: "Monday - Friday", hours: "8:00 AM - 5:00 PM" },
    { day: "Saturday", hours: "9:00 AM - 1:00 PM" },
    { day: "Sunday", hours: "Closed" },
  ],
  payment: {
    bankName: "Savannah Commercial Bank Ltd",
    accountName: "Mafunzo Training and Consultancy Ltd",
    accountNumber: "0142 7719 3305 01",
    branch: "Yaya Centre Branch, Nairobi",
    swift: "SVCBKENA",
    paybill: "880 142",
    paybillAccountNote:
      "When paying by M-PESA, enter your registration reference (for example MF-7KQ3XP9A) as the account number so that we can match the payment to your booking. If you do not yet have a reference, use your organisation's name.",
  },
  leadership: {
    name: "Dr. Samuel Kariuki Mwangi",
    title: "Managing Director",
    quote:
      "Training only matters when it changes what people do on Monday morning. For more than two decades our commitment has been simple: practical learning that strengthens institutions and the communities they serve.",
    bio: "Dr. Mwangi founded Mafunzo in 2000 after fifteen years in public service reform and organisational development. He holds a PhD in Development Studies and has advised ministries, county governments, regional bodies and church organisations across East Africa on strategy, governance and institutional capacity.",
  },
  team: [
    {
      name: "Esther Achieng Oduor",
      title: "Director of Training",
      bio: "Esther leads curriculum design and faculty development. A certified human resource professional, she has designed programmes for more than three hundred organisations and oversees quality across all our venues.",
    },
    {
      name: "Jean-Paul Habimana",
      title: "Head of Consultancy and Regional Manager, Rwanda",
      bio: "Jean-Paul leads institutional reviews, strategic planning and evaluation assignments from our Kigali office. He brings twelve years of experience in public sector reform and donor-funded programmes.",
    },
    {
      name: "Sarah Nakato",
      title: "Regional Manager, Uganda",
      bio: "Sarah manages our Kampala office and client relationships in Uganda. She specialises in leadership development, experiential learning and partnerships with faith-based and civil society organisations.",
    },
  ],
  portraits: Object.fromEntries([
    drawing("Dr. Samuel Kariuki Mwangi", "/artwork/leader.svg"),
    drawing("Esther Achieng Oduor", "/artwork/people/esther-achieng-oduor.svg"),
    drawing("Jean-Paul Habimana", "/artwork/people/jean-paul-habimana.svg"),
    drawing("Sarah Nakato", "/artwork/people/sarah-nakato.svg"),
  ]),
  about: {
    intro:
      "Mafunzo is a management training and consultancy firm established in Nairobi in 2000. From our headquarters in Nairobi and offices in Mombasa, Kampala and Kigali, we serve government ministries, county governments, state corporations, private companies, NGOs and faith-based organisations with practical training and advisory services that improve performance.",
    vision: "To be the leading partner in building capable leaders and effective institutions in Africa.",
    mission:
      "To deliver practical, relevant and high-quality training, consultancy and experiential learning that empowers people and strengthens organisations to serve their communities well.",
    values: [
      {
        title: "Integrity",
        description:
          "We are honest, transparent and accountable in every engagement with clients and partners.",
      },
      {
        title: "Excellence",
        description:
          "We set high standards for content, facilitation and client service, and keep improving.",
      },
      {
        title: "Practical Relevance",
        description: "We design learning around the real work, laws and context of our participants.",
      },
      {
        title: "Partnership",
        description: "We work alongside our clients and measure our success by the results they achieve.",
      },
    ],
    timeline: [
      {
        year: "2000",
        title: "Founded in Nairobi",
        description:
          "Mafunzo opens its doors with three facilitators and a focus on public sector management.",
      },
      {
        year: "2007",
        title: "Coast Region Office",
        description:
          "Our Mombasa office opens to serve clients at the coast and host residential programmes.",
      },
      {
        year: "2010",
        title: "Experiential Learning Launched",
        description: "Outdoor team building and leadership programmes begin at Lake Naivasha.",
      },
      {
        year: "2013",
        title: "Supporting Devolution",
        description: "We launch dedicated programmes for the newly created county governments.",
      },
      {
        year: "2016",
        title: "Expansion to Uganda",
        description: "The Kampala office opens, extending our training and consultancy across Uganda.",
      },
      {
        year: "2019",
        title: "Kigali Office",
        description: "Our Rwanda office opens in Kigali, strengthening our regional consultancy practice.",
      },
      {
        year: "2020",
        title: "Virtual and Hybrid Delivery",
        description:
          "Live virtual classrooms and self-paced modules keep learning going through the pandemic.",
      },
      {
        year: "2024",
        title: "50,000 Professionals Trained",
        description:
          "We pass fifty thousand professionals trained from more than one thousand organisations.",
      },
    ],
  },
  departments: [
    {
      id: "strategic",
      title: "Strategic, Financial and Project Management",
      summary:
        "Helping organisations set direction, manage resources responsibly and deliver projects that achieve measurable results.",
      categories: [
        {
          title: "Strategy and Performance",
          items: [
            "Strategic plan development and review",
            "Performance contracting and balanced scorecard",
            "Business process re-engineering",
            "Service delivery charters",
          ],
        },
        {
          title: "Financial Management",
          items: [
            "Budgeting and budgetary control",
            "Financial management for non-finance managers",
            "Enterprise risk management and internal controls",
            "Public procurement and asset disposal",
          ],
        },
        {
          title: "Project Management",
          items: [
            "Project design and logical frameworks",
            "Monitoring, evaluation and learning systems",
            "Baseline surveys and end-term evaluations",
          ],
        },
      ],
    },
    {
      id: "hr",
      title: "Human Resource Development and Training",
      summary: "Developing the people who make organisations work, from front-line staff to the boardroom.",
      categories: [
        {
          title: "Human Resource Management",
          items: [
            "Training needs assessments",
            "Job evaluation and staff establishment reviews",
            "Performance appraisal systems",
            "HR policies and procedures manuals",
          ],
        },
        {
          title: "Leadership and Management Development",
          items: [
            "Executive and senior management programmes",
            "Supervisory and emerging leaders courses",
            "Coaching and mentorship programmes",
          ],
        },
        {
          title: "Professional Skills",
          items: [
            "Customer service excellence",
            "Records and information management",
            "Office administration and executive support",
            "Data analysis and reporting",
          ],
        },
      ],
    },
    {
      id: "policy",
      title: "Policy, Research and Institutional Development",
      summary:
        "Evidence-based advice that helps institutions design sound policies, strengthen governance and adapt to change.",
      categories: [
        {
          title: "Policy and Governance",
          items: [
            "Policy formulation and review",
            "Corporate governance and board evaluations",
            "Legislative drafting support for county assemblies",
          ],
        },
        {
          title: "Research",
          items: [
            "Customer and employee satisfaction surveys",
            "Feasibility and market studies",
            "Impact assessments",
          ],
        },
        {
          title: "Institutional Development",
          items: [
            "Organisational structure and staffing reviews",
            "Change management support",
            "Institutional capacity assessments",
          ],
        },
      ],
    },
    {
      id: "experiential",
      title: "Experiential Learning Programmes",
      summary:
        "Learning by doing in East Africa's most inspiring outdoor settings, with every activity linked back to the workplace.",
      categories: [
        {
          title: "Team Development",
          items: [
            "Team building and high ropes challenges",
            "Team cohesion retreats",
            "Corporate fun days with learning objectives",
          ],
        },
        {
          title: "Leadership Expeditions",
          items: [
            "Outdoor leadership and resilience camps",
            "Cross-border leadership expeditions",
            "Executive strategy safaris and retreats",
          ],
        },
        {
          title: "Wellness and Renewal",
          items: ["Executive wellness retreats", "Stress and resilience workshops"],
        },
      ],
    },
    {
      id: "special",
      title: "Special Programmes",
      summary:
        "Targeted programmes for youth, ICT, entrepreneurship, family life education and faith-based empowerment.",
      categories: [
        {
          title: "Youth and Entrepreneurship",
          items: [
            "Youth employability and life skills",
            "Entrepreneurship and small business management",
            "Access to government procurement opportunities (AGPO)",
          ],
        },
        {
          title: "ICT Skills",
          items: [
            "Digital literacy for officers",
            "Data analysis with Excel and Power BI",
            "Cyber security awareness",
          ],
        },
        {
          title: "Family Life and Faith-Based Empowerment",
          items: [
            "Family life education",
            "Church leadership and discipleship",
            "Organisational capacity development for faith-based organisations",
          ],
        },
      ],
    },
  ],
  servicePages: {
    management: {
      title: "Management Training and Consultancy",
      intro:
        "Practical programmes and advisory support for managers in the public, private and non-profit sectors, covering strategy, finance, projects, people and operations.",
      services: [
        {
          title: "Strategic Planning",
          description:
            "Facilitated development and review of strategic plans aligned to national and sector priorities.",
        },
        {
          title: "Financial Management",
          description:
            "Budgeting, financial controls and risk management for finance and non-finance managers.",
        },
        {
          title: "Project Management and M&E",
          description:
            "Project design, results frameworks and monitoring and evaluation systems that meet donor standards.",
        },
        {
          title: "Human Resource Management",
          description:
            "Recruitment, performance management and employee relations grounded in current labour law.",
        },
        {
          title: "Procurement and Supply Chain",
          description:
            "Compliant, transparent procurement under the Public Procurement and Asset Disposal Act.",
        },
      ],
      courseCategory: "management",
    },
    "county-government": {
      title: "County Government Programmes",
      intro:
        "Since the start of devolution in 2013 we have supported county executives, assemblies and staff to plan, budget and deliver services effectively.",
      services: [
        {
          title: "Development Planning",
          description: "CIDP and Annual Development Plan preparation, review and alignment with the budget.",
        },
        {
          title: "Public Finance Management",
          description:
            "Budgeting, IFMIS, revenue mobilisation and IPSAS financial reporting for county finance teams.",
        },
        {
          title: "Legislation and Oversight",
          description:
            "Legislative drafting and oversight skills for Members and staff of County Assemblies.",
        },
        {
          title: "Public Participation",
          description:
            "Designing and facilitating inclusive citizen engagement in county planning and budgeting.",
        },
        {
          title: "Monitoring and Evaluation",
          description:
            "Putting CIMES into practice, from indicator handbooks to county annual progress reports.",
        },
      ],
      courseCategory: "county",
    },
    "experiential-learning": {
      title: "Experiential Learning Programmes",
      intro:
        "Outdoor and adventure-based learning at Lake Naivasha, Diani, Jinja, Musanze, Arusha and Zanzibar that builds trust, resilience and leadership.",
      services: [
        {
          title: "Team Building",
          description:
            "High ropes, problem-solving initiatives and facilitated reviews for intact work teams.",
        },
        {
          title: "Leadership Expeditions",
          description:
            "Multi-day camps and cross-border expeditions that test and grow leadership under pressure.",
        },
        {
          title: "Strategy Retreats",
          description:
            "Planning sessions for boards and executive teams in inspiring settings away from the office.",
        },
        {
          title: "Wellness and Renewal",
          description: "Retreats that address stress, burnout and work-life integration for senior leaders.",
        },
      ],
      courseCategory: "experiential",
    },
    "faith-based": {
      title: "Faith-Based Programmes",
      intro:
        "Discounted programmes that equip churches and faith-based organisations in family life education, training and discipleship, and organisational capacity development.",
      services: [
        {
          title: "Family Life Education",
          description:
            "Marriage enrichment, parenting and family ministry training for churches and communities.",
        },
        {
          title: "Training and Discipleship",
          description: "Servant leadership, pastoral care and youth ministry formation for church leaders.",
        },
        {
          title: "Organisational Capacity Development",
          description:
            "Governance, financial stewardship and resource mobilisation for faith-based organisations.",
        },
        {
          title: "Tailor-Made Church Retreats",
          description:
            "Leadership and staff retreats designed around the needs of a denomination or congregation.",
        },
      ],
      courseCategory: "faith",
    },
  },
  benefits: [
    "More than two decades of experience with public, private, county and faith-based clients",
    "Facilitators who are practitioners with senior management and consultancy experience",
    "Programmes tailored to East African laws, institutions and workplace realities",
    "Flexible delivery: residential, non-residential, virtual, hybrid and self-paced",
    "Offices and venues across Kenya, Uganda, Rwanda and Tanzania",
    "Post-training follow-up and support to turn learning into results",
  ],
  whyChoose: [
    "24+ years of proven experience in training and consultancy",
    "Practical, case-based learning using your own organisation's challenges",
    "Experienced facilitators drawn from industry, government and academia",
    "Quality venues across East Africa, with virtual options",
    "Certificate of participation for every course completed",
    "Response to every enquiry within 24 hours",
  ],
  participation: [
    {
      step: 1,
      title: "Choose Your Course",
      description:
        "Browse the current catalogue and select the course, date and venue that suit you or your team.",
    },
    {
      step: 2,
      title: "Register and Pay",
      description:
        "Complete the registration form online or by e-mail, then pay by bank transfer or M-PESA using your registration reference.",
    },
    {
      step: 3,
      title: "Attend and Apply",
      description:
        "Attend the course, earn your certificate of participation and put your new skills to work with our follow-up support.",
    },
  ],
  catalogueFeatures: [
    {
      title: "Experienced Facilitators",
      description: "Practitioners with senior management, consultancy and academic backgrounds.",
    },
    {
      title: "Flexible Delivery",
      description:
        "Residential, non-residential, virtual, hybrid and self-paced options to suit your schedule.",
    },
    {
      title: "Regional Venues",
      description: "Courses in Kenya, Uganda, Rwanda and Tanzania, or in-house at your premises.",
    },
    {
      title: "Certified Learning",
      description: "A certificate of participation for every participant who completes a course.",
    },
  ],
  policies: {
    management: [
      "A minimum of 20 participants is required for a course to run; in-house courses can be arranged for smaller groups.",
      "Substitution of participants is allowed with at least 2 weeks' written notice.",
      "Early booking is encouraged, as places are confirmed on a first-come, first-served basis.",
      "A certificate of participation is issued to every participant who completes the course.",
    ],
    county: [
      "Fees quoted for county government programmes are facilitation fees only.",
      "Transport and accommodation are arranged and paid for by participants or their counties.",
      "A certificate of participation is issued to every participant who completes the course.",
    ],
    faith: [
      "Fees for faith-based programmes are discounted to make them accessible to churches and faith-based organisations.",
      "Congregations sending four or more participants to one course date get 10% off each participant; their separate bookings for that date count together.",
      "A certificate of participation is issued to every participant who completes the course.",
    ],
  },
  categoryCounters: [
    { label: "Management", value: "{courses}", category: "management" },
    { label: "County Government", value: "{courses}", category: "county" },
    { label: "Experiential", value: "{courses}", category: "experiential" },
    { label: "Faith-Based", value: "{courses}", category: "faith" },
  ],
};
