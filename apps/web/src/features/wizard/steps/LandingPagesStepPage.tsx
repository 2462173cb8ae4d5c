import { useState } from 'react';
import type { LandingPage } from '@prospecta/api-client';
import { LandingPagesEditor } from '../../sequence-editor';
import { useBuilder } from '../builderContext';
import { useSaveDefinition } from '../useSaveDefinition';
import { StepActions } from './StepActions';
import * as styles from '../wizard.css';

/** Step 4: the landing pages, edited by the landing pages' editor (controlled here); saved as `landing_pages`. */
export function LandingPagesStepPage({
  onDone,
  readOnly,
}: {
  onDone: () => void;
  readOnly: boolean;
}) {
  const { definition } = useBuilder();
  const [pages, setPages] = useState<LandingPage[]>(() => definition.landing_pages);
  const { save, failure, saving } = useSaveDefinition();
  return (
    <div className={styles.body}>
      <LandingPagesEditor landingPages={pages} onChange={setPages} disabled={readOnly} />
      <StepActions
        failure={failure}
        saving={saving}
        readOnly={readOnly}
        onContinue={() => {
          if (readOnly) return onDone();
          void save({ landing_pages: pages }).then((saved) => {
            if (saved) onDone();
          });
        }}
      />
    </div>
  );
}
