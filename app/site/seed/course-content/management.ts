import { byDay, type SeedCourseContent } from "./outline";

/** The management courses' pages: what a head of department or an HR manager decides on. */
export const managementContent: Record<string, SeedCourseContent> = {
  "strategic-planning-and-performance-management": {
    targetAudience:
      "Directors, heads of department, strategy and planning officers and performance contracting focal persons in ministries, state corporations, county governments, banks, SACCOs and NGOs who write, review or report on a strategic plan. Teams of two or three from one organisation get the most from the drafting days.",
    objectives: [
      "Run an environmental scan (PESTEL, SWOT, stakeholder map) that feeds real choices, not a list of everything",
      "Write a vision, mission and three to five strategic objectives an organisation can be held to",
      "Build a strategy map and balanced scorecard with measures, baselines and targets",
      "Align the plan with Vision 2030, MTP IV and the organisation's performance contract",
      "Cascade corporate targets to departmental work plans and individual staff appraisals",
      "Set up quarterly monitoring and a results report the board will read",
    ],
    outline: byDay(
      [
        "Reading the environment",
        [
          "Why strategic plans gather dust: lessons from Kenyan public and private bodies",
          "PESTEL and industry analysis with current East African data",
          "Stakeholder mapping and the organisation's SWOT",
        ],
      ],
      [
        "Direction and priorities",
        [
          "Vision, mission and core values that guide decisions",
          "Choosing strategic themes and objectives",
          "Linking the plan to Vision 2030, MTP IV and sector plans",
        ],
      ],
      [
        "Strategy maps and the balanced scorecard",
        [
          "The four perspectives adapted for public and non-profit bodies",
          "Drafting your organisation's strategy map",
          "Measures, baselines, targets and initiatives",
        ],
      ],
      [
        "Cascading and performance contracts",
        [
          "From corporate scorecard to departmental work plans",
          "Performance contracting and the Performance Appraisal System",
          "Costing the plan and linking it to the budget",
        ],
      ],
      [
        "Monitoring, reporting and the action plan",
        [
          "Quarterly reviews, dashboards and board reports",
          "Mid-term and end-term reviews of the plan",
          "Presenting each team's draft scorecard for peer review",
        ],
      ],
    ),
    method:
      "Short input sessions are followed by group work on each participant's own organisation: by day five every team has drafted a strategy map and scorecard and presented it for peer critique. Case studies come from Kenyan state corporations, a tier-two bank and a regional NGO. Bring your current strategic plan and last performance contract if you have them.",
  },

  "project-management-monitoring-and-evaluation": {
    targetAudience:
      "Project and programme managers, M&E officers, county and national government project staff, and NGO and donor-funded programme teams who design projects, report to funders or commission evaluations. Some experience of working on a project is assumed; no statistics background is needed.",
    objectives: [
      "Design a project with a clear problem analysis, theory of change and logical framework",
      "Write SMART indicators with baselines, targets and means of verification",
      "Plan, schedule and budget project activities and manage project risks",
      "Build an M&E plan and data collection tools, and collect data on mobile phones with KoboToolbox",
      "Analyse and report monitoring data in the formats donors and government require",
      "Write evaluation terms of reference and manage an external evaluation to a useful report",
    ],
    outline: byDay(
      [
        "The project cycle and problem analysis",
        [
          "The project cycle from identification to closure",
          "Problem and objective trees",
          "Stakeholder analysis for the course case project",
        ],
      ],
      [
        "Theory of change and the logframe",
        [
          "Drafting a theory of change and its assumptions",
          "The logical framework matrix, row by row",
          "Results frameworks used by USAID, EU, FCDO and the Government of Kenya",
        ],
      ],
      [
        "Planning, scheduling and budgeting",
        [
          "Work breakdown structure and Gantt charts",
          "Activity-based budgets and budget notes",
          "Project risk register and mitigation",
        ],
      ],
      [
        "Indicators and baselines",
        [
          "Output, outcome and impact indicators",
          "Indicator reference sheets",
          "Planning and costing a baseline survey",
        ],
      ],
      [
        "The M&E plan and data collection tools",
        [
          "The M&E framework and data flow",
          "Questionnaires, interview and focus group guides",
          "Sampling in practice for programme staff",
        ],
      ],
      [
        "Mobile data collection",
        [
          "Building a form in KoboToolbox and ODK",
          "Field-testing the form on participants' phones",
          "Data quality checks and cleaning",
        ],
      ],
      [
        "Analysis and reporting",
        [
          "Descriptive analysis in Excel for programme reports",
          "Presenting progress against targets",
          "Writing quarterly and annual donor reports",
        ],
      ],
      [
        "Evaluation design",
        [
          "The OECD DAC criteria: relevance, coherence, effectiveness, efficiency, impact, sustainability",
          "Evaluation questions and designs, from before-and-after to comparison groups",
          "Writing evaluation terms of reference",
        ],
      ],
      [
        "Managing evaluations and learning",
        [
          "Selecting and managing external evaluators",
          "Management responses and learning reviews",
          "Project closure and sustainability planning",
        ],
      ],
      [
        "Case presentations",
        [
          "Each team presents its logframe, M&E plan and data tools",
          "Panel feedback from practising M&E specialists",
          "Personal action plan for the return to work",
        ],
      ],
    ),
    method:
      "The course runs on one case project from start to finish: teams design it, build its logframe and M&E plan, collect data on their phones during a field exercise and present results on the last day. Bring a laptop with Excel and a smartphone for the KoboToolbox sessions.",
  },

  "financial-management-for-non-finance-managers": {
    targetAudience:
      "Heads of department, programme and project managers, engineers, doctors, HR and administration managers, and newly appointed board members who approve budgets, sign off payments or answer to audit, but have no accounting training.",
    objectives: [
      "Read a balance sheet, income statement and cash flow statement and say what each tells a manager",
      "Use eight key ratios to judge liquidity, profitability and efficiency",
      "Prepare, justify and defend a departmental budget",
      "Track budget performance and explain variances in monthly reports",
      "Recognise cash flow risks and the controls that protect an organisation's money",
      "Ask finance and audit the questions that lead to better decisions",
    ],
    outline: byDay(
      [
        "The language of finance",
        [
          "How money moves through an organisation",
          "Accounting terms a manager meets: accruals, depreciation, provisions",
          "Cash basis and accrual basis, and IPSAS for public bodies",
        ],
      ],
      [
        "Reading financial statements",
        [
          "The income statement and the balance sheet",
          "The cash flow statement",
          "Reading the annual report of a listed Kenyan company",
        ],
      ],
      [
        "Ratios and performance",
        [
          "Liquidity, profitability, efficiency and gearing ratios",
          "Trend and peer comparison",
          "Spotting warning signs before they become crises",
        ],
      ],
      [
        "Budgeting and cost control",
        [
          "Incremental, zero-based and activity-based budgets",
          "Building your department's budget in Excel",
          "Fixed and variable costs, break-even and pricing decisions",
        ],
      ],
      [
        "Cash, controls and decisions",
        [
          "Cash flow forecasting and working capital",
          "Internal controls, approvals and working with auditors",
          "Simple investment appraisal: payback and net present value",
        ],
      ],
    ),
    method:
      "Every concept is worked through on real annual reports of Kenyan companies and public bodies, then applied to a budget exercise for the participant's own department. No prior accounting knowledge is assumed. Bring a laptop with Excel and, if possible, your department's current budget.",
  },

  "procurement-and-supply-chain-management": {
    targetAudience:
      "Procurement and supply chain officers, members of tender evaluation, inspection and acceptance, and disposal committees, accounting officers, user department heads and internal auditors in public entities and in private firms that bid for government work.",
    objectives: [
      "Apply the Public Procurement and Asset Disposal Act, 2015 and the 2020 Regulations at each stage of a procurement",
      "Prepare an annual procurement plan linked to the budget and to e-GP",
      "Draft tender documents and specifications that invite fair competition",
      "Evaluate bids objectively and write evaluation reports that withstand review",
      "Manage contracts, variations and disputes and close them out properly",
      "Dispose of assets lawfully and keep records that satisfy audit",
    ],
    outline: byDay(
      [
        "The legal and institutional framework",
        [
          "The Constitution Article 227, PPADA 2015 and the 2020 Regulations",
          "The roles of PPRA, the Review Board and the accounting officer",
          "Access to government procurement opportunities (AGPO) for youth, women and persons with disabilities",
        ],
      ],
      [
        "Planning and methods",
        [
          "Needs assessment and the annual procurement plan",
          "Choosing the procurement method and thresholds",
          "E-procurement on IFMIS and the e-GP system",
        ],
      ],
      [
        "Tender documents and evaluation",
        [
          "Standard tender documents and writing specifications",
          "Preliminary, technical and financial evaluation",
          "Due diligence, the professional opinion and notification of award",
        ],
      ],
      [
        "Contract management",
        [
          "Contract implementation teams and performance monitoring",
          "Variations, price adjustments and termination",
          "Inspection and acceptance, and supplier payments",
        ],
      ],
      [
        "Disposal, review and ethics",
        [
          "Asset disposal methods and the disposal committee",
          "Lessons from recent Review Board decisions",
          "Ethics, conflict of interest and procurement audit",
        ],
      ],
    ),
    method:
      "Sessions combine the law with practice: participants draft a specification, evaluate a set of sample bids in committee and then study how the Review Board ruled on similar cases. Bring a copy of your entity's current procurement plan if you have one.",
  },

  "human-resource-management-and-employee-relations": {
    targetAudience:
      "HR officers and managers, administration managers, line managers with staff responsibility, and union and staff welfare representatives in private companies, public bodies and NGOs in Kenya and the region.",
    objectives: [
      "Recruit and onboard staff using competency-based methods",
      "Run a fair performance appraisal cycle and link it to development and reward",
      "Handle discipline, grievances and termination in line with the Employment Act, 2007 and fair procedure",
      "Work with unions and negotiate collective bargaining agreements",
      "Plan succession and use HR data to guide decisions",
    ],
    outline: byDay(
      [
        "HR strategy and the law",
        [
          "The HR function as a partner to management",
          "The Employment Act, Labour Relations Act and Occupational Safety and Health Act",
          "Contracts of service, probation and terms of employment",
        ],
      ],
      [
        "Recruitment and onboarding",
        [
          "Job analysis and competency frameworks",
          "Structured and competency-based interviews",
          "Onboarding that keeps new staff",
        ],
      ],
      [
        "Performance and development",
        [
          "Setting targets and running appraisals",
          "Coaching conversations and performance improvement plans",
          "Training needs analysis and development plans",
        ],
      ],
      [
        "Discipline, grievances and termination",
        [
          "Fair reasons and fair procedure: section 41 hearings",
          "Redundancy under section 40",
          "Lessons from Employment and Labour Relations Court judgments",
        ],
      ],
      [
        "Employee relations and HR analytics",
        [
          "Recognition agreements, unions and collective bargaining",
          "Staff engagement, wellness and retention",
          "HR metrics, succession planning and the HR action plan",
        ],
      ],
    ),
    method:
      "Role plays of interviews, appraisal conversations and disciplinary hearings, case law discussion and group work on each participant's HR policies. A practising employment lawyer leads the session on discipline and termination.",
  },

  "enterprise-risk-management-and-internal-controls": {
    targetAudience:
      "Risk managers and champions, internal auditors, finance managers, compliance officers, and members of audit and risk committees of boards in banks, SACCOs, insurers, state corporations, county governments and NGOs.",
    objectives: [
      "Explain ISO 31000 and COSO ERM and choose what fits the organisation",
      "Identify, assess and rate risks and build a risk register and heat map",
      "Draft a risk appetite statement the board can approve",
      "Design internal controls for key processes using the COSO internal control framework",
      "Prepare for fraud, business continuity and cyber risks",
      "Report risk to management and the board in a way that leads to action",
    ],
    outline: byDay(
      [
        "Risk management frameworks",
        [
          "Why organisations fail: East African case studies",
          "ISO 31000 and COSO ERM compared",
          "Regulators' expectations: CBK, SASRA, IRA and the Treasury's risk management guidelines",
        ],
      ],
      [
        "Identifying and assessing risk",
        [
          "Risk identification workshops",
          "Likelihood, impact and the heat map",
          "Building the organisation's risk register",
        ],
      ],
      [
        "Risk appetite and response",
        [
          "Drafting a risk appetite statement and tolerances",
          "Treat, transfer, tolerate or terminate",
          "Key risk indicators and risk owners",
        ],
      ],
      [
        "Internal controls",
        [
          "The five components of internal control",
          "Controls in procurement, payments and payroll",
          "The three lines model and working with auditors",
        ],
      ],
      [
        "Fraud, continuity and reporting",
        [
          "Fraud risk assessment and red flags",
          "Business continuity and cyber security essentials",
          "Risk reporting to the board and the implementation plan",
        ],
      ],
    ),
    method:
      "Participants build a working risk register and heat map for their own organisation over the week, test controls on sample processes, and run a board risk committee simulation on the last day. Practitioners from internal audit and information security lead the specialist sessions.",
  },

  "data-analysis-and-reporting-with-excel-and-power-bi": {
    targetAudience:
      "Officers who prepare monthly, quarterly and management reports: M&E, finance, sales, HR, operations and planning staff, and managers who want dashboards from their own data. Participants should be comfortable with basic Excel.",
    objectives: [
      "Clean and combine messy data with Power Query",
      "Summarise data with pivot tables, XLOOKUP and dynamic arrays",
      "Build clear charts and a one-page Excel management report",
      "Model data and write basic DAX measures in Power BI",
      "Publish an interactive dashboard and schedule its refresh",
    ],
    outline: byDay(
      [
        "Data structure and cleaning",
        [
          "Tables, data types and why layout matters",
          "Power Query: importing, cleaning and appending files",
          "Cleaning a participant's own dataset",
        ],
      ],
      [
        "Analysis in Excel",
        [
          "XLOOKUP, SUMIFS, COUNTIFS and dynamic arrays",
          "Pivot tables and slicers",
          "Date and time analysis for monthly reports",
        ],
      ],
      [
        "Visualising and automating reports",
        [
          "Choosing the right chart",
          "A one-page management report with dynamic charts",
          "Refreshing a report automatically each month",
        ],
      ],
      [
        "Power BI: model and measures",
        [
          "Loading and relating tables in the data model",
          "DAX measures: totals, ratios and time comparisons",
          "Report pages, visuals and filters",
        ],
      ],
      [
        "Dashboards and sharing",
        [
          "Designing a dashboard for senior management",
          "Publishing, sharing and scheduled refresh",
          "Participants present their own dashboards",
        ],
      ],
    ),
    method:
      "Hands-on from the first hour: each participant works on a laptop with Excel and Power BI Desktop installed, on course datasets and on their own data. In the live virtual class the facilitator reviews each screen in breakout rooms. A laptop running Windows is required; Power BI Desktop does not run on macOS.",
  },

  "records-archives-and-information-management": {
    targetAudience:
      "Records officers, registry staff, archivists, administrators, data protection officers and ICT staff supporting records systems in ministries, counties, courts, universities, hospitals and private companies.",
    objectives: [
      "Manage paper and electronic records through their life cycle",
      "Develop a file classification scheme and a retention and disposal schedule",
      "Plan and manage a records digitisation project",
      "Meet the obligations of the Access to Information Act, 2016 and the Data Protection Act, 2019",
      "Prepare registries and archives for disasters and recover records after one",
    ],
    outline: byDay(
      [
        "Records and the law",
        [
          "The records life cycle and the records continuum",
          "Public Archives and Documentation Service Act and the role of KNADS",
          "Access to information and data protection obligations",
        ],
      ],
      [
        "Classification and registry practice",
        [
          "Designing a file classification scheme",
          "Opening, tracking and closing files",
          "Registry security and confidential records",
        ],
      ],
      [
        "Retention, appraisal and disposal",
        [
          "Drafting retention and disposal schedules",
          "Appraisal and transfer to archives",
          "Lawful destruction and its records",
        ],
      ],
      [
        "Electronic records and digitisation",
        [
          "Electronic records management systems and metadata",
          "Planning, costing and running a digitisation project",
          "E-mail and shared drive records",
        ],
      ],
      [
        "Preservation and disaster preparedness",
        [
          "Storage environments and preservation of paper and digital media",
          "Disaster preparedness and recovery plans",
          "Records audit and the improvement plan",
        ],
      ],
    ),
    method:
      "Practical exercises on sample files, a retention schedule drafted for each participant's own records, and a visit to a working records centre in Nairobi or Eldoret. Bring your organisation's current file index if you have one.",
  },

  "customer-service-excellence": {
    targetAudience:
      "Front-office, reception, call centre and customer care staff, cashiers, relationship officers and their supervisors in banks, hospitals, utilities, county service centres, Huduma Centres, hotels and retail.",
    objectives: [
      "Map the customer journey and the moments that shape a customer's view",
      "Serve customers with courtesy and consistency in person, by phone, e-mail and social media",
      "Handle complaints and difficult customers calmly and to a resolution",
      "Draft a service charter with measurable standards and monitor it",
    ],
    outline: byDay(
      [
        "The customer and the service culture",
        [
          "What customers in Kenya say about service today",
          "Mapping the customer journey and moments of truth",
          "First impressions, courtesy and professional image",
        ],
      ],
      [
        "Communication and difficult conversations",
        [
          "Listening, questioning and clear answers",
          "Handling angry and difficult customers",
          "Complaints: receive, resolve, record and learn",
        ],
      ],
      [
        "Channels, standards and the service charter",
        [
          "Telephone, e-mail, WhatsApp and social media etiquette",
          "Writing a service delivery charter with measurable standards",
          "Measuring satisfaction and the team's service plan",
        ],
      ],
    ),
    method:
      "Energetic and practical: role plays recorded on phones and reviewed, mystery-shopper findings discussed, and each team leaves with a draft service charter for its own counter or desk.",
  },

  "office-management-for-executive-assistants": {
    targetAudience:
      "Executive assistants, personal assistants, secretaries to boards and chief executives, and office administrators in public and private organisations.",
    objectives: [
      "Manage an executive's diary, travel and correspondence with discretion",
      "Take accurate minutes and prepare board papers to a professional standard",
      "Write clear business letters, memos and e-mails",
      "Apply office protocol and etiquette with visitors and dignitaries",
      "Use Microsoft 365 tools to work faster and share information securely",
    ],
    outline: byDay(
      [
        "The executive assistant's role",
        [
          "Working in partnership with the executive",
          "Confidentiality and ethics",
          "Prioritising and managing your own time",
        ],
      ],
      [
        "Diary, travel and events",
        [
          "Diary management and shared calendars",
          "Local and international travel planning",
          "Organising meetings, retreats and events",
        ],
      ],
      [
        "Meetings and minutes",
        [
          "Agendas and board paper preparation",
          "Minute taking practice with a recorded meeting",
          "Action matters and follow-up",
        ],
      ],
      [
        "Business writing",
        [
          "Letters, memos and e-mails that get answered",
          "Editing and proofreading",
          "Writing on the executive's behalf",
        ],
      ],
      [
        "Protocol and digital productivity",
        [
          "Official protocol, order of precedence and receiving dignitaries",
          "Outlook, Teams, OneDrive and SharePoint in practice",
          "Personal development plan",
        ],
      ],
    ),
    method:
      "Hands-on practice on every day: participants take minutes of a recorded board meeting, draft correspondence that is marked and returned, and plan a full executive trip. Bring a laptop with Microsoft 365 for the last day.",
  },
};
