import { byDay, type SeedCourseContent } from "./outline";

/** The faith-based courses' pages (categories A, B and C). */
export const faithContent: Record<string, SeedCourseContent> = {
  "marriage-and-family-enrichment-facilitators": {
    targetAudience:
      "Pastors, couples' ministry leaders, church counsellors and lay family life facilitators who run or plan to run marriage enrichment and pre-marital programmes. Couples who serve together are welcome to attend as a pair.",
    objectives: [
      "Understand the biblical foundations of marriage and family life",
      "Facilitate pre-marital and marriage enrichment sessions with confidence",
      "Recognise signs of marital distress and refer appropriately",
      "Establish a sustainable family life ministry in the local church",
    ],
    outline: byDay(
      [
        "Biblical foundations of marriage",
        [
          "Marriage in Scripture and in African tradition",
          "Covenant, roles and partnership",
          "The facilitator's own marriage and example",
        ],
      ],
      [
        "Communication and conflict",
        [
          "Listening and speaking skills for couples",
          "Resolving conflict without harm",
          "Practice: leading a communication session",
        ],
      ],
      [
        "Money, intimacy and trust",
        [
          "Finances and the family",
          "Intimacy, trust and faithfulness",
          "Extended family and in-law expectations",
        ],
      ],
      [
        "Pre-marital preparation and distress",
        [
          "A pre-marital programme in six sessions",
          "Signs of distress, violence and when to refer",
          "Working with professional counsellors",
        ],
      ],
      [
        "Running the ministry",
        [
          "Facilitating couples' groups and retreats",
          "Planning a year of family life ministry",
          "Commissioning and action plans",
        ],
      ],
    ),
    method:
      "Teaching grounded in Scripture and family science, demonstrations of group sessions, and practice facilitation in small groups with feedback. Participants receive a facilitator's guide for a pre-marital course and an enrichment weekend.",
  },

  "parenting-in-the-digital-age": {
    targetAudience:
      "Parents, guardians, Sunday school teachers and family life educators of children and teenagers, whether or not they consider themselves good with technology.",
    objectives: [
      "Understand the digital world children and teenagers live in",
      "Set healthy and enforceable family technology boundaries",
      "Protect children from online abuse, exploitation and harmful content",
      "Build open parent-child communication grounded in faith",
    ],
    outline: byDay(
      [
        "Children in a connected world",
        [
          "What children and teenagers do online: apps, games and social media",
          "Screen time, sleep and learning",
          "Online safety: grooming, exploitation and harmful content",
        ],
      ],
      [
        "Boundaries and connection",
        [
          "A family technology agreement",
          "Parental controls on phones and home Wi-Fi",
          "Values-based discipline and open conversations",
        ],
      ],
    ),
    method:
      "Short talks, live demonstrations of parental controls on participants' own phones, and small-group discussion of real family situations. Bring a smartphone; no technical knowledge is needed.",
  },

  "servant-leadership-and-discipleship": {
    targetAudience:
      "Pastors, elders, deacons and ministry team leaders responsible for growing believers and raising new leaders in their congregations.",
    objectives: [
      "Model servant leadership in the church and community",
      "Design a discipleship pathway from new believer to leader",
      "Mentor and release emerging leaders",
      "Guard against burnout and leadership failure",
    ],
    outline: byDay(
      [
        "The servant leader",
        [
          "Character and calling of the servant leader",
          "Jesus' model of leadership",
          "Power, humility and accountability",
        ],
      ],
      [
        "Discipleship models",
        [
          "Discipleship in the early church and today",
          "Small-group ministry",
          "Assessing your congregation's discipleship",
        ],
      ],
      [
        "The discipleship pathway",
        [
          "Stages from new believer to leader",
          "Designing your congregation's pathway",
          "Resources and curriculum",
        ],
      ],
      [
        "Mentoring and succession",
        ["Mentoring emerging leaders", "Releasing and commissioning leaders", "Succession in ministry"],
      ],
      [
        "Sustaining the leader",
        [
          "Spiritual disciplines and self-care",
          "Preventing burnout and moral failure",
          "Pathways presented and commissioning",
        ],
      ],
    ),
    method:
      "Bible study, teaching and reflection alongside practical design work: each participant leaves with a written discipleship pathway for their own congregation, reviewed by peers and facilitators.",
  },

  "pastoral-care-and-trauma-informed-counselling": {
    targetAudience:
      "Clergy, chaplains in schools, hospitals, prisons and the uniformed services, and lay counsellors who walk with people through grief, trauma and crisis.",
    objectives: [
      "Apply basic counselling skills in pastoral settings",
      "Respond sensitively to grief, trauma and gender-based violence",
      "Know when and how to refer to professional services",
      "Practise self-care to prevent compassion fatigue",
    ],
    outline: byDay(
      [
        "Foundations of pastoral care",
        ["Pastoral theology of care", "Boundaries, confidentiality and ethics", "Core listening skills"],
      ],
      [
        "Counselling skills",
        [
          "The helping conversation",
          "Practice in triads with feedback",
          "Record keeping for pastoral counsellors",
        ],
      ],
      [
        "Grief and loss",
        [
          "Grief in African and Christian contexts",
          "Walking with the bereaved",
          "Complicated grief and referral",
        ],
      ],
      [
        "Trauma and gender-based violence",
        [
          "How trauma affects body and mind",
          "Responding to survivors of gender-based violence",
          "Referral pathways: health, police, legal and psychological services",
        ],
      ],
      [
        "Care for the carer",
        [
          "Compassion fatigue and secondary trauma",
          "Supervision and peer support",
          "Personal self-care plan",
        ],
      ],
    ),
    method:
      "Teaching by a pastoral theologian and a counselling psychologist, supervised skills practice in small groups, and case discussions. The course does not license counsellors; it equips clergy to care well and refer wisely.",
  },

  "youth-ministry-leadership-and-mentorship": {
    targetAudience:
      "Youth pastors, youth leaders, school and university chaplains, and campus ministry staff working with young people aged 13 to 30.",
    objectives: [
      "Design relevant, engaging youth ministry programmes",
      "Mentor young people through life transitions",
      "Address substance abuse and mental health with sensitivity",
      "Connect youth to skills and enterprise opportunities",
    ],
    outline: byDay(
      [
        "Understanding today's young people",
        [
          "Youth culture in East Africa",
          "Faith questions young people ask",
          "Listening to young people: a panel",
        ],
      ],
      [
        "Mentorship and life skills",
        ["Mentoring relationships that last", "Life skills programmes", "Safeguarding young people"],
      ],
      [
        "Hard issues",
        ["Substance abuse: signs and response", "Mental health and suicide prevention", "Referral partners"],
      ],
      [
        "Youth, work and enterprise",
        [
          "Skills and enterprise opportunities for young people",
          "Youth programmes such as Ajira and youth funds",
          "Youth ministry plans presented",
        ],
      ],
    ),
    method:
      "Interactive sessions with a youth panel, role plays of mentoring conversations, and planning time for each participant's own youth programme.",
  },

  "financial-stewardship-and-governance-for-fbos": {
    targetAudience:
      "Church treasurers, finance committees, board members and managers of faith-based organisations, schools and hospitals run by churches.",
    objectives: [
      "Establish sound budgeting and financial controls",
      "Strengthen board governance and accountability",
      "Comply with registration, tax and reporting requirements",
      "Build trust with members, partners and donors",
    ],
    outline: byDay(
      [
        "Stewardship and accountability",
        [
          "Biblical stewardship and accountability",
          "Common financial failures in churches and FBOs",
          "Roles of treasurers, committees and boards",
        ],
      ],
      [
        "Budgeting and controls",
        [
          "Preparing the annual budget",
          "Handling offerings, cash and M-PESA collections",
          "Internal controls and segregation of duties",
        ],
      ],
      [
        "Financial reporting",
        [
          "Books of account and monthly reports",
          "Financial statements for members and donors",
          "Working with auditors",
        ],
      ],
      [
        "Governance",
        [
          "Governance structures and board roles",
          "Conflicts of interest and policies",
          "Constitutions and by-laws",
        ],
      ],
      [
        "Legal and tax compliance",
        [
          "Registration under the Societies Act and the PBO Act",
          "Tax exemption, PAYE and KRA obligations",
          "Action plans",
        ],
      ],
    ),
    method:
      "Practical sessions led by an accountant and a lawyer who serve faith-based organisations, with exercises on sample church accounts and a review of each participant's controls. Bring your latest financial statements if you can.",
  },

  "project-design-and-resource-mobilisation-for-fbos": {
    targetAudience:
      "FBO programme officers, church development committee members and church administrators who design community projects or raise funds from partners.",
    objectives: [
      "Design community projects using a clear theory of change",
      "Write persuasive concept notes and full proposals",
      "Diversify income through local fundraising and social enterprise",
      "Report to donors with credibility",
    ],
    outline: byDay(
      [
        "Designing the project",
        [
          "Community needs assessment",
          "Problem tree and theory of change",
          "Choosing a project participants will develop",
        ],
      ],
      [
        "From design to plan",
        ["Logframe and indicators", "Budget and budget narrative", "Sustainability and exit"],
      ],
      [
        "Writing to funders",
        ["Finding and approaching funders", "Writing the concept note", "Peer review of concept notes"],
      ],
      [
        "Local resources",
        [
          "Local fundraising and harambee done well",
          "Social enterprise for FBOs",
          "Partnerships with county government and business",
        ],
      ],
      [
        "Donor relations",
        [
          "Reporting and accountability to donors",
          "The resource mobilisation plan",
          "Concept notes presented",
        ],
      ],
    ),
    method:
      "Workshop format: each participant or team develops a complete concept note and resource mobilisation plan for a real project over the week, with feedback from facilitators who have sat on funding panels.",
  },
};
