import type { Contract } from '../http/contract';

/**
 * A self-contained HTML page of the contract: every operation grouped by tag (method, path, summary,
 * description, who may call it, parameters, request body, answers) and every schema with its properties.
 * Rendered on the server from the parsed document: no script, nothing loaded from elsewhere.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Descriptions are Markdown: paragraphs, list items and `code` are kept, the rest is plain text. */
function prose(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  const inline = (line: string) => escapeHtml(line).replace(/`([^`]+)`/g, '<code>$1</code>');
  const blocks: string[] = [];
  let list: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(`<p>${paragraph.map(inline).join(' ')}</p>`);
    if (list.length)
      blocks.push(`<ul>${list.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    paragraph = [];
    list = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') flush();
    else if (/^[-*] /.test(line)) {
      if (paragraph.length) {
        const kept = list;
        list = [];
        flush();
        list = kept;
      }
      list.push(line.slice(2));
    } else if (list.length && /^\s{2,}/.test(raw)) list[list.length - 1] += ` ${line}`;
    else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks.join('\n');
}

const refName = (ref: string) => ref.split('/').pop() ?? ref;
const schemaLink = (name: string) =>
  `<a href="#schema-${escapeHtml(name)}"><code>${escapeHtml(name)}</code></a>`;

/** A one-line type of a schema: `string (email)`, `Prospect[]`, `"a" | "b"`, `string | null`. */
function typeOf(schema: unknown): string {
  if (schema === true || schema === undefined) return 'any';
  if (!isObject(schema)) return 'never';
  if (typeof schema.$ref === 'string') return schemaLink(refName(schema.$ref));
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts)) return parts.map(typeOf).join(key === 'allOf' ? ' &amp; ' : ' | ');
  }
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(' | ');
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const main = types.filter((t) => t !== 'null');
  let text = main.length ? main.join(' | ') : 'object';
  if (main.includes('array')) text = `${typeOf(schema.items)}[]`;
  const details: string[] = [];
  if (typeof schema.format === 'string') details.push(escapeHtml(schema.format));
  if (typeof schema.pattern === 'string')
    details.push(`matches <code>${escapeHtml(schema.pattern)}</code>`);
  for (const [key, label] of [
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minimum', 'min'],
    ['maximum', 'max'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
  ] as const) {
    if (typeof schema[key] === 'number') details.push(`${label} ${String(schema[key])}`);
  }
  if (details.length) text += ` <span class="muted">(${details.join(', ')})</span>`;
  if (types.includes('null')) text += ' | null';
  return text;
}

