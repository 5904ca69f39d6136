import { byDay, type SeedCourseContent } from "./outline";

/** The leadership programmes' pages. */
export const leadershipContent: Record<string, SeedCourseContent> = {
  "executive-leadership-and-strategic-thinking-programme": {
    targetAudience:
      "Chief executives, managing directors, directors and senior managers with at least five years in senior roles, from government, state corporations, the private sector and international organisations across East Africa. Places are limited to 24 so that every participant is coached individually.",
    objectives: [
      "Understand your leadership impact through 360-degree feedback and coaching",
      "Think strategically about markets, policy and technology shifts in East Africa",
      "Make sound decisions under uncertainty and test them in a strategy simulation",
      "Lead senior teams, boards and stakeholders with influence rather than position",
      "Lead growth, change and innovation while keeping the organisation ethical and accountable",
      "Leave with a personal leadership development plan and a 100-day plan for your organisation",
    ],
    outline: byDay(
      [
        "Arrival and the leader's baseline",
        [
          "Programme opening and learning contracts",
          "Reviewing your 360-degree feedback report",
          "First one-to-one coaching session",
        ],
      ],
      [
        "Leading self",
        [
          "Values, purpose and leadership identity",
          "Emotional intelligence at the top",
          "Managing energy, pressure and isolation",
        ],
      ],
      [
        "The strategic context of East Africa",
        [
          "Economic and policy outlook: EAC, AfCFTA and Vision 2030",
          "Technology and the digital economy",
          "Scenario thinking for the next ten years",
        ],
      ],
      [
        "Strategic thinking",
        [
          "Frameworks for strategic choice",
          "Competitive and public value strategy",
          "Clarifying your organisation's strategic question",
        ],
      ],
      [
        "Decision making under uncertainty",
        [
          "Biases in executive decisions",
          "Risk, options and reversible decisions",
          "Case: a regional bank's expansion decision",
        ],
      ],
      [
        "Strategy simulation",
        [
          "Teams run competing organisations over several simulated years",
          "Board reviews after each round",
          "Debrief: what the simulation revealed about each leader",
        ],
        2,
      ],
      [
        "Leading senior teams",
        [
          "Building and aligning an executive team",
          "Difficult conversations and accountability",
          "Second one-to-one coaching session",
        ],
      ],
      [
        "Boards, governance and stakeholders",
        [
          "Working with the board and the chair",
          "Managing political and regulatory stakeholders",
          "Ethics and integrity under pressure",
        ],
      ],
      [
        "Leading change and innovation",
        [
          "Leading transformation in established organisations",
          "Creating room for innovation",
          "Peer consulting on each participant's change challenge",
        ],
      ],
      [
        "Influence and communication",
        [
          "Executive presence and storytelling",
          "Media and crisis communication",
          "Recorded presentation practice with feedback",
        ],
      ],
      [
        "Financial and performance leadership",
        [
          "Reading the organisation's numbers as a chief executive",
          "Performance management at the top",
          "Capital allocation and investment choices",
        ],
      ],
      [
        "The 100-day plan",
        [
          "Drafting your 100-day plan for return to work",
          "Peer review of plans",
          "Final one-to-one coaching session",
        ],
      ],
      [
        "Commitments and close",
        [
          "Personal leadership development plans presented",
          "Setting up the alumni peer-coaching circles",
          "Programme evaluation and certificates",
        ],
      ],
    ),
    method:
      "Peer learning among senior leaders, short faculty inputs, a two-day strategy simulation, live cases and three one-to-one coaching sessions with an accredited executive coach. The 360-degree feedback is gathered before the programme and again three months after it. Sessions run in the mornings and late afternoons, leaving time for reflection.",
  },

  "women-in-leadership-and-governance": {
    targetAudience:
      "Women managers, directors, board members and those preparing for board or senior appointments in public service, state corporations, companies, SACCOs and non-profits across East Africa.",
    objectives: [
      "Strengthen leadership presence, voice and public speaking",
      "Negotiate confidently for resources, roles and pay",
      "Navigate organisational politics and build sponsors and networks",
      "Prepare for board appointments and serve effectively as a director",
      "Build a personal leadership brand and a mentoring relationship that lasts beyond the course",
    ],
    outline: byDay(
      [
        "Leadership identity and presence",
        [
          "Your leadership story and values",
          "Presence, confidence and the inner critic",
          "Meeting the mentors",
        ],
      ],
      [
        "Voice and influence",
        ["Speaking in meetings and in public", "Influencing without authority", "Recorded speaking practice"],
      ],
      [
        "Negotiation and organisational politics",
        [
          "Preparing and conducting a negotiation",
          "Mapping power and building alliances",
          "Sponsorship and networks",
        ],
      ],
      [
        "Governance and the boardroom",
        [
          "Directors' duties and how boards work",
          "The two-thirds gender principle and getting onto boards",
          "Board paper reading and contributing in the boardroom",
        ],
      ],
      [
        "Sustaining the journey",
        [
          "Work, family and wellbeing",
          "Personal leadership brand and development plan",
          "Forming mentorship circles",
        ],
      ],
    ),
    method:
      "Interactive workshops, recorded speaking practice with feedback, a board simulation, and small mentorship circles led by accomplished women leaders. The circles continue to meet online for three months after the course.",
  },

  "emerging-leaders-and-supervisory-skills": {
    targetAudience:
      "Newly promoted supervisors, team leaders and officers identified as high potential, with one to three years of supervisory experience or about to take on a team.",
    objectives: [
      "Make the move from colleague to supervisor with credibility",
      "Delegate work clearly and follow it up",
      "Give feedback that improves performance",
      "Manage under-performance and conflict in the team",
      "Plan your own time and priorities as a leader",
    ],
    outline: byDay(
      [
        "From doing to leading",
        [
          "What changes when you become a supervisor",
          "Leadership styles and your own profile",
          "Managing former peers",
        ],
      ],
      [
        "Planning and delegation",
        [
          "Setting team goals and work plans",
          "Delegating and following up",
          "Running short, useful team meetings",
        ],
      ],
      [
        "Feedback and coaching",
        [
          "Giving recognition and corrective feedback",
          "The GROW coaching model",
          "Practising coaching conversations",
        ],
      ],
      [
        "Performance and conflict",
        [
          "Managing under-performance fairly",
          "Handling conflict in the team",
          "Discipline: when and how to involve HR",
        ],
      ],
      [
        "Personal effectiveness",
        ["Time management and priorities", "Managing upwards", "Personal leadership action plan"],
      ],
    ),
    method:
      "Practice-based: every skill is rehearsed in pairs and small groups with real workplace situations participants bring. Managers of participants receive a short brief on supporting the action plan after the course.",
  },

  "corporate-governance-for-boards-and-directors": {
    targetAudience:
      "Directors and trustees of state corporations, listed and private companies, SACCOs, pension schemes and NGOs; company secretaries; and senior managers who report to boards.",
    objectives: [
      "Apply directors' fiduciary duties and understand their personal liabilities",
      "Use the Mwongozo Code and the CMA Code in the organisation's own governance",
      "Structure board committees and charters and oversee management well",
      "Run a board evaluation and a governance audit",
    ],
    outline: byDay(
      [
        "Duties and the law",
        [
          "The Companies Act, 2015 and directors' duties",
          "Liabilities, indemnities and conflicts of interest",
          "The board and the chief executive: where the lines sit",
        ],
      ],
      [
        "Codes and committees",
        [
          "The Mwongozo Code and the CMA Code in practice",
          "Audit, risk, nominations and remuneration committees",
          "Strategy, risk oversight and reading board papers",
        ],
      ],
      [
        "Board effectiveness",
        [
          "Board evaluation methods and tools",
          "Governance audits and disclosure",
          "Board simulation on a crisis agenda",
        ],
      ],
    ),
    method:
      "Discussion-led sessions facilitated by experienced directors and a governance lawyer, case studies of board failures and recoveries in the region, and a closing board simulation. Content is at board level; participants are encouraged to bring their board charter.",
  },

  "leading-change-and-organisational-transformation": {
    targetAudience:
      "Chief executives, directors, HR and transformation leads, and project leaders responsible for restructuring, mergers, digital transformation or culture change.",
    objectives: [
      "Diagnose the organisation's readiness for change",
      "Apply Kotter's eight steps and ADKAR to a real change",
      "Map stakeholders and plan change communication",
      "Manage resistance and protect staff wellbeing during restructuring",
      "Measure progress and embed the new way of working",
    ],
    outline: byDay(
      [
        "Understanding change",
        ["Why most change programmes fall short", "Readiness assessment", "Defining the change you lead"],
      ],
      [
        "Change models in practice",
        ["Kotter's eight steps", "ADKAR for individual change", "Applying both to participants' cases"],
      ],
      [
        "Stakeholders and communication",
        ["Stakeholder mapping", "The change story and communication plan", "Change agents and champions"],
      ],
      [
        "Resistance and people",
        [
          "Why people resist and how to respond",
          "Restructuring and redundancy within the law",
          "Staff wellbeing through change",
        ],
      ],
      [
        "Sustaining change",
        [
          "Culture and how it shifts",
          "Measuring change success",
          "Change roadmaps presented for peer review",
        ],
      ],
    ),
    method:
      "Each participant brings a change they lead and develops its roadmap through the week with peer consulting, a restructuring simulation, and case studies from Kenyan and regional mergers and digital transformations.",
  },
};
