/**
 * prospecta/no-literal-ui-text: user-visible text must come from react-intl (apps/web) or from
 * props (packages/ui), never be written into JSX. Reports JSX text containing letters and string
 * literals given to text-bearing attributes (aria-label, title, placeholder, alt, label).
 * Text without letters (punctuation, numbers, symbols such as "×" or "·") is allowed.
 */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
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
            : node.value.type === 'JSXExpressionContainer' && node.value.expression.type === 'Literal'
              ? node.value.expression.value
              : null;
        if (typeof value === 'string' && HAS_LETTER.test(value)) {
          context.report({ node, messageId: 'attribute', data: { name, text: value.slice(0, 40) } });
        }
      },
    };
  },
};

/** Project conventions as lint rules, each tested in eslint-plugin-prospecta.test.ts. */
export default {
  meta: { name: 'eslint-plugin-prospecta' },
  rules: { 'no-literal-ui-text': noLiteralUiText },
};
