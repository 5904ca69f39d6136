import { byDay, type SeedCourseContent } from "./outline";

/** The experiential programmes' pages: the activities, and what each is for. */
export const experientialContent: Record<string, SeedCourseContent> = {
  "team-building-and-high-ropes-challenge": {
    targetAudience:
      "Intact work teams, departments and management teams of 12 to 40 people who want to work together better. Participants need ordinary fitness; every high ropes element is optional and a ground role is always available.",
    objectives: [
      "Build trust and open communication within the team",
      "See how the team plans, decides and solves problems under pressure",
      "Link what happened in each challenge to the way the team works in the office",
      "Agree a team charter the team owns",
    ],
    outline: byDay(
      [
        "Arrival and ground initiatives",
        [
          "Arrival at the Naivasha venue, safety briefing and team goals",
          "Ground-level problem-solving initiatives",
          "Evening review: how we communicate",
        ],
      ],
      [
        "High ropes and trust",
        [
          "High ropes course with qualified safety instructors",
          "Belaying and supporting each other",
          "Facilitated review linking the challenge to workplace behaviour",
        ],
      ],
      [
        "The team charter",
        ["A final team challenge", "Drafting the team charter", "Commitments and departure"],
      ],
    ),
    method:
      "Experiential learning: every activity is followed by a facilitated review that draws out what happened and what it means for work. Safety equipment and certified instructors are provided; participants wear comfortable clothes and closed shoes.",
  },

  "high-altitude-resilience-camp": {
    targetAudience:
      "Middle managers, supervisors and graduate trainees who are reasonably fit and want to build resilience and self-leadership. A health questionnaire is completed before the camp.",
    objectives: [
      "Build physical and mental resilience through sustained challenge",
      "Practise leading a group in rotating camp roles",
      "Give and receive structured feedback on leadership under pressure",
      "Set personal goals using the discipline of Iten's athletes",
    ],
    outline: byDay(
      [
        "Into the highlands",
        [
          "Arrival in Iten, kit check and camp set-up",
          "Resilience baseline and personal goals",
          "Camp leadership roles assigned",
        ],
      ],
      [
        "Running and discipline",
        [
          "Morning run with local athletics coaches",
          "The training habits of champion runners",
          "Evening campfire reflection",
        ],
      ],
      [
        "Navigation and teamwork",
        [
          "Map and compass navigation task",
          "Rotating team leadership on the trek",
          "Structured feedback on each leader",
        ],
      ],
      [
        "The Kerio Valley trek",
        [
          "Guided trek into the Kerio Valley",
          "Leading when tired and under pressure",
          "Evening reflection on setbacks",
        ],
      ],
      [
        "Return and commitments",
        ["Final morning run", "Personal resilience plan", "Closing review and departure"],
      ],
    ),
    method:
      "Outdoor challenge with daily facilitated reflection and peer feedback. Tents, meals, guides and safety cover are provided in the all-inclusive fee; participants bring running shoes, warm clothing and a water bottle.",
  },

  "coastal-team-cohesion-retreat": {
    targetAudience:
      "Senior management teams, boards and staff of small organisations who want to review the year, plan the next and reconnect as a team.",
    objectives: [
      "Review the year honestly as a team",
      "Agree priorities and a work plan for the year ahead",
      "Rebuild trust and working relationships",
      "Commit to shared ways of working",
    ],
    outline: byDay(
      [
        "Arrival and reconnecting",
        ["Arrival in Diani and welcome", "Beach team initiatives", "Evening: the story of our year"],
      ],
      [
        "Annual review",
        [
          "Facilitated review of results against plan",
          "What worked, what did not and why",
          "Dhow sailing challenge",
        ],
      ],
      [
        "Planning the year ahead",
        ["Priorities and objectives", "Work plan and responsibilities", "Team dinner"],
      ],
      ["Commitments", ["Our ways of working", "Commitments and follow-up plan", "Departure"]],
    ),
    method:
      "A balance of facilitated planning sessions in the mornings and team activities on the beach and water in the afternoons. The facilitator meets the team leader beforehand to shape the review around the team's real agenda.",
  },

  "source-of-the-nile-adventure-leadership": {
    targetAudience:
      "Regional management teams and high-potential staff from across East Africa who want to build cross-border cohesion and explore risk and decision making. Participants must be able to swim or be willing to wear a life jacket throughout.",
    objectives: [
      "Examine how individuals and teams take and manage risk",
      "Build trust across a team drawn from different countries",
      "Practise decisions under time pressure and uncertainty",
      "Learn from a community enterprise about resourceful leadership",
    ],
    outline: byDay(
      [
        "Arrival in Jinja",
        [
          "Arrival, camp orientation and safety briefing",
          "Team formation across countries",
          "Evening: what we expect of each other",
        ],
      ],
      [
        "On the water",
        [
          "Flat-water kayaking skills",
          "Trust exercises on the riverbank",
          "Review: risk appetite in the team",
        ],
      ],
      [
        "White-water rafting",
        [
          "Grade III to V rafting with professional river guides",
          "Roles and communication in the raft",
          "Review: decisions under pressure",
        ],
      ],
      [
        "Riverbank simulations",
        [
          "Risk and decision-making simulations",
          "Resource allocation challenge",
          "Review: linking to business decisions",
        ],
      ],
      [
        "Community enterprise",
        [
          "Visit to a community enterprise project in Jinja",
          "Dialogue with its leaders",
          "Reflection: resourceful leadership",
        ],
      ],
      [
        "Commitments",
        ["Team commitments for cross-border working", "Personal leadership plans", "Departure"],
      ],
    ),
    method:
      "Adventure activities led by licensed river guides with full safety equipment, followed each day by facilitated reviews. The all-inclusive fee covers camp accommodation, meals, activities and local transport in Jinja; passport and visa are the participant's.",
  },

  "volcanoes-leadership-expedition-musanze": {
    targetAudience:
      "Senior leaders, directors and chief executives in the public and private sectors who want to reflect on vision, accountability and service. Moderate fitness is needed for the hikes.",
    objectives: [
      "Draw lessons on vision and accountability from Rwanda's transformation",
      "Reflect on your own leadership purpose in a setting away from daily pressure",
      "Exchange with Rwandan public service and community leaders",
      "Commit to concrete changes in how you lead",
    ],
    outline: byDay(
      [
        "Arrival in Musanze",
        [
          "Travel from Kigali and camp orientation",
          "Setting personal learning questions",
          "Evening briefing on Rwanda's transformation",
        ],
      ],
      [
        "Vision and national renewal",
        [
          "Dialogue with public service leaders",
          "Imihigo performance contracts",
          "Reflection: vision in your organisation",
        ],
      ],
      [
        "The foothills hike",
        [
          "Guided hike in the Volcanoes National Park foothills",
          "Leading a group on the trail",
          "Evening review",
        ],
      ],
      [
        "Community and service",
        [
          "Umuganda community work experience",
          "Dialogue with community leaders",
          "Reflection: service and accountability",
        ],
      ],
      [
        "Conservation and long-term thinking",
        [
          "Conservation leadership in the Virunga",
          "Partnerships between government, communities and investors",
          "Peer coaching",
        ],
      ],
      [
        "Leadership dialogue",
        [
          "Facilitated dialogue on the leaders' own challenges",
          "Drafting personal commitments",
          "Closing dinner",
        ],
      ],
      ["Return", ["Sharing commitments", "Travel back to Kigali", "Departure"]],
    ),
    method:
      "Expedition learning: guided hikes, community work and dialogue with Rwandan leaders, each followed by facilitated reflection and peer coaching. Accommodation, meals, park and activity fees, and transport between Kigali and Musanze are included; passport and visa are the participant's.",
  },

  "savannah-strategy-safari-arusha": {
    targetAudience:
      "Executive committees, boards and senior management teams who want to review or renew their organisation's strategy away from the office.",
    objectives: [
      "Review the organisation's strategy with fresh perspective",
      "Use the savannah ecosystem as a lens on competition and adaptation",
      "Agree strategic priorities as a leadership team",
      "Plan how the strategy will be carried out and communicated",
    ],
    outline: byDay(
      [
        "Arrival in Arusha",
        [
          "Arrival and tented camp orientation",
          "Retreat objectives",
          "Evening: where the organisation stands",
        ],
      ],
      [
        "Arusha National Park",
        [
          "Game drive and walk with experienced guides",
          "Reflection: ecosystems and competition",
          "Strategy session: the environment",
        ],
      ],
      [
        "Reviewing the strategy",
        ["Performance review of the current strategy", "Strengths and gaps", "Stakeholder perspectives"],
      ],
      [
        "Tarangire National Park",
        ["Full-day game drive", "Leadership reflections with safari guides", "Evening review"],
        2,
      ],
      [
        "Strategic choices",
        ["Options and choices", "Agreeing strategic priorities", "Resource implications"],
      ],
      [
        "Execution and communication",
        ["Implementation roadmap", "Communicating the strategy to staff", "Team commitments"],
      ],
      ["Return", ["Closing session", "Departure"]],
    ),
    method:
      "Facilitated strategy sessions in a tented camp alternate with game drives, where guides' knowledge of the ecosystem becomes a lens on the organisation's strategy. The facilitator prepares with the chief executive beforehand. Accommodation, meals, park fees and game drives are included; passport and visa are the participant's.",
  },

  "zanzibar-executive-wellness-retreat": {
    targetAudience:
      "Senior executives, business owners and professionals in high-pressure roles who are experiencing sustained stress or want to prevent burnout.",
    objectives: [
      "Recognise the signs of stress and burnout in yourself and your team",
      "Build daily habits for energy, sleep and resilience",
      "Find a work-life integration that lasts",
      "Leave with a personal wellness plan and coaching support",
    ],
    outline: byDay(
      [
        "Arrival and assessment",
        ["Arrival and welcome", "Personal wellness assessment", "Sunset dhow cruise"],
      ],
      [
        "Stress and the body",
        ["How stress works and what it costs", "Sleep, nutrition and movement", "Snorkelling"],
      ],
      [
        "Resilience and the mind",
        ["Resilience practices for leaders", "First coaching session", "Stone Town heritage walk"],
      ],
      ["Work and life", ["Boundaries and delegation", "Leading a healthy team", "Spice farm visit"]],
      ["Personal plan", ["Drafting the personal wellness plan", "Second coaching session", "Closing dinner"]],
      ["Return", ["Commitments and follow-up coaching", "Departure"]],
    ),
    method:
      "Small-group sessions with a clinical psychologist and a wellness coach, two one-to-one coaching sessions and gentle ocean and heritage activities. Nothing is competitive. Accommodation, meals, activities and two follow-up coaching calls are included; passport and visa are the participant's.",
  },
};
