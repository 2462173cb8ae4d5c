import { getIn, type FormikProps } from 'formik';
import type { IntlShape } from 'react-intl';
import { translateFormError } from '../../../core/forms';

/** A field's error, translated. */
export type FieldError = (name: string) => string | undefined;

/** The error of a field, once touched or once the step was submitted. Errors are kept flat ("mainFeatures.0.value"). */
export function useFieldError<T>(
  intl: IntlShape,
  formik: FormikProps<T>,
  attempted: boolean,
): FieldError {
  return (name: string): string | undefined => {
    const error = (formik.errors as Record<string, unknown>)[name];
    if (typeof error !== 'string') return undefined;
    if (!attempted && !getIn(formik.touched, name)) return undefined;
    return translateFormError(intl, error);
  };
}
