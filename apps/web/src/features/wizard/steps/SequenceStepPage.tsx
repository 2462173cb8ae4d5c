import { useState } from 'react';
import type { SequenceStepInput } from '@prospecta/api-client';
import { SequenceEditor, useSampleProspects } from '../../sequence-editor';
import { useBuilder } from '../builderContext';
import { definitionUpdate, useSaveDefinition } from '../useSaveDefinition';
import { StepActions } from './StepActions';
import * as styles from '../wizard.css';

/**
 * Step 3: the sequence, edited by the sequence editor (controlled here) with the campaign's language, landing pages,
 * sample prospects for the preview and the server's problems; saved as the definition's `steps`.
 */
export function SequenceStepPage({ onDone, readOnly }: { onDone: () => void; readOnly: boolean }) {
  const { definition } = useBuilder();
  const [steps, setSteps] = useState<SequenceStepInput[]>(() => definitionUpdate(definition).steps);
  const { samples } = useSampleProspects(definition.id);
  const { save, failure, saving } = useSaveDefinition();
  return (
    <div className={styles.body}>
      <SequenceEditor
        steps={steps}
        onChange={setSteps}
        language={definition.settings.language}
        landingPages={definition.landing_pages}
        samples={samples}
        problems={definition.problems}
        disabled={readOnly}
        brief={definition.brief}
      />
      <StepActions
        failure={failure}
        saving={saving}
        readOnly={readOnly}
        onContinue={() => {
          if (readOnly) return onDone();
          void save({ steps }).then((saved) => {
            if (saved) onDone();
          });
        }}
      />
    </div>
  );
}
