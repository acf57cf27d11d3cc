// The synthetic account the search benchmark loads straight into the search tables (through the
// sync writer's bulk path, no upstream): one workspace of an organisation with realistic ratios of
// teams, users, tags, projects and sections to tasks, task names and notes drawn from a Zipf-like
// vocabulary (a few very common words, a long tail of rare ones), and attachments on some tasks.

/** A small deterministic PRNG (mulberry32). */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = `fix update review launch plan customer invoice report bug release mobile android ios web
design copy audit budget hiring onboarding migration database search ranking login payment refund
dashboard export import sync calendar email newsletter campaign meeting notes roadmap quarter
security privacy legal contract vendor shipping warehouse inventory pricing discount support ticket
escalation followup draft final approve reject deploy rollback monitor alert incident postmortem
performance latency cache index query api webhook integration partner sales lead demo trial churn
retention survey feedback research interview prototype wireframe mockup brand logo website blog
video podcast event conference booth travel expense receipt tax payroll benefits policy handbook
training workshop offsite team sprint backlog estimate priority urgent blocked waiting done review`
  .split(/\s+/)
  .filter(Boolean);

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ten',
  'ra',
  'vo',
  'shi',
  'pel',
  'dor',
  'an',
  'ex',
  'tri',
  'qua',
  'zen',
  'mo',
  'bri',
  'cal',
  'fen',
  'gus',
  'hol',
];

