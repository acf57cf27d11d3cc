#!/usr/bin/env node

// src/asana/run-simulator-main.ts
import { parseArgs } from "util";
import { ValidationError as ValidationError4 } from "@conduit/protocol";

// src/asana/asana-simulator.ts
import { createHmac as createHmac3, randomBytes as randomBytes2 } from "crypto";
import { createServer } from "http";
import { ValidationError as ValidationError3 } from "@conduit/protocol";

// src/asana/asana-http-error.ts
import { ApiError } from "@conduit/protocol";
var ASANA_ERROR_HELP = "For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors";
function asanaErrorBody(message, phrase) {
  return { errors: [{ message, help: ASANA_ERROR_HELP, ...phrase === void 0 ? {} : { phrase } }] };
}
var AsanaHttpError = class extends ApiError {
  name = "AsanaHttpError";
  headers;
  constructor(status, message, headers = {}) {
    super(message, { status, responseBody: asanaErrorBody(message), responseHeaders: headers });
    this.headers = headers;
  }
};
function notRecognized(field, gid) {
  return new AsanaHttpError(404, `${field}: Not a recognized ID: ${gid}`);
}
function missingInput(field) {
  return new AsanaHttpError(400, `${field}: Missing input`);
}

// src/asana/list-source.ts
function arraySource(rows, select) {
  return {
    scan(start, visit) {
      for (let i = Math.max(0, start); i < rows.length; i += 1) {
        const item = select(rows[i]);
        if (item !== void 0 && !visit(item, i)) return;
      }
    }
  };
}
var LIST_STRIDE = 2 ** 32;
function concatSource(lists, select) {
  return {
    scan(start, visit) {
      const firstList = Math.floor(Math.max(0, start) / LIST_STRIDE);
      for (let l = firstList; l < lists.length; l += 1) {
        const rows = lists[l] ?? [];
        for (let i = l === firstList ? Math.max(0, start) % LIST_STRIDE : 0; i < rows.length; i += 1) {
          const item = select(rows[i]);
          if (item !== void 0 && !visit(item, l * LIST_STRIDE + i)) return;
        }
      }
    }
  };
}
function rangeSource(count, select) {
  return {
    scan(start, visit) {
      for (let row = Math.max(0, start); row < count; row += 1) {
        const item = select(row);
        if (item !== void 0 && !visit(item, row)) return;
      }
    }
  };
}

