import { describe, expect, it } from 'vitest';
import type { MessageDescriptor } from 'react-intl';
import {
  COMMENT_ACTIVITIES,
  EXPORT_LABELS,
  PROSPECT_STATUSES,
  PROSPECT_TITLES,
  REPLY_LABELS,
} from '@prospecta/domain';
import coreFr from '../../core/messages/i18n/fr.json';
import coreEn from '../../core/messages/i18n/en.json';
import { replyLabelMessages } from '../../core/messages';
import fr from './i18n/fr.json';
import en from './i18n/en.json';
import { activityMessages, statusMessages, titleMessages } from './statusLabels';

/**
 * The server writes the export sheet with packages/domain's EXPORT_LABELS, since it cannot read these catalogs: a
 * status, title, call outcome or reply label renamed here must be renamed there too, or the sheet and the screen disagree.
 */
const catalogs = {
  fr: { ...coreFr, ...fr } as Record<string, string>,
  en: { ...coreEn, ...en } as Record<string, string>,
};

function named(locale: 'fr' | 'en', descriptor: MessageDescriptor): string | undefined {
  return catalogs[locale][String(descriptor.id)];
}

describe('export sheet labels', () => {
  for (const locale of ['fr', 'en'] as const) {
    it(`names the statuses as the ${locale} catalog does`, () => {
      for (const status of PROSPECT_STATUSES) {
        expect(EXPORT_LABELS[locale].statuses[status]).toBe(named(locale, statusMessages[status]));
      }
    });

    it(`names the titles and call outcomes as the ${locale} catalog does`, () => {
      for (const title of PROSPECT_TITLES) {
        expect(EXPORT_LABELS[locale].titles[title]).toBe(named(locale, titleMessages[title]));
      }
      for (const activity of COMMENT_ACTIVITIES) {
        expect(EXPORT_LABELS[locale].activities[activity]).toBe(
          named(locale, activityMessages[activity]),
        );
      }
    });

    it(`names the reply labels as the ${locale} catalog does`, () => {
      for (const label of REPLY_LABELS) {
        expect(EXPORT_LABELS[locale].replyLabels[label]).toBe(
          named(locale, replyLabelMessages[label]),
        );
      }
    });
  }
});
