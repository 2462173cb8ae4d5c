import type { FormikProps } from 'formik';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Plus, Trash2 } from 'lucide-react';
import { Button, IconButton, TextField } from '@prospecta/ui';
import type { AudienceValues, BriefValues } from '../model';
import * as styles from '../onboarding.css';
import type { FieldError } from './useFieldError';

export interface ListFieldProps {
  formik: FormikProps<BriefValues> | FormikProps<AudienceValues>;
  name: 'mainFeatures' | 'providedWebsites';
  items: { value: string }[];
  /** How many first items cannot be removed. */
  fixed: number;
  labels: {
    item: MessageDescriptor;
    add: MessageDescriptor;
    remove: MessageDescriptor;
    legend: MessageDescriptor;
  };
  error: FieldError;
}

/** A growing list of required one-line answers (features, websites): the items past `fixed` can be removed. */
export function ListField({ formik, name, items, fixed, labels, error }: ListFieldProps) {
  const intl = useIntl();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{intl.formatMessage(labels.legend)}</legend>
      {items.map((item, index) => {
        const field = `${name}.${index}.value`;
        return (
          <div key={index} className={styles.listRow}>
            <TextField
              className={styles.grow}
              label={intl.formatMessage(labels.item, { number: index + 1 })}
              name={field}
              value={item.value}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              required
              error={error(field)}
            />
            {index >= fixed ? (
              <IconButton
                className={styles.removeButton}
                variant="danger"
                icon={<Trash2 size={16} />}
                label={intl.formatMessage(labels.remove, { number: index + 1 })}
                onClick={() =>
                  void formik.setFieldValue(
                    name,
                    items.filter((_, i) => i !== index),
                  )
                }
              />
            ) : null}
          </div>
        );
      })}
      <div>
        <Button
          variant="secondary"
          size="small"
          icon={<Plus size={16} />}
          onClick={() => void formik.setFieldValue(name, [...items, { value: '' }])}
        >
          {intl.formatMessage(labels.add)}
        </Button>
      </div>
    </fieldset>
  );
}
