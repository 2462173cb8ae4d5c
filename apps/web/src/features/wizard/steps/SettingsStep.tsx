import { useFormik } from 'formik';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { z } from 'zod/mini';
import type { CampaignSettings, SenderMailbox } from '@prospecta/api-client';
import {
  CAMPAIGN_LANGUAGES,
  isMailboxPauseReason,
  isTimeZone,
  MAX_DAILY_CAP,
  MAX_SPACING_SECONDS,
  minutesOf,
  WEEKDAYS,
  type MailboxPauseReason,
} from '@prospecta/domain';
import { Checkbox, TextField } from '@prospecta/ui';
import { fieldError, zodValidate } from '../../../core/forms';
import { formMessages } from '../../../core/messages';
import { useBuilder } from '../builderContext';
import { LanguageChoice } from '../LanguageChoice';
import { messages } from '../messages';
import { useSaveDefinition } from '../useSaveDefinition';
import { StepActions } from './StepActions';
import * as styles from '../wizard.css';

const required = formMessages.required.id;
const time = z
  .string()
  .check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: messages.timeInvalid.id }));

/** The spacing is typed in seconds or in minutes; the contract carries seconds. */
export const SPACING_UNITS = ['seconds', 'minutes'] as const;
export type SpacingUnit = (typeof SPACING_UNITS)[number];
const secondsPer: Record<SpacingUnit, number> = { seconds: 1, minutes: 60 };
/** A whole number in the unit, or null. */
const wholeNumber = (text: string): number | null =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
const spacingSeconds = (text: string, unit: SpacingUnit): number | null => {
  const n = wholeNumber(text);
  return n === null ? null : n * secondsPer[unit];
};
const spacingInRange = (text: string, unit: SpacingUnit) => {
  const seconds = spacingSeconds(text, unit);
  return seconds !== null && seconds <= MAX_SPACING_SECONDS;
};

export const settingsSchema = z
  .object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: required }),
        z.maxLength(200, { error: messages.tooLong.id }),
      ),
    language: z.enum(CAMPAIGN_LANGUAGES),
    mailbox_ids: z.array(z.number()),
    time_zone: z.string().check(
      z.trim(),
      z.refine((zone) => isTimeZone(zone), { error: messages.timeZoneInvalid.id }),
    ),
    sending_days: z
      .array(z.number())
      .check(z.minLength(1, { error: messages.sendingDaysMissing.id })),
    sending_start: time,
    sending_end: time,
    daily_cap: z
      .string()
      .check(
        z.refine(
          (cap) => /^\d+$/.test(cap.trim()) && Number(cap) >= 1 && Number(cap) <= MAX_DAILY_CAP,
          { error: messages.dailyCapInvalid.id },
        ),
      ),
    stop_on_reply: z.boolean(),
    start_date: z
      .string()
      .check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: formMessages.fieldRefused.id })),
    track_opens: z.boolean(),
    track_clicks: z.boolean(),
    spacing_unit: z.enum(SPACING_UNITS),
    spacing_min: z.string(),
    spacing_max: z.string(),
  })
  .check(
    z.refine(({ spacing_min, spacing_unit }) => spacingInRange(spacing_min, spacing_unit), {
      error: messages.spacingInvalid.id,
      path: ['spacing_min'],
    }),
    z.refine(({ spacing_max, spacing_unit }) => spacingInRange(spacing_max, spacing_unit), {
      error: messages.spacingInvalid.id,
      path: ['spacing_max'],
    }),
    z.refine(
      ({ spacing_min, spacing_max, spacing_unit }) => {
        const min = spacingSeconds(spacing_min, spacing_unit);
        const max = spacingSeconds(spacing_max, spacing_unit);
        return min === null || max === null || min <= max;
      },
      { error: messages.spacingOrder.id, path: ['spacing_max'] },
    ),
    z.refine(
      ({ sending_start, sending_end }) => {
        const start = minutesOf(sending_start);
        const end = minutesOf(sending_end);
        return start === null || end === null || end > start;
      },
      { error: messages.hoursInvalid.id, path: ['sending_end'] },
    ),
  );
export type SettingsValues = z.infer<typeof settingsSchema>;

export function settingsValues(settings: CampaignSettings): SettingsValues {
  const { spacing_min_seconds: min, spacing_max_seconds: max, ...rest } = settings;
  // Whole minutes read in minutes; anything else in seconds.
  const unit: SpacingUnit = max > 0 && min % 60 === 0 && max % 60 === 0 ? 'minutes' : 'seconds';
  return {
    ...rest,
    daily_cap: String(settings.daily_cap),
    start_date: settings.start_date ?? '',
    spacing_unit: unit,
    spacing_min: String(min / secondsPer[unit]),
    spacing_max: String(max / secondsPer[unit]),
  };
}

