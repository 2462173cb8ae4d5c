/**
 * prospecta/no-literal-ui-text: user-visible text must come from react-intl (apps/web) or from
 * props (packages/ui), never be written into JSX. Reports JSX text containing letters and string
 * literals given to text-bearing attributes (aria-label, title, placeholder, alt, label).
 * Text without letters (punctuation, numbers, symbols such as "×" or "·") is allowed.
 */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'label',
]);
const HAS_LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow hard-coded user-visible text in JSX' },
    schema: [],
    messages: {
      text: 'Hard-coded text "{{text}}": use react-intl (app) or a prop (design system).',
      attribute: 'Hard-coded {{name}} "{{text}}": use react-intl (app) or a prop (design system).',
    },
  },
  create(context) {
    return {
      JSXText(node) {
        const text = node.value.trim();
        if (text && HAS_LETTER.test(text)) {
          context.report({ node, messageId: 'text', data: { text: text.slice(0, 40) } });
        }
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!TEXT_ATTRIBUTES.has(name) || !node.value) return;
        const value =
          node.value.type === 'Literal'
            ? node.value.value
            : node.value.type === 'JSXExpressionContainer' &&
                node.value.expression.type === 'Literal'
              ? node.value.expression.value
              : null;
        if (typeof value === 'string' && HAS_LETTER.test(value)) {
          context.report({
            node,
            messageId: 'attribute',
            data: { name, text: value.slice(0, 40) },
          });
        }
      },
    };
  },
};

/**
 * prospecta/web-layers: the web app (apps/web/src) reads top-down.
 *   root      app/**, main.tsx, index.ts: the App, the authenticated layout and the route table; composes the features.
 *   features  features/<name>/**: the screens. A feature imports another only through its public entry,
 *             `features/<name>` (its index.ts), never a file inside it; features never import the root.
 *   core      core/**: hooks, contexts, preferences, paths, session runtime, forms, i18n, shared texts. It imports no
 *             feature and nothing of the root.
 *   testing/** (story and test helpers) is imported only by tests and stories.
 * Only relative imports are checked (packages are layered by their own package.json dependencies).
 */
const SOURCE_ROOT = /^(.*\/apps\/web\/src)\//;
const TEST_FILE = /\.(test|stories)\.[cm]?[jt]sx?$/;

function webPath(filename) {
  const normalised = filename.replace(/\\/g, '/');
  const match = SOURCE_ROOT.exec(normalised);
  return match ? { root: match[1], path: normalised.slice(match[1].length + 1) } : null;
}

/** The layer of a path relative to apps/web/src. */
function layerOf(path) {
  const [first, second] = path.split('/');
  if (first === 'features' && second) return { name: 'feature', feature: second };
  if (first === 'core') return { name: 'core' };
  if (first === 'testing') return { name: 'testing' };
  if (first === 'app' || /^(main|index)\.[jt]sx?$/.test(first)) return { name: 'root' };
  return { name: 'other' };
}

function joinPath(dir, spec) {
  const parts = dir ? dir.split('/') : [];
  for (const piece of spec.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

/** @type {import('eslint').Rule.RuleModule} */
export const webLayers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Keep apps/web/src layered: root above features above core; features meet through their index',
    },
    schema: [],
    messages: {
      coreUp:
        'core must not import {{target}}: the core sits below the features and the root (move the shared piece into core, or pass it in).',
      featureToRoot:
        'A feature must not import the root ({{target}}): the root composes the features, not the other way round.',
      featureInternals:
        "Import the feature '{{feature}}' through its index ('{{entry}}'), not its file {{target}}.",
      testingOutsideTests: 'Only tests and stories import testing/ helpers ({{target}}).',
    },
  },
  create(context) {
    const file = webPath(context.filename ?? context.getFilename());
    if (!file) return {};
    const from = layerOf(file.path);
    if (from.name === 'testing' || from.name === 'other') return {};
    const isTest = TEST_FILE.test(file.path);
    const dir = file.path.split('/').slice(0, -1).join('/');

    function check(node, spec) {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = joinPath(dir, spec);
      const to = layerOf(target);
      const data = { target };
      if (to.name === 'testing') {
        if (!isTest) context.report({ node, messageId: 'testingOutsideTests', data });
        return;
      }
      if (from.name === 'core' && (to.name === 'feature' || to.name === 'root')) {
        context.report({ node, messageId: 'coreUp', data });
      } else if (from.name === 'feature' && to.name === 'root') {
        context.report({ node, messageId: 'featureToRoot', data });
      } else if (from.name === 'feature' && to.name === 'feature' && to.feature !== from.feature) {
        const entry = `features/${to.feature}`;
        if (target !== entry && target !== `${entry}/index`) {
          context.report({
            node,
            messageId: 'featureInternals',
            data: { ...data, feature: to.feature, entry },
          });
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** Project conventions as lint rules, each tested in eslint-plugin-prospecta.test.ts. */
export default {
  meta: { name: 'eslint-plugin-prospecta' },
  rules: { 'no-literal-ui-text': noLiteralUiText, 'web-layers': webLayers },
};
