/**
 * Hand-written content of the `sandbox` preset: a small design-and-software studio whose projects,
 * tasks and notes read like a real workspace, so demos of keyword and fuzzy search find sensible
 * things ("invoice", "homepage", a misspelt "onbording").
 */

/** One curated task; `section` indexes the project's `sections`. */
export interface SandboxTask {
  name: string;
  notes: string;
  section: number;
  subtasks?: readonly string[];
  tags?: readonly string[];
  subtype?: 'milestone' | 'approval';
  completed?: boolean;
  attachments?: readonly string[];
  /** Index (in the same project) of a task this one waits for. */
  dependsOn?: number;
}

/** One curated project. */
export interface SandboxProject {
  name: string;
  notes: string;
  team: string;
  color: string;
  icon: string;
  archived?: boolean;
  sections: readonly string[];
  tasks: readonly SandboxTask[];
}

/** The curated organization. */
export interface SandboxWorkspace {
  name: string;
  domain: string;
  isOrganization: boolean;
  teams: ReadonlyArray<{ name: string; description: string }>;
  people: ReadonlyArray<{ name: string; teams: readonly string[] }>;
  tags: readonly string[];
  projects: readonly SandboxProject[];
}

const BOARD = ['To do', 'In progress', 'In review', 'Done'] as const;