export function settingsOf(values: SettingsValues): CampaignSettings {
  const { spacing_unit: unit, spacing_min: min, spacing_max: max, ...rest } = values;
  return {
    ...rest,
    spacing_min_seconds: spacingSeconds(min, unit) ?? 0,
    spacing_max_seconds: spacingSeconds(max, unit) ?? 0,
    name: values.name.trim(),
    time_zone: values.time_zone.trim(),
    sending_days: [...values.sending_days].sort((a, b) => a - b),
    daily_cap: Number(values.daily_cap),
    start_date: values.start_date === '' ? null : values.start_date,
  };
}

/** ISO weekday → its name in the user's language (1 January 2024 was a Monday). */
function weekdayName(intl: IntlShape, day: number): string {
  return intl.formatDate(Date.UTC(2024, 0, day), { weekday: 'long', timeZone: 'UTC' });
}

/** A mailbox the engine paused says why, like an invalid one (decision 0175). */
const pauseMessages = {
  credentials_refused: messages.mailboxPausedCredentialsRefused,
  too_many_errors: messages.mailboxPausedTooManyErrors,
  bounce_rate: messages.mailboxPausedBounceRate,
} as const satisfies Record<MailboxPauseReason, MessageDescriptor>;

export function mailboxReason(intl: IntlShape, mailbox: SenderMailbox): string | null {
  if (mailbox.unavailable_reason === null) return null;
  if (isMailboxPauseReason(mailbox.unavailable_reason))
    return intl.formatMessage(pauseMessages[mailbox.unavailable_reason]);
  return intl.formatMessage(
    mailbox.unavailable_reason === 'account_invalid'
      ? messages.mailboxAccountInvalid
      : messages.mailboxAccountError,
  );
}

const featureMessages = [
  messages.tooLong,
  messages.timeInvalid,
  messages.timeZoneInvalid,
  messages.sendingDaysMissing,
  messages.hoursInvalid,
  messages.spacingOrder,
];

const unitMessages = {
  seconds: messages.spacingInSeconds,
  minutes: messages.spacingInMinutes,
} as const satisfies Record<SpacingUnit, MessageDescriptor>;

/**
 * Step 1: the campaign's name, language, senders, sending window, daily cap, stop on reply, start date, the random
 * spacing between two sends of a mailbox and the tracking of opens and clicks.
 */