// src/asana/offset-token.ts
import { createHash, createHmac, timingSafeEqual } from "crypto";
var OFFSET_MESSAGES = {
  malformed: "offset: Not a valid pagination token.",
  foreign: "offset: Invalid pagination token.",
  expired: "offset: Your pagination token has expired.",
  mismatch: "offset: This pagination token was issued for a different query."
};
var HEADER = Buffer.from(JSON.stringify({ typ: "JWT", alg: "HS256" })).toString("base64url");
function queryFingerprint(path, query) {
  const pairs = [...query.entries()].filter(([key]) => key !== "offset" && key !== "opt_fields" && key !== "opt_pretty").map(([key, value]) => `${key}=${value}`).sort();
  return createHash("sha256").update(path).update("\n").update(pairs.join("&")).digest("base64url").slice(0, 22);
}
var OffsetCodec = class {
  constructor(secret, ttlSeconds) {
    this.secret = secret;
    this.ttlSeconds = ttlSeconds;
  }
  secret;
  ttlSeconds;
  issue(position, fingerprint, nowMs) {
    const iat = Math.floor(nowMs / 1e3);
    const payload = {
      // The cursor itself is opaque to clients: a versioned, encoded position.
      border_rank: Buffer.from(`v1:${position.toString(36)}`).toString("base64url"),
      iat,
      exp: iat + this.ttlSeconds,
      qry: fingerprint
    };
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    return `${HEADER}.${body}.${this.sign(`${HEADER}.${body}`)}`;
  }
  verify(token, fingerprint, nowMs) {
    const parts = token.split(".");
    if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) {
      return { ok: false, reason: "malformed" };
    }
    const [header, body, signature] = parts;
    let payload;
    try {
      payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      return { ok: false, reason: "malformed" };
    }
    if (typeof payload !== "object" || payload === null) return { ok: false, reason: "malformed" };
    const expected = Buffer.from(this.sign(`${header}.${body}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { ok: false, reason: "foreign" };
    }
    if (typeof payload.exp !== "number" || nowMs >= payload.exp * 1e3)
      return { ok: false, reason: "expired" };
    if (payload.qry !== fingerprint) return { ok: false, reason: "mismatch" };
    const rank = Buffer.from(String(payload.border_rank), "base64url").toString("utf8");
    const match = /^v1:([0-9a-z]+)$/.exec(rank);
    if (match?.[1] === void 0) return { ok: false, reason: "malformed" };
    return { ok: true, position: Number.parseInt(match[1], 36) };
  }
  sign(input) {
    return createHmac("sha256", this.secret).update(input).digest("base64url");
  }
};

// src/asana/paginate.ts
var RESULT_TOO_LARGE = "The result is too large. You should use pagination (may require specifying a workspace)!";
function readLimit(query, maximum = 100) {
  const raw = query.get("limit");
  if (raw === null) return void 0;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > maximum) {
    throw new AsanaHttpError(400, `limit: Must be an integer between 1 and ${maximum}, got ${raw}`);
  }
  return value;
}
function paginate(request, source, render) {
  const limit = readLimit(request.query);
  const fingerprint = queryFingerprint(request.apiPath, request.query);
  let start = 0;
  const offset = request.query.get("offset");
  if (offset !== null && offset !== "") {
    const verdict = request.offsets.verify(offset, fingerprint, request.now);
    if (!verdict.ok) throw new AsanaHttpError(400, OFFSET_MESSAGES[verdict.reason]);
    start = verdict.position;
  }
  const items = [];
  let next;
  const cap = limit ?? request.maxUnpaginated;
  source.scan(start, (item, position) => {
    if (items.length < cap) {
      items.push(item);
      return true;
    }
    next = position;
    return false;
  });
  if (limit === void 0) {
    if (next !== void 0) throw new AsanaHttpError(400, RESULT_TOO_LARGE);
    return { data: items.map(render) };
  }
  if (next === void 0) return { data: items.map(render), next_page: null };
  const token = request.offsets.issue(next, fingerprint, request.now);
  const query = new URLSearchParams(request.query);
  query.delete("offset");
  query.append("offset", token);
  const path = `${request.apiPath}?${query.toString()}`;
  return {
    data: items.map(render),
    next_page: { offset: token, path, uri: `${request.baseUrl}${path}` }
  };
}
function unpaginated(source, cap, render) {
  const items = [];
  source.scan(0, (item) => {
    items.push(item);
    return items.length < cap;
  });
  return { data: items.map(render) };
}

// src/asana/calendar.ts
var DAY_MS = 864e5;
var ONE_DAY_MS = DAY_MS;
function dayNumberOf(ms) {
  return Math.floor(ms / DAY_MS);
}
function formatDayNumber(day) {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
function parseDay(text) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return void 0;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) return void 0;
  return dayNumberOf(ms);
}
function parseDateTime(text) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = parseDay(text);
    return day === void 0 ? void 0 : day * DAY_MS;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(text))
    return void 0;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? void 0 : ms;
}
function isoTime(ms) {
  return new Date(ms).toISOString();
}

// src/asana/attachment-records.ts
function attachmentCompact(row) {
  return { gid: row.gid, resource_type: "attachment", name: row.name, resource_subtype: row.host };
}
function providerUrl(ctx, row, kind) {
  const base = `${ctx.downloadOrigin}/providers/${row.host}/${row.gid}`;
  return kind === "view" ? `${base}/view` : `${base}/${encodeURIComponent(row.name)}`;
}
function downloadUrl(ctx, row) {
  switch (row.host) {
    case "asana":
      return ctx.signDownloadUrl(row);
    // Vimeo video messages never have one; Box files often do not, and the simulator picks "not".
    case "vimeo":
    case "box":
      return null;
    default:
      return providerUrl(ctx, row, "file");
  }
}
function parentRecord(ctx, row) {
  if (row.parentType === "project") {
    const project = ctx.data.project(row.parentGid);
    return project === void 0 ? null : { gid: project.gid, resource_type: "project", name: project.name, resource_subtype: null };
  }
  const task = ctx.data.task(row.parentGid);
  return task === void 0 ? null : { gid: task.gid, resource_type: "task", name: task.name, resource_subtype: task.resourceSubtype };
}
function attachmentRecord(ctx, row) {
  return {
    ...attachmentCompact(row),
    created_at: isoTime(row.createdAt),
    download_url: downloadUrl(ctx, row),
    permanent_url: row.host === "asana" ? `${ctx.appOrigin}/app/asana/-/get_asset?asset_id=${row.gid}` : null,
    host: row.host,
    parent: parentRecord(ctx, row),
    ...row.host === "asana" ? { size: row.size } : {},
    view_url: row.host === "asana" ? `${ctx.appOrigin}/app/asana/-/get_asset?asset_id=${row.gid}` : providerUrl(ctx, row, "view"),
    ...row.host === "external" || row.host === "gdrive" ? { connected_to_app: row.host === "gdrive" } : {}
  };
}

// src/asana/opt-fields.ts
function expandGroups(path) {
  const open = path.lastIndexOf("(");
  if (open < 0) return [path];
  const close = path.indexOf(")", open);
  if (close < 0) return [path];
  const head = path.slice(0, open);
  const tail = path.slice(close + 1);
  return path.slice(open + 1, close).split("|").flatMap((choice) => expandGroups(`${head}${choice.trim()}${tail}`));
}
function parseOptFields(query) {
  const values = query.getAll("opt_fields");
  if (values.length === 0) return void 0;
  const tree = /* @__PURE__ */ new Map();
  for (const raw of values.flatMap((value) => splitTopLevel(value))) {
    for (const path of expandGroups(raw.trim())) {
      const segments = path.split(".").map((segment) => segment.trim()).filter((segment) => segment !== "");
      if (segments[0] === "this") segments.shift();
      let node = tree;
      for (const segment of segments) {
        let child = node.get(segment);
        if (child === void 0) {
          child = /* @__PURE__ */ new Map();
          node.set(segment, child);
        }
        node = child;
      }
    }
  }
  return tree;
}
function splitTopLevel(value) {
  const parts = [];
  let depth = 0;
  let current = "";
  for (const char of value) {
    if (char === "(") depth += 1;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (char === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.filter((part) => part.trim() !== "");
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isReference(value) {
  return typeof value.gid === "string" && typeof value.resource_type === "string";
}
function bare(value) {
  if (Array.isArray(value)) return value.map(bare);
  if (!isRecord(value)) return value;
  if (isReference(value)) return { gid: value.gid, resource_type: value.resource_type };
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, bare(inner)]));
}
function shape(value, tree, resolve) {
  if (Array.isArray(value)) return value.map((item) => shape(item, tree, resolve));
  if (!isRecord(value)) return value;
  if (tree.size === 0) return bare(value);
  return projectRecord(value, tree, resolve);
}
function projectRecord(record, tree, resolve) {
  const out = {};
  if (record.gid !== void 0) out.gid = record.gid;
  let source = record;
  let resolved = false;
  for (const [field, subtree] of tree) {
    if (field === "gid") continue;
    if (!(field in source) && !resolved && isReference(record)) {
      resolved = true;
      source = resolve(record) ?? record;
    }
    if (!(field in source)) continue;
    out[field] = shape(source[field], subtree, resolve);
  }
  return out;
}

// src/asana/resource-records.ts
function named(gid, resourceType, name) {
  return { gid, resource_type: resourceType, name };
}
function workspaceCompact(row) {
  return named(row.gid, "workspace", row.name);
}
function userCompact(row) {
  return named(row.gid, "user", row.name);
}
function teamCompact(row) {
  return named(row.gid, "team", row.name);
}
function projectCompact(row) {
  return named(row.gid, "project", row.name);
}
function sectionCompact(row) {
  return named(row.gid, "section", row.name);
}
function tagCompact(row) {
  return named(row.gid, "tag", row.name);
}
function userRefs(ctx, gids) {
  return gids.flatMap((gid) => {
    const user = ctx.data.user(gid);
    return user === void 0 ? [] : [userCompact(user)];
  });
}
function userRefOrNull(ctx, gid) {
  const user = gid === null ? void 0 : ctx.data.user(gid);
  return user === void 0 ? null : userCompact(user);
}
function workspaceRecord(row) {
  return {
    ...workspaceCompact(row),
    email_domains: [...row.emailDomains],
    is_organization: row.isOrganization
  };
}
var PHOTO_SIZES = ["21x21", "27x27", "36x36", "60x60", "128x128", "1024x1024"];
function userRecord(ctx, row, optIn) {
  const photo = row.photo ? Object.fromEntries(
    PHOTO_SIZES.map((size) => [
      `image_${size}`,
      `${ctx.downloadOrigin}/profile_photos/${row.gid}/${size}.png`
    ])
  ) : null;
  return {
    ...userCompact(row),
    email: row.email,
    photo,
    workspaces: row.workspaceGids.flatMap((gid) => {
      const workspace = ctx.data.workspace(gid);
      return workspace === void 0 ? [] : [workspaceCompact(workspace)];
    }),
    ...optIn ? { custom_fields: [] } : {}
  };
}
function escapeHtml(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
function htmlBody(text) {
  return `<body>${escapeHtml(text)}</body>`;
}
function teamRecord(ctx, row) {
  const workspace = ctx.data.workspace(row.workspaceGid);
  return {
    ...teamCompact(row),
    description: row.description,
    html_description: htmlBody(row.description),
    organization: workspace === void 0 ? null : workspaceCompact(workspace),
    permalink_url: `${ctx.appOrigin}/1/${row.workspaceGid}/team/${row.gid}`,
    visibility: row.visibility,
    edit_team_name_or_description_access_level: "all_team_members",
    edit_team_visibility_or_trash_team_access_level: "only_team_admins",
    member_invite_management_access_level: "all_team_members",
    guest_invite_management_access_level: "only_team_admins",
    join_request_management_access_level: "only_team_admins",
    team_member_removal_access_level: "only_team_admins",
    team_content_management_access_level: "no_restriction",
    endorsed: row.endorsed,
    custom_field_settings: []
  };
}
function projectRecord2(ctx, row, optIn) {
  const team = ctx.data.team(row.teamGid);
  const workspace = ctx.data.workspace(row.workspaceGid);
  return {
    ...projectCompact(row),
    archived: row.archived,
    color: row.color,
    icon: row.icon,
    created_at: isoTime(row.createdAt),
    current_status: null,
    current_status_update: null,
    custom_field_settings: [],
    default_view: row.defaultView,
    due_date: row.dueOn,
    due_on: row.dueOn,
    ...optIn ? { html_notes: htmlBody(row.notes) } : {},
    members: userRefs(ctx, row.memberGids),
    modified_at: isoTime(row.modifiedAt),
    notes: row.notes,
    public: row.privacySetting === "public_to_workspace",
    privacy_setting: row.privacySetting,
    start_on: row.startOn,
    default_access_level: row.privacySetting === "private" ? "viewer" : "editor",
    minimum_access_level_for_customization: "editor",
    minimum_access_level_for_sharing: "editor",
    custom_fields: [],
    completed: row.completed,
    completed_at: row.completedAt === null ? null : isoTime(row.completedAt),
    completed_by: userRefOrNull(ctx, row.completedByGid),
    followers: userRefs(ctx, row.followerGids),
    owner: userRefOrNull(ctx, row.ownerGid),
    team: team === void 0 ? null : teamCompact(team),
    permalink_url: `${ctx.appOrigin}/1/${row.workspaceGid}/project/${row.gid}`,
    ...optIn ? { project_brief: null, created_from_template: null } : {},
    workspace: workspace === void 0 ? null : workspaceCompact(workspace)
  };
}
function sectionRecord(ctx, row) {
  const project = ctx.data.project(row.projectGid);
  const projectRef = project === void 0 ? null : projectCompact(project);
  return {
    ...sectionCompact(row),
    created_at: isoTime(row.createdAt),
    project: projectRef,
    projects: projectRef === null ? [] : [projectRef]
  };
}
function tagRecord(ctx, row) {
  const workspace = ctx.data.workspace(row.workspaceGid);
  return {
    ...tagCompact(row),
    color: row.color,
    notes: row.notes,
    created_at: isoTime(row.createdAt),
    followers: userRefs(ctx, row.followerGids),
    workspace: workspace === void 0 ? null : workspaceCompact(workspace),
    permalink_url: `${ctx.appOrigin}/1/${row.workspaceGid}/tag/${row.gid}`
  };
}

// src/asana/seeded-random.ts
function mix32(value) {
  let h = value | 0;
  h = Math.imul(h ^ h >>> 16, 2246822507);
  h = Math.imul(h ^ h >>> 13, 3266489909);
  return (h ^ h >>> 16) >>> 0;
}
function hashParts(...parts) {
  let h = 2166136261;
  for (const part of parts) {
    const text = `${part}\0`;
    for (let i = 0; i < text.length; i += 1) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 16777619);
    }
  }
  return mix32(h);
}
function uniformAt(seed, index, salt) {
  return mix32(mix32(seed ^ Math.imul(index, 2654435761)) ^ Math.imul(salt + 1, 2146121005)) / 4294967296;
}
function pickAt(items, seed, index, salt) {
  return items[Math.floor(uniformAt(seed, index, salt) * items.length)];
}
var SeededRandom = class {
  state;
  constructor(seed) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next() {
    this.state = this.state + 1831565813 >>> 0;
    let t = this.state;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  }
  /** An integer in [min, max], both inclusive. */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** True with the given probability. */
  chance(probability) {
    return this.next() < probability;
  }
  /** One element of a non-empty list. */
  pick(items) {
    return items[Math.floor(this.next() * items.length)];
  }
  /** `floor(mean)` plus one more with the fractional part's probability: 0.3 gives 0 or 1, 2.5 gives 2 or 3. */
  count(mean) {
    const whole = Math.floor(mean);
    return whole + (this.chance(mean - whole) ? 1 : 0);
  }
  /** Up to `size` distinct elements, in a random order. */
  sample(items, size) {
    const pool = [...items];
    const out = [];
    while (out.length < size && pool.length > 0) {
      const index = Math.floor(this.next() * pool.length);
      out.push(pool[index]);
      pool[index] = pool[pool.length - 1];
      pool.pop();
    }
    return out;
  }
};

// src/asana/task-table.ts
var NO_ROW = -1;
var NO_DAY = -2147483648;
var TASK_SUBTYPES = ["default_task", "milestone", "approval"];
var APPROVAL_STATUSES = ["pending", "approved", "rejected", "changes_requested"];
var ASSIGNEE_STATUSES = ["inbox", "today", "upcoming", "later"];
var TaskFlag = { completed: 1, deleted: 2, likedByMe: 4 };
var INITIAL_CAPACITY = 1024;
var TaskTable = class {
  count = 0;
  gid = new Float64Array(INITIAL_CAPACITY);
  workspace = new Int32Array(INITIAL_CAPACITY);
  /** Home project and section (row indices); further memberships live in a sparse map. */
  project = new Int32Array(INITIAL_CAPACITY);
  section = new Int32Array(INITIAL_CAPACITY);
  parent = new Int32Array(INITIAL_CAPACITY);
  assignee = new Int32Array(INITIAL_CAPACITY);
  createdBy = new Int32Array(INITIAL_CAPACITY);
  /** Epoch milliseconds; NaN means null. */
  createdAt = new Float64Array(INITIAL_CAPACITY);
  modifiedAt = new Float64Array(INITIAL_CAPACITY);
  completedAt = new Float64Array(INITIAL_CAPACITY);
  dueAt = new Float64Array(INITIAL_CAPACITY);
  /** Days since the epoch; {@link NO_DAY} means null. */
  dueOn = new Int32Array(INITIAL_CAPACITY);
  startOn = new Int32Array(INITIAL_CAPACITY);
  subtype = new Uint8Array(INITIAL_CAPACITY);
  approval = new Uint8Array(INITIAL_CAPACITY);
  assigneeStatus = new Uint8Array(INITIAL_CAPACITY);
  flags = new Uint8Array(INITIAL_CAPACITY);
  numLikes = new Uint8Array(INITIAL_CAPACITY);
  byGid = /* @__PURE__ */ new Map();
  /** Adds a task and returns its row index. */
  append(row) {
    if (this.count === this.gid.length) this.grow(this.count * 2);
    const i = this.count;
    this.gid[i] = row.gid;
    this.workspace[i] = row.workspace;
    this.project[i] = row.project;
    this.section[i] = row.section;
    this.parent[i] = row.parent;
    this.assignee[i] = row.assignee;
    this.createdBy[i] = row.createdBy;
    this.createdAt[i] = row.createdAt;
    this.modifiedAt[i] = row.modifiedAt;
    this.completedAt[i] = row.completedAt;
    this.dueOn[i] = row.dueOn;
    this.dueAt[i] = row.dueAt;
    this.startOn[i] = row.startOn;
    this.subtype[i] = row.subtype;
    this.approval[i] = row.approval;
    this.assigneeStatus[i] = row.assigneeStatus;
    this.flags[i] = row.flags;
    this.numLikes[i] = row.numLikes;
    this.byGid.set(row.gid, i);
    this.count += 1;
    return i;
  }
  /** Row index of a gid, or {@link NO_ROW}. Deleted rows are still found; callers check the flag. */
  indexOf(gid) {
    if (!/^\d{1,16}$/.test(gid)) return NO_ROW;
    return this.byGid.get(Number(gid)) ?? NO_ROW;
  }
  gidOf(index) {
    return String(this.gid[index]);
  }
  isDeleted(index) {
    return ((this.flags[index] ?? 0) & TaskFlag.deleted) !== 0;
  }
  isCompleted(index) {
    return ((this.flags[index] ?? 0) & TaskFlag.completed) !== 0;
  }
  setFlag(index, flag, on) {
    const current = this.flags[index] ?? 0;
    this.flags[index] = on ? current | flag : current & ~flag;
  }
  /** Trims spare capacity once generation is done, so a big dataset does not keep ~2x its size. */
  compact() {
    this.grow(Math.max(this.count, 1));
  }
  grow(capacity) {
    const resize = (array, make) => {
      const next = make(capacity);
      next.set(array.subarray(0, Math.min(this.count, capacity)));
      return next;
    };
    this.gid = resize(this.gid, (n) => new Float64Array(n));
    this.workspace = resize(this.workspace, (n) => new Int32Array(n));
    this.project = resize(this.project, (n) => new Int32Array(n));
    this.section = resize(this.section, (n) => new Int32Array(n));
    this.parent = resize(this.parent, (n) => new Int32Array(n));
    this.assignee = resize(this.assignee, (n) => new Int32Array(n));
    this.createdBy = resize(this.createdBy, (n) => new Int32Array(n));
    this.createdAt = resize(this.createdAt, (n) => new Float64Array(n));
    this.modifiedAt = resize(this.modifiedAt, (n) => new Float64Array(n));
    this.completedAt = resize(this.completedAt, (n) => new Float64Array(n));
    this.dueAt = resize(this.dueAt, (n) => new Float64Array(n));
    this.dueOn = resize(this.dueOn, (n) => new Int32Array(n));
    this.startOn = resize(this.startOn, (n) => new Int32Array(n));
    this.subtype = resize(this.subtype, (n) => new Uint8Array(n));
    this.approval = resize(this.approval, (n) => new Uint8Array(n));
    this.assigneeStatus = resize(this.assigneeStatus, (n) => new Uint8Array(n));
    this.flags = resize(this.flags, (n) => new Uint8Array(n));
    this.numLikes = resize(this.numLikes, (n) => new Uint8Array(n));
  }
};

// src/asana/task-records.ts
function taskCompact(ctx, index) {
  return {
    gid: ctx.data.taskTable.gidOf(index),
    resource_type: "task",
    name: ctx.data.taskName(index),
    resource_subtype: TASK_SUBTYPES[ctx.data.taskTable.subtype[index] ?? 0] ?? "default_task"
  };
}
function taskReference(ctx, index) {
  return { gid: ctx.data.taskTable.gidOf(index), resource_type: "task" };
}
function userRefAt(ctx, row) {
  const user = row === NO_ROW ? void 0 : ctx.data.users[row];
  return user === void 0 ? null : userCompact(user);
}
function likesOf(ctx, index) {
  const t = ctx.data.taskTable;
  const count = t.numLikes[index] ?? 0;
  if (count === 0) return [];
  const workspaceGid = ctx.data.workspaces[t.workspace[index] ?? 0]?.gid ?? "";
  const people = ctx.data.users.filter((user) => user.workspaceGids.includes(workspaceGid));
  const me = ctx.data.me;
  const likedByMe = ((t.flags[index] ?? 0) & TaskFlag.likedByMe) !== 0;
  const others = people.filter((user) => user.gid !== me.gid);
  const start = mix32(index) % Math.max(1, others.length);
  const likers = likedByMe ? [me] : [];
  for (let k = 0; likers.length < count && k < others.length; k += 1) {
    const user = others[(start + k) % others.length];
    if (user !== void 0) likers.push(user);
  }
  return likers.map((user, k) => ({
    // Likes are objects with their own gid in the API; derive a stable one from task and position.
    gid: String(11e14 + index * 8 + k),
    user: userCompact(user)
  }));
}
function taskRecord(ctx, index, optIn) {
  const data = ctx.data;
  const t = data.taskTable;
  const gid = t.gidOf(index);
  const flags = t.flags[index] ?? 0;
  const subtype = TASK_SUBTYPES[t.subtype[index] ?? 0] ?? "default_task";
  const assignee = t.assignee[index] ?? NO_ROW;
  const completedAt = t.completedAt[index] ?? Number.NaN;
  const dueAt = t.dueAt[index] ?? Number.NaN;
  const dueOn = t.dueOn[index] ?? NO_DAY;
  const startOn = t.startOn[index] ?? NO_DAY;
  const parent = t.parent[index] ?? NO_ROW;
  const workspaceRow = data.workspaces[t.workspace[index] ?? 0];
  const memberships = data.membershipsOf(index);
  const likes = likesOf(ctx, index);
  const followers = [.../* @__PURE__ */ new Set([t.createdBy[index] ?? NO_ROW, assignee])].filter((row) => row !== NO_ROW);
  const external = data.taskExternal.get(index);
  const homeProject = memberships[0] === void 0 ? void 0 : data.projects[memberships[0].project];
  const notes = data.taskNotesOf(index);
  const record = {
    gid,
    resource_type: "task",
    name: data.taskName(index),
    resource_subtype: subtype,
    ...optIn ? { created_by: userReference(ctx, t.createdBy[index] ?? NO_ROW) } : {},
    ...subtype === "approval" ? { approval_status: APPROVAL_STATUSES[t.approval[index] ?? 0] ?? "pending" } : {},
    assignee_status: ASSIGNEE_STATUSES[t.assigneeStatus[index] ?? 0] ?? "inbox",
    // Asana records who assigned a task; the simulator attributes it to the task's creator.
    assigned_by: assignee === NO_ROW ? null : userRefAt(ctx, t.createdBy[index] ?? NO_ROW),
    completed: (flags & TaskFlag.completed) !== 0,
    completed_at: Number.isNaN(completedAt) ? null : isoTime(completedAt),
    completed_by: Number.isNaN(completedAt) ? null : userRefAt(ctx, assignee === NO_ROW ? t.createdBy[index] ?? NO_ROW : assignee),
    created_at: isoTime(t.createdAt[index] ?? 0),
    dependencies: data.live(data.dependencies.get(index)).map((row) => taskReference(ctx, row)),
    dependents: data.live(data.dependents.get(index)).map((row) => taskReference(ctx, row)),
    due_at: Number.isNaN(dueAt) ? null : isoTime(dueAt),
    due_on: dueOn === NO_DAY ? null : formatDayNumber(dueOn),
    ...external !== void 0 ? { external: { ...external } } : {},
    html_notes: htmlBody(notes),
    hearted: (flags & TaskFlag.likedByMe) !== 0,
    hearts: likes,
    ...optIn ? { is_rendered_as_separator: false } : {},
    liked: (flags & TaskFlag.likedByMe) !== 0,
    likes,
    memberships: memberships.flatMap(({ project, section }) => {
      const projectRow = data.projects[project];
      const sectionRow = data.sections[section];
      if (projectRow === void 0 || sectionRow === void 0) return [];
      return [{ project: projectCompact(projectRow), section: sectionCompact(sectionRow) }];
    }),
    modified_at: isoTime(t.modifiedAt[index] ?? 0),
    notes,
    num_hearts: likes.length,
    num_likes: likes.length,
    num_subtasks: data.liveChildren(index).length,
    start_at: null,
    start_on: startOn === NO_DAY ? null : formatDayNumber(startOn),
    actual_time_minutes: null,
    assignee: userRefAt(ctx, assignee),
    assignee_section: null,
    custom_fields: [],
    custom_type: null,
    custom_type_status_option: null,
    followers: followers.flatMap((row) => userRefAt(ctx, row) ?? []),
    parent: parent === NO_ROW ? null : taskCompact(ctx, parent),
    projects: memberships.flatMap(({ project }) => {
      const projectRow = data.projects[project];
      return projectRow === void 0 ? [] : [projectCompact(projectRow)];
    }),
    tags: (data.taskTags.get(index) ?? []).flatMap((tag) => {
      const tagRow = data.tags[tag];
      return tagRow === void 0 ? [] : [tagCompact(tagRow)];
    }),
    workspace: workspaceRow === void 0 ? null : workspaceCompact(workspaceRow),
    permalink_url: homeProject === void 0 ? `${ctx.appOrigin}/1/${workspaceRow?.gid}/task/${gid}` : `${ctx.appOrigin}/1/${workspaceRow?.gid}/project/${homeProject.gid}/task/${gid}`
  };
  return record;
}
function userReference(ctx, row) {
  const user = row === NO_ROW ? void 0 : ctx.data.users[row];
  return user === void 0 ? null : { gid: user.gid, resource_type: "user" };
}

// src/asana/api-context.ts
function referenceResolver(records) {
  const data = records.data;
  return (reference) => {
    const gid = String(reference.gid);
    switch (reference.resource_type) {
      case "task": {
        const row = data.taskRow(gid);
        return row === NO_ROW ? void 0 : taskRecord(records, row, true);
      }
      case "project": {
        const project = data.project(gid);
        return project === void 0 ? void 0 : projectRecord2(records, project, true);
      }
      case "user": {
        const user = data.user(gid);
        return user === void 0 ? void 0 : userRecord(records, user, true);
      }
      case "workspace": {
        const workspace = data.workspace(gid);
        return workspace === void 0 ? void 0 : workspaceRecord(workspace);
      }
      case "team": {
        const team = data.team(gid);
        return team === void 0 ? void 0 : teamRecord(records, team);
      }
      case "section": {
        const section = data.section(gid);
        return section === void 0 ? void 0 : sectionRecord(records, section);
      }
      case "tag": {
        const tag = data.tag(gid);
        return tag === void 0 ? void 0 : tagRecord(records, tag);
      }
      case "attachment": {
        const attachment = data.attachment(gid);
        return attachment === void 0 ? void 0 : attachmentRecord(records, attachment);
      }
      default:
        return void 0;
    }
  };
}
function listItem(ctx, compact, full) {
  if (ctx.fields === void 0) return compact();
  return projectRecord(full(), ctx.fields, referenceResolver(ctx.records));
}
function single(ctx, full) {
  if (ctx.fields === void 0) return { data: full(false) };
  return { data: projectRecord(full(true), ctx.fields, referenceResolver(ctx.records)) };
}
function pathGid(ctx, name, field) {
  const gid = ctx.params[name] ?? "";
  if (!/^\d+$/.test(gid)) throw notRecognized(field, gid);
  return gid;
}

// src/asana/task-endpoints.ts
var TASK_FILTER_MESSAGE = "Must specify exactly one of project, tag, section, user task list, or assignee + workspace";
var DEPENDENCIES_PREMIUM_MESSAGE = "Dependencies are only available to premium users.";
function timeFilters(ctx, allowModifiedSince) {
  const t = ctx.data.taskTable;
  const completedSince = ctx.query.get("completed_since");
  const modifiedSince = allowModifiedSince ? ctx.query.get("modified_since") : null;
  let completedCut;
  if (completedSince !== null) {
    completedCut = completedSince === "now" ? Number.POSITIVE_INFINITY : parseDateTime(completedSince);
    if (completedCut === void 0) {
      throw new AsanaHttpError(400, `completed_since: Not a valid date-time or "now": ${completedSince}`);
    }
  }
  let modifiedCut;
  if (modifiedSince !== null) {
    modifiedCut = parseDateTime(modifiedSince);
    if (modifiedCut === void 0) {
      throw new AsanaHttpError(400, `modified_since: Not a valid date-time: ${modifiedSince}`);
    }
  }
  return (row) => {
    if (t.isDeleted(row)) return false;
    if (completedCut !== void 0 && t.isCompleted(row) && !((t.completedAt[row] ?? 0) >= completedCut))
      return false;
    if (modifiedCut !== void 0 && (t.modifiedAt[row] ?? 0) < modifiedCut) return false;
    return true;
  };
}
function taskPage(ctx, source) {
  return paginate(
    ctx.list,
    source,
    (row) => listItem(
      ctx,
      () => taskCompact(ctx.records, row),
      () => taskRecord(ctx.records, row, true)
    )
  );
}
function keep(filter) {
  return (row) => filter(row) ? row : void 0;
}
function projectSource(ctx, project, filter) {
  const sections = (ctx.data.projects[project]?.sectionGids ?? []).map(
    (gid) => ctx.data.sectionTasks[ctx.data.sectionRow(gid)] ?? []
  );
  return concatSource(sections, keep(filter));
}
function requireQueryGid(name, value, exists) {
  if (!/^\d+$/.test(value) || !exists(value)) throw notRecognized(name, value);
  return value;
}
function resolveUser(ctx, value, field) {
  const row = value === "me" ? ctx.data.userRow(ctx.data.me.gid) : ctx.data.userRow(value);
  if (row === NO_ROW) throw notRecognized(field, value);
  return row;
}
function getTasks(ctx) {
  const q = ctx.query;
  const given = (name) => {
    const value = q.get(name);
    return value === null || value === "" ? void 0 : value;
  };
  const project = given("project");
  const section = given("section");
  const tag = given("tag");
  const userTaskList = given("user_task_list");
  const workspace = given("workspace");
  const assignee = given("assignee");
  const filters = [project, section, tag, userTaskList].filter((value) => value !== void 0).length;
  const pair = workspace !== void 0 && assignee !== void 0;
  const halfPair = workspace === void 0 !== (assignee === void 0);
  if (halfPair || filters + (pair ? 1 : 0) !== 1) throw new AsanaHttpError(400, TASK_FILTER_MESSAGE);
  const filter = timeFilters(ctx, true);
  const data = ctx.data;
  if (project !== void 0) {
    const row = data.projectRow(
      requireQueryGid("project", project, (gid) => data.project(gid) !== void 0)
    );
    return taskPage(ctx, projectSource(ctx, row, filter));
  }
  if (section !== void 0) {
    const row = data.sectionRow(
      requireQueryGid("section", section, (gid) => data.section(gid) !== void 0)
    );
    return taskPage(ctx, arraySource(data.sectionTasks[row] ?? [], keep(filter)));
  }
  if (tag !== void 0) {
    const row = data.tagRow(requireQueryGid("tag", tag, (gid) => data.tag(gid) !== void 0));
    return taskPage(ctx, arraySource(data.tagTasks[row] ?? [], keep(filter)));
  }
  if (userTaskList !== void 0) {
    throw notRecognized("user_task_list", userTaskList);
  }
  const workspaceRow = data.workspaceRow(
    requireQueryGid("workspace", workspace ?? "", (gid) => data.workspace(gid) !== void 0)
  );
  const assigneeRow = resolveUser(ctx, assignee ?? "", "assignee");
  const t = data.taskTable;
  return taskPage(
    ctx,
    rangeSource(
      t.count,
      (row) => t.workspace[row] === workspaceRow && t.assignee[row] === assigneeRow && filter(row) ? row : void 0
    )
  );
}
function liveTask(ctx) {
  const gid = pathGid(ctx, "task_gid", "task");
  const row = ctx.data.taskRow(gid);
  if (row === NO_ROW) throw notRecognized("task", gid);
  return row;
}
function getTask(ctx) {
  const row = liveTask(ctx);
  return single(ctx, (optIn) => taskRecord(ctx.records, row, optIn));
}
function getSubtasks(ctx) {
  const row = liveTask(ctx);
  const filter = timeFilters(ctx, false);
  return taskPage(ctx, arraySource(ctx.data.children.get(row) ?? [], keep(filter)));
}
function requirePremium(ctx, row) {
  const workspace = ctx.data.workspaces[ctx.data.taskTable.workspace[row] ?? 0];
  if (workspace?.premium !== true) throw new AsanaHttpError(402, DEPENDENCIES_PREMIUM_MESSAGE);
}
function getDependencies(ctx) {
  const row = liveTask(ctx);
  requirePremium(ctx, row);
  const filter = timeFilters(ctx, false);
  return taskPage(ctx, arraySource(ctx.data.dependencies.get(row) ?? [], keep(filter)));
}
function getDependents(ctx) {
  const row = liveTask(ctx);
  requirePremium(ctx, row);
  const filter = timeFilters(ctx, false);
  return taskPage(ctx, arraySource(ctx.data.dependents.get(row) ?? [], keep(filter)));
}
function getTaskProjects(ctx) {
  const row = liveTask(ctx);
  const projects = ctx.data.membershipsOf(row).map((membership) => membership.project);
  return paginate(
    ctx.list,
    arraySource(projects, (project) => ctx.data.projects[project]),
    (project) => listItem(
      ctx,
      () => projectCompact(project),
      () => projectRecord2(ctx.records, project, true)
    )
  );
}
function getProjectTasks(ctx) {
  const gid = pathGid(ctx, "project_gid", "project");
  const row = ctx.data.projectRow(gid);
  if (row === NO_ROW) throw notRecognized("project", gid);
  return taskPage(ctx, projectSource(ctx, row, timeFilters(ctx, false)));
}
function getSectionTasks(ctx) {
  const gid = pathGid(ctx, "section_gid", "section");
  const row = ctx.data.sectionRow(gid);
  if (row === NO_ROW) throw notRecognized("section", gid);
  return taskPage(ctx, arraySource(ctx.data.sectionTasks[row] ?? [], keep(timeFilters(ctx, false))));
}
function getTagTasks(ctx) {
  const gid = pathGid(ctx, "tag_gid", "tag");
  const row = ctx.data.tagRow(gid);
  if (row === NO_ROW) throw notRecognized("tag", gid);
  return taskPage(ctx, arraySource(ctx.data.tagTasks[row] ?? [], keep(timeFilters(ctx, false))));
}

// src/asana/resource-endpoints.ts
function optionalQueryGid(ctx, name, exists) {
  const value = ctx.query.get(name);
  if (value === null || value === "") return void 0;
  if (!/^\d+$/.test(value) || !exists(value)) throw notRecognized(name, value);
  return value;
}
function archivedFilter(ctx) {
  const value = ctx.query.get("archived");
  if (value === null || value === "") return void 0;
  if (value !== "true" && value !== "false") {
    throw new AsanaHttpError(400, `archived: Not a boolean: ${value}`);
  }
  return value === "true";
}
function projectPage(ctx, keep2) {
  const archived = archivedFilter(ctx);
  return paginate(
    ctx.list,
    arraySource(
      ctx.data.projects,
      (project) => keep2(project) && (archived === void 0 || project.archived === archived) ? project : void 0
    ),
    (project) => listItem(
      ctx,
      () => projectCompact(project),
      () => projectRecord2(ctx.records, project, true)
    )
  );
}
function userItem(ctx, user) {
  return listItem(
    ctx,
    () => userCompact(user),
    () => userRecord(ctx.records, user, true)
  );
}
function byName(left, right) {
  return left.name.localeCompare(right.name, "en") || left.gid.localeCompare(right.gid);
}
function byGid(left, right) {
  return left.gid.length - right.gid.length || (left.gid < right.gid ? -1 : left.gid > right.gid ? 1 : 0);
}
function workspaceFromPath(ctx) {
  const gid = pathGid(ctx, "workspace_gid", "workspace");
  if (ctx.data.workspace(gid) === void 0) throw notRecognized("workspace", gid);
  return gid;
}
function teamFromPath(ctx) {
  const gid = pathGid(ctx, "team_gid", "team");
  const team = ctx.data.team(gid);
  if (team === void 0) throw notRecognized("team", gid);
  return team;
}
function getWorkspaces(ctx) {
  const me = ctx.data.me;
  return paginate(
    ctx.list,
    arraySource(
      ctx.data.workspaces,
      (workspace) => me.workspaceGids.includes(workspace.gid) ? workspace : void 0
    ),
    (workspace) => listItem(
      ctx,
      () => workspaceCompact(workspace),
      () => workspaceRecord(workspace)
    )
  );
}
function getWorkspace(ctx) {
  const workspace = ctx.data.workspace(workspaceFromPath(ctx));
  if (workspace === void 0) throw notRecognized("workspace", ctx.params.workspace_gid ?? "");
  return single(ctx, () => workspaceRecord(workspace));
}
function getWorkspaceProjects(ctx) {
  const workspace = workspaceFromPath(ctx);
  return projectPage(ctx, (project) => project.workspaceGid === workspace);
}
function getWorkspaceTeams(ctx) {
  const workspace = workspaceFromPath(ctx);
  return paginate(
    ctx.list,
    arraySource(ctx.data.teams, (team) => team.workspaceGid === workspace ? team : void 0),
    (team) => listItem(
      ctx,
      () => teamCompact(team),
      () => teamRecord(ctx.records, team)
    )
  );
}
function getWorkspaceTags(ctx) {
  const workspace = workspaceFromPath(ctx);
  return paginate(
    ctx.list,
    arraySource(ctx.data.tags, (tag) => tag.workspaceGid === workspace ? tag : void 0),
    (tag) => listItem(
      ctx,
      () => tagCompact(tag),
      () => tagRecord(ctx.records, tag)
    )
  );
}
function getWorkspaceUsers(ctx) {
  const workspace = workspaceFromPath(ctx);
  const users = ctx.data.users.filter((user) => user.workspaceGids.includes(workspace)).sort(byName);
  return unpaginated(
    arraySource(users, (user) => user),
    ctx.settings.userListCap,
    (user) => userItem(ctx, user)
  );
}
function getProjects(ctx) {
  const workspace = optionalQueryGid(ctx, "workspace", (gid) => ctx.data.workspace(gid) !== void 0);
  const team = optionalQueryGid(ctx, "team", (gid) => ctx.data.team(gid) !== void 0);
  return projectPage(
    ctx,
    (project) => (workspace === void 0 || project.workspaceGid === workspace) && (team === void 0 || project.teamGid === team)
  );
}
function projectFromPath(ctx) {
  const gid = pathGid(ctx, "project_gid", "project");
  const project = ctx.data.project(gid);
  if (project === void 0) throw notRecognized("project", gid);
  return project;
}
function getProject(ctx) {
  const project = projectFromPath(ctx);
  return single(ctx, (optIn) => projectRecord2(ctx.records, project, optIn));
}
function getProjectSections(ctx) {
  const project = projectFromPath(ctx);
  return paginate(
    ctx.list,
    arraySource(project.sectionGids, (gid) => ctx.data.section(gid)),
    (section) => listItem(
      ctx,
      () => sectionCompact(section),
      () => sectionRecord(ctx.records, section)
    )
  );
}
function getSection(ctx) {
  const gid = pathGid(ctx, "section_gid", "section");
  const section = ctx.data.section(gid);
  if (section === void 0) throw notRecognized("section", gid);
  return single(ctx, () => sectionRecord(ctx.records, section));
}
function getTeam(ctx) {
  const team = teamFromPath(ctx);
  return single(ctx, () => teamRecord(ctx.records, team));
}
function getTeamProjects(ctx) {
  const team = teamFromPath(ctx);
  return projectPage(ctx, (project) => project.teamGid === team.gid);
}
function getTeamUsers(ctx) {
  const team = teamFromPath(ctx);
  const users = team.memberGids.flatMap((gid) => ctx.data.user(gid) ?? []).sort(byName);
  return unpaginated(
    arraySource(users, (user) => user),
    ctx.settings.userListCap,
    (user) => userItem(ctx, user)
  );
}
function getUsers(ctx) {
  const workspace = optionalQueryGid(ctx, "workspace", (gid) => ctx.data.workspace(gid) !== void 0);
  const teamGid = optionalQueryGid(ctx, "team", (gid) => ctx.data.team(gid) !== void 0);
  const team = teamGid === void 0 ? void 0 : ctx.data.team(teamGid);
  const visible = new Set(ctx.data.me.workspaceGids);
  const users = ctx.data.users.filter(
    (user) => user.workspaceGids.some((gid) => visible.has(gid)) && (workspace === void 0 || user.workspaceGids.includes(workspace)) && (team === void 0 || team.memberGids.includes(user.gid))
  ).sort(byGid);
  return paginate(
    ctx.list,
    arraySource(users, (user) => user),
    (user) => userItem(ctx, user)
  );
}
function getUser(ctx) {
  const key = ctx.params.user_gid ?? "";
  const user = ctx.data.users[resolveUser(ctx, key, "user")];
  if (user === void 0) throw notRecognized("user", key);
  return single(ctx, (optIn) => userRecord(ctx.records, user, optIn));
}
function getUserTeams(ctx) {
  const key = ctx.params.user_gid ?? "";
  const user = ctx.data.users[resolveUser(ctx, key, "user")];
  if (user === void 0) throw notRecognized("user", key);
  const organization = ctx.query.get("organization");
  if (organization === null || organization === "") throw missingInput("organization");
  if (!/^\d+$/.test(organization) || ctx.data.workspace(organization) === void 0) {
    throw notRecognized("organization", organization);
  }
  return paginate(
    ctx.list,
    arraySource(
      ctx.data.teams,
      (team) => team.workspaceGid === organization && team.memberGids.includes(user.gid) ? team : void 0
    ),
    (team) => listItem(
      ctx,
      () => teamCompact(team),
      () => teamRecord(ctx.records, team)
    )
  );
}
function getTag(ctx) {
  const gid = pathGid(ctx, "tag_gid", "tag");
  const tag = ctx.data.tag(gid);
  if (tag === void 0) throw notRecognized("tag", gid);
  return single(ctx, () => tagRecord(ctx.records, tag));
}
function getAttachments(ctx) {
  const parent = ctx.query.get("parent");
  if (parent === null || parent === "") throw missingInput("parent");
  const isTask = /^\d+$/.test(parent) && ctx.data.taskRow(parent) !== NO_ROW;
  const isProject = /^\d+$/.test(parent) && ctx.data.project(parent) !== void 0;
  if (!isTask && !isProject) throw notRecognized("parent", parent);
  return paginate(
    ctx.list,
    arraySource(ctx.data.attachmentsByParent.get(parent) ?? [], (row) => ctx.data.attachments[row]),
    (attachment) => listItem(
      ctx,
      () => attachmentCompact(attachment),
      () => attachmentRecord(ctx.records, attachment)
    )
  );
}
function getAttachment(ctx) {
  const gid = pathGid(ctx, "attachment_gid", "attachment");
  const attachment = ctx.data.attachment(gid);
  const parentAlive = attachment !== void 0 && (attachment.parentType === "project" || ctx.data.taskRow(attachment.parentGid) !== NO_ROW);
  if (attachment === void 0 || !parentAlive) throw notRecognized("attachment", gid);
  return single(ctx, () => attachmentRecord(ctx.records, attachment));
}

// src/asana/task-search-endpoint.ts
var SEARCH_PREMIUM_MESSAGE = "Search is only available to premium users.";
var SORTS = ["due_date", "created_at", "completed_at", "likes", "modified_at", "relevance"];
function bool(ctx, name) {
  const value = ctx.query.get(name);
  if (value === null || value === "") return void 0;
  if (value !== "true" && value !== "false")
    throw new AsanaHttpError(400, `${name}: Not a boolean: ${value}`);
  return value === "true";
}
function gidList(ctx, name) {
  const value = ctx.query.get(name);
  if (value === null || value === "") return void 0;
  return value.split(",").map((part) => part.trim()).filter((part) => part !== "");
}
function rowSet(ctx, name, lookup, allowNull = false) {
  const gids = gidList(ctx, name);
  if (gids === void 0) return void 0;
  return new Set(
    gids.map((gid) => {
      if (allowNull && gid === "null") return NO_ROW;
      const row = lookup(gid);
      if (row === NO_ROW) throw notRecognized(name, gid);
      return row;
    })
  );
}
function rangePredicates(ctx, field, bounds) {
  const out = [];
  const parse = (name, text) => {
    const ms = bounds.kind === "datetime" ? parseDateTime(text) : void 0;
    const day = bounds.kind === "date" ? parseDay(text) ?? mapDay(parseDateTime(text)) : void 0;
    const value = bounds.kind === "datetime" ? ms : day;
    if (value === void 0)
      throw new AsanaHttpError(
        400,
        `${name}: Not a valid ${bounds.kind === "date" ? "date" : "date-time"}: ${text}`
      );
    return value;
  };
  for (const [suffix, compare] of [
    [".before", (value, bound) => value < bound],
    [".after", (value, bound) => value > bound],
    ["", (value, bound) => value === bound]
  ]) {
    const name = `${field}${suffix}`;
    const raw = ctx.query.get(name);
    if (raw === null || raw === "") continue;
    if (suffix === "" && bounds.kind === "datetime") continue;
    if (raw === "null" && suffix === "") {
      out.push((row) => bounds.value(row) === void 0);
      continue;
    }
    const bound = parse(name, raw);
    out.push((row) => {
      const value = bounds.value(row);
      return value !== void 0 && compare(value, bound);
    });
  }
  return out;
}
function mapDay(ms) {
  return ms === void 0 ? void 0 : dayNumberOf(ms);
}
function nonNaN(value) {
  return value === void 0 || Number.isNaN(value) ? void 0 : value;
}
function words(text) {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
}
function searchTasks(ctx) {
  const workspaceGid = pathGid(ctx, "workspace_gid", "workspace");
  const data = ctx.data;
  const workspace = data.workspaceRow(workspaceGid);
  if (workspace === NO_ROW) throw notRecognized("workspace", workspaceGid);
  if (data.workspaces[workspace]?.premium !== true) throw new AsanaHttpError(402, SEARCH_PREMIUM_MESSAGE);
  const limit = readLimit(ctx.query) ?? ctx.settings.searchDefaultLimit;
  const t = data.taskTable;
  const predicates = [];
  const add = (predicate) => {
    if (predicate !== void 0) predicates.push(predicate);
  };
  for (const key2 of ctx.query.keys()) {
    if (key2.startsWith("custom_fields.") || key2.startsWith("custom_types.")) {
      throw notRecognized(key2.split(".").slice(0, 2).join("."), key2.split(".")[1] ?? "");
    }
    if (key2.startsWith("portfolios.")) throw notRecognized("portfolios.any", ctx.query.get(key2) ?? "");
  }
  const text = ctx.query.get("text");
  const terms = text === null ? [] : words(text);
  if (terms.length > 0) {
    add((row) => {
      const haystack = `${data.taskName(row)} ${data.taskNotesOf(row)}`.toLowerCase();
      return terms.every((term) => haystack.includes(term));
    });
  }
  const subtype = ctx.query.get("resource_subtype");
  if (subtype !== null && subtype !== "") {
    const code = TASK_SUBTYPES.indexOf(subtype);
    if (code < 0) throw new AsanaHttpError(400, `resource_subtype: Not a valid task subtype: ${subtype}`);
    add((row) => t.subtype[row] === code);
  }
  const completed = bool(ctx, "completed");
  if (completed !== void 0) add((row) => t.isCompleted(row) === completed);
  const isSubtask = bool(ctx, "is_subtask");
  if (isSubtask !== void 0) add((row) => (t.parent[row] ?? NO_ROW) !== NO_ROW === isSubtask);
  const hasAttachment = bool(ctx, "has_attachment");
  if (hasAttachment !== void 0) {
    add((row) => (data.attachmentsByParent.get(t.gidOf(row))?.length ?? 0) > 0 === hasAttachment);
  }
  const isBlocked = bool(ctx, "is_blocked");
  if (isBlocked !== void 0) {
    add((row) => data.live(data.dependencies.get(row)).some((dep) => !t.isCompleted(dep)) === isBlocked);
  }
  const isBlocking = bool(ctx, "is_blocking");
  if (isBlocking !== void 0) {
    add((row) => !t.isCompleted(row) && data.live(data.dependents.get(row)).length > 0 === isBlocking);
  }
  const userLookup = (gid) => gid === "me" ? data.userRow(data.me.gid) : data.userRow(gid);
  const assigneeAny = rowSet(ctx, "assignee.any", userLookup, true);
  if (assigneeAny !== void 0) add((row) => assigneeAny.has(t.assignee[row] ?? NO_ROW));
  const assigneeNot = rowSet(ctx, "assignee.not", userLookup, true);
  if (assigneeNot !== void 0) add((row) => !assigneeNot.has(t.assignee[row] ?? NO_ROW));
  const createdByAny = rowSet(ctx, "created_by.any", userLookup);
  if (createdByAny !== void 0) add((row) => createdByAny.has(t.createdBy[row] ?? NO_ROW));
  const createdByNot = rowSet(ctx, "created_by.not", userLookup);
  if (createdByNot !== void 0) add((row) => !createdByNot.has(t.createdBy[row] ?? NO_ROW));
  const assignedBy = (row) => (t.assignee[row] ?? NO_ROW) === NO_ROW ? NO_ROW : t.createdBy[row] ?? NO_ROW;
  const assignedByAny = rowSet(ctx, "assigned_by.any", userLookup);
  if (assignedByAny !== void 0) add((row) => assignedByAny.has(assignedBy(row)));
  const assignedByNot = rowSet(ctx, "assigned_by.not", userLookup);
  if (assignedByNot !== void 0) add((row) => !assignedByNot.has(assignedBy(row)));
  const followers = (row) => [t.createdBy[row] ?? NO_ROW, t.assignee[row] ?? NO_ROW];
  const followersAny = rowSet(ctx, "followers.any", userLookup);
  if (followersAny !== void 0) add((row) => followers(row).some((user) => followersAny.has(user)));
  const followersNot = rowSet(ctx, "followers.not", userLookup);
  if (followersNot !== void 0) add((row) => !followers(row).some((user) => followersNot.has(user)));
  const likedByNot = rowSet(ctx, "liked_by.not", userLookup);
  if (likedByNot?.has(data.userRow(data.me.gid))) add((row) => ((t.flags[row] ?? 0) & 4) === 0);
  rowSet(ctx, "commented_on_by.not", userLookup);
  const projectsOf = (row) => data.membershipsOf(row).map((m) => m.project);
  const sectionsOf = (row) => data.membershipsOf(row).map((m) => m.section);
  const tagsOf = (row) => data.taskTags.get(row) ?? [];
  const projectAny = rowSet(ctx, "projects.any", (gid) => data.projectRow(gid));
  const sectionAny = rowSet(ctx, "sections.any", (gid) => data.sectionRow(gid));
  if (projectAny !== void 0 || sectionAny !== void 0) {
    add(
      (row) => projectAny !== void 0 && projectsOf(row).some((p) => projectAny.has(p)) || sectionAny !== void 0 && sectionsOf(row).some((s) => sectionAny.has(s))
    );
  }
  for (const [name, lookup, of] of [
    ["projects", (gid) => data.projectRow(gid), projectsOf],
    ["sections", (gid) => data.sectionRow(gid), sectionsOf],
    ["tags", (gid) => data.tagRow(gid), tagsOf]
  ]) {
    if (name === "tags") {
      const any = rowSet(ctx, "tags.any", lookup);
      if (any !== void 0) add((row) => of(row).some((value) => any.has(value)));
    }
    const not = rowSet(ctx, `${name}.not`, lookup);
    if (not !== void 0) add((row) => !of(row).some((value) => not.has(value)));
    const all = rowSet(ctx, `${name}.all`, lookup);
    if (all !== void 0) add((row) => [...all].every((value) => of(row).includes(value)));
  }
  const teamsAny = rowSet(ctx, "teams.any", (gid) => data.teamRow(gid));
  if (teamsAny !== void 0) {
    add((row) => projectsOf(row).some((p) => teamsAny.has(data.teamRow(data.projects[p]?.teamGid ?? ""))));
  }
  const day = (column) => (row) => {
    const value = column[row] ?? NO_DAY;
    return value === NO_DAY ? void 0 : value;
  };
  const time = (column) => (row) => nonNaN(column[row]);
  const timeAsDay = (column) => (row) => mapDay(nonNaN(column[row]));
  for (const [field, bounds] of [
    ["due_on", { kind: "date", value: day(t.dueOn) }],
    ["due_at", { kind: "datetime", value: time(t.dueAt) }],
    ["start_on", { kind: "date", value: day(t.startOn) }],
    ["created_on", { kind: "date", value: timeAsDay(t.createdAt) }],
    ["created_at", { kind: "datetime", value: time(t.createdAt) }],
    ["completed_on", { kind: "date", value: timeAsDay(t.completedAt) }],
    ["completed_at", { kind: "datetime", value: time(t.completedAt) }],
    ["modified_on", { kind: "date", value: timeAsDay(t.modifiedAt) }],
    ["modified_at", { kind: "datetime", value: time(t.modifiedAt) }]
  ]) {
    predicates.push(...rangePredicates(ctx, field, bounds));
  }
  const sortBy = ctx.query.get("sort_by") ?? "modified_at";
  if (!SORTS.includes(sortBy)) {
    throw new AsanaHttpError(400, `sort_by: Not a valid sort: ${sortBy}`);
  }
  const ascending = bool(ctx, "sort_ascending") ?? false;
  const matches2 = [];
  for (let row = 0; row < t.count; row += 1) {
    if (t.workspace[row] !== workspace || t.isDeleted(row)) continue;
    if (predicates.every((predicate) => predicate(row))) matches2.push(row);
  }
  const key = sortKey(ctx, sortBy, terms);
  matches2.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === void 0 || kb === void 0) return ka === kb ? b - a : ka === void 0 ? 1 : -1;
    return (ascending ? ka - kb : kb - ka) || b - a;
  });
  return {
    data: matches2.slice(0, limit).map(
      (row) => listItem(
        ctx,
        () => taskCompact(ctx.records, row),
        () => taskRecord(ctx.records, row, true)
      )
    )
  };
}
function sortKey(ctx, sortBy, terms) {
  const t = ctx.data.taskTable;
  switch (sortBy) {
    case "due_date":
      return (row) => {
        const dueAt = t.dueAt[row] ?? Number.NaN;
        if (!Number.isNaN(dueAt)) return dueAt;
        const dueOn = t.dueOn[row] ?? NO_DAY;
        return dueOn === NO_DAY ? void 0 : dueOn * 864e5;
      };
    case "created_at":
      return (row) => t.createdAt[row];
    case "completed_at":
      return (row) => nonNaN(t.completedAt[row]);
    case "likes":
      return (row) => t.numLikes[row] ?? 0;
    case "relevance":
      return (row) => {
        if (terms.length === 0) return t.modifiedAt[row];
        const name = ctx.data.taskName(row).toLowerCase();
        const nameHits = terms.filter((term) => name.includes(term)).length;
        return nameHits * 1e13 + (t.modifiedAt[row] ?? 0);
      };
    default:
      return (row) => t.modifiedAt[row];
  }
}

// src/asana/api-routes.ts
function getTags(ctx) {
  const workspace = ctx.query.get("workspace");
  if (workspace === null || workspace === "") {
    if (ctx.query.has("limit")) throw new AsanaHttpError(400, "Need to specify a workspace to paginate!");
    const visible = new Set(ctx.data.me.workspaceGids);
    return unpaginated(
      arraySource(ctx.data.tags, (tag) => visible.has(tag.workspaceGid) ? tag : void 0),
      ctx.settings.maxUnpaginated,
      (tag) => ({ gid: tag.gid, resource_type: "tag", name: tag.name })
    );
  }
  return getWorkspaceTags({ ...ctx, params: { ...ctx.params, workspace_gid: workspace } });
}
var ASANA_ROUTES = [
  { method: "GET", template: "/tasks", handler: getTasks },
  { method: "GET", template: "/tasks/{task_gid}", handler: getTask },
  { method: "GET", template: "/tasks/{task_gid}/subtasks", handler: getSubtasks },
  { method: "GET", template: "/tasks/{task_gid}/dependencies", handler: getDependencies },
  { method: "GET", template: "/tasks/{task_gid}/dependents", handler: getDependents },
  { method: "GET", template: "/tasks/{task_gid}/projects", handler: getTaskProjects },
  { method: "GET", template: "/projects", handler: getProjects },
  { method: "GET", template: "/projects/{project_gid}", handler: getProject },
  { method: "GET", template: "/projects/{project_gid}/tasks", handler: getProjectTasks },
  { method: "GET", template: "/projects/{project_gid}/sections", handler: getProjectSections },
  { method: "GET", template: "/sections/{section_gid}", handler: getSection },
  { method: "GET", template: "/sections/{section_gid}/tasks", handler: getSectionTasks },
  { method: "GET", template: "/teams/{team_gid}", handler: getTeam },
  { method: "GET", template: "/teams/{team_gid}/projects", handler: getTeamProjects },
  { method: "GET", template: "/teams/{team_gid}/users", handler: getTeamUsers },
  { method: "GET", template: "/workspaces", handler: getWorkspaces },
  { method: "GET", template: "/workspaces/{workspace_gid}", handler: getWorkspace },
  { method: "GET", template: "/workspaces/{workspace_gid}/projects", handler: getWorkspaceProjects },
  { method: "GET", template: "/workspaces/{workspace_gid}/users", handler: getWorkspaceUsers },
  { method: "GET", template: "/workspaces/{workspace_gid}/teams", handler: getWorkspaceTeams },
  { method: "GET", template: "/workspaces/{workspace_gid}/tags", handler: getWorkspaceTags },
  { method: "GET", template: "/workspaces/{workspace_gid}/tasks/search", handler: searchTasks, search: true },
  { method: "GET", template: "/users", handler: getUsers },
  { method: "GET", template: "/users/{user_gid}", handler: getUser },
  { method: "GET", template: "/users/{user_gid}/teams", handler: getUserTeams },
  { method: "GET", template: "/tags", handler: getTags },
  { method: "GET", template: "/tags/{tag_gid}", handler: getTag },
  { method: "GET", template: "/tags/{tag_gid}/tasks", handler: getTagTasks },
  { method: "GET", template: "/attachments", handler: getAttachments },
  { method: "GET", template: "/attachments/{attachment_gid}", handler: getAttachment }
];
function safeDecode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return void 0;
  }
}
function matchAsanaRoute(method, path) {
  const segments = path.replace(/\/+$/, "").split("/");
  for (const route2 of ASANA_ROUTES) {
    if (route2.method !== method) continue;
    const template = route2.template.split("/");
    if (template.length !== segments.length) continue;
    const params = {};
    let ok = true;
    for (let i = 0; i < template.length && ok; i += 1) {
      const expected = template[i] ?? "";
      const actual = segments[i] ?? "";
      const parameter = /^\{(.+)\}$/.exec(expected)?.[1];
      if (parameter !== void 0) {
        const decoded = safeDecode(actual);
        if (decoded === void 0 || decoded === "") ok = false;
        else params[parameter] = decoded;
      } else if (expected !== actual) {
        ok = false;
      }
    }
    if (ok) return { route: route2, params };
  }
  return void 0;
}

// src/asana/fault-responses.ts
import { STATUS_CODES } from "http";

// src/asana/vocabulary.ts
var FIRST_NAMES = [
  "Alex",
  "Priya",
  "Jordan",
  "Mei",
  "Samuel",
  "Fatima",
  "Lucas",
  "Ingrid",
  "Tom\xE1s",
  "Aisha",
  "Noah",
  "Yuki",
  "Elena",
  "Kwame",
  "Sofia",
  "Daniel",
  "Leila",
  "Marco",
  "Hannah",
  "Ravi",
  "Chloe",
  "Mateo",
  "Grace",
  "Omar",
  "Nina",
  "Jonas",
  "Amara",
  "Felix",
  "Zoe",
  "Arjun",
  "Clara",
  "Diego",
  "Maya",
  "Henrik",
  "Lina",
  "Ethan",
  "Sara",
  "Kenji",
  "Olivia",
  "Tariq"
];
var LAST_NAMES = [
  "Morgan",
  "Shah",
  "Lee",
  "Chen",
  "Okafor",
  "Haddad",
  "Silva",
  "Larsen",
  "Garc\xEDa",
  "Bello",
  "Fischer",
  "Tanaka",
  "Rossi",
  "Mensah",
  "Novak",
  "Kim",
  "Rahman",
  "Conti",
  "Weber",
  "Iyer",
  "Dubois",
  "Moreno",
  "Walsh",
  "Farouk",
  "Petrov",
  "Berg",
  "Adeyemi",
  "Keller",
  "Nguyen",
  "Patel",
  "Hoffmann",
  "Ortiz",
  "Lindqvist",
  "Sato",
  "Brennan",
  "Costa",
  "Ahmed",
  "Jansen",
  "Murphy",
  "Kowalski"
];
var COMPANY_NAMES = [
  "Acme Logistics",
  "Bluebird Health",
  "Cedar Analytics",
  "Driftwood Games",
  "Evergreen Energy",
  "Foxglove Media",
  "Granite Robotics",
  "Harbor Finance",
  "Indigo Labs",
  "Juniper Foods"
];
var TEAM_NAMES = [
  "Engineering",
  "Marketing",
  "Design",
  "Operations",
  "Sales",
  "Customer Success",
  "Finance",
  "People",
  "Data",
  "Security",
  "Product",
  "Legal"
];
var PROJECT_SUBJECTS = [
  "Website",
  "Mobile app",
  "Billing",
  "Onboarding",
  "Brand",
  "Data warehouse",
  "Customer portal",
  "Partner program",
  "Support desk",
  "Pricing",
  "Checkout",
  "Analytics",
  "Recruiting",
  "Office",
  "Infrastructure",
  "Newsletter",
  "Documentation",
  "Security",
  "Search",
  "Payments"
];
var PROJECT_GOALS = [
  "relaunch",
  "redesign",
  "migration",
  "launch plan",
  "roadmap",
  "refresh",
  "audit",
  "cleanup",
  "expansion",
  "Q3 goals",
  "Q4 goals",
  "improvements",
  "rollout",
  "pilot",
  "overhaul"
];
var TASK_VERBS = [
  "Draft",
  "Review",
  "Update",
  "Fix",
  "Design",
  "Plan",
  "Publish",
  "Test",
  "Schedule",
  "Prepare",
  "Migrate",
  "Audit",
  "Document",
  "Refactor",
  "Benchmark",
  "Approve",
  "Finalize",
  "Research",
  "Set up",
  "Clean up",
  "Translate",
  "Estimate",
  "Prototype",
  "Ship"
];
var TASK_OBJECTS = [
  "homepage copy",
  "pricing page",
  "login flow",
  "release notes",
  "onboarding emails",
  "API docs",
  "invoice template",
  "search ranking",
  "mobile navigation",
  "dashboard charts",
  "support macros",
  "checkout form",
  "password reset",
  "brand guidelines",
  "launch checklist",
  "customer survey",
  "sales deck",
  "data retention policy",
  "backup restore drill",
  "accessibility fixes",
  "error messages",
  "webhook retries",
  "CSV export",
  "team offsite agenda",
  "quarterly report",
  "hiring scorecard",
  "status page",
  "SSO settings",
  "cache invalidation",
  "billing alerts"
];
var TASK_QUALIFIERS = [
  "for the Q3 launch",
  "before the freeze",
  "with legal",
  "for enterprise customers",
  "on Android",
  "on iOS",
  "for the EU region",
  "after feedback",
  "v2",
  "in staging",
  "for partners",
  "draft"
];
var NOTE_OPENERS = [
  "Context:",
  "Background:",
  "Goal:",
  "Heads up:",
  "Next step:",
  "Note:",
  "Follow-up:",
  "Scope:"
];
var NOTE_SENTENCES = [
  "the current version confuses new customers and drives support tickets",
  "we agreed in the weekly sync to ship this before the end of the sprint",
  "legal asked for one more review of the wording before it goes live",
  "numbers from the last campaign suggest a clear improvement is possible",
  "the vendor contract renews next month, so timing matters",
  "engineering flagged a dependency on the new billing service",
  "design mockups are linked in the project brief",
  "keep the scope small and iterate after launch",
  "the analytics dashboard shows a drop in conversion on mobile",
  "customers on the enterprise plan requested this repeatedly",
  "check accessibility contrast and keyboard navigation",
  "coordinate with support so the help center is updated in time",
  "performance regressed after the last release and needs a benchmark",
  "translations for German, French and Japanese are still missing",
  "the security review found two medium issues to address first",
  "budget was approved by finance last Tuesday"
];
var SECTION_NAMES = [
  "Backlog",
  "To do",
  "In progress",
  "In review",
  "Blocked",
  "Done",
  "Ideas",
  "Next sprint"
];
var TAG_NAMES = [
  "urgent",
  "bug",
  "customer-request",
  "quick-win",
  "needs-design",
  "blocked",
  "tech-debt",
  "marketing",
  "compliance",
  "Q3",
  "Q4",
  "documentation",
  "performance",
  "security",
  "research"
];
var ATTACHMENT_NAMES = [
  "wireframes.pdf",
  "screenshot.png",
  "requirements.docx",
  "budget.xlsx",
  "meeting-notes.txt",
  "architecture-diagram.png",
  "export.csv",
  "contract.pdf",
  "logo.svg",
  "demo-recording.mp4",
  "roadmap.pptx",
  "crash-log.txt",
  "invoice.pdf",
  "survey-results.csv",
  "mockup.jpg"
];
var PHRASE_WORDS = {
  adjectives: ["sleepy", "brave", "fuzzy", "quiet", "lucky", "giant", "tiny", "jolly", "proud", "swift"],
  animals: ["otters", "pandas", "herons", "lemurs", "badgers", "walruses", "geckos", "moose", "owls", "yaks"],
  verbs: ["juggle", "wander", "whistle", "paddle", "tumble", "ponder", "giggle", "hop", "nap", "sing"],
  adverbs: [
    "gently",
    "boldly",
    "slowly",
    "loudly",
    "calmly",
    "oddly",
    "softly",
    "wildly",
    "briskly",
    "warmly"
  ]
};

// src/asana/fault-responses.ts
var RATE_LIMIT_MESSAGE = "You've made too many requests and hit a rate limit. Please retry after the given amount of time.";
function incidentPhrase(counter) {
  const { adjectives, animals, verbs, adverbs } = PHRASE_WORDS;
  const pick = (list, step) => list[Math.floor(counter / step) % list.length];
  return `${counter % 9 + 2} ${pick(adjectives, 1)} ${pick(animals, 3)} ${pick(verbs, 7)} ${pick(adverbs, 11)}`;
}
function json(status, body, headers = {}) {
  const bytes = Buffer.from(JSON.stringify(body));
  return {
    status,
    headers: {
      "content-type": "application/json; charset=UTF-8",
      "content-length": bytes.length,
      ...headers
    },
    body: bytes
  };
}
function statusFaultResponse(fault, counter) {
  const retryAfter = fault.retryAfterSeconds === void 0 ? {} : { "retry-after": String(Math.max(0, Math.ceil(fault.retryAfterSeconds))) };
  switch (fault.status) {
    case 500:
      return json(500, {
        errors: [
          { message: fault.message ?? "Server Error", phrase: fault.phrase ?? incidentPhrase(counter) }
        ]
      });
    case 504: {
      const html = Buffer.from(
        "<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
      );
      return {
        status: 504,
        headers: { "content-type": "text/html", "content-length": html.length, ...retryAfter },
        body: html
      };
    }
    case 429:
      return json(429, asanaErrorBody(fault.message ?? RATE_LIMIT_MESSAGE), {
        "retry-after": String(Math.max(0, Math.ceil(fault.retryAfterSeconds ?? 1)))
      });
    default:
      return json(
        fault.status,
        asanaErrorBody(fault.message ?? STATUS_CODES[fault.status] ?? "Error"),
        retryAfter
      );
  }
}

// src/asana/http-io.ts
var JSON_CONTENT_TYPE = "application/json; charset=UTF-8";
async function readBody(req, limit = 65536) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk;
    size += buffer.length;
    if (size > limit) break;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}
function bearerToken(header) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}
function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}
async function sendBody(req, res, status, headers, body, fault) {
  if (res.destroyed) return;
  res.writeHead(status, headers);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  let sent = 0;
  for (const chunk of body) {
    if (res.destroyed) return;
    let piece = chunk;
    if (fault !== void 0 && sent + piece.length >= fault.afterBytes) {
      piece = piece.subarray(0, Math.max(0, fault.afterBytes - sent));
      if (piece.length > 0) res.write(piece);
      if (fault.kind === "reset") {
        setTimeout(() => res.socket?.destroy(), 5).unref();
      }
      return;
    }
    sent += piece.length;
    if (!res.write(piece)) await drained(res);
  }
  res.end();
}
async function sendJson(req, res, status, body, options = {}) {
  const text = Buffer.from(JSON.stringify(body, null, options.pretty === true ? 2 : void 0));
  await sendBody(
    req,
    res,
    status,
    { "content-type": JSON_CONTENT_TYPE, "content-length": text.length, ...options.headers },
    [text],
    options.fault
  );
}

// src/asana/oauth-endpoint.ts
function isError(result) {
  return "error" in result;
}
async function sendTokenError(req, res, error) {
  await sendJson(req, res, error.status, { error: error.error, error_description: error.description });
}
async function handleTokenRequest(req, res, body, deps) {
  const contentType = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (req.method !== "POST" || contentType !== "application/x-www-form-urlencoded") {
    await sendTokenError(req, res, {
      status: 400,
      error: "invalid_request",
      description: "POST a form-encoded (application/x-www-form-urlencoded) body."
    });
    return;
  }
  const form = new URLSearchParams(body);
  const clientError = deps.tokens.checkClient(form.get("client_id"), form.get("client_secret"));
  if (clientError !== void 0) {
    await sendTokenError(req, res, clientError);
    return;
  }
  const grantType = form.get("grant_type");
  let result;
  if (grantType === "authorization_code") {
    result = deps.tokens.exchangeCode(deps.now(), {
      code: form.get("code"),
      redirectUri: form.get("redirect_uri"),
      codeVerifier: form.get("code_verifier")
    });
  } else if (grantType === "refresh_token") {
    result = deps.tokens.refresh(deps.now(), form.get("refresh_token"));
  } else {
    result = {
      status: 400,
      error: "unsupported_grant_type",
      description: `Unsupported grant_type: ${grantType ?? "(missing)"}.`
    };
  }
  if (isError(result)) {
    await sendTokenError(req, res, result);
    return;
  }
  const me = deps.data.me;
  await sendJson(req, res, 200, {
    ...result,
    data: { id: me.gid, gid: me.gid, name: me.name, email: me.email }
  });
}
async function handleRevokeRequest(req, res, body, deps) {
  const form = new URLSearchParams(body);
  const clientError = deps.tokens.checkClient(form.get("client_id"), form.get("client_secret"));
  if (req.method !== "POST" || clientError !== void 0) {
    await sendTokenError(
      req,
      res,
      clientError ?? { status: 400, error: "invalid_request", description: "POST a form-encoded body." }
    );
    return;
  }
  deps.tokens.revoke(form.get("token") ?? "");
  await sendJson(req, res, 200, {});
}
async function handleAuthorizeRequest(req, res, url, deps) {
  const query = url.searchParams;
  const redirectUri = query.get("redirect_uri");
  const problem = query.get("client_id") !== deps.tokens.clientId ? "unknown client_id" : query.get("response_type") !== "code" ? "response_type must be code" : redirectUri === null || !URL.canParse(redirectUri) ? "redirect_uri is missing or invalid" : deps.tokens.redirectUri !== void 0 && redirectUri !== deps.tokens.redirectUri ? "redirect_uri does not match the registered one" : void 0;
  if (problem !== void 0 || redirectUri === null) {
    const page = Buffer.from(
      `<html><body><h1>Invalid authorization request</h1><p>${problem}</p></body></html>`
    );
    await sendBody(
      req,
      res,
      400,
      { "content-type": "text/html; charset=utf-8", "content-length": page.length },
      [page]
    );
    return;
  }
  const code = deps.tokens.issueAuthorizationCode(deps.now(), {
    redirectUri,
    codeChallenge: query.get("code_challenge") ?? void 0,
    codeChallengeMethod: query.get("code_challenge_method") ?? void 0
  });
  const target = new URL(redirectUri);
  target.searchParams.set("code", code);
  const state = query.get("state");
  if (state !== null) target.searchParams.set("state", state);
  await sendBody(req, res, 302, { location: target.toString(), "content-length": 0 }, []);
}

// src/asana/request-log.ts
function matches(request, filter) {
  if (filter.target !== void 0 && request.target !== filter.target) return false;
  if (filter.method !== void 0 && request.method !== filter.method.toUpperCase()) return false;
  if (filter.route !== void 0 && request.route !== filter.route) return false;
  if (filter.status !== void 0 && request.status !== filter.status) return false;
  const path = filter.path;
  if (path instanceof RegExp) return path.test(request.path);
  if (typeof path === "string") {
    return path.endsWith("*") ? request.path.startsWith(path.slice(0, -1)) : request.path === path;
  }
  return true;
}
var AsanaRequestLog = class {
  constructor(capacity = 1e5) {
    this.capacity = capacity;
  }
  capacity;
  entries = [];
  seq = 0;
  byStatus = /* @__PURE__ */ new Map();
  byRoute = /* @__PURE__ */ new Map();
  /** @internal Starts a record; the server fills in status and duration when it finishes. */
  begin(record) {
    this.seq += 1;
    const entry = { seq: this.seq, ...record };
    this.entries.push(entry);
    if (this.entries.length > this.capacity)
      this.entries = this.entries.slice(-Math.floor(this.capacity * 0.9));
    return entry;
  }
  /** @internal Records the outcome. */
  finish(entry, status, durationMs) {
    entry.durationMs = durationMs;
    if (status === void 0) return;
    entry.status = status;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const key = `${entry.target} ${entry.method} ${entry.route ?? entry.path}`;
    this.byRoute.set(key, (this.byRoute.get(key) ?? 0) + 1);
  }
  /** Retained requests, oldest first (optionally filtered). */
  all(filter = {}) {
    return this.entries.filter((entry) => matches(entry, filter));
  }
  /** Number of retained requests matching the filter. */
  count(filter = {}) {
    let total = 0;
    for (const entry of this.entries) if (matches(entry, filter)) total += 1;
    return total;
  }
  /** The most recent matching request. */
  last(filter = {}) {
    for (let i = this.entries.length - 1; i >= 0; i -= 1) {
      const entry = this.entries[i];
      if (entry !== void 0 && matches(entry, filter)) return entry;
    }
    return void 0;
  }
  /** Finished requests per status, since start (or the last clear). */
  countByStatus() {
    return Object.fromEntries(this.byStatus);
  }
  /** Finished requests per `"<target> <METHOD> <route or path>"`, since start (or the last clear). */
  countByRoute() {
    return Object.fromEntries(this.byRoute);
  }
  /** Total requests received since start (or the last clear). */
  get total() {
    return this.seq;
  }
  /** Forgets everything. */
  clear() {
    this.entries = [];
    this.seq = 0;
    this.byStatus.clear();
    this.byRoute.clear();
  }
};
function queryRecord(query) {
  const out = {};
  for (const [key, value] of query) {
    const list = out[key];
    if (list === void 0) out[key] = [value];
    else list.push(value);
  }
  return out;
}

// src/asana/api-host.ts
var API_PREFIX = "/api/1.0";
var NO_ROUTE = "No matching route for request";
function targetOf(pathname) {
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return "api";
  if (pathname.startsWith("/-/oauth_")) return "oauth";
  return "app";
}
function pretty(query) {
  const value = query.get("opt_pretty");
  return value !== null && value !== "false";
}
function sleep(ms) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
async function serveApp(req, res, url) {
  const forbidden = url.pathname === "/app/asana/-/get_asset";
  const page = Buffer.from(
    forbidden ? "<html><body><h1>Forbidden</h1><p>Sign in to Asana in a browser to open this file.</p></body></html>" : "<html><body><h1>Not found</h1></body></html>"
  );
  await sendBody(
    req,
    res,
    forbidden ? 403 : 404,
    { "content-type": "text/html; charset=utf-8", "content-length": page.length },
    [page]
  );
}
async function serveApi(req, res, url, apiPath, deps, bodyFault, delayMs, onRoute) {
  const method = req.method ?? "GET";
  const query = url.searchParams;
  const isPretty = pretty(query);
  const token = bearerToken(req.headers.authorization);
  const verdict = token === void 0 ? "invalid" : deps.tokens.authenticate(token, deps.now());
  if (token === void 0 || verdict !== "ok") {
    await sendJson(req, res, 401, { errors: [{ message: "Not Authorized" }] }, { pretty: isPretty });
    return;
  }
  const match = matchAsanaRoute(method, apiPath);
  if (match !== void 0) onRoute(match.route.template);
  const admission = deps.limiter.admit(token, deps.now(), { method, search: match?.route.search === true });
  if (!admission.ok) {
    await sendJson(req, res, 429, asanaErrorBody(RATE_LIMIT_MESSAGE), {
      pretty: isPretty,
      headers: { "retry-after": String(admission.retryAfterSeconds) }
    });
    return;
  }
  res.once("close", admission.release);
  await sleep(delayMs + deps.latencyMs());
  if (res.destroyed) return;
  if (match === void 0) {
    await sendJson(req, res, 404, asanaErrorBody(NO_ROUTE), { pretty: isPretty });
    return;
  }
  const now = deps.now();
  const records = {
    data: deps.data,
    appOrigin: deps.origin,
    downloadOrigin: deps.downloadOrigin,
    now,
    signDownloadUrl: deps.signDownloadUrl
  };
  const ctx = {
    data: deps.data,
    apiPath,
    params: match.params,
    query,
    fields: parseOptFields(query),
    records,
    list: {
      apiPath,
      query,
      baseUrl: `${deps.origin}${API_PREFIX}`,
      now,
      offsets: deps.offsets,
      maxUnpaginated: deps.settings.maxUnpaginated
    },
    settings: deps.settings
  };
  let status = 200;
  let body;
  let headers = {};
  try {
    body = match.route.handler(ctx);
  } catch (error) {
    if (!(error instanceof AsanaHttpError)) throw error;
    status = error.status;
    body = error.responseBody;
    headers = error.headers;
  }
  await sendJson(req, res, status, body, { pretty: isPretty, headers, fault: bodyFault });
}
function createApiHandler(deps) {
  let incidents = 0;
  return (req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? "/", deps.origin);
    const method = req.method ?? "GET";
    const target = targetOf(url.pathname);
    const path = target === "api" ? url.pathname.slice(API_PREFIX.length) || "/" : url.pathname;
    const entry = deps.log.begin({
      at: deps.now(),
      target,
      method,
      path,
      query: queryRecord(url.searchParams),
      headers: req.headers
    });
    res.once("close", () => {
      deps.log.finish(entry, res.headersSent ? res.statusCode : void 0, performance.now() - started);
    });
    const run = async () => {
      const body = target === "oauth" && method === "POST" ? await readBody(req) : void 0;
      if (body !== void 0) entry.body = body;
      const fault = deps.faults.take(target, method, path);
      let bodyFault;
      let delayMs = 0;
      if (fault !== void 0) {
        entry.fault = fault.kind;
        switch (fault.kind) {
          case "status": {
            incidents += 1;
            const canned = statusFaultResponse(fault, incidents);
            await sendBody(req, res, canned.status, canned.headers, [canned.body]);
            return;
          }
          case "delay":
            delayMs = fault.ms;
            break;
          case "reset":
          case "stall":
            if (fault.afterBytes === void 0) {
              if (fault.kind === "reset") req.socket.destroy();
              return;
            }
            bodyFault = { kind: fault.kind, afterBytes: fault.afterBytes };
            break;
        }
      }
      if (target === "oauth") {
        await sleep(delayMs);
        const oauth = { data: deps.data, tokens: deps.tokens, now: deps.now };
        if (url.pathname === "/-/oauth_token") await handleTokenRequest(req, res, body ?? "", oauth);
        else if (url.pathname === "/-/oauth_revoke") await handleRevokeRequest(req, res, body ?? "", oauth);
        else if (url.pathname === "/-/oauth_authorize") await handleAuthorizeRequest(req, res, url, oauth);
        else await serveApp(req, res, url);
        return;
      }
      if (target === "app") {
        await sleep(delayMs);
        await serveApp(req, res, url);
        return;
      }
      await serveApi(req, res, url, path, deps, bodyFault, delayMs, (template) => {
        entry.route = template;
      });
    };
    run().catch((error) => {
      entry.error = error instanceof Error ? error.stack ?? error.message : String(error);
      incidents += 1;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      void sendJson(req, res, 500, {
        errors: [{ message: "Server Error", phrase: incidentPhrase(incidents) }]
      });
    });
  };
}

// src/asana/asana-dataset.ts
import { ValidationError } from "@conduit/protocol";

// src/asana/task-text.ts
function generatedTaskName(seed, index) {
  const verb = pickAt(TASK_VERBS, seed, index, 1);
  const object = pickAt(TASK_OBJECTS, seed, index, 2);
  if (uniformAt(seed, index, 3) < 0.35) return `${verb} ${object} ${pickAt(TASK_QUALIFIERS, seed, index, 4)}`;
  return `${verb} ${object}`;
}
function generatedTaskNotes(seed, index) {
  if (uniformAt(seed, index, 5) < 0.2) return "";
  const sentences = 1 + Math.floor(uniformAt(seed, index, 6) * 3);
  const parts = [
    `${pickAt(NOTE_OPENERS, seed, index, 7)} ${pickAt(NOTE_SENTENCES, seed, index, 8)}.`
  ];
  for (let s = 1; s < sentences; s += 1) {
    const sentence = pickAt(NOTE_SENTENCES, seed, index, 8 + s);
    parts.push(`${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`);
  }
  return parts.join(" ");
}

// src/asana/asana-dataset.ts
function invalid(field, message) {
  return new ValidationError(`${field}: ${message}`, {
    details: [{ field, message, error_code: "invalid_param" }]
  });
}
function requireDay(field, value) {
  if (value === null || value === void 0) return NO_DAY;
  const day = parseDay(value);
  if (day === void 0) throw invalid(field, `not a YYYY-MM-DD date: ${value}`);
  return day;
}
function removeFrom(list, value) {
  if (list === void 0) return;
  const at = list.indexOf(value);
  if (at >= 0) list.splice(at, 1);
}
var AsanaDataset = class {
  /**
   * @param seed - drives every derived value (names, notes), so the same seed yields the same data.
   * @param firstGid - the first gid handed out; gids are sequential 16-digit numbers from there.
   */
  constructor(seed, firstGid) {
    this.seed = seed;
    this.nextGid = firstGid;
  }
  seed;
  workspaces = [];
  users = [];
  teams = [];
  projects = [];
  sections = [];
  tags = [];
  attachments = [];
  /** The project built by the `largeProject` option, if any. */
  largeProject;
  /** Where mutation helpers read "now"; the simulator points it at its own clock. */
  clock = { now: () => Date.now() };
  /** @internal Columnar task storage. */
  taskTable = new TaskTable();
  /** @internal Task rows per section, in the section's order. */
  sectionTasks = [];
  /** @internal Task rows per tag. */
  tagTasks = [];
  /** @internal Subtask rows per parent row. */
  children = /* @__PURE__ */ new Map();
  /** @internal Rows a task depends on, and rows that depend on it. */
  dependencies = /* @__PURE__ */ new Map();
  dependents = /* @__PURE__ */ new Map();
  /** @internal Tag rows per task row. */
  taskTags = /* @__PURE__ */ new Map();
  /** @internal Memberships beyond the home project (multi-homed tasks). */
  extraMemberships = /* @__PURE__ */ new Map();
  /** @internal Explicit names and notes; everything else is derived from the row index. */
  taskNames = /* @__PURE__ */ new Map();
  taskNotes = /* @__PURE__ */ new Map();
  /** @internal `external` values set by an integration. */
  taskExternal = /* @__PURE__ */ new Map();
  /** @internal Attachment rows per parent gid. */
  attachmentsByParent = /* @__PURE__ */ new Map();
  workspaceIndex = /* @__PURE__ */ new Map();
  userIndex = /* @__PURE__ */ new Map();
  userByEmail = /* @__PURE__ */ new Map();
  teamIndex = /* @__PURE__ */ new Map();
  projectIndex = /* @__PURE__ */ new Map();
  sectionIndex = /* @__PURE__ */ new Map();
  tagIndex = /* @__PURE__ */ new Map();
  attachmentIndex = /* @__PURE__ */ new Map();
  meIndex = 0;
  nextGid;
  /** The user every simulator credential acts as (`/users/me`). */
  get me() {
    const me = this.users[this.meIndex];
    if (me === void 0) throw invalid("users", "the dataset has no users");
    return me;
  }
  /** Number of task rows, deleted ones included. */
  get taskCount() {
    return this.taskTable.count;
  }
  /** @internal Hands out the next gid. */
  allocateGid() {
    const gid = String(this.nextGid);
    this.nextGid += 1;
    return gid;
  }
  /** @internal Peeks at the gid {@link allocateGid} would return, for columnar inserts. */
  allocateGidNumber() {
    const gid = this.nextGid;
    this.nextGid += 1;
    return gid;
  }
  // ---- building (used by the generator) -------------------------------------------------------
  /** @internal */
  insertWorkspace(row) {
    this.workspaceIndex.set(row.gid, this.workspaces.length);
    return this.workspaces.push(row) - 1;
  }
  /** @internal `isMe` marks the account owner. */
  insertUser(row, isMe = false) {
    const index = this.users.push(row) - 1;
    this.userIndex.set(row.gid, index);
    this.userByEmail.set(row.email.toLowerCase(), index);
    if (isMe) this.meIndex = index;
    return index;
  }
  /** @internal */
  insertTeam(row) {
    this.teamIndex.set(row.gid, this.teams.length);
    return this.teams.push(row) - 1;
  }
  /** @internal */
  insertProject(row) {
    this.projectIndex.set(row.gid, this.projects.length);
    return this.projects.push(row) - 1;
  }
  /** @internal Also appends the section to its project. */
  insertSection(row) {
    const index = this.sections.push(row) - 1;
    this.sectionIndex.set(row.gid, index);
    this.sectionTasks.push([]);
    this.requireProject(row.projectGid).sectionGids.push(row.gid);
    return index;
  }
  /** @internal */
  insertTag(row) {
    const index = this.tags.push(row) - 1;
    this.tagIndex.set(row.gid, index);
    this.tagTasks.push([]);
    return index;
  }
  /** @internal */
  insertAttachment(row) {
    const index = this.attachments.push(row) - 1;
    this.attachmentIndex.set(row.gid, index);
    const siblings = this.attachmentsByParent.get(row.parentGid);
    if (siblings === void 0) this.attachmentsByParent.set(row.parentGid, [index]);
    else siblings.push(index);
    return index;
  }
  /** @internal Links a task row into its section, parent and tags. */
  linkTask(index, tagRows) {
    const table = this.taskTable;
    const section = table.section[index] ?? NO_ROW;
    if (section !== NO_ROW) this.sectionTasks[section]?.push(index);
    const parent = table.parent[index] ?? NO_ROW;
    if (parent !== NO_ROW) {
      const siblings = this.children.get(parent);
      if (siblings === void 0) this.children.set(parent, [index]);
      else siblings.push(index);
    }
    if (tagRows.length > 0) {
      this.taskTags.set(index, [...tagRows]);
      for (const tag of tagRows) this.tagTasks[tag]?.push(index);
    }
  }
  /** @internal Adds a second (third, …) project membership. */
  addMembership(index, membership) {
    const list = this.extraMemberships.get(index);
    if (list === void 0) this.extraMemberships.set(index, [membership]);
    else list.push(membership);
    this.sectionTasks[membership.section]?.push(index);
  }
  /** @internal Records that `task` depends on `blocker`. */
  addDependency(task, blocker) {
    const deps = this.dependencies.get(task);
    if (deps === void 0) this.dependencies.set(task, [blocker]);
    else if (!deps.includes(blocker)) deps.push(blocker);
    else return;
    const back = this.dependents.get(blocker);
    if (back === void 0) this.dependents.set(blocker, [task]);
    else back.push(task);
  }
  // ---- lookups ---------------------------------------------------------------------------------
  /** Row index lookups; -1 when unknown. */
  workspaceRow(gid) {
    return this.workspaceIndex.get(gid) ?? NO_ROW;
  }
  userRow(gidOrEmail) {
    return this.userIndex.get(gidOrEmail) ?? this.userByEmail.get(gidOrEmail.toLowerCase()) ?? NO_ROW;
  }
  teamRow(gid) {
    return this.teamIndex.get(gid) ?? NO_ROW;
  }
  projectRow(gid) {
    return this.projectIndex.get(gid) ?? NO_ROW;
  }
  sectionRow(gid) {
    return this.sectionIndex.get(gid) ?? NO_ROW;
  }
  tagRow(gid) {
    return this.tagIndex.get(gid) ?? NO_ROW;
  }
  attachmentRow(gid) {
    return this.attachmentIndex.get(gid) ?? NO_ROW;
  }
  /** Row of a live (not deleted) task, or -1. */
  taskRow(gid) {
    const index = this.taskTable.indexOf(gid);
    return index === NO_ROW || this.taskTable.isDeleted(index) ? NO_ROW : index;
  }
  /** The workspace with this gid, if any. */
  workspace(gid) {
    return this.workspaces[this.workspaceRow(gid)];
  }
  /** The user with this gid or email, if any. */
  user(gidOrEmail) {
    return this.users[this.userRow(gidOrEmail)];
  }
  /** The team with this gid, if any. */
  team(gid) {
    return this.teams[this.teamRow(gid)];
  }
  /** The project with this gid, if any. */
  project(gid) {
    return this.projects[this.projectRow(gid)];
  }
  /** The section with this gid, if any. */
  section(gid) {
    return this.sections[this.sectionRow(gid)];
  }
  /** The tag with this gid, if any. */
  tag(gid) {
    return this.tags[this.tagRow(gid)];
  }
  /** The attachment with this gid, if any. */
  attachment(gid) {
    return this.attachments[this.attachmentRow(gid)];
  }
  /** Name of a task row (explicit, or derived from the seed). */
  taskName(index) {
    return this.taskNames.get(index) ?? generatedTaskName(this.seed, index);
  }
  /** Notes of a task row (explicit, or derived from the seed). */
  taskNotesOf(index) {
    return this.taskNotes.get(index) ?? generatedTaskNotes(this.seed, index);
  }
  /** Every project membership of a task row, home project first. */
  membershipsOf(index) {
    const project = this.taskTable.project[index] ?? NO_ROW;
    const home = project === NO_ROW ? [] : [{ project, section: this.taskTable.section[index] ?? NO_ROW }];
    return [...home, ...this.extraMemberships.get(index) ?? []];
  }
  /** Live subtask rows of a task row, in order. */
  liveChildren(index) {
    return (this.children.get(index) ?? []).filter((child) => !this.taskTable.isDeleted(child));
  }
  /** Live rows in a relation list (dependencies, dependents, tag lists…). */
  live(rows) {
    return (rows ?? []).filter((row) => !this.taskTable.isDeleted(row));
  }
  /** A snapshot of one live task, or undefined. */
  task(gid) {
    const index = this.taskTable.indexOf(gid);
    return index === NO_ROW ? void 0 : this.snapshot(index);
  }
  /** @internal Snapshot of a task row (deleted ones included). */
  snapshot(index) {
    const t = this.taskTable;
    const ref = (rows, row) => row === NO_ROW ? null : rows[row]?.gid ?? null;
    const day = (value) => value === NO_DAY ? null : formatDayNumber(value);
    const time = (value) => Number.isNaN(value) ? null : value;
    const memberships = this.membershipsOf(index);
    return {
      gid: t.gidOf(index),
      name: this.taskName(index),
      notes: this.taskNotesOf(index),
      resourceSubtype: TASK_SUBTYPES[t.subtype[index] ?? 0] ?? "default_task",
      completed: t.isCompleted(index),
      completedAt: time(t.completedAt[index] ?? Number.NaN),
      createdAt: t.createdAt[index] ?? 0,
      modifiedAt: t.modifiedAt[index] ?? 0,
      dueOn: day(t.dueOn[index] ?? NO_DAY),
      dueAt: time(t.dueAt[index] ?? Number.NaN),
      startOn: day(t.startOn[index] ?? NO_DAY),
      assigneeGid: ref(this.users, t.assignee[index] ?? NO_ROW),
      createdByGid: ref(this.users, t.createdBy[index] ?? NO_ROW) ?? "",
      parentGid: (t.parent[index] ?? NO_ROW) === NO_ROW ? null : t.gidOf(t.parent[index] ?? 0),
      workspaceGid: this.workspaces[t.workspace[index] ?? 0]?.gid ?? "",
      projectGids: memberships.map((m) => this.projects[m.project]?.gid ?? ""),
      sectionGids: memberships.map((m) => this.sections[m.section]?.gid ?? ""),
      tagGids: (this.taskTags.get(index) ?? []).map((tag) => this.tags[tag]?.gid ?? ""),
      numSubtasks: this.liveChildren(index).length,
      deleted: t.isDeleted(index)
    };
  }
  /** @internal Task rows of a project in its order: section by section. */
  projectTaskRows(project) {
    const out = [];
    for (const sectionGid of this.projects[project]?.sectionGids ?? []) {
      for (const row of this.sectionTasks[this.sectionRow(sectionGid)] ?? []) out.push(row);
    }
    return out;
  }
  /**
   * Gids of live tasks matching every given filter, in list order (project order for a project,
   * creation order otherwise). Meant for picking test subjects, not for huge scans.
   *
   * @example
   * ```ts
   * const open = sim.data.taskGids({ projectGid, completed: false });
   * ```
   */
  taskGids(filter = {}) {
    const t = this.taskTable;
    let rows;
    if (filter.sectionGid !== void 0)
      rows = this.sectionTasks[this.requireSection(filter.sectionGid)] ?? [];
    else if (filter.projectGid !== void 0)
      rows = this.projectTaskRows(this.requireProjectRow(filter.projectGid));
    else if (filter.parentGid !== void 0)
      rows = this.children.get(this.requireTask(filter.parentGid)) ?? [];
    else if (filter.tagGid !== void 0) rows = this.tagTasks[this.requireTag(filter.tagGid)] ?? [];
    else rows = Array.from({ length: t.count }, (_, i) => i);
    const workspace = filter.workspaceGid === void 0 ? void 0 : this.workspaceRow(filter.workspaceGid);
    const assignee = filter.assigneeGid === void 0 ? void 0 : this.userRow(filter.assigneeGid);
    const out = [];
    for (const row of rows) {
      if (filter.includeDeleted !== true && t.isDeleted(row)) continue;
      if (workspace !== void 0 && t.workspace[row] !== workspace) continue;
      if (assignee !== void 0 && t.assignee[row] !== assignee) continue;
      if (filter.completed !== void 0 && t.isCompleted(row) !== filter.completed) continue;
      out.push(t.gidOf(row));
    }
    return out;
  }
  /**
   * Gids of a task's live subtasks.
   *
   * @example
   * ```ts
   * const subtasks = sim.data.subtaskGids(parentGid);
   * ```
   */
  subtaskGids(gid) {
    return this.liveChildren(this.requireTask(gid)).map((row) => this.taskTable.gidOf(row));
  }
  /**
   * Gids of the live tasks a task depends on.
   *
   * @example
   * ```ts
   * const blockers = sim.data.dependencyGids(taskGid);
   * ```
   */
  dependencyGids(gid) {
    return this.live(this.dependencies.get(this.requireTask(gid))).map((row) => this.taskTable.gidOf(row));
  }
  /**
   * Gids of the live tasks that depend on a task.
   *
   * @example
   * ```ts
   * const blocked = sim.data.dependentGids(taskGid);
   * ```
   */
  dependentGids(gid) {
    return this.live(this.dependents.get(this.requireTask(gid))).map((row) => this.taskTable.gidOf(row));
  }
  /**
   * Attachments of a task or project.
   *
   * @example
   * ```ts
   * const files = sim.data.attachmentsOf(taskGid);
   * ```
   */
  attachmentsOf(parentGid) {
    return (this.attachmentsByParent.get(parentGid) ?? []).flatMap((row) => this.attachments[row] ?? []);
  }
  // ---- mutations -------------------------------------------------------------------------------
  /**
   * Marks a workspace premium (task search and dependencies work) or not (they answer 402).
   *
   * @example
   * ```ts
   * sim.data.setPremium(workspaceGid, false);
   * ```
   */
  setPremium(workspaceGid, premium) {
    const workspace = this.workspace(workspaceGid);
    if (workspace === void 0) throw invalid("workspaceGid", `unknown workspace ${workspaceGid}`);
    workspace.premium = premium;
  }
  /**
   * Creates a task, appended to the end of its section (or parent's subtasks), and returns it.
   *
   * @example
   * ```ts
   * const created = sim.data.addTask({ projectGid, name: 'Order banners' });
   * ```
   */
  addTask(input) {
    const now = input.createdAt ?? this.clock.now();
    let project = NO_ROW;
    let section = NO_ROW;
    let parent = NO_ROW;
    let workspace;
    if (input.parentGid !== void 0) {
      parent = this.requireTask(input.parentGid);
      workspace = this.taskTable.workspace[parent] ?? 0;
    } else if (input.sectionGid !== void 0 || input.projectGid !== void 0) {
      if (input.sectionGid !== void 0) {
        section = this.requireSection(input.sectionGid);
        project = this.requireProjectRow(this.sections[section]?.projectGid ?? "");
        if (input.projectGid !== void 0 && this.projectRow(input.projectGid) !== project) {
          throw invalid("sectionGid", `section ${input.sectionGid} is not in project ${input.projectGid}`);
        }
      } else {
        project = this.requireProjectRow(input.projectGid ?? "");
        const first = this.projects[project]?.sectionGids[0];
        if (first === void 0) throw invalid("projectGid", `project ${input.projectGid} has no section`);
        section = this.sectionRow(first);
      }
      workspace = this.workspaceRow(this.projects[project]?.workspaceGid ?? "");
    } else if (input.workspaceGid !== void 0) {
      workspace = this.workspaceRow(input.workspaceGid);
      if (workspace === NO_ROW) throw invalid("workspaceGid", `unknown workspace ${input.workspaceGid}`);
    } else {
      throw invalid("addTask", "give parentGid, sectionGid, projectGid or workspaceGid");
    }
    const assignee = input.assigneeGid === void 0 || input.assigneeGid === null ? NO_ROW : this.requireUser(input.assigneeGid);
    const tags = (input.tagGids ?? []).map((gid) => this.requireTag(gid));
    const completed = input.completed === true;
    const index = this.taskTable.append({
      gid: this.allocateGidNumber(),
      workspace,
      project,
      section,
      parent,
      assignee,
      createdBy: this.meIndex,
      createdAt: now,
      modifiedAt: now,
      completedAt: completed ? now : Number.NaN,
      dueOn: requireDay("dueOn", input.dueOn),
      dueAt: Number.NaN,
      startOn: requireDay("startOn", input.startOn),
      subtype: Math.max(0, TASK_SUBTYPES.indexOf(input.resourceSubtype ?? "default_task")),
      approval: 0,
      assigneeStatus: assignee === NO_ROW ? 0 : 2,
      flags: completed ? TaskFlag.completed : 0,
      numLikes: 0
    });
    this.taskNames.set(index, input.name);
    this.taskNotes.set(index, input.notes ?? "");
    this.linkTask(index, tags);
    if (parent !== NO_ROW) this.taskTable.modifiedAt[parent] = now;
    return this.snapshot(index);
  }
  /**
   * Changes a task and bumps its `modified_at`.
   *
   * @example
   * ```ts
   * sim.data.updateTask(gid, { name: 'New name', completed: true });
   * ```
   */
  updateTask(gid, patch) {
    const index = this.requireTask(gid);
    const t = this.taskTable;
    const now = patch.modifiedAt ?? this.clock.now();
    if (patch.name !== void 0) this.taskNames.set(index, patch.name);
    if (patch.notes !== void 0) this.taskNotes.set(index, patch.notes);
    if (patch.completed !== void 0 && patch.completed !== t.isCompleted(index)) {
      t.setFlag(index, TaskFlag.completed, patch.completed);
      t.completedAt[index] = patch.completed ? now : Number.NaN;
    }
    if (patch.assigneeGid !== void 0) {
      t.assignee[index] = patch.assigneeGid === null ? NO_ROW : this.requireUser(patch.assigneeGid);
    }
    if (patch.dueOn !== void 0) {
      t.dueOn[index] = requireDay("dueOn", patch.dueOn);
      t.dueAt[index] = Number.NaN;
    }
    if (patch.startOn !== void 0) t.startOn[index] = requireDay("startOn", patch.startOn);
    if (patch.resourceSubtype !== void 0) t.subtype[index] = TASK_SUBTYPES.indexOf(patch.resourceSubtype);
    if (patch.sectionGid !== void 0) this.moveToSection(index, patch.sectionGid);
    if (patch.tagGids !== void 0) {
      const tags = patch.tagGids.map((tagGid) => this.requireTag(tagGid));
      for (const old of this.taskTags.get(index) ?? []) removeFrom(this.tagTasks[old], index);
      this.taskTags.delete(index);
      if (tags.length > 0) this.taskTags.set(index, tags);
      for (const tag of tags) this.tagTasks[tag]?.push(index);
    }
    t.modifiedAt[index] = Math.max(now, t.createdAt[index] ?? now);
    return this.snapshot(index);
  }
  /**
   * Deletes a task and its subtasks (they 404 from then on and leave every list). Returns the
   * number of tasks deleted.
   *
   * @example
   * ```ts
   * sim.data.deleteTask(gid);
   * ```
   */
  deleteTask(gid) {
    const root = this.requireTask(gid);
    const stack = [root];
    let deleted = 0;
    while (stack.length > 0) {
      const row = stack.pop() ?? root;
      if (this.taskTable.isDeleted(row)) continue;
      this.taskTable.setFlag(row, TaskFlag.deleted, true);
      deleted += 1;
      stack.push(...this.children.get(row) ?? []);
    }
    const parent = this.taskTable.parent[root] ?? NO_ROW;
    if (parent !== NO_ROW) this.taskTable.modifiedAt[parent] = this.clock.now();
    return deleted;
  }
  /**
   * Attaches a file of `size` bytes (served from the download host, generated on the fly) to a
   * task or project.
   *
   * @example
   * ```ts
   * const file = sim.data.addAttachment({ parentGid: taskGid, name: 'video.mp4', size: 50_000_000 });
   * ```
   */
  addAttachment(input) {
    const size = input.size ?? 1024;
    if (!Number.isSafeInteger(size) || size < 0) throw invalid("size", `not a byte count: ${size}`);
    let parentType;
    let workspaceGid;
    const taskIndex = this.taskRow(input.parentGid);
    if (taskIndex !== NO_ROW) {
      parentType = "task";
      workspaceGid = this.workspaces[this.taskTable.workspace[taskIndex] ?? 0]?.gid ?? "";
    } else {
      const project = this.project(input.parentGid);
      if (project === void 0) throw invalid("parentGid", `no task or project ${input.parentGid}`);
      parentType = "project";
      workspaceGid = project.workspaceGid;
    }
    const row = {
      gid: this.allocateGid(),
      parentGid: input.parentGid,
      parentType,
      workspaceGid,
      name: input.name ?? "attachment.bin",
      host: input.host ?? "asana",
      createdAt: input.createdAt ?? this.clock.now(),
      size
    };
    this.insertAttachment(row);
    return row;
  }
  moveToSection(index, sectionGid) {
    const t = this.taskTable;
    const target = this.requireSection(sectionGid);
    const home = t.project[index] ?? NO_ROW;
    const targetProject = this.projectRow(this.sections[target]?.projectGid ?? "");
    if (home === NO_ROW || targetProject !== home) {
      throw invalid("sectionGid", `section ${sectionGid} is not in the task's home project`);
    }
    const current = t.section[index] ?? NO_ROW;
    if (current === target) return;
    removeFrom(this.sectionTasks[current], index);
    t.section[index] = target;
    this.sectionTasks[target]?.push(index);
  }
  requireTask(gid) {
    const index = this.taskRow(gid);
    if (index === NO_ROW) throw invalid("taskGid", `no live task ${gid}`);
    return index;
  }
  requireUser(gid) {
    const index = this.userRow(gid);
    if (index === NO_ROW) throw invalid("assigneeGid", `no user ${gid}`);
    return index;
  }
  requireProjectRow(gid) {
    const index = this.projectRow(gid);
    if (index === NO_ROW) throw invalid("projectGid", `no project ${gid}`);
    return index;
  }
  requireProject(gid) {
    return this.projects[this.requireProjectRow(gid)];
  }
  requireSection(gid) {
    const index = this.sectionRow(gid);
    if (index === NO_ROW) throw invalid("sectionGid", `no section ${gid}`);
    return index;
  }
  requireTag(gid) {
    const index = this.tagRow(gid);
    if (index === NO_ROW) throw invalid("tagGids", `no tag ${gid}`);
    return index;
  }
};

// src/asana/download-host.ts
import { crc32, deflateSync } from "zlib";

// src/asana/attachment-content.ts
var BLOCK = 64 * 1024;
var TEXT_ALPHABET = Buffer.from("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789,.\n");
var CONTENT_TYPES = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  json: "application/json",
  mp4: "video/mp4",
  zip: "application/zip",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation"
};
function contentTypeForName(name) {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}
function isText(name) {
  return contentTypeForName(name).startsWith("text/");
}
function fillBlock(key, block, out, text) {
  let state = mix32(key ^ Math.imul(block + 1, 2654435761)) || 19088743;
  const words2 = new Uint32Array(out.buffer, out.byteOffset, out.length >>> 2);
  for (let i = 0; i < words2.length; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    words2[i] = state >>> 0;
  }
  if (!text) return;
  for (let i = 0; i < out.length; i += 1) out[i] = TEXT_ALPHABET[(out[i] ?? 0) % TEXT_ALPHABET.length] ?? 32;
}
function* attachmentContentChunks(gid, name, start, end) {
  const key = hashParts("attachment-content", gid);
  const text = isText(name);
  for (let block = Math.floor(start / BLOCK); block * BLOCK < end; block += 1) {
    const buffer = Buffer.allocUnsafe(BLOCK);
    fillBlock(key, block, buffer, text);
    const from = Math.max(start, block * BLOCK) - block * BLOCK;
    const to = Math.min(end, (block + 1) * BLOCK) - block * BLOCK;
    yield from === 0 && to === BLOCK ? buffer : buffer.subarray(from, to);
  }
}

