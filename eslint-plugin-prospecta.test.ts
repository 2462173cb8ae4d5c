import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { noLiteralUiText as rule } from './eslint-plugin-prospecta.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-literal-ui-text', rule, {
  valid: [
    'const a = <Button>{label}</Button>;',
    'const a = <p>{intl.formatMessage(messages.title)}</p>;',
    'const a = <span> · </span>;',
    'const a = <span>2.3.5 ×</span>;',
    'const a = <input aria-label={labels.search} />;',
    'const a = <div className="card" data-testid="row" />;',
  ],
  invalid: [
    { code: 'const a = <p>Page not found</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>Introuvable</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <input placeholder="Search" />;', errors: [{ messageId: 'attribute' }] },
    { code: "const a = <button aria-label={'Close'} />;", errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <img alt="Logo" />;', errors: [{ messageId: 'attribute' }] },
  ],
});
