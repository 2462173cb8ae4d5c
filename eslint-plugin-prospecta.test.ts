import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { noLiteralUiText as rule, webLayers } from './eslint-plugin-prospecta.js';

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

const src = '/repo/apps/web/src';
const layers = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

layers.run('web-layers', webLayers, {
  valid: [
    // The root composes features, deep imports included (route-level code splitting).
    {
      filename: `${src}/app/routes/routes.tsx`,
      code: "const page = () => import('../../features/shell/HomePage');",
    },
    { filename: `${src}/main.tsx`, code: "import { App } from './app/App';" },
    // Features use the core and other features' public entries.
    {
      filename: `${src}/features/auth/LoginForm.tsx`,
      code: "import { useApiClients } from '../../core/hooks';",
    },
    { filename: `${src}/features/auth/PublicLayout.tsx`, code: "import { Logo } from '../shell';" },
    {
      filename: `${src}/features/shell/ShellLayout.tsx`,
      code: "export { UnreadAnswersAtSignIn } from '../inbox/index';",
    },
    {
      filename: `${src}/features/dashboard/components/Board.tsx`,
      code: "import { x } from '../model/boardModel';",
    },
    // The core uses the core; tests and stories use the testing helpers; packages are not this rule's business.
    {
      filename: `${src}/core/documentTitle.ts`,
      code: "import { pageNameMessages } from './messages';",
    },
    {
      filename: `${src}/core/session/controller.test.ts`,
      code: "import { createTestServer } from '../../testing/msw-node';",
    },
    {
      filename: `${src}/features/inbox/InboxPage.stories.tsx`,
      code: "import { withApp } from '../../testing/decorators';",
    },
    { filename: `${src}/core/hooks.ts`, code: "import { Button } from '@prospecta/ui';" },
    // Files outside apps/web/src are not checked.
    {
      filename: '/repo/packages/ui/src/Button/Button.tsx',
      code: "import x from '../../../apps/web/src/features/a/b';",
    },
  ],
  invalid: [
    {
      filename: `${src}/core/forms.ts`,
      code: "import { commonMessages } from '../features/common/messages';",
      errors: [{ messageId: 'coreUp' }],
    },
    {
      filename: `${src}/core/i18n/LocaleProvider.tsx`,
      code: "import { appRoutes } from '../../app/routes/routes';",
      errors: [{ messageId: 'coreUp' }],
    },
    {
      filename: `${src}/features/wizard/WizardLayout.tsx`,
      code: "import { paths } from '../../app/routes/routes';",
      errors: [{ messageId: 'featureToRoot' }],
    },
    {
      filename: `${src}/features/campaigns/detail/CampaignTable.tsx`,
      code: "import { sortProspects } from '../../dashboard/model/boardModel';",
      errors: [{ messageId: 'featureInternals' }],
    },
    {
      filename: `${src}/features/shell/ShellLayout.tsx`,
      code: "const d = () => import('../inbox/UnreadAnswersAtSignIn');",
      errors: [{ messageId: 'featureInternals' }],
    },
    {
      filename: `${src}/features/shell/Logo.tsx`,
      code: "export * from '../auth/LoginForm';",
      errors: [{ messageId: 'featureInternals' }],
    },
    {
      filename: `${src}/features/inbox/InboxPage.tsx`,
      code: "import { TestApp } from '../../testing/decorators';",
      errors: [{ messageId: 'testingOutsideTests' }],
    },
  ],
});