/** The vocabulary: common task words first, then generated words of 2–4 syllables. */
export function vocabulary(size = 20_000, seed = 7) {
  const random = seeded(seed);
  const words = new Set(COMMON);
  while (words.size < size) {
    const syllables = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < syllables; i += 1) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** Picks ranks with probability ∝ 1 / (rank + 1), by binary search over the cumulative weights. */
export function zipf(size, random) {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank += 1) {
    total += 1 / (rank + 1);
    cumulative[rank] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** How many records of each entity a dataset of `tasks` tasks has. */
export function countsFor(tasks) {
  return {
    workspaces: 1,
    teams: Math.max(2, Math.round(tasks / 25_000)),
    users: Math.max(10, Math.round(tasks / 500)),
    tags: Math.max(5, Math.round(tasks / 2_500)),
    projects: Math.max(4, Math.round(tasks / 200)),
    sections: Math.max(12, Math.round(tasks / 50)),
    tasks,
    attachments: Math.round(tasks * 0.2),
  };
}

const DAY = 86_400_000;
const ANCHOR = Date.parse('2026-06-01T00:00:00.000Z');

function gidOf(kind, index) {
  // Distinct numeric gids per entity, of the upstream's shape.
  const base = {
    workspaces: 1,
    teams: 2,
    users: 3,
    tags: 4,
    projects: 5,
    sections: 6,
    tasks: 7,
    attachments: 8,
  }[kind];
  return `${base}${String(index).padStart(9, '0')}`;
}

function reference(kind, index, type) {
  return { gid: gidOf(kind, index), resource_type: type };
}

/**
 * The records of one entity, generated in batches (a million tasks do not fit in memory as
 * objects at once). Deterministic for a seed.
 */
export function* recordBatches(entity, counts, words, batchSize = 2_000, seed = 11) {
  const random = seeded(seed + entity.length * 7919);
  const pickWord = zipf(words.length, random);
  const pickUser = zipf(counts.users, random);
  const text = (min, max) => {
    const length = min + Math.floor(random() * (max - min + 1));
    const out = [];
    for (let i = 0; i < length; i += 1) out.push(words[pickWord()]);
    return out.join(' ');
  };
  const date = (daysBack) => new Date(ANCHOR - Math.floor(random() * daysBack * DAY));
  const workspace = reference('workspaces', 0, 'workspace');
  let batch = [];
  for (let index = 0; index < counts[entity]; index += 1) {
    batch.push(record(entity, index));
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;

  function record(kind, index) {
    const gid = gidOf(kind, index);
    switch (kind) {
      case 'workspaces':
        return {
          gid,
          resource_type: 'workspace',
          name: 'Acme Logistics',
          is_organization: true,
          email_domains: ['acme.example'],
        };
      case 'teams':
        return {
          gid,
          resource_type: 'team',
          name: `${text(1, 2)} team`,
          description: text(5, 15),
          html_description: '<body></body>',
          organization: workspace,
          permalink_url: `https://app.example/team/${gid}`,
        };
      case 'users': {
        const name = `${text(1, 1)} ${text(1, 1)}`;
        return {
          gid,
          resource_type: 'user',
          name,
          email: `${name.replace(' ', '.')}.${index}@acme.example`,
          photo: null,
          workspaces: [workspace],
        };
      }
      case 'tags':
        return {
          gid,
          resource_type: 'tag',
          name: text(1, 2),
          color: 'light-green',
          followers: [],
          permalink_url: `https://app.example/tag/${gid}`,
          workspace,
        };
      case 'projects':
        return {
          gid,
          resource_type: 'project',
          name: text(2, 5),
          notes: text(0, 30),
          html_notes: '<body></body>',
          archived: random() < 0.2,
          color: 'dark-blue',
          created_at: date(900).toISOString(),
          modified_at: date(200).toISOString(),
          due_on: null,
          due_date: null,
          start_on: null,
          public: true,
          is_template: false,
          default_view: 'list',
          icon: 'list',
          current_status: null,
          custom_field_settings: [],
          custom_fields: [],
          followers: [],
          members: [],
          owner: reference('users', pickUser(), 'user'),
          team: reference('teams', index % counts.teams, 'team'),
          workspace,
          permalink_url: `https://app.example/project/${gid}`,
        };
      case 'sections':
        return {
          gid,
          resource_type: 'section',
          name: text(1, 3),
          created_at: date(900).toISOString(),
          project: reference('projects', index % counts.projects, 'project'),
        };
      case 'attachments':
        return {
          gid,
          resource_type: 'attachment',
          resource_subtype: 'asana',
          name: `${text(1, 2).replace(/ /g, '-')}.pdf`,
          host: 'asana',
          size: Math.floor(random() * 5_000_000),
          created_at: date(600).toISOString(),
          connected_to_app: false,
          download_url: null,
          permanent_url: `https://app.example/asset/${gid}`,
          view_url: `https://app.example/asset/${gid}`,
          parent: reference('tasks', Math.floor(random() * counts.tasks), 'task'),
        };
      default: {
        const project = Math.floor(random() * counts.projects);
        const section =
          project * Math.floor(counts.sections / counts.projects) +
          Math.floor(random() * Math.floor(counts.sections / counts.projects));
        const completed = random() < 0.4;
        const created = date(700);
        const modified = new Date(created.getTime() + Math.floor(random() * (ANCHOR - created.getTime())));
        const notes = random() < 0.3 ? '' : text(3, 40);
        const assignee = random() < 0.85 ? reference('users', pickUser(), 'user') : null;
        const subtasks = random() < 0.15 ? 1 + Math.floor(random() * 3) : 0;
        return {
          gid,
          resource_type: 'task',
          resource_subtype: random() < 0.05 ? 'milestone' : 'default_task',
          name: text(2, 7),
          notes,
          html_notes: `<body>${notes}</body>`,
          completed,
          completed_at: completed ? modified.toISOString() : null,
          completed_by: completed ? assignee : null,
          created_at: created.toISOString(),
          modified_at: modified.toISOString(),
          due_on: random() < 0.7 ? date(400).toISOString().slice(0, 10) : null,
          due_at: null,
          start_on: null,
          assignee,
          followers: assignee ? [assignee] : [],
          hearted: false,
          hearts: [],
          liked: false,
          likes: [],
          num_hearts: 0,
          num_likes: 0,
          num_subtasks: subtasks,
          parent: random() < 0.1 ? reference('tasks', Math.floor(random() * counts.tasks), 'task') : null,
          projects: [reference('projects', project, 'project')],
          memberships: [
            {
              project: reference('projects', project, 'project'),
              section: reference('sections', section, 'section'),
            },
          ],
          tags: random() < 0.3 ? [reference('tags', Math.floor(random() * counts.tags), 'tag')] : [],
          workspace,
          custom_fields: [],
          dependencies: [],
          dependents: [],
          external: null,
          actual_time_minutes: null,
          is_rendered_as_separator: false,
          permalink_url: `https://app.example/task/${gid}`,
        };
      }
    }
  }
}

/** The gids of users, for queries. */
export function userGid(index) {
  return gidOf('users', index);
}
