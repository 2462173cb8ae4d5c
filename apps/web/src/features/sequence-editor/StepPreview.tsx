import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  renderTemplate,
  type RenderedPart,
  type TemplateValues,
  type TemplateVariable,
} from '@prospecta/domain';
import type { CampaignLanguage, LandingPage, SequenceStepInput } from '@prospecta/domain/contract';
import { messages } from './messages';
import { variableMessages } from './problemText';
import * as styles from './sequenceEditor.css';

interface StepPreviewProps {
  step: Pick<SequenceStepInput, 'type' | 'subject' | 'body'>;
  language: CampaignLanguage;
  landingPages: readonly LandingPage[];
  /** The chosen sample prospect's values; empty when the campaign has no prospect (every fallback shows). */
  values: TemplateValues;
  /** The prospect's name, or null for the preview with the fallbacks. */
  prospectName: string | null;
}

function Parts({ parts }: { parts: readonly RenderedPart[] }) {
  const t = useIntl().formatMessage;
  return parts.map((part, index): ReactNode => {
    const key = `${index}-${part.kind}`;
    switch (part.kind) {
      case 'text':
        return part.text;
      case 'value':
        return (
          <span key={key} className={styles.value} data-part="value">
            {part.text}
          </span>
        );
      case 'fallback':
        return (
          <span key={key} className={styles.fallback} data-part="fallback">
            {part.text}
          </span>
        );
      case 'missing':
        return (
          <span key={key} className={styles.missing} data-part="missing">
            {t(messages.previewMissingMark, { variable: t(variableMessages[part.name]) })}
          </span>
        );
      case 'link':
        return part.url ? (
          <a
            key={key}
            className={styles.link}
            href={part.url}
            target="_blank"
            rel="noreferrer"
            data-part="link"
          >
            {part.text}
          </a>
        ) : (
          <span key={key} className={styles.missing} data-part="unknown">
            {part.text}
          </span>
        );
      case 'unsubscribe':
        return part.text;
      case 'unknown':
        return (
          <span key={key} className={styles.missing} data-part="unknown">
            {part.text}
          </span>
        );
    }
  });
}

/**
 * A step as the chosen prospect receives it: variables filled, fallbacks marked and explained, gaps and unknown tags
 * shown in red, links to the landing pages with their UTM parameters. Rendered by the domain's `renderTemplate`.
 */
export function StepPreview({
  step,
  language,
  landingPages,
  values,
  prospectName,
}: StepPreviewProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const context = {
    language,
    values,
    landingPages,
    unsubscribeUrl: t(messages.unsubscribeLink),
  };
  const subject = step.type === 'email' ? renderTemplate(step.subject, context) : [];
  const body = renderTemplate(step.body, context);

  // One note per variable the prospect lacks: its fallback, or that nothing shows.
  const notes = new Map<TemplateVariable, string>();
  for (const part of [...subject, ...body]) {
    if ((part.kind === 'fallback' || part.kind === 'missing') && !notes.has(part.name)) {
      const variable = t(variableMessages[part.name]);
      notes.set(
        part.name,
        part.kind === 'fallback'
          ? t(messages.previewFallback, { variable, fallback: part.text })
          : t(messages.previewMissing, { variable }),
      );
    }
  }

  let bodyContent: ReactNode;
  if (step.body.trim()) bodyContent = <Parts parts={body} />;
  else
    bodyContent =
      step.type === 'linkedin_invitation' ? t(messages.previewNoNote) : t(messages.previewEmpty);

  return (
    <div className={styles.panel} data-testid="step-preview">
      <h4 className={styles.panelTitle}>
        {prospectName === null
          ? t(messages.previewTitleNobody)
          : t(messages.previewTitle, { name: prospectName })}
      </h4>
      {step.type === 'email' && (
        <>
          <p className={styles.previewLabel}>{t(messages.previewSubject)}</p>
          <p className={styles.previewSubject} data-testid="preview-subject">
            {step.subject.trim() ? <Parts parts={subject} /> : t(messages.previewReply)}
          </p>
        </>
      )}
      <p className={styles.previewBody} data-testid="preview-body">
        {bodyContent}
      </p>
      {notes.size > 0 && (
        <ul className={styles.notes} data-testid="preview-notes">
          {[...notes].map(([name, note]) => (
            <li key={name}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
