// zod/mini: the sign-in forms stay light (the tree-shakable build, no bundled error texts: ours are message ids).
import { z } from 'zod/mini';
import { formMessages } from './messages';

const required = formMessages.required.id;

const requiredString = z
  .string({ error: required })
  .check(z.trim(), z.minLength(1, { error: required }));

const email = z.pipe(requiredString, z.email({ error: formMessages.invalidEmail.id }));

/**
 * §5 Login: e-mail and password non-empty, and the e-mail well formed (§5 "E-mail fields must be valid"), checked
 * before anything is sent so a typo never spends one of the account's allowed failures.
 */
export const loginSchema = z.object({
  email,
  password: z.string({ error: required }).check(z.minLength(1, { error: required })),
});
export type LoginValues = z.infer<typeof loginSchema>;

/** §5 Reset password: a valid e-mail. */
export const resetPasswordSchema = z.object({ email });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

const passwordValue = z.string({ error: required }).check(z.minLength(1, { error: required }));

/** §5 Change via link: password and confirmPassword, which must match (error on the confirmation). */
export const changePasswordByLinkSchema = z
  .object({ password: passwordValue, confirmPassword: passwordValue })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      error: formMessages.passwordsDoNotMatch.id,
      path: ['confirmPassword'],
    }),
  );
export type ChangePasswordByLinkValues = z.infer<typeof changePasswordByLinkSchema>;

/** §5 Change for the signed-in user: current, new and confirmed new password. */
export const changeOwnPasswordSchema = z
  .object({
    current_password: passwordValue,
    new_password: passwordValue,
    confirm_new_password: passwordValue,
  })
  .check(
    z.refine((values) => values.new_password === values.confirm_new_password, {
      error: formMessages.passwordsDoNotMatch.id,
      path: ['confirm_new_password'],
    }),
  );
export type ChangeOwnPasswordValues = z.infer<typeof changeOwnPasswordSchema>;
