import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { IconButton } from '../IconButton';
import { TextField, type TextFieldProps } from '../TextField';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'endAdornment'> {
  /** Accessible name of the reveal button while the password is hidden, e.g. "Show password". */
  showPasswordLabel: string;
  /** Accessible name of the reveal button while the password is visible, e.g. "Hide password". */
  hidePasswordLabel: string;
}

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField(
    { showPasswordLabel, hidePasswordLabel, autoComplete = 'current-password', disabled, ...rest },
    ref,
  ) {
    const [visible, setVisible] = useState(false);
    return (
      <TextField
        ref={ref}
        {...rest}
        disabled={disabled}
        autoComplete={autoComplete}
        type={visible ? 'text' : 'password'}
        endAdornment={
          <IconButton
            size="small"
            icon={visible ? <EyeOff size={16} /> : <Eye size={16} />}
            label={visible ? hidePasswordLabel : showPasswordLabel}
            aria-pressed={visible}
            disabled={disabled}
            onClick={() => setVisible((v) => !v)}
          />
        }
      />
    );
  },
);
