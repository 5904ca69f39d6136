import { byDay, type SeedCourseContent } from "./outline";

/** The county government courses' pages. */
export const countyContent: Record<string, SeedCourseContent> = {
  "county-integrated-development-planning": {
    targetAudience:
      "County economic planning officers, chief officers and directors, sector planning focal persons, members of County Assembly planning and budget committees, and development partners supporting county planning.",
    objectives: [
      "Apply the County Governments Act and PFM Act requirements for the CIDP and Annual Development Plan",
      "Prepare CIDP sector chapters with programmes, outputs and indicators",
      "Link the ADP to the programme-based budget and the budget calendar",
      "Mainstream climate change, gender and disability in county plans",
      "Run public participation that meets the legal standard and shapes the plan",
      "Review and report on plan implementation through CIMES",
    ],
    outline: byDay(
      [
        "The county planning framework",
        [
          "Planning under the Constitution, County Governments Act and PFM Act",
          "CIDP guidelines and the national planning framework",
          "Lessons from the review of the previous CIDP",
        ],
      ],
      [
        "Preparing the CIDP",
        [
          "Situation analysis with county data",
          "Sector programmes, outputs and key performance indicators",
          "Flagship projects and the resource envelope",
        ],
      ],
      [
        "From CIDP to ADP and budget",
        [
          "The Annual Development Plan",
          "Programme-based budgeting and the budget calendar",
          "The County Fiscal Strategy Paper link",
        ],
      ],
      [
        "Mainstreaming and participation",
        [
          "Climate change, gender and disability in plans",
          "Public participation requirements and good practice",
          "Documenting citizen input in the plan",
        ],
      ],
      [
        "Review and reporting",
        [
          "Annual reviews and CIMES reporting",
          "Mid-term review of the CIDP",
          "Each county team's action plan",
        ],
      ],
    ),
    method:
      "County teams work on their own CIDP and latest ADP throughout, with sessions led by planners who have prepared CIDPs. Teams of three or more from one county are recommended. Bring soft copies of your county's CIDP, ADP and budget estimates.",
  },

  "public-finance-management-for-county-governments": {
    targetAudience:
      "County finance and economic planning staff: chief officers, directors, accountants, budget officers, revenue and procurement officers, internal auditors, and County Assembly budget office staff.",
    objectives: [
      "Apply the PFM Act, 2012 and the County Government PFM Regulations, 2015 to daily work",
      "Prepare budget documents from the CFSP to the Appropriation Act",
      "Operate the IFMIS procure-to-pay cycle and the Hyperion budget module",
      "Manage cash, exchequer requisitions and pending bills",
      "Prepare IPSAS-compliant financial statements and respond to the Auditor-General",
      "Strengthen internal controls and internal audit",
    ],
    outline: byDay(
      [
        "The PFM legal framework",
        [
          "PFM Act, 2012 and the county regulations",
          "The roles of the Treasury, Controller of Budget and Auditor-General",
          "Principles of public finance in Article 201",
        ],
      ],
      [
        "The budget cycle",
        [
          "The county budget calendar",
          "The County Budget Review and Outlook Paper and the CFSP",
          "Sector working groups",
        ],
      ],
      [
        "Budget estimates and approval",
        [
          "Programme-based budget estimates",
          "The County Assembly's role and the Appropriation Act",
          "Supplementary budgets and reallocations",
        ],
      ],
      [
        "Budget execution and cash management",
        [
          "Exchequer requisitions and the Controller of Budget",
          "Cash flow planning and pending bills",
          "Imprest and petty cash control",
        ],
      ],
      [
        "IFMIS in practice",
        ["The procure-to-pay cycle", "Hyperion budget module", "Common IFMIS errors and their fixes"],
        2,
      ],
      [
        "Accounting and reporting",
        [
          "IPSAS cash basis and accrual reporting",
          "Quarterly and annual financial statements",
          "Bank reconciliations",
        ],
      ],
      [
        "Audit and accountability",
        [
          "Responding to audit queries and management letters",
          "The Public Accounts Committee of the County Assembly",
          "Lessons from recent county audit reports",
        ],
      ],
      [
        "Internal controls and internal audit",
        [
          "Controls over payroll, procurement and revenue",
          "Risk-based internal audit",
          "Audit committees in counties",
        ],
      ],
      [
        "Action plans",
        ["County team action plans for a clean audit", "Presentations and feedback", "Course evaluation"],
      ],
    ),
    method:
      "A mix of law, practice and hands-on work: two days in an IFMIS training environment, exercises on real county budget documents and audit reports, and facilitators who have served as county chief officers and auditors. Bring a laptop.",
  },

  "legislative-drafting-and-oversight-for-county-assemblies": {
    targetAudience:
      "Members of County Assemblies, clerks, legal counsel, committee clerks, Hansard and research staff of County Assemblies, and legal officers of county executives.",
    objectives: [
      "Follow the stages of county legislation from policy to assent",
      "Draft clear, constitutional county bills and regulations",
      "Scrutinise budget and audit reports in committee",
      "Handle petitions, statements and motions effectively",
    ],
    outline: byDay(
      [
        "The county legislature",
        [
          "County legislative powers under the Fourth Schedule",
          "Standing orders and the legislative process",
          "From policy to bill",
        ],
      ],
      [
        "Principles of drafting",
        [
          "Structure and language of a bill",
          "Constitutional and legal checks",
          "Drafting exercise: a county trade licensing bill",
        ],
      ],
      [
        "Completing the bill",
        [
          "Regulations and subsidiary legislation",
          "Public participation on bills",
          "Peer review of the drafting exercise",
        ],
      ],
      [
        "Oversight of the executive",
        [
          "Committee oversight of budget implementation",
          "Scrutinising Controller of Budget and Auditor-General reports",
          "Vetting and accountability tools",
        ],
      ],
      [
        "Petitions, statements and motions",
        [
          "Handling petitions from citizens",
          "Statements and motions that lead to action",
          "Committee simulation and action plan",
        ],
      ],
    ),
    method:
      "Participants draft a model county bill in small groups and practise committee scrutiny of real budget implementation and audit reports. Facilitators include an experienced parliamentary drafter and a former County Assembly clerk.",
  },

  "county-own-source-revenue-mobilisation": {
    targetAudience:
      "County revenue directors and officers, finance officers, ICT officers supporting revenue systems, valuation and lands officers, and members of County Assembly finance committees.",
    objectives: [
      "Assess the county's revenue potential and forecast revenue",
      "Review and strengthen county finance and revenue legislation",
      "Automate collection and seal leakages",
      "Update valuation rolls for property rates",
      "Enforce compliance fairly and improve taxpayer service",
    ],
    outline: byDay(
      [
        "The own-source revenue framework",
        [
          "Article 209 and county revenue powers",
          "The National Policy to Support Enhancement of County OSR",
          "County revenue performance compared",
        ],
      ],
      [
        "Potential and forecasting",
        ["Revenue potential studies", "Forecasting methods for budgeting", "Setting realistic targets"],
      ],
      [
        "Legislation and valuation",
        [
          "Finance acts and revenue administration laws",
          "Valuation rolls and the Rating Act",
          "Fees, charges and public participation",
        ],
      ],
      [
        "Automation and leakages",
        [
          "Cashless collection and county revenue systems",
          "Identifying and sealing leakages",
          "Reconciliation and reporting",
        ],
      ],
      [
        "Compliance and service",
        [
          "Enforcement that respects taxpayers",
          "Taxpayer education and service",
          "County revenue enhancement plans",
        ],
      ],
    ),
    method:
      "Practical sessions on each county's own revenue data, demonstrations of cashless revenue systems, and an exercise in estimating revenue potential. Bring your county's revenue reports for the last two years.",
  },

  "county-monitoring-and-evaluation-cimes": {
    targetAudience:
      "County M&E officers and directors, economic planning officers, sector M&E focal persons, and County Assembly research staff responsible for reporting on development plans.",
    objectives: [
      "Put the County Integrated Monitoring and Evaluation System into practice",
      "Develop an indicator handbook and M&E framework for the CIDP",
      "Prepare the County Annual Progress Report",
      "Verify projects in the field and geo-tag them",
      "Use M&E evidence in budget and policy decisions",
    ],
    outline: byDay(
      [
        "CIMES and the M&E policy",
        [
          "The National M&E Policy and CIMES guidelines",
          "County M&E committees and structures",
          "The M&E link to the CIDP and ADP",
        ],
      ],
      [
        "Indicators and frameworks",
        ["Writing county indicators", "The indicator handbook", "Baselines and targets"],
      ],
      [
        "Data collection and field verification",
        [
          "Project monitoring tools",
          "Geo-tagging projects with a mobile phone",
          "Field visit to county projects",
        ],
      ],
      [
        "Reporting",
        [
          "The County Annual Progress Report",
          "Quarterly reporting to the county executive",
          "Presenting data clearly",
        ],
      ],
      [
        "Evaluation and use of evidence",
        ["Evaluating county programmes", "Feeding evidence into budget decisions", "County M&E action plans"],
      ],
    ),
    method:
      "Hands-on practice with county indicator handbooks and progress reports, a field verification visit to projects near the venue using geo-tagging on participants' phones, and peer review of each county's reporting plan.",
  },

  "devolution-and-intergovernmental-relations": {
    targetAudience:
      "County executive committee members, chief officers, County Assembly staff, national government officers working with counties, and development partners supporting devolution.",
    objectives: [
      "Explain the constitutional foundations of devolution and the division of functions",
      "Use intergovernmental forums and agreements to coordinate services",
      "Manage intergovernmental disputes through the legal mechanisms",
      "Plan cooperation between counties through regional economic blocs",
    ],
    outline: byDay(
      [
        "Foundations of devolution",
        [
          "The Constitution, Chapter Eleven and the Fourth Schedule",
          "Transfer of functions and concurrent functions",
          "A decade of devolution: what has worked",
        ],
      ],
      [
        "Intergovernmental structures",
        [
          "The Intergovernmental Relations Act, 2012",
          "The Summit, the Council of Governors and IBEC",
          "Sector forums and intergovernmental agreements",
        ],
      ],
      [
        "Disputes and cooperation",
        [
          "Dispute resolution mechanisms",
          "Case studies of intergovernmental disputes",
          "Regional economic blocs and inter-county cooperation",
        ],
      ],
      [
        "Making it work",
        [
          "Coordination with national government at county level",
          "Devolution in Uganda and Tanzania compared",
          "Action plans",
        ],
      ],
    ),
    method:
      "Discussion-led sessions with former intergovernmental officials, case studies of real disputes and their resolution, and group work on coordination challenges participants face.",
  },

  "public-participation-and-civic-education": {
    targetAudience:
      "County public participation and civic education officers, ward and sub-county administrators, communication officers, and civil society partners who organise forums with counties.",
    objectives: [
      "Apply the legal standards for public participation",
      "Design forums that include youth, women and persons with disabilities",
      "Document citizen input and report how it was used",
    ],
    outline: byDay(
      [
        "The law and principles",
        [
          "Public participation in the Constitution and county laws",
          "What courts have ruled adequate participation",
          "Civic education under the County Governments Act",
        ],
      ],
      [
        "Designing inclusive forums",
        [
          "Planning forums for budgets, plans and bills",
          "Reaching youth, women and persons with disabilities",
          "Using radio, SMS and social media",
        ],
      ],
      [
        "Documenting and feeding back",
        [
          "Recording and analysing citizen views",
          "Reporting back to citizens",
          "County participation action plans",
        ],
      ],
    ),
    method:
      "Participants plan and run a mock public participation forum on a county budget, then document and report it. Facilitators include civil society practitioners and county officers who have defended participation processes in court.",
  },

  "ward-and-sub-county-administration": {
    targetAudience:
      "Ward administrators, sub-county administrators, village administrators and county field officers who coordinate services at the grassroots.",
    objectives: [
      "Coordinate county departments and development committees at ward level",
      "Manage field staff and report on services",
      "Handle community complaints and conflicts",
      "Support project implementation and public participation at ward level",
    ],
    outline: byDay(
      [
        "The administrator's role",
        [
          "Decentralised units under the County Governments Act",
          "The administrator's mandate and relationships",
          "Working with national government administration",
        ],
      ],
      [
        "Coordination and service delivery",
        [
          "Coordinating county departments at ward level",
          "Ward development committees and project oversight",
          "Ward development funds and their accountability",
        ],
      ],
      [
        "People and reporting",
        [
          "Supervising field staff",
          "Reports that the county headquarters acts on",
          "Records and information at ward offices",
        ],
      ],
      [
        "Community conflict and peace building",
        ["Conflict analysis in communities", "Mediation and peace building", "Personal action plans"],
      ],
    ),
    method:
      "Practical sessions built on situations administrators meet every week, with role plays of community meetings and mediation, and peer exchange between administrators from different counties.",
  },
};
