import { useIntl, type MessageDescriptor } from 'react-intl';
import { Card } from '@prospecta/ui';
import type { User } from '@prospecta/api-client';
import { messages } from './messages';
import * as styles from './profile.css';

/** §2 profile fields: full name, company name, website, commercial activity, description. */
export function ProfileDetails({ user }: { user: User }) {
  const intl = useIntl();
  const rows: Array<[MessageDescriptor, string | null | undefined]> = [
    [messages.fullName, user.full_name],
    [messages.email, user.email],
    [messages.companyName, user.company.name],
    [messages.website, user.company.website],
    [messages.commercialActivity, user.company.commercial_activity],
    [messages.description, user.company.description],
  ];
  return (
    <Card title={intl.formatMessage(messages.detailsTitle)}>
      <dl className={styles.fields}>
        {rows.map(([label, value]) => (
          <div key={label.id} className={styles.fieldRow}>
            <dt className={styles.term}>{intl.formatMessage(label)}</dt>
            <dd className={styles.definition}>
              {value && value.trim() ? (
                value
              ) : (
                <span className={styles.missing}>{intl.formatMessage(messages.notProvided)}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
