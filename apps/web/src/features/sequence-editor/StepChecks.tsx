import { useIntl } from 'react-intl';
import { CheckCircle2 } from 'lucide-react';
import { isBlocking } from '@prospecta/domain';
import type { CampaignProblem } from '@prospecta/domain/contract';
import { Badge } from '@prospecta/ui';
import { messages } from './messages';
import { problemText } from './problemText';
import * as styles from './sequenceEditor.css';

/** The checks of one step, beside it: blocking problems first, then advice; or that none was found. */
export function StepChecks({
  position,
  problems,
}: {
  position: number;
  problems: readonly CampaignProblem[];
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const ordered = [...problems].sort((a, b) => Number(isBlocking(b)) - Number(isBlocking(a)));
  return (
    <div className={styles.panel} data-testid="step-checks">
      <h4 className={styles.panelTitle}>{t(messages.checksTitle, { position })}</h4>
      {ordered.length === 0 ? (
        <p className={styles.checksNone} data-testid="step-checks-none">
          <CheckCircle2 size={16} aria-hidden="true" />
          {t(messages.checksNone)}
        </p>
      ) : (
        <ul className={styles.checkList}>
          {ordered.map((problem, index) => (
            <li
              key={`${problem.code}-${problem.field ?? ''}-${problem.variable ?? ''}-${index}`}
              className={styles.check}
              data-testid="step-check"
              data-code={problem.code}
              data-severity={problem.severity}
            >
              <Badge tone={isBlocking(problem) ? 'danger' : 'warning'}>
                {t(isBlocking(problem) ? messages.severityBlocking : messages.severityWarning)}
              </Badge>
              <span>{problemText(intl, problem)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
