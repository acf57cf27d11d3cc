import { html, raw } from 'hono/html';

/** What `html` renders to (escaped text, possibly awaited). */
export type Html = ReturnType<typeof html>;

/** One input of a connect form. */
export interface ConnectFormField {
  /** The form name, e.g. `credentials.token` or `config.subdomain`. */
  readonly name: string;
  readonly label: string;
  readonly description: string;
  readonly required: boolean;
  /** Rendered as a password input and never filled back in. */
  readonly secret: boolean;
  /** What the user typed, for a non-secret field shown again after an error. */
  readonly value?: string | undefined;
  readonly error?: string | undefined;
}

/** One form of the connect page: a token method of a kind. */
export interface ConnectForm {
  /** Unique in the page; prefixes the inputs' ids. */
  readonly id: string;
  readonly legend: string;
  /** Where the form posts; default the page's own address. */
  readonly action?: string | undefined;
  readonly hidden: Readonly<Record<string, string>>;
  readonly fields: readonly ConnectFormField[];
  readonly submitLabel: string;
  /** A fault of the form as a whole (credentials matching no method, a store failure). */
  readonly error?: string | undefined;
}

/** One kind offered on the page, with its forms. */
export interface ConnectKindSection {
  readonly type: string;
  readonly title: string;
  /** One sentence naming the ways this kind can be connected here (or why there is none). */
  readonly methods: string;
  readonly forms: readonly ConnectForm[];
}

// Plain and legible without any script; system fonts, visible focus, errors in text and colour.
const STYLE = `
  body { font-family: system-ui, sans-serif; line-height: 1.5; margin: 0; padding: 1rem; color: #1a1a1a; background: #fafafa; }
  main { max-width: 36rem; margin: 0 auto; }
  section { background: #fff; border: 1px solid #ccc; border-radius: 0.5rem; padding: 1rem; margin: 1rem 0; }
  form + form { margin-top: 1.5rem; padding-top: 1rem; border-top: 1px solid #ddd; }
  fieldset { border: 0; padding: 0; margin: 0 0 1rem; }
  legend { font-weight: 600; margin-bottom: 0.5rem; }
  label { display: block; font-weight: 600; margin-top: 0.75rem; }
  .hint { display: block; font-size: 0.875rem; color: #4a4a4a; }
  input[type=text], input[type=password], input[type=url] { width: 100%; box-sizing: border-box; padding: 0.5rem; font-size: 1rem; border: 1px solid #767676; border-radius: 0.25rem; }
  input[aria-invalid=true] { border-color: #b00020; border-width: 2px; }
  .error { color: #b00020; font-weight: 600; margin: 0.25rem 0 0; }
  button { margin-top: 1rem; padding: 0.5rem 1rem; font-size: 1rem; border-radius: 0.25rem; border: 1px solid #0b57d0; background: #0b57d0; color: #fff; cursor: pointer; }
  :focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
`;

/**
 * A whole page: language, viewport, title and the page's style, around `body`.
 *
 * @example
 * ```ts
 * c.html(connectLayout('Connected', html`<h1>Connected</h1>`));
 * ```
 */
export function connectLayout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function fieldHtml(formId: string, field: ConnectFormField): Html {
  const id = `${formId}-${field.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = field.error ? `${hintId} ${errorId}` : hintId;
  return html`<label for="${id}">${field.label}${field.required ? '' : ' (optional)'}</label>
<span class="hint" id="${hintId}">${field.description}</span>
<input id="${id}" name="${field.name}" type="${field.secret ? 'password' : 'text'}"${field.required ? raw(' required') : ''} autocomplete="off" spellcheck="false" aria-describedby="${describedBy}"${field.error ? raw(' aria-invalid="true"') : ''} value="${field.secret ? '' : (field.value ?? '')}">
${field.error ? html`<p class="error" id="${errorId}">${field.error}</p>` : ''}`;
}

function formHtml(action: string, form: ConnectForm): Html {
  const errorId = `${form.id}-error`;
  return html`<form method="post" action="${form.action ?? action}" id="${form.id}"${form.error ? html` aria-describedby="${errorId}"` : ''}>
<fieldset>
<legend>${form.legend}</legend>
${Object.entries(form.hidden).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
${form.error ? html`<p class="error" id="${errorId}" role="alert">${form.error}</p>` : ''}
${form.fields.map((field) => fieldHtml(form.id, field))}
</fieldset>
<button type="submit">${form.submitLabel}</button>
</form>`;
}

/**
 * The connect page of a pending session: one section per kind offered, one form per way to connect.
 *
 * @example
 * ```ts
 * c.html(connectPageHtml({ heading: 'Connect an account', action: '/connect/cs_…', sections }));
 * ```
 */
export function connectPageHtml(options: {
  heading: string;
  intro: string;
  action: string;
  sections: readonly ConnectKindSection[];
}): Html {
  return connectLayout(
    options.heading,
    html`<h1>${options.heading}</h1>
<p>${options.intro}</p>
${options.sections.map(
  (section) => html`<section aria-labelledby="kind-${section.type}">
<h2 id="kind-${section.type}">${section.title}</h2>
<p class="methods">${section.methods}</p>
${section.forms.map((form) => formHtml(options.action, form))}
</section>`,
)}`,
  );
}

/**
 * A page with a heading and one message: connected, expired, not found.
 *
 * @example
 * ```ts
 * c.html(connectMessageHtml('Link expired', 'Ask the application for a new link.'), 410);
 * ```
 */
export function connectMessageHtml(
  heading: string,
  message: string,
  link?: { href: string; text: string },
): Html {
  return connectLayout(
    heading,
    html`<h1>${heading}</h1>\n<p role="status">${message}</p>${link ? html`\n<p><a href="${link.href}">${link.text}</a></p>` : ''}`,
  );
}
