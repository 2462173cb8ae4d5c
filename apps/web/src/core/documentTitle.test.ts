import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import fr from './messages/i18n/fr.json';
import { documentTitle } from './documentTitle';

describe('the tab title', () => {
  const en = createIntl({ locale: 'en', messages: {} });
  const french = createIntl({ locale: 'fr', messages: fr });
  it('names the page, whose data it shows and the product', () => {
    expect(documentTitle(en, { page: 'Dashboard', user: 'Julien Moreau' })).toBe(
      'Dashboard · Julien Moreau · Prospecta',
    );
    expect(documentTitle(french, { page: 'Tableau de bord', user: 'Julien Moreau' })).toBe(
      'Tableau de bord · Julien Moreau · Prospecta',
    );
  });
  it('puts the unread count first when there is one', () => {
    expect(documentTitle(en, { page: 'Inbox', user: 'Julien Moreau', unread: 3 })).toBe(
      '(3) Inbox · Julien Moreau · Prospecta',
    );
    expect(documentTitle(en, { page: 'Inbox', user: 'Julien Moreau', unread: 0 })).toBe(
      'Inbox · Julien Moreau · Prospecta',
    );
  });
  it('leaves the user out of pages about no one', () => {
    expect(documentTitle(en, { page: 'Sign in' })).toBe('Sign in · Prospecta');
    expect(documentTitle(en, { page: 'Page not found', user: null })).toBe(
      'Page not found · Prospecta',
    );
  });
});
