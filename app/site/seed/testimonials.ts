export type SeedTestimonial = {
  name: string;
  position: string;
  course: string;
  content: string;
  rating: number;
  showOnHome: boolean;
  imageUrl: string;
};

/**
 * Sample testimonials for a fresh installation: each position says it is a sample and names no organisation, real
 * or invented (issue 49), and the launch checklist lists them until the office replaces them with its clients'
 * words. Array order is the display order.
 */
export const seedTestimonials: SeedTestimonial[] = [
  {
    name: "Grace Wanjiru Mwangi",
    position: "Sample testimonial · planning director, county government",
    course: "County Integrated Development Planning (CIDP) and Annual Development Plans",
    content:
      "Our planning team came back from Naivasha with a clear method for linking the CIDP to the budget. The facilitators understood county realities and used our own documents as case material. Our last Annual Development Plan was approved by the assembly without a single amendment.",
    rating: 5,
    showOnHome: true,
    imageUrl: "/artwork/people/grace-wanjiru-mwangi.svg",
  },
  {
    name: "Joseph Okello",
    position: "Sample testimonial · programme manager, community trust, Uganda",
    course: "Project Management, Monitoring and Evaluation",
    content:
      "The two weeks were demanding but worth every shilling. I finally understand how to build a results framework that donors respect, and our team now collects data on tablets instead of paper. Two of our proposals have since been funded.",
    rating: 5,
    showOnHome: true,
    imageUrl: "/artwork/people/joseph-okello.svg",
  },
  {
    name: "Aline Uwimana",
    position: "Sample testimonial · head of human resources, savings bank, Kigali",
    course: "Human Resource Management and Employee Relations",
    content:
      "The course combined employment law with very practical tools for performance management. I appreciated the mix of participants from Kenya, Uganda and Rwanda, which made the discussions rich. We have redesigned our appraisal system using what I learnt.",
    rating: 5,
    showOnHome: true,
    imageUrl: "/artwork/people/aline-uwimana.svg",
  },
  {
    name: "Rev. Daniel Kiprotich",
    position: "Sample testimonial · senior pastor, church in Eldoret",
    course: "Servant Leadership and Discipleship for Church Leaders",
    content:
      "This programme renewed my understanding of leadership as service. Our elders now follow a simple discipleship pathway and new members no longer slip through the cracks. The discounted fee made it possible for four of our leaders to attend together.",
    rating: 5,
    showOnHome: true,
    imageUrl: "/artwork/people/daniel-kiprotich.svg",
  },
  {
    name: "Fatma Said Abdalla",
    position: "Sample testimonial · chief finance officer, water utility",
    course: "Enterprise Risk Management and Internal Controls",
    content:
      "We left Diani with a working risk register and a draft risk appetite statement for our board. The facilitator had real audit committee experience, which made the sessions practical rather than theoretical. I would recommend it to any finance or audit team.",
    rating: 5,
    showOnHome: false,
    imageUrl: "/artwork/people/fatma-said-abdalla.svg",
  },
  {
    name: "Peter Njoroge Kamau",
    position: "Sample testimonial · operations manager, cooperative bank",
    course: "Team Building and High Ropes Challenge",
    content:
      "Our branch managers had been working in silos for years. Three days on the ropes course at Lake Naivasha did more for trust and communication than any memo ever could. The debriefs after each activity were the real highlight.",
    rating: 5,
    showOnHome: false,
    imageUrl: "/artwork/people/peter-njoroge-kamau.svg",
  },
  {
    name: "Neema Mushi",
    position: "Sample testimonial · country director, children's charity, Arusha",
    course: "Executive Leadership and Strategic Thinking Programme",
    content:
      "Stepping away from the office for two weeks felt impossible, yet it was the best investment I have made in my leadership. The coaching sessions and the strategy simulation changed how I lead my senior team.",
    rating: 5,
    showOnHome: false,
    imageUrl: "/artwork/people/neema-mushi.svg",
  },
  {
    name: "Ibrahim Hassan Adan",
    position: "Sample testimonial · committee chair, county assembly",
    course: "Legislative Drafting and Oversight for County Assemblies",
    content:
      "As a committee chair I needed practical skills to scrutinise the county budget and audit reports. The course gave our members the confidence to ask the right questions and to draft our own bills. Attendance in committee sittings has visibly improved.",
    rating: 5,
    showOnHome: false,
    imageUrl: "/artwork/people/ibrahim-hassan-adan.svg",
  },
  {
    name: "Mercy Atieno Otieno",
    position: "Sample testimonial · family life coordinator, diocese in Kisumu",
    course: "Marriage and Family Enrichment Facilitators' Course",
    content:
      "We now run a twelve-week couples' programme in six parishes using the materials from this course. The facilitators handled sensitive topics with wisdom and grace. Couples tell us the communication sessions have saved their marriages.",
    rating: 5,
    showOnHome: false,
    imageUrl: "/artwork/people/mercy-atieno-otieno.svg",
  },
];
