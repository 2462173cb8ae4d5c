import { getIn, type FormikProps } from 'formik';
import { TextArea, TextField } from '@prospecta/ui';
import type { AudienceValues, BriefValues } from '../model';
import type { FieldError } from './useFieldError';

export interface QuestionnaireTextFieldProps {
  formik: FormikProps<BriefValues> | FormikProps<AudienceValues>;
  error: FieldError;
  /** The field's name in the step's values. */
  name: string;
  label: string;
  required?: boolean;
  /** A text area of four rows instead of a one-line field. */
  multiline?: boolean;
  type?: 'url';
}

/** A text field of a questionnaire step, bound to the step's form. */
export function QuestionnaireTextField({
  formik,
  error,
  name,
  label,
  required,
  multiline,
  type,
}: QuestionnaireTextFieldProps) {
  const props = {
    label,
    name,
    value: String(getIn(formik.values, name) ?? ''),
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    required,
    error: error(name),
  };
  return multiline ? <TextArea rows={4} {...props} /> : <TextField type={type} {...props} />;
}