function propertiesTable(schema: unknown): string {
  if (!isObject(schema) || !isObject(schema.properties)) return `<p>${typeOf(schema)}</p>`;
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const rows = Object.entries(schema.properties).map(([name, property]) => {
    const description = isObject(property) ? prose(property.description) : '';
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${typeOf(property)}</td><td>${description}</td></tr>`;
  });
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function access(security: unknown[] | null): string {
  if (!security || security.length === 0) return 'No bearer token, no X-App-Version header.';
  const names = security.flatMap((requirement) =>
    isObject(requirement) ? Object.keys(requirement) : [],
  );
  const roles = security.flatMap((requirement) =>
    isObject(requirement) && Array.isArray(requirement.bearerAuth)
      ? requirement.bearerAuth.map(String)
      : [],
  );
  const parts = [
    names.includes('bearerAuth')
      ? `Bearer token${roles.length ? ` (${roles.map(escapeHtml).join(', ')} only)` : ''}`
      : 'No bearer token',
  ];
  if (names.includes('appVersion')) parts.push('X-App-Version header');
  return `${parts.join(', ')}.`;
}

export function renderContractDocs(contract: Contract): string {
  const document = contract.document;
  const info = isObject(document.info) ? document.info : {};
  const paths = isObject(document.paths) ? document.paths : {};
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const responses = isObject(components.responses) ? components.responses : {};
  const tags = Array.isArray(document.tags) ? document.tags.filter(isObject) : [];

  const byTag = new Map<string, string[]>();
  for (const op of contract.operations) {
    const raw = isObject(paths[op.path]) ? (paths[op.path] as Json)[op.method] : undefined;
    const source = isObject(raw) ? raw : {};
    const tag =
      Array.isArray(source.tags) && typeof source.tags[0] === 'string' ? source.tags[0] : 'other';
    const params = op.parameters.map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${p.in}</td><td>${typeOf(p.schema)}</td></tr>`,
    );
    const body = op.requestBody
      ? Object.entries(op.requestBody.content)
          .map(
            ([type, media]) =>
              `<p><strong>Body</strong> <code>${escapeHtml(type)}</code>${op.requestBody?.required ? '' : ' (optional)'}: ${typeOf(media.schema)}</p>`,
          )
          .join('')
      : '';
    const answers = Object.entries(isObject(source.responses) ? source.responses : {}).map(
      ([status, rawResponse]) => {
        const response =
          isObject(rawResponse) && typeof rawResponse.$ref === 'string'
            ? responses[refName(rawResponse.$ref)]
            : rawResponse;
        const description =
          isObject(response) && typeof response.description === 'string'
            ? response.description
            : '';
        const content = isObject(response) && isObject(response.content) ? response.content : {};
        const types = Object.entries(content)
          .map(
            ([type, media]) =>
              `<code>${escapeHtml(type)}</code> ${typeOf(isObject(media) ? media.schema : undefined)}`,
          )
          .join('<br>');
        return `<tr><td>${escapeHtml(status)}</td><td>${escapeHtml(description)}</td><td>${types}</td></tr>`;
      },
    );
    const html = `<section class="op" id="op-${escapeHtml(op.operationId)}">
<h3><span class="method ${op.method}">${op.method.toUpperCase()}</span> <code>${escapeHtml(op.path)}</code></h3>
<p class="summary">${escapeHtml(typeof source.summary === 'string' ? source.summary : '')} <span class="muted">${escapeHtml(op.operationId)}</span></p>
${prose(source.description)}
<p class="muted">${access(op.security)}</p>
${params.length ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Type</th></tr></thead><tbody>${params.join('')}</tbody></table>` : ''}
${body}
<table><thead><tr><th>Status</th><th>Meaning</th><th>Body</th></tr></thead><tbody>${answers.join('')}</tbody></table>
</section>`;
    byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
  }

  const tagOrder = [
    ...tags.map((t) => String(t.name)),
    ...[...byTag.keys()].filter((t) => !tags.some((known) => known.name === t)),
  ];
  const sections = tagOrder
    .filter((tag) => byTag.has(tag))
    .map((tag) => {
      const description = tags.find((t) => t.name === tag)?.description;
      return `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${prose(description)}${(byTag.get(tag) ?? []).join('\n')}`;
    });
  const schemaSections = Object.entries(schemas).map(
    ([name, schema]) =>
      `<section class="schema" id="schema-${escapeHtml(name)}"><h3><code>${escapeHtml(name)}</code></h3>${isObject(schema) ? prose(schema.description) : ''}${propertiesTable(schema)}</section>`,
  );
  const nav = tagOrder
    .filter((tag) => byTag.has(tag))
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  const title =
    `${typeof info.title === 'string' ? info.title : 'API'} ${typeof info.version === 'string' ? info.version : ''}`.trim();

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1d2433; background: #fff; }
header, main { max-width: 72rem; margin: 0 auto; padding: 0 1.25rem; }
header { padding-top: 1.5rem; }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: 0; list-style: none; }
h2 { margin-top: 2.5rem; border-bottom: 2px solid #d8dde8; text-transform: capitalize; }
.op, .schema { border: 1px solid #d8dde8; border-radius: 6px; padding: .25rem 1rem; margin: 1rem 0; }
h3 { font-size: 1rem; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 4rem; padding: 0 .4rem; border-radius: 4px; color: #fff; background: #4a5468; text-align: center; }
.get { background: #1f6f43; } .post { background: #1d4ed8; } .put { background: #9a5b00; } .delete { background: #b42318; } .patch { background: #6d28d9; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; font-size: .9rem; }
th, td { text-align: left; vertical-align: top; border-top: 1px solid #e6e9f0; padding: .3rem .5rem; overflow-wrap: break-word; }
td:first-child { white-space: nowrap; }
code { font: .875em ui-monospace, monospace; background: #f1f3f7; padding: 0 .2em; border-radius: 3px; }
.muted { color: #5b6476; } .req { color: #b42318; font-size: .8rem; } .summary { font-weight: 600; }
a { color: #1d4ed8; }
</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(typeof info.summary === 'string' ? info.summary : '')} The document itself: <a href="openapi.yaml"><code>openapi.yaml</code></a>.</p>
${prose(info.description)}
<nav aria-label="Sections"><ul>${nav}<li><a href="#schemas">schemas</a></li></ul></nav>
</header>
<main>
${sections.join('\n')}
<h2 id="schemas">schemas</h2>
${schemaSections.join('\n')}
</main>
</body>
</html>
`;
}