export function SettingsStep({ onDone, readOnly }: { onDone: () => void; readOnly: boolean }) {
  const intl = useIntl();
  const { definition } = useBuilder();
  const { save, failure, saving } = useSaveDefinition();
  const formik = useFormik<SettingsValues>({
    initialValues: settingsValues(definition.settings),
    validate: zodValidate(settingsSchema),
    onSubmit: async (values) => {
      if (readOnly) return onDone();
      if (await save({ settings: settingsOf(values) })) onDone();
    },
  });
  const error = (name: keyof SettingsValues) => {
    if (
      formik.errors[name] === messages.dailyCapInvalid.id &&
      (formik.touched[name] || formik.submitCount > 0)
    )
      return intl.formatMessage(messages.dailyCapInvalid, { max: MAX_DAILY_CAP });
    if (
      formik.errors[name] === messages.spacingInvalid.id &&
      (formik.touched[name] || formik.submitCount > 0)
    )
      return intl.formatMessage(messages.spacingInvalid, {
        max: MAX_SPACING_SECONDS / secondsPer[formik.values.spacing_unit],
        unit: formik.values.spacing_unit,
      });
    return fieldError(intl, formik, name, featureMessages);
  };
  const title = intl.formatMessage(messages.settings);
  const toggle = (name: 'mailbox_ids' | 'sending_days', id: number, on: boolean) => {
    const current = formik.values[name];
    void formik.setFieldValue(name, on ? [...current, id] : current.filter((v) => v !== id));
    void formik.setFieldTouched(name, true, false);
  };
  const daysError =
    formik.submitCount > 0 || formik.touched.sending_days ? error('sending_days') : undefined;
  return (
    <form className={styles.form} noValidate onSubmit={formik.handleSubmit} aria-label={title}>
      <fieldset className={styles.fieldset} disabled={readOnly}>
        <TextField
          label={intl.formatMessage(messages.campaignName)}
          placeholder={intl.formatMessage(messages.campaignNamePlaceholder)}
          required
          {...formik.getFieldProps('name')}
          error={error('name')}
        />
      </fieldset>
      <LanguageChoice
        name="language"
        value={formik.values.language}
        disabled={readOnly}
        onChange={(language) => void formik.setFieldValue('language', language)}
      />
      <fieldset className={styles.fieldset} disabled={readOnly}>
        <legend className={styles.legend}>{intl.formatMessage(messages.mailboxes)}</legend>
        <p className={styles.muted}>{intl.formatMessage(messages.mailboxesHint)}</p>
        {definition.mailboxes.length === 0 ? (
          <p className={styles.paragraph}>{intl.formatMessage(messages.mailboxesNone)}</p>
        ) : (
          <ul className={styles.list}>
            {definition.mailboxes.map((mailbox) => {
              const checked = formik.values.mailbox_ids.includes(mailbox.id);
              const reason = mailboxReason(intl, mailbox);
              return (
                <li key={mailbox.id} className={styles.section}>
                  <Checkbox
                    label={intl.formatMessage(messages.mailboxLabel, {
                      email: mailbox.email,
                      name: mailbox.name,
                    })}
                    checked={checked}
                    // An account that cannot send cannot be chosen; one chosen before it failed can be removed.
                    disabled={readOnly || (reason !== null && !checked)}
                    onCheckedChange={(on) => toggle('mailbox_ids', mailbox.id, on)}
                    error={reason ?? undefined}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <fieldset className={styles.fieldset} disabled={readOnly}>
        <legend className={styles.legend}>{intl.formatMessage(messages.sendingDays)}</legend>
        <div className={styles.choices}>
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              label={weekdayName(intl, day)}
              checked={formik.values.sending_days.includes(day)}
              disabled={readOnly}
              onCheckedChange={(on) => toggle('sending_days', day, on)}
            />
          ))}
        </div>
        {daysError ? (
          <p className={styles.errorText} role="alert">
            {daysError}
          </p>
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset} disabled={readOnly}>
        <div className={styles.row}>
          <TextField
            type="time"
            label={intl.formatMessage(messages.sendingStart)}
            required
            {...formik.getFieldProps('sending_start')}
            error={error('sending_start')}
          />
          <TextField
            type="time"
            label={intl.formatMessage(messages.sendingEnd)}
            required
            {...formik.getFieldProps('sending_end')}
            error={error('sending_end')}
          />
        </div>
        <TextField
          label={intl.formatMessage(messages.timeZone)}
          placeholder={intl.formatMessage(messages.timeZonePlaceholder)}
          hint={intl.formatMessage(messages.timeZoneHint)}
          required
          {...formik.getFieldProps('time_zone')}
          error={error('time_zone')}
        />
        <div className={styles.row}>
          <TextField
            inputMode="numeric"
            label={intl.formatMessage(messages.dailyCap)}
            hint={intl.formatMessage(messages.dailyCapHint)}
            required
            {...formik.getFieldProps('daily_cap')}
            error={error('daily_cap')}
          />
          <TextField
            type="date"
            label={intl.formatMessage(messages.startDate)}
            hint={intl.formatMessage(messages.startDateHint)}
            {...formik.getFieldProps('start_date')}
            error={error('start_date')}
          />
        </div>
        <Checkbox
          label={intl.formatMessage(messages.stopOnReply)}
          checked={formik.values.stop_on_reply}
          disabled={readOnly}
          onCheckedChange={(on) => void formik.setFieldValue('stop_on_reply', on)}
        />
      </fieldset>
      <fieldset className={styles.fieldset} disabled={readOnly}>
        <legend className={styles.legend}>{intl.formatMessage(messages.spacingTitle)}</legend>
        <p className={styles.muted}>{intl.formatMessage(messages.spacingHint)}</p>
        <div
          className={styles.radios}
          role="radiogroup"
          aria-label={intl.formatMessage(messages.spacingUnit)}
        >
          {SPACING_UNITS.map((unit) => (
            <label key={unit} className={styles.radio}>
              <input
                type="radio"
                name="spacing_unit"
                value={unit}
                checked={formik.values.spacing_unit === unit}
                onChange={() => void formik.setFieldValue('spacing_unit', unit)}
              />
              {intl.formatMessage(unitMessages[unit])}
            </label>
          ))}
        </div>
        <div className={styles.row}>
          <TextField
            inputMode="numeric"
            label={intl.formatMessage(messages.spacingMin, { unit: formik.values.spacing_unit })}
            required
            {...formik.getFieldProps('spacing_min')}
            error={error('spacing_min')}
          />
          <TextField
            inputMode="numeric"
            label={intl.formatMessage(messages.spacingMax, { unit: formik.values.spacing_unit })}
            required
            {...formik.getFieldProps('spacing_max')}
            error={error('spacing_max')}
          />
        </div>
      </fieldset>
      <fieldset className={styles.fieldset} disabled={readOnly}>
        <legend className={styles.legend}>{intl.formatMessage(messages.trackingTitle)}</legend>
        <Checkbox
          label={intl.formatMessage(messages.trackOpens)}
          checked={formik.values.track_opens}
          disabled={readOnly}
          onCheckedChange={(on) => void formik.setFieldValue('track_opens', on)}
        />
        <p className={styles.muted}>{intl.formatMessage(messages.trackOpensHint)}</p>
        <Checkbox
          label={intl.formatMessage(messages.trackClicks)}
          checked={formik.values.track_clicks}
          disabled={readOnly}
          onCheckedChange={(on) => void formik.setFieldValue('track_clicks', on)}
        />
        <p className={styles.muted}>{intl.formatMessage(messages.trackClicksHint)}</p>
      </fieldset>
      <StepActions
        failure={failure}
        invalid={formik.submitCount > 0 && !formik.isValid}
        saving={saving}
        readOnly={readOnly}
      />
    </form>
  );
}
