import { escapeHtml } from "./responses";

/**
 * The consent screens people (and Playwright) see instead of the platforms' own. Everything is
 * reachable by label and role: identity fields ("Name" and "Email" unless the platform names others,
 * e.g. X's "Username"), buttons "Approve" and "Deny", and for Facebook a "Pages" group of checkboxes
 * named after each Page.
 */

export interface ConsentField {
  /** Form field name; the input's id is `consent-<name>`. */
  name: string;
  label: string;
  type: "text" | "email";
  value: string;
  autocomplete: string;
  required: boolean;
}

export interface ConsentPageInput {
  /** Document title, e.g. "Sign in with Google — Platform sandbox". */
  title: string;
  heading: string;
  accent: string;
  /** One sentence saying who asks for what. */
  intro: string;
  permissions: string[];
  /** Where the form posts the decision. */
  action: string;
  /** Carries the original authorization request through the form. */
  hidden: Record<string, string>;
  /** The person's Name and Email fields; ignored when `fields` is given. */
  identity?: { name: string; email: string };
  /** Facebook accounts may have no e-mail, so there the field may be left empty. */
  emailOptional?: boolean;
  /** Identity fields for platforms that ask something else (X: Name and Username). */
  fields?: ConsentField[];
  pages?: { id: string; name: string; checked: boolean }[];
  /**
   * Facebook: the permissions a person may untick in the dialog ("Edit access"), each a checkbox
   * `name="permission"`; unticked ones are declined. Without it every permission is a plain item.
   */
  optionalPermissions?: { scope: string; label: string }[];
}

export function renderConsentPage(input: ConsentPageInput): string {
  const hidden = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n      ");
  const optional = new Set(input.optionalPermissions?.map((permission) => permission.label));
  const permissions = [
    ...input.permissions
      .filter((permission) => !optional.has(permission))
      .map((permission) => `<li>${escapeHtml(permission)}</li>`),
    ...(input.optionalPermissions ?? []).map(
      ({ scope, label }) =>
        `<li><input type="checkbox" id="permission-${escapeHtml(scope)}" name="permission" value="${escapeHtml(scope)}" checked>
        <label class="inline" for="permission-${escapeHtml(scope)}">${escapeHtml(label)}</label></li>`,
    ),
  ].join("");
  const pages = input.pages ? renderPages(input.pages) : "";
  const fields = (input.fields ?? identityFields(input)).map(renderField).join("\n      ");
  const body = `
    <p>${escapeHtml(input.intro)}</p>
    <form method="post" action="${escapeHtml(input.action)}">
      ${hidden}
      ${fields}
      <h2>This will allow the app to:</h2>
      <ul>${permissions}</ul>
      ${pages}
      <div class="actions">
        <button type="submit" name="decision" value="deny" formnovalidate class="secondary">Deny</button>
        <button type="submit" name="decision" value="approve">Approve</button>
      </div>
    </form>`;
  return layout(input.title, input.heading, input.accent, body);
}

function identityFields(input: ConsentPageInput): ConsentField[] {
  const identity = input.identity ?? { name: "", email: "" };
  return [
    { name: "name", label: "Name", type: "text", value: identity.name, autocomplete: "name", required: true },
    {
      name: "email",
      label: "Email",
      type: "email",
      value: identity.email,
      autocomplete: "email",
      required: !input.emailOptional,
    },
  ];
}

function renderField(field: ConsentField): string {
  const id = `consent-${escapeHtml(field.name)}`;
  return `<label for="${id}">${escapeHtml(field.label)}</label>
      <input id="${id}" name="${escapeHtml(field.name)}" type="${field.type}" autocomplete="${escapeHtml(field.autocomplete)}"${field.required ? " required" : ""} value="${escapeHtml(field.value)}">`;
}

function renderPages(pages: { id: string; name: string; checked: boolean }[]): string {
  if (pages.length === 0) return `<p>You don't manage any Pages.</p>`;
  const items = pages
    .map(
      (page) =>
        `<div><input type="checkbox" id="page-${escapeHtml(page.id)}" name="page" value="${escapeHtml(page.id)}"${page.checked ? " checked" : ""}>
        <label class="inline" for="page-${escapeHtml(page.id)}">${escapeHtml(page.name)}</label></div>`,
    )
    .join("\n");
  return `<fieldset><legend>Pages</legend>${items}</fieldset>`;
}

export function renderErrorPage(title: string, heading: string, error: string, description: string): string {
  const body = `
    <div role="alert">
      <p><strong>Error 400: ${escapeHtml(error)}</strong></p>
      <p>${escapeHtml(description)}</p>
    </div>`;
  return layout(title, heading, "#b3261e", body);
}

function layout(title: string, heading: string, accent: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f1f1f; margin: 0; }
    main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 12px;
      border-top: 6px solid ${accent}; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
    .banner { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.05em; color: #5f6368; }
    h1 { font-size: 1.4rem; margin: 0.25rem 0 1rem; }
    h2 { font-size: 1rem; margin-top: 1.5rem; }
    label { display: block; font-weight: 600; margin-top: 1rem; }
    label.inline { display: inline; font-weight: 400; margin: 0 0 0 0.4rem; }
    input[type=text], input[type=email] { width: 100%; box-sizing: border-box; padding: 0.5rem; margin-top: 0.25rem;
      border: 1px solid #8e918f; border-radius: 6px; font-size: 1rem; }
    fieldset { border: 1px solid #dadce0; border-radius: 6px; margin-top: 1rem; }
    .actions { display: flex; justify-content: flex-end; gap: 0.75rem; margin-top: 1.5rem; }
    button { font-size: 1rem; padding: 0.5rem 1.25rem; border-radius: 6px; border: 1px solid ${accent};
      background: ${accent}; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: ${accent}; }
    button:focus-visible, input:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <p class="banner">Platform sandbox — not the real service</p>
    <h1>${escapeHtml(heading)}</h1>
    ${body}
  </main>
</body>
</html>`;
}