// src/asana/download-host.ts
var S3_CODES = {
  400: "InvalidRequest",
  403: "AccessDenied",
  404: "NoSuchKey",
  405: "MethodNotAllowed",
  416: "InvalidRange",
  500: "InternalError",
  503: "SlowDown"
};
function xmlEscape(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
async function sendXmlError(req, res, status, code, message, headers = {}) {
  const body = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><RequestId>${hashParts(
      req.url ?? "",
      Date.now()
    ).toString(16)}</RequestId></Error>`
  );
  await sendBody(
    req,
    res,
    status,
    { "content-type": "application/xml", "content-length": body.length, ...headers },
    [body]
  );
}
function parseByteRange(header, size) {
  if (header === void 0) return void 0;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return void 0;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return void 0;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return void 0;
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Number(last);
  return { start, end: Math.min(end, size - 1) };
}
function contentDisposition(name) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replaceAll('"', "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
async function serveFile(req, res, attachment, fault) {
  const size = attachment.size;
  const common = {
    "accept-ranges": "bytes",
    "content-type": contentTypeForName(attachment.name),
    "content-disposition": contentDisposition(attachment.name),
    etag: `"${hashParts("etag", attachment.gid, size).toString(16)}"`,
    "last-modified": new Date(attachment.createdAt).toUTCString()
  };
  const range = parseByteRange(req.headers.range, size);
  if (range === "unsatisfiable") {
    await sendXmlError(req, res, 416, "InvalidRange", "The requested range is not satisfiable", {
      "content-range": `bytes */${size}`
    });
    return;
  }
  if (range === void 0) {
    await sendBody(
      req,
      res,
      200,
      { ...common, "content-length": size },
      attachmentContentChunks(attachment.gid, attachment.name, 0, size),
      fault
    );
    return;
  }
  await sendBody(
    req,
    res,
    206,
    {
      ...common,
      "content-length": range.end - range.start + 1,
      "content-range": `bytes ${range.start}-${range.end}/${size}`
    },
    attachmentContentChunks(attachment.gid, attachment.name, range.start, range.end + 1),
    fault
  );
}
function profilePhoto(userGid) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const colour = hashParts("photo", userGid);
  const pixel = Buffer.from([0, colour & 255, colour >>> 8 & 255, colour >>> 16 & 255]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixel)),
    chunk("IEND", Buffer.alloc(0))
  ]);
}
async function route(req, res, url, deps, fault) {
  const method = req.method ?? "GET";
  if (method !== "GET" && method !== "HEAD") {
    await sendXmlError(
      req,
      res,
      405,
      "MethodNotAllowed",
      "The specified method is not allowed against this resource."
    );
    return;
  }
  if (req.headers.authorization !== void 0) {
    await sendXmlError(
      req,
      res,
      400,
      "InvalidArgument",
      "Only one authentication mechanism is allowed: the presigned query string or an Authorization header, not both."
    );
    return;
  }
  const path = url.pathname;
  if (path.startsWith("/assets/")) {
    const verdict = deps.signer.verify(url, deps.now());
    if (!verdict.ok) {
      await sendXmlError(
        req,
        res,
        verdict.rejection.status,
        verdict.rejection.code,
        verdict.rejection.message
      );
      return;
    }
    const attachment = deps.data.attachment(verdict.attachmentGid);
    if (attachment === void 0) {
      await sendXmlError(req, res, 404, "NoSuchKey", "The specified key does not exist.");
      return;
    }
    await serveFile(req, res, attachment, fault);
    return;
  }
  const provider = /^\/providers\/([a-z]+)\/(\d+)\/(.+)$/.exec(path);
  if (provider !== null) {
    const attachment = deps.data.attachment(provider[2] ?? "");
    if (attachment === void 0 || attachment.host !== provider[1]) {
      await sendXmlError(req, res, 404, "NoSuchKey", "The specified key does not exist.");
      return;
    }
    if (provider[3] === "view") {
      const page = Buffer.from(
        `<!doctype html><html><head><title>${xmlEscape(attachment.name)}</title></head><body><h1>${xmlEscape(
          attachment.name
        )}</h1><p>Shared from ${attachment.host}.</p></body></html>`
      );
      await sendBody(
        req,
        res,
        200,
        { "content-type": "text/html; charset=utf-8", "content-length": page.length },
        [page]
      );
      return;
    }
    await serveFile(req, res, attachment, fault);
    return;
  }
  const photo = /^\/profile_photos\/(\d+)\/[0-9x]+\.png$/.exec(path);
  if (photo !== null && deps.data.user(photo[1] ?? "") !== void 0) {
    const image = profilePhoto(photo[1] ?? "");
    await sendBody(
      req,
      res,
      200,
      { "content-type": "image/png", "content-length": image.length },
      [image],
      fault
    );
    return;
  }
  await sendXmlError(req, res, 404, "NoSuchKey", "The specified key does not exist.");
}
function createDownloadHandler(deps) {
  return (req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? "/", deps.origin);
    const method = req.method ?? "GET";
    const entry = deps.log.begin({
      at: deps.now(),
      target: "download",
      method,
      path: url.pathname,
      query: queryRecord(url.searchParams),
      headers: req.headers
    });
    res.once("close", () => {
      deps.log.finish(entry, res.headersSent ? res.statusCode : void 0, performance.now() - started);
    });
    void (async () => {
      const fault = deps.faults.take("download", method, url.pathname);
      let bodyFault;
      if (fault !== void 0) {
        entry.fault = fault.kind;
        if (fault.kind === "status") {
          await sendXmlError(
            req,
            res,
            fault.status,
            S3_CODES[fault.status] ?? "ServiceError",
            fault.message ?? "Injected failure",
            {
              ...fault.retryAfterSeconds === void 0 ? {} : { "retry-after": String(Math.ceil(fault.retryAfterSeconds)) }
            }
          );
          return;
        }
        if (fault.kind === "delay") await new Promise((resolve) => setTimeout(resolve, fault.ms));
        if (fault.kind === "reset" && fault.afterBytes === void 0) {
          req.socket.destroy();
          return;
        }
        if (fault.kind === "stall" && fault.afterBytes === void 0) return;
        if (fault.kind === "reset" || fault.kind === "stall")
          bodyFault = { kind: fault.kind, afterBytes: fault.afterBytes ?? 0 };
      }
      await route(req, res, url, deps, bodyFault);
    })().catch((error) => {
      entry.error = error instanceof Error ? error.message : String(error);
      if (!res.headersSent)
        void sendXmlError(req, res, 500, "InternalError", "We encountered an internal error.");
      else res.destroy();
    });
  };
}

// src/asana/download-signer.ts
import { createHash as createHash2, createHmac as createHmac2, timingSafeEqual as timingSafeEqual2 } from "crypto";
var ALGORITHM = "AWS4-HMAC-SHA256";
function amzDate(ms) {
  return new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}
function parseAmzDate(text) {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (match === null) return void 0;
  const [, y, mo, d, h, mi, s] = match;
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(ms) ? void 0 : ms;
}
var DownloadSigner = class {
  constructor(secret, origin, ttlSeconds) {
    this.secret = secret;
    this.origin = origin;
    this.ttlSeconds = ttlSeconds;
  }
  secret;
  origin;
  ttlSeconds;
  sign(attachment, now) {
    const digest = createHash2("sha256").update(attachment.gid).digest("hex").slice(0, 32);
    const path = `/assets/${attachment.workspaceGid}/${attachment.gid}/${digest}`;
    const date = amzDate(now);
    const query = new URLSearchParams({
      "X-Amz-Algorithm": ALGORITHM,
      "X-Amz-Credential": `SIMULATOR/${date.slice(0, 8)}/us-east-1/s3/aws4_request`,
      "X-Amz-Date": date,
      "X-Amz-Expires": String(this.ttlSeconds),
      "X-Amz-SignedHeaders": "host"
    });
    query.set("X-Amz-Signature", this.signature(path, query));
    return `${this.origin}${path}?${query.toString()}`;
  }
  verify(url, now) {
    const parts = /^\/assets\/\d+\/(\d+)\/[0-9a-f]+$/.exec(url.pathname);
    const given = Buffer.from(url.searchParams.get("X-Amz-Signature") ?? "");
    const expected = Buffer.from(this.signature(url.pathname, url.searchParams));
    const signatureOk = parts !== null && given.length === expected.length && timingSafeEqual2(given, expected);
    if (!signatureOk || parts?.[1] === void 0) {
      return {
        ok: false,
        rejection: {
          status: 403,
          code: "SignatureDoesNotMatch",
          message: "The request signature we calculated does not match the signature you provided."
        }
      };
    }
    const signedAt = parseAmzDate(url.searchParams.get("X-Amz-Date") ?? "");
    const expires = Number(url.searchParams.get("X-Amz-Expires"));
    if (signedAt === void 0 || !Number.isFinite(expires) || now >= signedAt + expires * 1e3) {
      return { ok: false, rejection: { status: 403, code: "AccessDenied", message: "Request has expired" } };
    }
    return { ok: true, attachmentGid: parts[1] };
  }
  signature(path, query) {
    const fields = [
      "X-Amz-Algorithm",
      "X-Amz-Credential",
      "X-Amz-Date",
      "X-Amz-Expires",
      "X-Amz-SignedHeaders"
    ];
    const canonical = ["GET", path, ...fields.map((field) => `${field}=${query.get(field) ?? ""}`)].join(
      "\n"
    );
    return createHmac2("sha256", this.secret).update(canonical).digest("hex");
  }
};

// src/asana/fault-injector.ts
function pathMatches(pattern, path) {
  if (pattern === void 0) return true;
  if (pattern instanceof RegExp) return pattern.test(path);
  if (pattern.endsWith("*")) return path.startsWith(pattern.slice(0, -1));
  return path === pattern;
}
var AsanaFaultInjector = class {
  rules = [];
  /** Applies `fault` to the next `times` (default 1; `Infinity` for all) matching requests. */
  inject(fault, options = {}) {
    const { times = 1, ...match } = options;
    const rule = { fault, match, remaining: Math.max(0, times) };
    this.rules.push(rule);
    return {
      remaining: () => rule.remaining,
      cancel: () => {
        rule.remaining = 0;
        this.rules = this.rules.filter((other) => other !== rule);
      }
    };
  }
  /** Shorthand: the next `times` matching API requests answer `status`. */
  failNext(status, options = {}) {
    return this.inject({ kind: "status", status }, options);
  }
  /** Removes every pending fault. */
  clear() {
    this.rules = [];
  }
  /** Faults not yet used up. */
  pending() {
    return this.rules.reduce((sum, rule) => sum + rule.remaining, 0);
  }
  /** @internal Takes the fault for a request, if one applies, consuming one use. */
  take(target, method, path) {
    for (const rule of this.rules) {
      if (rule.remaining <= 0) continue;
      const wanted = rule.match.target ?? "api";
      if (wanted !== "any" && wanted !== target) continue;
      if (rule.match.method !== void 0 && rule.match.method.toUpperCase() !== method) continue;
      if (!pathMatches(rule.match.path, path)) continue;
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules = this.rules.filter((other) => other !== rule);
      return rule.fault;
    }
    return void 0;
  }
};

// src/asana/dataset-options.ts
import { ValidationError as ValidationError2 } from "@conduit/protocol";
var BASE = {
  seed: 1,
  workspaces: 1,
  teamsPerWorkspace: 2,
  usersPerWorkspace: 6,
  projectsPerTeam: 2,
  sectionsPerProject: 3,
  tasksPerProject: 12,
  subtaskRatio: 0.5,
  dependencyRatio: 0.2,
  attachmentsPerTask: 0.5,
  tagsPerWorkspace: 4,
  tagRatio: 0.3,
  completedRatio: 0.3,
  archivedProjectRatio: 0.25,
  multiHomeRatio: 0.05,
  largeProject: void 0,
  anchor: Date.parse("2025-06-01T00:00:00.000Z"),
  historyDays: 540,
  premium: true
};
var ASANA_DATASET_PRESETS = {
  tiny: {},
  sandbox: {},
  benchmark: {
    teamsPerWorkspace: 1,
    usersPerWorkspace: 20,
    projectsPerTeam: 1,
    tasksPerProject: 50,
    attachmentsPerTask: 0.2,
    largeProject: { tasks: 2e5, sections: 10 }
  }
};
var COUNT_FIELDS = [
  "workspaces",
  "teamsPerWorkspace",
  "usersPerWorkspace",
  "projectsPerTeam",
  "sectionsPerProject",
  "tasksPerProject",
  "tagsPerWorkspace",
  "historyDays"
];
var RATIO_FIELDS = [
  "dependencyRatio",
  "tagRatio",
  "completedRatio",
  "archivedProjectRatio",
  "multiHomeRatio"
];
function reject(field, message) {
  throw new ValidationError2(`${field}: ${message}`, {
    details: [{ field, message, error_code: "invalid_param" }]
  });
}
function resolveAsanaDatasetOptions(options = {}) {
  const preset = options.preset ?? "tiny";
  if (!(preset in ASANA_DATASET_PRESETS)) reject("preset", `unknown preset ${String(preset)}`);
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== void 0));
  const merged = { ...BASE, ...ASANA_DATASET_PRESETS[preset], ...defined, preset };
  const anchor = typeof merged.anchor === "string" ? Date.parse(merged.anchor) : merged.anchor;
  if (!Number.isFinite(anchor)) reject("anchor", `not a date-time: ${String(merged.anchor)}`);
  for (const field of COUNT_FIELDS) {
    const value = merged[field];
    if (!Number.isSafeInteger(value) || value < 0)
      reject(field, `must be a non-negative integer, got ${value}`);
  }
  if (merged.workspaces < 1) reject("workspaces", "must be at least 1");
  if (merged.usersPerWorkspace < 1) reject("usersPerWorkspace", "must be at least 1 (the account owner)");
  for (const field of RATIO_FIELDS) {
    const value = merged[field];
    if (!(value >= 0 && value <= 1)) reject(field, `must be between 0 and 1, got ${value}`);
  }
  for (const field of ["subtaskRatio", "attachmentsPerTask"]) {
    const value = merged[field];
    if (!(value >= 0 && value <= 50)) reject(field, `must be between 0 and 50, got ${value}`);
  }
  const large = merged.largeProject;
  if (large !== void 0) {
    if (!Number.isSafeInteger(large.tasks) || large.tasks < 0)
      reject("largeProject.tasks", "must be a count");
    if (large.sections !== void 0 && (!Number.isSafeInteger(large.sections) || large.sections < 0)) {
      reject("largeProject.sections", "must be a count");
    }
  }
  return { ...merged, anchor };
}

// src/asana/sandbox-content.ts
var BOARD = ["To do", "In progress", "In review", "Done"];
var SANDBOX_ORGANIZATION = {
  name: "Northwind Studio",
  domain: "northwind.example",
  isOrganization: true,
  teams: [
    { name: "Marketing", description: "Campaigns, brand, content and the website." },
    { name: "Product & Engineering", description: "The apps, the platform and everything we ship." },
    { name: "Operations", description: "Hiring, finance, office and the tools that keep us running." }
  ],
  people: [
    { name: "Alex Morgan", teams: ["Marketing", "Product & Engineering", "Operations"] },
    { name: "Priya Shah", teams: ["Product & Engineering"] },
    { name: "Jordan Lee", teams: ["Marketing"] },
    { name: "Mei Chen", teams: ["Product & Engineering"] },
    { name: "Samuel Okafor", teams: ["Operations"] },
    { name: "Fatima Haddad", teams: ["Marketing", "Operations"] },
    { name: "Lucas Silva", teams: ["Product & Engineering"] },
    { name: "Ingrid Larsen", teams: ["Marketing"] },
    { name: "Tom\xE1s Garc\xEDa", teams: ["Product & Engineering", "Operations"] },
    { name: "Aisha Bello", teams: ["Operations"] },
    { name: "Noah Fischer", teams: ["Product & Engineering"] },
    { name: "Yuki Tanaka", teams: ["Marketing", "Product & Engineering"] }
  ],
  tags: ["urgent", "customer-request", "quick-win", "needs-design", "blocked", "legal-review"],
  projects: [
    {
      name: "Website relaunch",
      notes: "New marketing site on the headless CMS, live before the autumn campaign.",
      team: "Marketing",
      color: "dark-blue",
      icon: "globe",
      sections: ["Planning", "Design", "Build", "Launch"],
      tasks: [
        {
          name: "Draft homepage copy",
          notes: "Hero headline, three value props and a customer quote. Keep it under 120 words above the fold.",
          section: 0,
          subtasks: ["Write hero headline options", "Collect a customer quote", "Get sign-off from Jordan"],
          tags: ["needs-design"],
          attachments: ["homepage-copy-v2.docx"]
        },
        {
          name: "Audit current site analytics",
          notes: "Export the top 50 landing pages and their bounce rates so we know which URLs must redirect.",
          section: 0,
          completed: true,
          attachments: ["landing-pages.csv"]
        },
        {
          name: "Pick the headless CMS",
          notes: "Compare pricing, localisation support and editor experience for the three shortlisted vendors.",
          section: 0,
          subtype: "approval",
          completed: true
        },
        {
          name: "Homepage wireframes",
          notes: "Low-fidelity wireframes for desktop and mobile, including the new pricing teaser.",
          section: 1,
          tags: ["needs-design"],
          attachments: ["homepage-wireframes.pdf", "mobile-nav-sketch.png"],
          dependsOn: 0
        },
        {
          name: "Design system tokens for the web",
          notes: "Colours, type scale and spacing exported from Figma as CSS variables.",
          section: 1
        },
        {
          name: "Build pricing page",
          notes: "Three plans with a monthly and yearly toggle. The enterprise plan links to the contact form.",
          section: 2,
          subtasks: ["Plan comparison table", "Yearly discount toggle", "FAQ accordion"],
          tags: ["customer-request"],
          dependsOn: 3
        },
        {
          name: "Set up redirects from old URLs",
          notes: "Use the analytics audit to map every old landing page to its new home. 301s only.",
          section: 2,
          dependsOn: 1
        },
        {
          name: "Accessibility review",
          notes: "Check contrast, focus order and screen reader labels on every template before launch.",
          section: 2,
          tags: ["quick-win"]
        },
        {
          name: "Cookie banner and privacy policy update",
          notes: "Legal wants the new consent categories live on the same day as the relaunch.",
          section: 2,
          tags: ["legal-review", "urgent"]
        },
        {
          name: "Launch day checklist",
          notes: "DNS switch, cache purge, smoke tests, announce in the newsletter and on social.",
          section: 3,
          subtype: "milestone",
          dependsOn: 6
        },
        {
          name: "Write launch blog post",
          notes: "Tell the story of the redesign: what customers asked for and what changed.",
          section: 3
        }
      ]
    },
    {
      name: "Mobile app 2.0",
      notes: "Offline mode, a faster start screen and the new navigation for iOS and Android.",
      team: "Product & Engineering",
      color: "dark-purple",
      icon: "computer",
      sections: [...BOARD],
      tasks: [
        {
          name: "Offline mode for task lists",
          notes: "Cache the last 500 items locally and queue edits while offline. Conflicts resolve last-writer-wins.",
          section: 1,
          subtasks: ["Local database schema", "Sync queue with retries", "Conflict banner"],
          tags: ["customer-request"]
        },
        {
          name: "Fix crash on Android 14 when rotating the editor",
          notes: "Repro: open a long note, rotate twice. Stack trace attached from the crash reporter.",
          section: 1,
          tags: ["urgent"],
          attachments: ["crash-log.txt"]
        },
        {
          name: "New bottom navigation",
          notes: "Four tabs: Home, Inbox, Search, Profile. Validate with five users before building.",
          section: 0,
          tags: ["needs-design"],
          attachments: ["navigation-prototype.mp4"]
        },
        {
          name: "Reduce cold start time below two seconds",
          notes: "Profile startup on a mid-range device; lazy-load the analytics SDK and fonts.",
          section: 0
        },
        {
          name: "Push notification preferences",
          notes: "Per-project mute and a quiet-hours setting, synced with the web app.",
          section: 2,
          dependsOn: 2
        },
        {
          name: "App store screenshots and release notes",
          notes: "Six screenshots per platform in English, German and Japanese.",
          section: 0,
          dependsOn: 0
        },
        {
          name: "Beta release to TestFlight",
          notes: "Internal beta for the whole company, then 200 external testers from the waitlist.",
          section: 0,
          subtype: "milestone",
          dependsOn: 1
        },
        {
          name: "Upgrade the networking library",
          notes: "The old version is out of support; needed for certificate pinning.",
          section: 3,
          completed: true
        }
      ]
    },
    {
      name: "Customer onboarding revamp",
      notes: "Shorten time-to-value for new accounts: better first-run experience and fewer setup steps.",
      team: "Product & Engineering",
      color: "dark-green",
      icon: "rocket",
      sections: ["Research", "Experiments", "Rollout"],
      tasks: [
        {
          name: "Interview ten new customers about onboarding",
          notes: "Ask where they got stuck in the first week. Record with consent and tag the insights.",
          section: 0,
          completed: true,
          attachments: ["interview-notes.docx"]
        },
        {
          name: "Onboarding checklist inside the app",
          notes: "Five steps with progress: invite teammates, create a project, import data, connect calendar, install mobile.",
          section: 1,
          subtasks: ["Checklist component", "Progress tracking events", "Dismiss and restore"]
        },
        {
          name: "Welcome email sequence",
          notes: "Three emails over the first ten days, each pointing at one feature that predicts retention.",
          section: 1,
          tags: ["quick-win"]
        },
        {
          name: "Sample project template for new workspaces",
          notes: "Pre-filled with realistic tasks so the product never looks empty on day one.",
          section: 1
        },
        {
          name: "Measure activation rate by cohort",
          notes: "Dashboard of week-one activation per signup cohort, split by plan.",
          section: 2,
          dependsOn: 1
        },
        {
          name: "Roll out the new onboarding to 50% of signups",
          notes: "A/B test for two weeks, then decide based on activation and support tickets.",
          section: 2,
          subtype: "milestone",
          dependsOn: 4
        }
      ]
    },
    {
      name: "Q3 product launch",
      notes: "Launch of the reporting add-on: pricing, messaging, sales enablement and the launch event.",
      team: "Marketing",
      color: "dark-orange",
      icon: "megaphone",
      sections: ["Positioning", "Assets", "Launch week"],
      tasks: [
        {
          name: "Positioning and messaging doc",
          notes: "Who it is for, the problem it solves and three proof points. Reviewed by sales and product.",
          section: 0,
          subtype: "approval",
          completed: true
        },
        {
          name: "Sales deck for the reporting add-on",
          notes: "Twelve slides with a live demo script and objection handling.",
          section: 1,
          attachments: ["reporting-sales-deck.pptx"]
        },
        {
          name: "Launch video",
          notes: "Ninety seconds, captions in five languages, hosted on our video channel.",
          section: 1,
          attachments: ["launch-video-storyboard.pdf"]
        },
        {
          name: "Press release and embargoed briefing",
          notes: "Brief three trade journalists a week ahead under embargo.",
          section: 2,
          tags: ["legal-review"]
        },
        {
          name: "Customer webinar",
          notes: "Live demo with Q&A; send the recording to everyone who registered.",
          section: 2,
          subtype: "milestone"
        },
        {
          name: "Update pricing in the billing system",
          notes: "New add-on SKU, monthly and yearly, with a 14-day trial.",
          section: 2,
          tags: ["urgent"]
        }
      ]
    },
    {
      name: "Brand refresh",
      notes: "Evolve the logo, colours and tone of voice without losing recognition.",
      team: "Marketing",
      color: "light-pink",
      icon: "star",
      archived: true,
      sections: ["Exploration", "Rollout"],
      tasks: [
        {
          name: "Moodboards for three directions",
          notes: "Calm, bold and playful. Present to the leadership team.",
          section: 0,
          completed: true
        },
        {
          name: "New logo files for every format",
          notes: "SVG, PNG on light and dark, favicon and app icon.",
          section: 1,
          completed: true,
          attachments: ["logo-pack.zip"]
        },
        {
          name: "Tone of voice guidelines",
          notes: "Plain words, short sentences, no jargon. Examples for emails, UI text and social posts.",
          section: 1,
          completed: true
        }
      ]
    },
    {
      name: "Hiring plan 2025",
      notes: "Eight roles across engineering, design and customer success.",
      team: "Operations",
      color: "dark-teal",
      icon: "people",
      sections: ["Open roles", "Interviewing", "Offers"],
      tasks: [
        {
          name: "Senior backend engineer",
          notes: "Owns the sync service. Scorecard and take-home exercise are in the hiring folder.",
          section: 1,
          subtasks: ["Phone screen: candidate A", "Onsite loop: candidate B"]
        },
        {
          name: "Product designer",
          notes: "Portfolio review first, then a paid design exercise.",
          section: 0,
          tags: ["needs-design"]
        },
        {
          name: "Customer success manager (EMEA)",
          notes: "German speaker, based in Berlin or remote in CET.",
          section: 0
        },
        {
          name: "Update the interview scorecards",
          notes: "Add a values section and make the rubric consistent across roles.",
          section: 0,
          tags: ["quick-win"]
        },
        {
          name: "Send offer to the data engineer candidate",
          notes: "Compensation approved by finance on Tuesday.",
          section: 2,
          subtype: "approval"
        }
      ]
    },
    {
      name: "Finance operations",
      notes: "Month-end close, invoicing and vendor payments.",
      team: "Operations",
      color: "dark-brown",
      icon: "coins",
      sections: ["Recurring", "Improvements"],
      tasks: [
        {
          name: "Send customer invoices for June",
          notes: "Check usage-based charges against the billing export before sending.",
          section: 0,
          tags: ["urgent"],
          attachments: ["invoice-template.pdf"]
        },
        {
          name: "Reconcile the company credit cards",
          notes: "Receipts missing for three transactions; ask the travel team.",
          section: 0
        },
        {
          name: "Automate overdue invoice reminders",
          notes: "Reminder after 7, 14 and 30 days, with the invoice PDF attached.",
          section: 1,
          tags: ["quick-win"]
        },
        {
          name: "Renew the accounting software contract",
          notes: "Renewal is due next month; negotiate a two-year term.",
          section: 1,
          tags: ["legal-review"]
        }
      ]
    },
    {
      name: "Office move",
      notes: "Move to the new floor in the harbour building by the end of the quarter.",
      team: "Operations",
      color: "light-warm-gray",
      icon: "map",
      sections: ["Before", "Moving week"],
      tasks: [
        {
          name: "Floor plan and desk assignments",
          notes: "Teams that work together sit together; quiet zone near the windows.",
          section: 0,
          attachments: ["floor-plan.pdf"]
        },
        {
          name: "Book the movers",
          notes: "Three quotes; the move happens on a Friday evening.",
          section: 0,
          completed: true
        },
        {
          name: "Network and Wi-Fi setup",
          notes: "Access points, the printer and the meeting room screens must work on Monday.",
          section: 1,
          dependsOn: 0
        },
        {
          name: "Welcome breakfast in the new office",
          notes: "Order for forty people, vegetarian and vegan options.",
          section: 1,
          subtype: "milestone"
        }
      ]
    }
  ]
};
var SANDBOX_PERSONAL = {
  name: "Personal Projects",
  domain: "personal.example",
  isOrganization: false,
  teams: [{ name: "Personal", description: "Things outside work." }],
  people: [{ name: "Alex Morgan", teams: ["Personal"] }],
  tags: ["home", "errands"],
  projects: [
    {
      name: "Home renovation",
      notes: "Kitchen first, then the bathroom.",
      team: "Personal",
      color: "light-green",
      icon: "list",
      sections: ["Ideas", "Doing", "Done"],
      tasks: [
        {
          name: "Get three quotes for the kitchen",
          notes: "Ask for a breakdown of labour and materials.",
          section: 1,
          tags: ["home"]
        },
        {
          name: "Choose tiles for the bathroom",
          notes: "Matte, light grey, anti-slip for the floor.",
          section: 0,
          tags: ["home"]
        },
        {
          name: "Pick up paint samples",
          notes: "Warm white and sage green.",
          section: 2,
          completed: true,
          tags: ["errands"]
        }
      ]
    }
  ]
};

// src/asana/generate-dataset.ts
var PROJECT_COLORS = [
  "dark-pink",
  "dark-green",
  "dark-blue",
  "dark-red",
  "dark-teal",
  "dark-brown",
  "dark-orange",
  "dark-purple",
  "dark-warm-gray",
  "light-pink",
  "light-green",
  "light-blue",
  "light-red",
  "light-teal",
  "light-brown",
  "light-orange",
  "light-purple",
  "light-warm-gray"
];
var PROJECT_ICONS = [
  "list",
  "board",
  "timeline",
  "calendar",
  "rocket",
  "people",
  "graph",
  "star",
  "bug",
  "globe"
];
var VIEWS = ["list", "list", "board", "board", "calendar", "timeline"];
var HOSTS = [
  ["asana", 0.7],
  ["gdrive", 0.08],
  ["dropbox", 0.07],
  ["box", 0.05],
  ["onedrive", 0.04],
  ["vimeo", 0.03],
  ["external", 0.03]
];
function slug(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, ".").replace(/^\.|\.$/g, "");
}
function pickHost(rng) {
  let roll = rng.next();
  for (const [host, weight] of HOSTS) {
    roll -= weight;
    if (roll < 0) return host;
  }
  return "asana";
}
function attachmentSize(rng) {
  return Math.round(2048 * 2560 ** rng.next());
}
function between(rng, from, to) {
  return Math.round(from + rng.next() * Math.max(0, to - from));
}
function addUser(build, name, domain, isMe) {
  const gid = build.data.allocateGid();
  const row = {
    gid,
    name,
    email: `${slug(name)}@${domain}`,
    photo: build.rng.chance(0.8),
    workspaceGids: [],
    teamGids: []
  };
  return build.data.insertUser(row, isMe);
}
function joinTeam(build, user, team) {
  const userRow = build.data.users[user];
  const teamRow = build.data.teams[team];
  if (userRow === void 0 || teamRow === void 0 || teamRow.memberGids.includes(userRow.gid)) return;
  teamRow.memberGids.push(userRow.gid);
  userRow.teamGids.push(teamRow.gid);
}
function addWorkspace(build, name, domain, isOrganization) {
  return build.data.insertWorkspace({
    gid: build.data.allocateGid(),
    name,
    isOrganization,
    emailDomains: isOrganization ? [domain] : [],
    premium: build.options.premium
  });
}
function addTeam(build, workspace, name, description) {
  const visibility = build.rng.chance(0.8) ? "public" : build.rng.chance(0.5) ? "request_to_join" : "secret";
  const row = {
    gid: build.data.allocateGid(),
    workspaceGid: build.data.workspaces[workspace]?.gid ?? "",
    name,
    description,
    visibility,
    endorsed: build.rng.chance(0.2),
    memberGids: []
  };
  return build.data.insertTeam(row);
}
function addTags(build, workspace, names) {
  const { data, rng } = build;
  const workspaceRow = data.workspaces[workspace];
  const members = data.users.filter((user) => user.workspaceGids.includes(workspaceRow?.gid ?? ""));
  return names.map(
    (name) => data.insertTag({
      gid: data.allocateGid(),
      workspaceGid: workspaceRow?.gid ?? "",
      name,
      color: rng.chance(0.85) ? rng.pick(PROJECT_COLORS) : null,
      notes: rng.chance(0.5) ? `Use for ${name.replace("-", " ")} work.` : "",
      createdAt: between(rng, build.start, build.start + (build.end - build.start) / 4),
      followerGids: rng.sample(members, rng.int(0, 2)).map((user) => user.gid)
    })
  );
}
function addProject(build, plan) {
  const { data, rng } = build;
  const team = data.teams[plan.team];
  const members = (team?.memberGids ?? []).filter((gid) => gid !== data.me.gid);
  const owner = members.length > 0 ? rng.pick(members) : data.me.gid;
  const memberGids = [.../* @__PURE__ */ new Set([owner, data.me.gid, ...rng.sample(members, 3)])];
  const createdAt = between(rng, build.start, build.start + (build.end - build.start) / 3);
  const completed = plan.archived && rng.chance(0.5);
  const completedAt = completed ? between(rng, createdAt, build.end) : null;
  const startDay = rng.chance(0.5) ? dayNumberOf(createdAt) + rng.int(0, 20) : void 0;
  const dueDay = rng.chance(0.6) ? dayNumberOf(createdAt) + rng.int(30, 240) : void 0;
  const row = {
    gid: data.allocateGid(),
    workspaceGid: data.workspaces[plan.workspace]?.gid ?? "",
    teamGid: team?.gid ?? "",
    name: plan.name,
    notes: plan.notes,
    archived: plan.archived,
    color: plan.color ?? (rng.chance(0.9) ? rng.pick(PROJECT_COLORS) : null),
    icon: plan.icon ?? (rng.chance(0.7) ? rng.pick(PROJECT_ICONS) : null),
    createdAt,
    modifiedAt: between(rng, createdAt, build.end),
    completed,
    completedAt,
    completedByGid: completed ? owner : null,
    ownerGid: owner,
    memberGids,
    followerGids: rng.chance(0.5) ? [owner, data.me.gid].filter((v, i, all) => all.indexOf(v) === i) : [owner],
    defaultView: rng.pick(VIEWS),
    privacySetting: rng.chance(0.8) ? "public_to_workspace" : rng.chance(0.5) ? "private_to_team" : "private",
    startOn: startDay === void 0 ? null : new Date(startDay * ONE_DAY_MS).toISOString().slice(0, 10),
    dueOn: dueDay === void 0 ? null : new Date(dueDay * ONE_DAY_MS).toISOString().slice(0, 10),
    sectionGids: []
  };
  const project = data.insertProject(row);
  const names = plan.sectionNames.length > 0 ? plan.sectionNames : ["Untitled section"];
  for (const name of names) {
    data.insertSection({
      gid: data.allocateGid(),
      projectGid: row.gid,
      name,
      createdAt: between(rng, createdAt, createdAt + 7 * ONE_DAY_MS)
    });
  }
  return project;
}
function addTask(build, plan, createdAt) {
  const { data, rng, options } = build;
  const end = build.end;
  const modifiedAt = between(rng, createdAt, end);
  const completed = plan.completed ?? rng.chance(options.completedRatio);
  const completedAt = completed ? between(rng, createdAt, modifiedAt) : Number.NaN;
  let dueOn = NO_DAY;
  let dueAt = Number.NaN;
  let startOn = NO_DAY;
  if (rng.chance(0.6)) {
    dueOn = dayNumberOf(createdAt) + rng.int(1, 60);
    if (rng.chance(0.1)) dueAt = dueOn * ONE_DAY_MS + 17 * 36e5;
    else if (rng.chance(0.15)) startOn = dueOn - rng.int(1, 10);
  }
  const roll = rng.next();
  const subtype = plan.subtype ?? (roll < 0.04 ? 1 : roll < 0.07 ? 2 : 0);
  const approval = subtype === 2 ? completed ? 1 : rng.pick([0, 0, 0, 1, 2, 3]) : 0;
  const people = plan.people;
  const meRow = data.userRow(data.me.gid);
  const assignee = people.length === 0 || !rng.chance(0.75) ? NO_ROW : rng.chance(0.2) ? meRow : rng.pick(people) ?? NO_ROW;
  const createdBy = people.length === 0 ? meRow : rng.pick(people) ?? meRow;
  const numLikes = rng.chance(0.1) ? rng.int(1, 3) : 0;
  let flags = completed ? TaskFlag.completed : 0;
  if (numLikes > 0 && rng.chance(0.3)) flags |= TaskFlag.likedByMe;
  const index = data.taskTable.append({
    gid: data.allocateGidNumber(),
    workspace: plan.workspace,
    project: plan.project,
    section: plan.section,
    parent: plan.parent,
    assignee,
    createdBy,
    createdAt,
    modifiedAt,
    completedAt,
    dueOn,
    dueAt,
    startOn,
    subtype,
    approval,
    assigneeStatus: assignee === NO_ROW ? 0 : rng.int(0, 3),
    flags,
    numLikes
  });
  let tags = [];
  if (plan.tags.length > 0 && rng.chance(options.tagRatio)) {
    tags = rng.sample(plan.tags, rng.chance(0.15) ? 2 : 1);
  }
  data.linkTask(index, tags);
  if (rng.chance(0.02)) {
    data.taskExternal.set(index, {
      gid: `crm-${index}`,
      data: JSON.stringify({ source: "crm", ticket: index })
    });
  }
  return index;
}
function addAttachmentTo(build, parentGid, from, name, host) {
  const { data, rng } = build;
  const chosenHost = host ?? pickHost(rng);
  const fileName = name ?? (chosenHost === "vimeo" ? "Video message.mp4" : `${rng.int(1, 99)}-${rng.pick(ATTACHMENT_NAMES)}`);
  data.addAttachment({
    parentGid,
    name: fileName,
    host: chosenHost,
    size: attachmentSize(rng),
    createdAt: between(rng, from, build.end)
  });
}
function addSubtasks(build, parentRow, plan, count, depth) {
  const { data, rng } = build;
  const parentCreated = data.taskTable.createdAt[parentRow] ?? build.start;
  for (let s = 0; s < count; s += 1) {
    const created = Math.min(build.end - 6e4, parentCreated + rng.int(6e4, 3 * ONE_DAY_MS));
    const child = addTask(build, { ...plan, project: NO_ROW, section: NO_ROW, parent: parentRow }, created);
    if (depth < 4 && rng.chance(0.1)) addSubtasks(build, child, plan, 1, depth + 1);
  }
}
function fillProject(build, fill, people, tags) {
  const { data, rng } = build;
  const project = data.projects[fill.project];
  if (project === void 0) return [];
  const workspace = data.workspaceRow(project.workspaceGid);
  const sections = project.sectionGids.map((gid) => data.sectionRow(gid));
  const span = Math.max(ONE_DAY_MS, build.end - ONE_DAY_MS - project.createdAt);
  const topLevel = [];
  for (let k = 0; k < fill.tasks; k += 1) {
    const section = sections[Math.floor(k * sections.length / Math.max(1, fill.tasks))] ?? NO_ROW;
    const created = Math.round(project.createdAt + (k + rng.next()) / fill.tasks * span);
    const plan = { workspace, project: fill.project, section, parent: NO_ROW, people, tags };
    const row = addTask(build, plan, created);
    topLevel.push(row);
    const subtasks = rng.count(fill.subtaskRatio);
    if (subtasks > 0) addSubtasks(build, row, plan, subtasks, 1);
    const files = rng.count(fill.attachmentsPerTask);
    for (let a = 0; a < files; a += 1) addAttachmentTo(build, data.taskTable.gidOf(row), created);
    if (k > 0 && rng.chance(fill.dependencyRatio)) {
      const blocker = topLevel[Math.max(0, k - 1 - rng.int(0, Math.min(k - 1, 9)))];
      if (blocker !== void 0 && blocker !== row) data.addDependency(row, blocker);
    }
  }
  return topLevel;
}
function workspacePeople(data, workspace) {
  const gid = data.workspaces[workspace]?.gid ?? "";
  const out = [];
  data.users.forEach((user, index) => {
    if (user.workspaceGids.includes(gid)) out.push(index);
  });
  return out;
}
function buildGenerated(build) {
  const { data, rng, options } = build;
  const workspaceName = (w) => {
    const company = COMPANY_NAMES[w % COMPANY_NAMES.length] ?? "Workspace";
    return w < COMPANY_NAMES.length ? company : `${company} ${Math.floor(w / COMPANY_NAMES.length) + 1}`;
  };
  const domainOf = (name) => `${slug(name).replace(/\./g, "")}.example`;
  const me = addUser(build, `${FIRST_NAMES[0]} ${LAST_NAMES[0]}`, domainOf(workspaceName(0)), true);
  let personCounter = 1;
  const allTopLevel = [];
  for (let w = 0; w < options.workspaces; w += 1) {
    const name = workspaceName(w);
    const domain = domainOf(name);
    const workspace = addWorkspace(build, name, domain, true);
    const workspaceGid = data.workspaces[workspace]?.gid ?? "";
    data.users[me]?.workspaceGids.push(workspaceGid);
    const people = [me];
    for (let u = 1; u < options.usersPerWorkspace; u += 1, personCounter += 1) {
      const first = FIRST_NAMES[personCounter % FIRST_NAMES.length];
      const last = LAST_NAMES[(personCounter * 7 + Math.floor(personCounter / FIRST_NAMES.length)) % LAST_NAMES.length];
      const user = addUser(build, `${first} ${last}`, domain, false);
      data.users[user]?.workspaceGids.push(workspaceGid);
      people.push(user);
    }
    const teams = [];
    for (let t = 0; t < options.teamsPerWorkspace; t += 1) {
      const teamName = TEAM_NAMES[t % TEAM_NAMES.length] ?? "Team";
      const label = t < TEAM_NAMES.length ? teamName : `${teamName} ${Math.floor(t / TEAM_NAMES.length) + 1}`;
      const team = addTeam(build, workspace, label, `The ${label.toLowerCase()} team of ${name}.`);
      joinTeam(build, me, team);
      teams.push(team);
    }
    people.slice(1).forEach((user, position) => {
      if (teams.length === 0) return;
      joinTeam(build, user, teams[position % teams.length] ?? 0);
      if (rng.chance(0.3)) joinTeam(build, user, rng.pick(teams));
    });
    const tags = addTags(
      build,
      workspace,
      Array.from(
        { length: options.tagsPerWorkspace },
        (_, i) => i < TAG_NAMES.length ? TAG_NAMES[i] ?? "tag" : `${TAG_NAMES[i % TAG_NAMES.length]}-${i}`
      )
    );
    const projectCount = teams.length * options.projectsPerTeam;
    const archived = new Set(
      rng.sample(
        Array.from({ length: projectCount }, (_, i) => i),
        Math.floor(projectCount * options.archivedProjectRatio)
      )
    );
    let ordinal = 0;
    for (const team of teams) {
      const members = (data.teams[team]?.memberGids ?? []).map((gid) => data.userRow(gid));
      for (let p = 0; p < options.projectsPerTeam; p += 1, ordinal += 1) {
        const subject = PROJECT_SUBJECTS[(ordinal + w * 3) % PROJECT_SUBJECTS.length];
        const goal = PROJECT_GOALS[(ordinal * 7 + w) % PROJECT_GOALS.length];
        const sectionNames = Array.from(
          { length: options.sectionsPerProject },
          (_, s) => SECTION_NAMES[s % SECTION_NAMES.length] ?? "Section"
        );
        const project = addProject(build, {
          workspace,
          team,
          name: `${subject} ${goal}`,
          notes: `Everything for the ${subject?.toLowerCase()} ${goal}. Owner updates the status every Friday.`,
          archived: archived.has(ordinal),
          sectionNames
        });
        if (rng.chance(0.3)) addAttachmentTo(build, data.projects[project]?.gid ?? "", build.start);
        allTopLevel.push(
          ...fillProject(
            build,
            {
              project,
              tasks: options.tasksPerProject,
              subtaskRatio: options.subtaskRatio,
              attachmentsPerTask: options.attachmentsPerTask,
              dependencyRatio: options.dependencyRatio
            },
            members.length > 0 ? members : people,
            tags
          )
        );
      }
    }
  }
  addMultiHoming(build, allTopLevel);
}
function addMultiHoming(build, topLevel) {
  const { data, rng, options } = build;
  if (options.multiHomeRatio <= 0) return;
  for (const row of topLevel) {
    if (!rng.chance(options.multiHomeRatio)) continue;
    const home = data.taskTable.project[row] ?? NO_ROW;
    const workspaceGid = data.projects[home]?.workspaceGid;
    const candidates = data.projects.map((project, index) => ({ project, index })).filter(({ project, index }) => index !== home && project.workspaceGid === workspaceGid);
    if (candidates.length === 0) continue;
    const target = rng.pick(candidates);
    const sectionGid = rng.pick(target.project.sectionGids);
    data.addMembership(row, { project: target.index, section: data.sectionRow(sectionGid) });
  }
}
function sandboxHost(name) {
  if (name.endsWith(".mp4")) return "vimeo";
  if (name.endsWith(".pptx")) return "gdrive";
  if (name.endsWith(".docx")) return "onedrive";
  if (name.endsWith(".zip")) return "dropbox";
  if (name.includes("storyboard")) return "box";
  return "asana";
}
function buildSandboxWorkspace(build, content, peopleByName) {
  const { data, rng } = build;
  const workspace = addWorkspace(build, content.name, content.domain, content.isOrganization);
  const workspaceGid = data.workspaces[workspace]?.gid ?? "";
  const teamByName = /* @__PURE__ */ new Map();
  for (const team of content.teams)
    teamByName.set(team.name, addTeam(build, workspace, team.name, team.description));
  for (const person of content.people) {
    let user = peopleByName.get(person.name);
    if (user === void 0) {
      user = addUser(build, person.name, content.domain, peopleByName.size === 0);
      peopleByName.set(person.name, user);
    }
    data.users[user]?.workspaceGids.push(workspaceGid);
    for (const teamName of person.teams) joinTeam(build, user, teamByName.get(teamName) ?? NO_ROW);
  }
  const tagRows = addTags(build, workspace, content.tags);
  const tagByName = new Map(content.tags.map((name, i) => [name, tagRows[i] ?? NO_ROW]));
  for (const projectContent of content.projects) {
    const team = teamByName.get(projectContent.team) ?? 0;
    const project = addProject(build, {
      workspace,
      team,
      name: projectContent.name,
      notes: projectContent.notes,
      archived: projectContent.archived === true,
      color: projectContent.color,
      icon: projectContent.icon,
      sectionNames: projectContent.sections
    });
    const projectRow = data.projects[project];
    if (projectRow === void 0) continue;
    const people = (data.teams[team]?.memberGids ?? []).map((gid) => data.userRow(gid));
    const sections = projectRow.sectionGids.map((gid) => data.sectionRow(gid));
    const span = Math.max(ONE_DAY_MS, build.end - ONE_DAY_MS - projectRow.createdAt);
    const rows = [];
    projectContent.tasks.forEach((task, k) => {
      const created = Math.round(
        projectRow.createdAt + (k + rng.next()) / projectContent.tasks.length * span
      );
      const plan = {
        workspace,
        project,
        section: sections[task.section] ?? sections[0] ?? NO_ROW,
        parent: NO_ROW,
        people,
        tags: [],
        completed: task.completed === true || projectContent.archived === true,
        subtype: task.subtype === "milestone" ? 1 : task.subtype === "approval" ? 2 : 0
      };
      const row = addTask(build, plan, created);
      data.taskNames.set(row, task.name);
      data.taskNotes.set(row, task.notes);
      const tags = (task.tags ?? []).map((name) => tagByName.get(name) ?? NO_ROW).filter((tag) => tag !== NO_ROW);
      if (tags.length > 0) {
        data.taskTags.set(row, tags);
        for (const tag of tags) data.tagTasks[tag]?.push(row);
      }
      for (const subtaskName of task.subtasks ?? []) {
        const subtaskCreated = Math.min(build.end - 6e4, created + rng.int(6e4, 2 * ONE_DAY_MS));
        const subtask = addTask(
          build,
          { ...plan, project: NO_ROW, section: NO_ROW, parent: row, subtype: 0 },
          subtaskCreated
        );
        data.taskNames.set(subtask, subtaskName);
        data.taskNotes.set(subtask, "");
      }
      for (const fileName of task.attachments ?? []) {
        addAttachmentTo(build, data.taskTable.gidOf(row), created, fileName, sandboxHost(fileName));
      }
      rows.push(row);
    });
    projectContent.tasks.forEach((task, k) => {
      const blocker = task.dependsOn === void 0 ? void 0 : rows[task.dependsOn];
      const row = rows[k];
      if (blocker !== void 0 && row !== void 0) data.addDependency(row, blocker);
    });
  }
}
function addLargeProject(build) {
  const { data, options } = build;
  const large = options.largeProject;
  if (large === void 0) return;
  const team = data.teams.findIndex((row) => row.workspaceGid === data.workspaces[0]?.gid);
  if (team < 0) return;
  const sectionCount = large.sections ?? 10;
  const project = addProject(build, {
    workspace: 0,
    team,
    name: large.name ?? "Support ticket backlog",
    notes: "Every customer ticket escalated to engineering, one task per ticket.",
    archived: false,
    sectionNames: Array.from({ length: sectionCount }, (_, s) => {
      const base = SECTION_NAMES[s % SECTION_NAMES.length] ?? "Section";
      return s < SECTION_NAMES.length ? base : `${base} ${Math.floor(s / SECTION_NAMES.length) + 1}`;
    })
  });
  data.largeProject = data.projects[project];
  const tags = data.tags.flatMap(
    (tag, index) => tag.workspaceGid === data.workspaces[0]?.gid ? [index] : []
  );
  fillProject(
    build,
    {
      project,
      tasks: large.tasks,
      subtaskRatio: large.subtaskRatio ?? 0,
      attachmentsPerTask: large.attachmentsPerTask ?? 0,
      dependencyRatio: 0
    },
    workspacePeople(data, 0),
    tags
  );
}
function generateAsanaDataset(options = {}) {
  const resolved = resolveAsanaDatasetOptions(options);
  const seed = typeof resolved.seed === "number" ? resolved.seed >>> 0 : hashParts(resolved.seed);
  const firstGid = 12e14 + hashParts("gid-range", seed) % 1e5 * 1e9;
  const data = new AsanaDataset(seed, firstGid);
  const build = {
    data,
    rng: new SeededRandom(seed),
    options: resolved,
    start: resolved.anchor - resolved.historyDays * ONE_DAY_MS,
    end: resolved.anchor
  };
  if (resolved.preset === "sandbox") {
    const people = /* @__PURE__ */ new Map();
    buildSandboxWorkspace(build, SANDBOX_ORGANIZATION, people);
    buildSandboxWorkspace(build, SANDBOX_PERSONAL, people);
  } else {
    buildGenerated(build);
  }
  addLargeProject(build);
  data.taskTable.compact();
  return data;
}

// src/asana/rate-limiter.ts
var DEFAULT_RATE_LIMITS = {
  enabled: true,
  requests: 1500,
  windowMs: 6e4,
  searchRequests: 60,
  searchWindowMs: 6e4,
  concurrentGets: 50,
  concurrencyRetryAfterSeconds: 1
};
var SlidingWindow = class {
  times = [];
  head = 0;
  /** Records a request; returns 0 when allowed, else the seconds until a retry would be allowed. */
  hit(now, limit, windowMs) {
    while (this.head < this.times.length && (this.times[this.head] ?? 0) <= now - windowMs) this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    this.times.push(now);
    const inWindow = this.times.length - this.head;
    if (inWindow <= limit) return 0;
    const pivot = this.times[this.head + inWindow - limit] ?? now;
    return Math.max(1, Math.ceil((pivot + windowMs - now) / 1e3));
  }
};
var AsanaRateLimiter = class _AsanaRateLimiter {
  limits;
  quota = /* @__PURE__ */ new Map();
  search = /* @__PURE__ */ new Map();
  inFlight = /* @__PURE__ */ new Map();
  constructor(options = {}) {
    this.limits = _AsanaRateLimiter.resolve(options);
  }
  static resolve(options) {
    const windowMs = options.windowMs ?? DEFAULT_RATE_LIMITS.windowMs;
    return {
      ...DEFAULT_RATE_LIMITS,
      ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== void 0)),
      searchWindowMs: options.searchWindowMs ?? windowMs,
      windowMs
    };
  }
  /** Changes limits from now on; windows keep their history. */
  configure(options) {
    const searchWindowMs = options.searchWindowMs ?? (options.windowMs === void 0 ? this.limits.searchWindowMs : void 0);
    this.limits = _AsanaRateLimiter.resolve({ ...this.limits, ...options, searchWindowMs });
  }
  /** Forgets all history (windows and in-flight counts stay consistent for live requests). */
  reset() {
    this.quota.clear();
    this.search.clear();
  }
  /** In-flight GETs of a token right now. */
  inFlightFor(token) {
    return this.inFlight.get(token) ?? 0;
  }
  admit(token, now, request) {
    const limits = this.limits;
    if (!limits.enabled) return { ok: true, release: () => void 0 };
    const window = this.windowFor(this.quota, token);
    const wait = window.hit(now, limits.requests, limits.windowMs);
    if (wait > 0) return { ok: false, retryAfterSeconds: wait, reason: "quota" };
    if (request.search) {
      const searchWait = this.windowFor(this.search, token).hit(
        now,
        limits.searchRequests,
        limits.searchWindowMs
      );
      if (searchWait > 0) return { ok: false, retryAfterSeconds: searchWait, reason: "search" };
    }
    if (request.method !== "GET") return { ok: true, release: () => void 0 };
    const current = this.inFlight.get(token) ?? 0;
    if (current >= limits.concurrentGets) {
      return { ok: false, retryAfterSeconds: limits.concurrencyRetryAfterSeconds, reason: "concurrency" };
    }
    this.inFlight.set(token, current + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.inFlight.get(token) ?? 1) - 1;
        if (left <= 0) this.inFlight.delete(token);
        else this.inFlight.set(token, left);
      }
    };
  }
  windowFor(map, token) {
    let window = map.get(token);
    if (window === void 0) {
      window = new SlidingWindow();
      map.set(token, window);
    }
    return window;
  }
};

// src/asana/simulator-clock.ts
function createAsanaSimulatorClock(mode = "real", startAt = Date.now()) {
  if (mode === "manual") {
    let current = startAt;
    return {
      mode,
      now: () => current,
      advance: (ms) => {
        current += Math.max(0, ms);
      }
    };
  }
  let offset = startAt - Date.now();
  return {
    mode,
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += Math.max(0, ms);
    }
  };
}

// src/asana/token-store.ts
import { createHash as createHash3, randomBytes } from "crypto";
function secretToken(prefix, ownerGid) {
  const digits = BigInt(`0x${randomBytes(7).toString("hex")}`).toString().padStart(16, "1").slice(0, 16);
  return `${prefix}/${ownerGid}/${digits}:${randomBytes(16).toString("hex")}`;
}
var AsanaTokenStore = class {
  constructor(ownerGid, options = {}) {
    this.ownerGid = ownerGid;
    this.personalAccessToken = options.personalAccessToken ?? secretToken("2", ownerGid);
    this.personalTokens.add(this.personalAccessToken);
    this.clientId = options.clientId ?? BigInt(`0x${randomBytes(6).toString("hex")}`).toString().slice(0, 16);
    this.clientSecret = options.clientSecret ?? randomBytes(16).toString("hex");
    this.accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 3600;
    this.rotateRefreshTokens = options.rotateRefreshTokens ?? false;
    this.redirectUri = options.redirectUri;
    this.refreshToken = secretToken("1", ownerGid);
    this.refreshTokens.set(this.refreshToken, { revoked: false });
  }
  ownerGid;
  personalAccessToken;
  clientId;
  clientSecret;
  /** A refresh token issued at start, so tests can refresh without the browser step. */
  refreshToken;
  accessTokenTtlSeconds;
  rotateRefreshTokens;
  redirectUri;
  personalTokens = /* @__PURE__ */ new Set();
  accessTokens = /* @__PURE__ */ new Map();
  refreshTokens = /* @__PURE__ */ new Map();
  codes = /* @__PURE__ */ new Map();
  /** Checks a bearer token at simulator time `now`. */
  authenticate(token, now) {
    if (this.personalTokens.has(token)) return "ok";
    const access = this.accessTokens.get(token);
    if (access === void 0 || access.revoked) return "invalid";
    return now >= access.expiresAt ? "expired" : "ok";
  }
  /** Adds another valid personal access token (each token has its own rate-limit budget). */
  issuePersonalAccessToken() {
    const token = secretToken("2", this.ownerGid);
    this.personalTokens.add(token);
    return token;
  }
  /** Issues an access token directly (as if a refresh had happened), for tests that skip OAuth. */
  issueAccessToken(now, refreshToken = this.refreshToken) {
    const token = `${randomBytes(3).toString("hex")}/${randomBytes(24).toString("base64url")}`;
    this.accessTokens.set(token, {
      expiresAt: now + this.accessTokenTtlSeconds * 1e3,
      refreshToken,
      revoked: false
    });
    return token;
  }
  /** Issues a one-time authorization code, as the consent screen would (valid 10 minutes). */
  issueAuthorizationCode(now, options = {}) {
    const code = randomBytes(18).toString("base64url");
    this.codes.set(code, {
      expiresAt: now + 6e5,
      redirectUri: options.redirectUri,
      codeChallenge: options.codeChallenge,
      codeChallengeMethod: options.codeChallengeMethod
    });
    return code;
  }
  /** Revokes a personal, access or refresh token (a refresh token takes its access tokens along). */
  revoke(token) {
    if (this.personalTokens.delete(token)) return true;
    const access = this.accessTokens.get(token);
    if (access !== void 0) {
      access.revoked = true;
      return true;
    }
    const refresh = this.refreshTokens.get(token);
    if (refresh === void 0) return false;
    refresh.revoked = true;
    for (const entry of this.accessTokens.values()) if (entry.refreshToken === token) entry.revoked = true;
    return true;
  }
  /** Makes every OAuth access token expired (as if an hour had passed), leaving refresh tokens valid. */
  expireAccessTokens() {
    for (const entry of this.accessTokens.values()) entry.expiresAt = Number.NEGATIVE_INFINITY;
  }
  /** Checks client credentials. */
  checkClient(clientId, clientSecret) {
    if (clientId === this.clientId && clientSecret === this.clientSecret) return void 0;
    return { status: 401, error: "invalid_client", description: "The client credentials are invalid." };
  }
  /** `grant_type=authorization_code`. */
  exchangeCode(now, params) {
    if (params.code === null || params.code === "") {
      return { status: 400, error: "invalid_request", description: "The code parameter is missing." };
    }
    const entry = this.codes.get(params.code);
    this.codes.delete(params.code);
    if (entry === void 0 || now >= entry.expiresAt) {
      return {
        status: 400,
        error: "invalid_grant",
        description: "The authorization code is invalid or expired."
      };
    }
    const expectedRedirect = entry.redirectUri ?? this.redirectUri;
    if (expectedRedirect !== void 0 && params.redirectUri !== expectedRedirect) {
      return { status: 400, error: "invalid_grant", description: "The redirect_uri does not match." };
    }
    if (entry.codeChallenge !== void 0) {
      const verifier = params.codeVerifier ?? "";
      const derived = entry.codeChallengeMethod === "S256" ? createHash3("sha256").update(verifier).digest("base64url") : verifier;
      if (derived !== entry.codeChallenge) {
        return { status: 400, error: "invalid_grant", description: "The code_verifier does not match." };
      }
    }
    const refreshToken = secretToken("1", this.ownerGid);
    this.refreshTokens.set(refreshToken, { revoked: false });
    return {
      access_token: this.issueAccessToken(now, refreshToken),
      expires_in: this.accessTokenTtlSeconds,
      token_type: "bearer",
      refresh_token: refreshToken
    };
  }
  /** `grant_type=refresh_token`. */
  refresh(now, refreshToken) {
    if (refreshToken === null || refreshToken === "") {
      return {
        status: 400,
        error: "invalid_request",
        description: "The refresh_token parameter is missing."
      };
    }
    const entry = this.refreshTokens.get(refreshToken);
    if (entry === void 0 || entry.revoked) {
      return { status: 400, error: "invalid_grant", description: "The refresh token is invalid or revoked." };
    }
    if (!this.rotateRefreshTokens) {
      return {
        access_token: this.issueAccessToken(now, refreshToken),
        expires_in: this.accessTokenTtlSeconds,
        token_type: "bearer"
      };
    }
    entry.revoked = true;
    const next = secretToken("1", this.ownerGid);
    this.refreshTokens.set(next, { revoked: false });
    return {
      access_token: this.issueAccessToken(now, next),
      expires_in: this.accessTokenTtlSeconds,
      token_type: "bearer",
      refresh_token: next
    };
  }
};

// src/asana/asana-simulator.ts
function listen(server, port) {
  return new Promise((resolve, reject2) => {
    server.once("error", reject2);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject2);
      resolve(server.address().port);
    });
  });
}
function closeServer(server) {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
function positive(field, value) {
  if (!(Number.isFinite(value) && value >= 0)) {
    throw new ValidationError3(`${field}: must be a non-negative number`, {
      details: [{ field, message: "must be a non-negative number", error_code: "invalid_param" }]
    });
  }
  return value;
}
async function startAsanaSimulator(options = {}) {
  const data = options.dataset instanceof AsanaDataset ? options.dataset : generateAsanaDataset(options.dataset);
  const startAt = typeof options.startAt === "string" ? Date.parse(options.startAt) : options.startAt ?? Date.now();
  const clock = typeof options.clock === "object" ? options.clock : createAsanaSimulatorClock(options.clock ?? "real", startAt);
  data.clock = clock;
  const secret = randomBytes2(32);
  const derive = (purpose) => createHmac3("sha256", secret).update(purpose).digest();
  const tokens = new AsanaTokenStore(data.me.gid, {
    ...options.oauth,
    ...options.personalAccessToken === void 0 ? {} : { personalAccessToken: options.personalAccessToken }
  });
  const offsets = new OffsetCodec(
    derive("offsets"),
    positive("offsetTtlSeconds", options.offsetTtlSeconds ?? 900)
  );
  const limiter = new AsanaRateLimiter(
    options.rateLimit === false ? { enabled: false } : options.rateLimit ?? {}
  );
  const faults = new AsanaFaultInjector();
  const requests = new AsanaRequestLog(options.requestLogCapacity);
  let latencyMs = positive("latencyMs", options.latencyMs ?? 0);
  const apiServer = createServer({ keepAliveTimeout: 5e3 });
  const downloadServer = createServer({ keepAliveTimeout: 5e3 });
  const apiPort = await listen(apiServer, options.port ?? 0);
  let downloadPort;
  try {
    downloadPort = await listen(downloadServer, options.downloadPort ?? 0);
  } catch (error) {
    await closeServer(apiServer);
    throw error;
  }
  const origin = `http://127.0.0.1:${apiPort}`;
  const downloadOrigin = `http://127.0.0.1:${downloadPort}`;
  const signer = new DownloadSigner(
    derive("downloads"),
    downloadOrigin,
    positive("downloadUrlTtlSeconds", options.downloadUrlTtlSeconds ?? 120)
  );
  apiServer.on(
    "request",
    createApiHandler({
      data,
      tokens,
      limiter,
      faults,
      log: requests,
      offsets,
      settings: {
        maxUnpaginated: options.maxUnpaginated ?? 1e3,
        userListCap: options.userListCap ?? 2e3,
        searchDefaultLimit: options.searchDefaultLimit ?? 20
      },
      latencyMs: () => latencyMs,
      now: () => clock.now(),
      origin,
      downloadOrigin,
      signDownloadUrl: (attachment) => signer.sign(attachment, clock.now())
    })
  );
  downloadServer.on(
    "request",
    createDownloadHandler({
      data,
      signer,
      faults,
      log: requests,
      now: () => clock.now(),
      origin: downloadOrigin
    })
  );
  return {
    baseUrl: `${origin}/api/1.0`,
    origin,
    oauthTokenUrl: `${origin}/-/oauth_token`,
    oauthAuthorizeUrl: `${origin}/-/oauth_authorize`,
    downloadOrigin,
    data,
    tokens: {
      personalAccessToken: tokens.personalAccessToken,
      oauth: {
        clientId: tokens.clientId,
        clientSecret: tokens.clientSecret,
        refreshToken: tokens.refreshToken
      }
    },
    clock,
    faults,
    requests,
    setPremium: (workspaceGid, premium) => data.setPremium(workspaceGid, premium),
    setRateLimit: (rateLimit) => limiter.configure(rateLimit === false ? { enabled: false } : { enabled: true, ...rateLimit }),
    setLatency: (ms) => {
      latencyMs = positive("latencyMs", ms);
    },
    setOffsetTtl: (seconds) => {
      offsets.ttlSeconds = positive("offsetTtlSeconds", seconds);
    },
    setDownloadUrlTtl: (seconds) => {
      signer.ttlSeconds = positive("downloadUrlTtlSeconds", seconds);
    },
    setAccessTokenTtl: (seconds) => {
      tokens.accessTokenTtlSeconds = positive("accessTokenTtlSeconds", seconds);
    },
    revokeToken: (token) => tokens.revoke(token),
    expireAccessTokens: () => tokens.expireAccessTokens(),
    issueAccessToken: () => tokens.issueAccessToken(clock.now()),
    issuePersonalAccessToken: () => tokens.issuePersonalAccessToken(),
    issueAuthorizationCode: (codeOptions) => tokens.issueAuthorizationCode(clock.now(), codeOptions),
    downloadUrlFor: (attachmentGid) => {
      const attachment = data.attachment(attachmentGid);
      if (attachment === void 0 || attachment.host !== "asana") {
        throw new ValidationError3(`attachmentGid: no asana-hosted attachment ${attachmentGid}`, {
          details: [
            {
              field: "attachmentGid",
              message: "not an asana-hosted attachment",
              error_code: "invalid_param"
            }
          ]
        });
      }
      return signer.sign(attachment, clock.now());
    },
    addTask: (input) => data.addTask(input),
    updateTask: (gid, patch) => data.updateTask(gid, patch),
    deleteTask: (gid) => data.deleteTask(gid),
    addAttachment: (input) => data.addAttachment(input),
    close: async () => {
      await Promise.all([closeServer(apiServer), closeServer(downloadServer)]);
    }
  };
}

// src/asana/run-simulator-main.ts
var USAGE = `Usage: conduit-asana-simulator [options]

Starts the Asana API simulator on 127.0.0.1 and prints one JSON line when ready:
{"baseUrl", "token", "projectGid", ...}. Stops on SIGTERM or SIGINT.

  --port N                 API port (default: ephemeral)
  --download-port N        download host port (default: ephemeral)
  --preset NAME            tiny | sandbox | benchmark (default: tiny)
  --seed S                 dataset seed
  --project-tasks N        add one project holding N tasks (the list benchmark)
  --tasks-per-project N    tasks in every generated project
  --subtask-ratio X        average subtasks per task
  --attachments-per-task X average attachments per task
  --rate-limit N/WINDOW    request quota per token, e.g. 1500/60s, 150/6s, or "off"
  --search-rate-limit N/WINDOW
  --concurrency N          in-flight GETs per token (default 50)
  --offset-ttl SECONDS     pagination offset lifetime (default 900)
  --download-ttl SECONDS   download URL lifetime (default 120)
  --token-ttl SECONDS      OAuth access token lifetime (default 3600)
  --latency MS             extra latency per API request
  --clock real|manual      (default real)
  --help

A fixed personal access token can be set with the ASANA_SIMULATOR_TOKEN environment variable
(never on the command line).
`;
function invalid2(flag, message) {
  return new ValidationError4(`--${flag}: ${message}`, {
    details: [{ field: flag, message, error_code: "invalid_param" }]
  });
}
function number(flag, value, integer = true) {
  if (value === void 0) return void 0;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || integer && !Number.isInteger(parsed)) {
    throw invalid2(flag, `expected a non-negative ${integer ? "integer" : "number"}, got ${value}`);
  }
  return parsed;
}
function parseRateSpec(flag, spec) {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)(ms|s|m|min)?$/.exec(spec.trim());
  if (match === null) throw invalid2(flag, `expected N/WINDOW like 1500/60s, got ${spec}`);
  const count = Number(match[1]);
  const amount = Number(match[2]);
  const unit = match[3] ?? "s";
  const windowMs = unit === "ms" ? amount : unit === "s" ? amount * 1e3 : amount * 6e4;
  if (count < 1 || windowMs <= 0) throw invalid2(flag, "count and window must be positive");
  return { count, windowMs };
}
async function runSimulatorMain(argv, io = {}) {
  const write = io.stdout ?? ((text) => process.stdout.write(text));
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      "download-port": { type: "string" },
      preset: { type: "string" },
      seed: { type: "string" },
      "project-tasks": { type: "string" },
      "tasks-per-project": { type: "string" },
      "subtask-ratio": { type: "string" },
      "attachments-per-task": { type: "string" },
      "rate-limit": { type: "string" },
      "search-rate-limit": { type: "string" },
      concurrency: { type: "string" },
      "offset-ttl": { type: "string" },
      "download-ttl": { type: "string" },
      "token-ttl": { type: "string" },
      latency: { type: "string" },
      clock: { type: "string" },
      help: { type: "boolean" }
    }
  });
  if (values.help === true) {
    write(USAGE);
    return { simulator: void 0, ready: void 0, stop: async () => void 0, done: Promise.resolve() };
  }
  const preset = values.preset ?? "tiny";
  if (!["tiny", "sandbox", "benchmark"].includes(preset)) throw invalid2("preset", `unknown preset ${preset}`);
  const clock = values.clock ?? "real";
  if (clock !== "real" && clock !== "manual") throw invalid2("clock", `expected real or manual, got ${clock}`);
  const projectTasks = number("project-tasks", values["project-tasks"]);
  const dataset = {
    preset,
    ...values.seed === void 0 ? {} : { seed: /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed },
    ...projectTasks === void 0 ? {} : { largeProject: { tasks: projectTasks } },
    tasksPerProject: number("tasks-per-project", values["tasks-per-project"]),
    subtaskRatio: number("subtask-ratio", values["subtask-ratio"], false),
    attachmentsPerTask: number("attachments-per-task", values["attachments-per-task"], false)
  };
  let rateLimit = {};
  if (values["rate-limit"] === "off") {
    rateLimit = false;
  } else {
    if (values["rate-limit"] !== void 0) {
      const { count, windowMs } = parseRateSpec("rate-limit", values["rate-limit"]);
      rateLimit = { requests: count, windowMs };
    }
    if (values["search-rate-limit"] !== void 0) {
      const { count, windowMs } = parseRateSpec("search-rate-limit", values["search-rate-limit"]);
      rateLimit = { ...rateLimit, searchRequests: count, searchWindowMs: windowMs };
    }
    const concurrency = number("concurrency", values.concurrency);
    if (concurrency !== void 0) rateLimit = { ...rateLimit, concurrentGets: concurrency };
  }
  const token = (io.env ?? process.env).ASANA_SIMULATOR_TOKEN;
  const tokenTtl = number("token-ttl", values["token-ttl"]);
  const options = {
    dataset,
    port: number("port", values.port),
    downloadPort: number("download-port", values["download-port"]),
    clock,
    rateLimit,
    offsetTtlSeconds: number("offset-ttl", values["offset-ttl"]),
    downloadUrlTtlSeconds: number("download-ttl", values["download-ttl"]),
    latencyMs: number("latency", values.latency, false),
    ...tokenTtl === void 0 ? {} : { oauth: { accessTokenTtlSeconds: tokenTtl } },
    ...token === void 0 || token === "" ? {} : { personalAccessToken: token }
  };
  const simulator = await startAsanaSimulator(options);
  const data = simulator.data;
  const project = data.largeProject ?? data.projects.find((row) => !row.archived) ?? data.projects[0];
  const ready = {
    baseUrl: simulator.baseUrl,
    origin: simulator.origin,
    oauthTokenUrl: simulator.oauthTokenUrl,
    downloadOrigin: simulator.downloadOrigin,
    token: simulator.tokens.personalAccessToken,
    oauth: simulator.tokens.oauth,
    workspaceGid: data.workspaces[0]?.gid ?? null,
    projectGid: project?.gid ?? null,
    projectTaskCount: project === void 0 ? 0 : data.taskGids({ projectGid: project.gid }).length,
    taskCount: data.taskCount,
    userGid: data.me.gid,
    pid: process.pid
  };
  write(`${JSON.stringify(ready)}
`);
  const signals = io.signals ?? process;
  let resolveDone = () => void 0;
  const done = new Promise((resolve) => {
    resolveDone = resolve;
  });
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      signals.off("SIGTERM", onSignal);
      signals.off("SIGINT", onSignal);
      await simulator.close();
      resolveDone();
    })();
    return stopping;
  };
  const onSignal = () => {
    void stop();
  };
  signals.once("SIGTERM", onSignal);
  signals.once("SIGINT", onSignal);
  return { simulator, ready, stop, done };
}

// src/asana/simulator-main.ts
runSimulatorMain(process.argv.slice(2)).catch((error) => {
  process.stderr.write(
    `conduit-asana-simulator: ${error instanceof Error ? error.message : String(error)}
`
  );
  process.exitCode = 2;
});
//# sourceMappingURL=asana-simulator.js.map