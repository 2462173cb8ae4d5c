import { useIntl } from 'react-intl';
import { useBuilder } from '../builderContext';
import { messages } from '../messages';
import { StepActions } from './StepActions';
import * as styles from '../wizard.css';

/**
 * Step 4: the landing pages. Their editor (features/sequence-editor, a controlled `LandingPagesEditor` saving
 * `landing_pages` through updateCampaignDefinition) is not part of this version yet: the saved pages are listed read
 * only, and the page says so.
 */
export function LandingPagesStepPage({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const { definition } = useBuilder();
  return (
    <div className={styles.form}>
      <p className={styles.muted}>{intl.formatMessage(messages.editorMissing)}</p>
      {definition.landing_pages.length === 0 ? (
        <p className={styles.paragraph}>{intl.formatMessage(messages.noLandingPages)}</p>
      ) : (
        <ul className={styles.list}>
          {definition.landing_pages.map((page) => (
            <li key={page.key} className={styles.item}>
              <div className={styles.itemText}>
                <span className={styles.strong}>{page.name}</span>
                <span className={styles.muted}>{page.url}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <StepActions failure={null} saving={false} readOnly onContinue={onDone} />
    </div>
  );
}