/** The main sandbox organization. The first person is the account owner (`me`). */
export const SANDBOX_ORGANIZATION: SandboxWorkspace = {
  name: 'Northwind Studio',
  domain: 'northwind.example',
  isOrganization: true,
  teams: [
    { name: 'Marketing', description: 'Campaigns, brand, content and the website.' },
    { name: 'Product & Engineering', description: 'The apps, the platform and everything we ship.' },
    { name: 'Operations', description: 'Hiring, finance, office and the tools that keep us running.' },
  ],
  people: [
    { name: 'Alex Morgan', teams: ['Marketing', 'Product & Engineering', 'Operations'] },
    { name: 'Priya Shah', teams: ['Product & Engineering'] },
    { name: 'Jordan Lee', teams: ['Marketing'] },
    { name: 'Mei Chen', teams: ['Product & Engineering'] },
    { name: 'Samuel Okafor', teams: ['Operations'] },
    { name: 'Fatima Haddad', teams: ['Marketing', 'Operations'] },
    { name: 'Lucas Silva', teams: ['Product & Engineering'] },
    { name: 'Ingrid Larsen', teams: ['Marketing'] },
    { name: 'Tomás García', teams: ['Product & Engineering', 'Operations'] },
    { name: 'Aisha Bello', teams: ['Operations'] },
    { name: 'Noah Fischer', teams: ['Product & Engineering'] },
    { name: 'Yuki Tanaka', teams: ['Marketing', 'Product & Engineering'] },
  ],
  tags: ['urgent', 'customer-request', 'quick-win', 'needs-design', 'blocked', 'legal-review'],
  projects: [
    {
      name: 'Website relaunch',
      notes: 'New marketing site on the headless CMS, live before the autumn campaign.',
      team: 'Marketing',
      color: 'dark-blue',
      icon: 'globe',
      sections: ['Planning', 'Design', 'Build', 'Launch'],
      tasks: [
        {
          name: 'Draft homepage copy',
          notes:
            'Hero headline, three value props and a customer quote. Keep it under 120 words above the fold.',
          section: 0,
          subtasks: ['Write hero headline options', 'Collect a customer quote', 'Get sign-off from Jordan'],
          tags: ['needs-design'],
          attachments: ['homepage-copy-v2.docx'],
        },
        {
          name: 'Audit current site analytics',
          notes:
            'Export the top 50 landing pages and their bounce rates so we know which URLs must redirect.',
          section: 0,
          completed: true,
          attachments: ['landing-pages.csv'],
        },
        {
          name: 'Pick the headless CMS',
          notes:
            'Compare pricing, localisation support and editor experience for the three shortlisted vendors.',
          section: 0,
          subtype: 'approval',
          completed: true,
        },
        {
          name: 'Homepage wireframes',
          notes: 'Low-fidelity wireframes for desktop and mobile, including the new pricing teaser.',
          section: 1,
          tags: ['needs-design'],
          attachments: ['homepage-wireframes.pdf', 'mobile-nav-sketch.png'],
          dependsOn: 0,
        },
        {
          name: 'Design system tokens for the web',
          notes: 'Colours, type scale and spacing exported from Figma as CSS variables.',
          section: 1,
        },
        {
          name: 'Build pricing page',
          notes:
            'Three plans with a monthly and yearly toggle. The enterprise plan links to the contact form.',
          section: 2,
          subtasks: ['Plan comparison table', 'Yearly discount toggle', 'FAQ accordion'],
          tags: ['customer-request'],
          dependsOn: 3,
        },
        {
          name: 'Set up redirects from old URLs',
          notes: 'Use the analytics audit to map every old landing page to its new home. 301s only.',
          section: 2,
          dependsOn: 1,
        },
        {
          name: 'Accessibility review',
          notes: 'Check contrast, focus order and screen reader labels on every template before launch.',
          section: 2,
          tags: ['quick-win'],
        },
        {
          name: 'Cookie banner and privacy policy update',
          notes: 'Legal wants the new consent categories live on the same day as the relaunch.',
          section: 2,
          tags: ['legal-review', 'urgent'],
        },
        {
          name: 'Launch day checklist',
          notes: 'DNS switch, cache purge, smoke tests, announce in the newsletter and on social.',
          section: 3,
          subtype: 'milestone',
          dependsOn: 6,
        },
        {
          name: 'Write launch blog post',
          notes: 'Tell the story of the redesign: what customers asked for and what changed.',
          section: 3,
        },
      ],
    },
    {
      name: 'Mobile app 2.0',
      notes: 'Offline mode, a faster start screen and the new navigation for iOS and Android.',
      team: 'Product & Engineering',
      color: 'dark-purple',
      icon: 'computer',
      sections: [...BOARD],
      tasks: [
        {
          name: 'Offline mode for task lists',
          notes:
            'Cache the last 500 items locally and queue edits while offline. Conflicts resolve last-writer-wins.',
          section: 1,
          subtasks: ['Local database schema', 'Sync queue with retries', 'Conflict banner'],
          tags: ['customer-request'],
        },
        {
          name: 'Fix crash on Android 14 when rotating the editor',
          notes: 'Repro: open a long note, rotate twice. Stack trace attached from the crash reporter.',
          section: 1,
          tags: ['urgent'],
          attachments: ['crash-log.txt'],
        },
        {
          name: 'New bottom navigation',
          notes: 'Four tabs: Home, Inbox, Search, Profile. Validate with five users before building.',
          section: 0,
          tags: ['needs-design'],
          attachments: ['navigation-prototype.mp4'],
        },
        {
          name: 'Reduce cold start time below two seconds',
          notes: 'Profile startup on a mid-range device; lazy-load the analytics SDK and fonts.',
          section: 0,
        },
        {
          name: 'Push notification preferences',
          notes: 'Per-project mute and a quiet-hours setting, synced with the web app.',
          section: 2,
          dependsOn: 2,
        },
        {
          name: 'App store screenshots and release notes',
          notes: 'Six screenshots per platform in English, German and Japanese.',
          section: 0,
          dependsOn: 0,
        },
        {
          name: 'Beta release to TestFlight',
          notes: 'Internal beta for the whole company, then 200 external testers from the waitlist.',
          section: 0,
          subtype: 'milestone',
          dependsOn: 1,
        },
        {
          name: 'Upgrade the networking library',
          notes: 'The old version is out of support; needed for certificate pinning.',
          section: 3,
          completed: true,
        },
      ],
    },
    {
      name: 'Customer onboarding revamp',
      notes: 'Shorten time-to-value for new accounts: better first-run experience and fewer setup steps.',
      team: 'Product & Engineering',
      color: 'dark-green',
      icon: 'rocket',
      sections: ['Research', 'Experiments', 'Rollout'],
      tasks: [
        {
          name: 'Interview ten new customers about onboarding',
          notes: 'Ask where they got stuck in the first week. Record with consent and tag the insights.',
          section: 0,
          completed: true,
          attachments: ['interview-notes.docx'],
        },
        {
          name: 'Onboarding checklist inside the app',
          notes:
            'Five steps with progress: invite teammates, create a project, import data, connect calendar, install mobile.',
          section: 1,
          subtasks: ['Checklist component', 'Progress tracking events', 'Dismiss and restore'],
        },
        {
          name: 'Welcome email sequence',
          notes:
            'Three emails over the first ten days, each pointing at one feature that predicts retention.',
          section: 1,
          tags: ['quick-win'],
        },
        {
          name: 'Sample project template for new workspaces',
          notes: 'Pre-filled with realistic tasks so the product never looks empty on day one.',
          section: 1,
        },
        {
          name: 'Measure activation rate by cohort',
          notes: 'Dashboard of week-one activation per signup cohort, split by plan.',
          section: 2,
          dependsOn: 1,
        },
        {
          name: 'Roll out the new onboarding to 50% of signups',
          notes: 'A/B test for two weeks, then decide based on activation and support tickets.',
          section: 2,
          subtype: 'milestone',
          dependsOn: 4,
        },
      ],
    },
    {
      name: 'Q3 product launch',
      notes: 'Launch of the reporting add-on: pricing, messaging, sales enablement and the launch event.',
      team: 'Marketing',
      color: 'dark-orange',
      icon: 'megaphone',
      sections: ['Positioning', 'Assets', 'Launch week'],
      tasks: [
        {
          name: 'Positioning and messaging doc',
          notes:
            'Who it is for, the problem it solves and three proof points. Reviewed by sales and product.',
          section: 0,
          subtype: 'approval',
          completed: true,
        },
        {
          name: 'Sales deck for the reporting add-on',
          notes: 'Twelve slides with a live demo script and objection handling.',
          section: 1,
          attachments: ['reporting-sales-deck.pptx'],
        },
        {
          name: 'Launch video',
          notes: 'Ninety seconds, captions in five languages, hosted on our video channel.',
          section: 1,
          attachments: ['launch-video-storyboard.pdf'],
        },
        {
          name: 'Press release and embargoed briefing',
          notes: 'Brief three trade journalists a week ahead under embargo.',
          section: 2,
          tags: ['legal-review'],
        },
        {
          name: 'Customer webinar',
          notes: 'Live demo with Q&A; send the recording to everyone who registered.',
          section: 2,
          subtype: 'milestone',
        },
        {
          name: 'Update pricing in the billing system',
          notes: 'New add-on SKU, monthly and yearly, with a 14-day trial.',
          section: 2,
          tags: ['urgent'],
        },
      ],
    },
    {
      name: 'Brand refresh',
      notes: 'Evolve the logo, colours and tone of voice without losing recognition.',
      team: 'Marketing',
      color: 'light-pink',
      icon: 'star',
      archived: true,
      sections: ['Exploration', 'Rollout'],
      tasks: [
        {
          name: 'Moodboards for three directions',
          notes: 'Calm, bold and playful. Present to the leadership team.',
          section: 0,
          completed: true,
        },
        {
          name: 'New logo files for every format',
          notes: 'SVG, PNG on light and dark, favicon and app icon.',
          section: 1,
          completed: true,
          attachments: ['logo-pack.zip'],
        },
        {
          name: 'Tone of voice guidelines',
          notes: 'Plain words, short sentences, no jargon. Examples for emails, UI text and social posts.',
          section: 1,
          completed: true,
        },
      ],
    },
    {
      name: 'Hiring plan 2025',
      notes: 'Eight roles across engineering, design and customer success.',
      team: 'Operations',
      color: 'dark-teal',
      icon: 'people',
      sections: ['Open roles', 'Interviewing', 'Offers'],
      tasks: [
        {
          name: 'Senior backend engineer',
          notes: 'Owns the sync service. Scorecard and take-home exercise are in the hiring folder.',
          section: 1,
          subtasks: ['Phone screen: candidate A', 'Onsite loop: candidate B'],
        },
        {
          name: 'Product designer',
          notes: 'Portfolio review first, then a paid design exercise.',
          section: 0,
          tags: ['needs-design'],
        },
        {
          name: 'Customer success manager (EMEA)',
          notes: 'German speaker, based in Berlin or remote in CET.',
          section: 0,
        },
        {
          name: 'Update the interview scorecards',
          notes: 'Add a values section and make the rubric consistent across roles.',
          section: 0,
          tags: ['quick-win'],
        },
        {
          name: 'Send offer to the data engineer candidate',
          notes: 'Compensation approved by finance on Tuesday.',
          section: 2,
          subtype: 'approval',
        },
      ],
    },
    {
      name: 'Finance operations',
      notes: 'Month-end close, invoicing and vendor payments.',
      team: 'Operations',
      color: 'dark-brown',
      icon: 'coins',
      sections: ['Recurring', 'Improvements'],
      tasks: [
        {
          name: 'Send customer invoices for June',
          notes: 'Check usage-based charges against the billing export before sending.',
          section: 0,
          tags: ['urgent'],
          attachments: ['invoice-template.pdf'],
        },
        {
          name: 'Reconcile the company credit cards',
          notes: 'Receipts missing for three transactions; ask the travel team.',
          section: 0,
        },
        {
          name: 'Automate overdue invoice reminders',
          notes: 'Reminder after 7, 14 and 30 days, with the invoice PDF attached.',
          section: 1,
          tags: ['quick-win'],
        },
        {
          name: 'Renew the accounting software contract',
          notes: 'Renewal is due next month; negotiate a two-year term.',
          section: 1,
          tags: ['legal-review'],
        },
      ],
    },
    {
      name: 'Office move',
      notes: 'Move to the new floor in the harbour building by the end of the quarter.',
      team: 'Operations',
      color: 'light-warm-gray',
      icon: 'map',
      sections: ['Before', 'Moving week'],
      tasks: [
        {
          name: 'Floor plan and desk assignments',
          notes: 'Teams that work together sit together; quiet zone near the windows.',
          section: 0,
          attachments: ['floor-plan.pdf'],
        },
        {
          name: 'Book the movers',
          notes: 'Three quotes; the move happens on a Friday evening.',
          section: 0,
          completed: true,
        },
        {
          name: 'Network and Wi-Fi setup',
          notes: 'Access points, the printer and the meeting room screens must work on Monday.',
          section: 1,
          dependsOn: 0,
        },
        {
          name: 'Welcome breakfast in the new office',
          notes: 'Order for forty people, vegetarian and vegan options.',
          section: 1,
          subtype: 'milestone',
        },
      ],
    },
  ],
};

/** A second, personal (non-organization) workspace so workspace lists have more than one entry. */
export const SANDBOX_PERSONAL: SandboxWorkspace = {
  name: 'Personal Projects',
  domain: 'personal.example',
  isOrganization: false,
  teams: [{ name: 'Personal', description: 'Things outside work.' }],
  people: [{ name: 'Alex Morgan', teams: ['Personal'] }],
  tags: ['home', 'errands'],
  projects: [
    {
      name: 'Home renovation',
      notes: 'Kitchen first, then the bathroom.',
      team: 'Personal',
      color: 'light-green',
      icon: 'list',
      sections: ['Ideas', 'Doing', 'Done'],
      tasks: [
        {
          name: 'Get three quotes for the kitchen',
          notes: 'Ask for a breakdown of labour and materials.',
          section: 1,
          tags: ['home'],
        },
        {
          name: 'Choose tiles for the bathroom',
          notes: 'Matte, light grey, anti-slip for the floor.',
          section: 0,
          tags: ['home'],
        },
        {
          name: 'Pick up paint samples',
          notes: 'Warm white and sage green.',
          section: 2,
          completed: true,
          tags: ['errands'],
        },
      ],
    },
  ],
};
