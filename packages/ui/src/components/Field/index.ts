export { FieldShell, useFieldIds, type FieldBaseProps } from './Field';
