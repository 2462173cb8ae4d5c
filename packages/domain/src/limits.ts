import type { Schemas } from './contract';
/** The product's numeric limits (§9), one place each. */

/** An uploaded file (onboarding form) may weigh at most 15 MB. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** §5: the onboarding form takes images and PDFs, these types exactly (the server checks the content too). */
export const UPLOAD_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const satisfies readonly UploadContentType[];
type UploadContentType = Schemas['UploadedFile']['content_type'];
const everyUploadType: [UploadContentType] extends [(typeof UPLOAD_CONTENT_TYPES)[number]]
  ? true
  : never = true;
void everyUploadType;

/** A password has at least 8 characters (the server refuses shorter ones with password_too_short). */
export const MIN_PASSWORD_LENGTH = 8;

/** §5 password-change errors, one code per field (the app writes the sentences). */
export const PASSWORD_ERROR_CODES = [
  'current_password_incorrect',
  'password_too_short',
  'passwords_do_not_match',
  'password_unchanged',
] as const satisfies readonly PasswordErrorCode[];
export type PasswordErrorCode = Schemas['PasswordErrorCode'];
const everyPasswordCode: [PasswordErrorCode] extends [(typeof PASSWORD_ERROR_CODES)[number]]
  ? true
  : never = true;
void everyPasswordCode;

export function isPasswordErrorCode(value: unknown): value is PasswordErrorCode {
  return typeof value === 'string' && (PASSWORD_ERROR_CODES as readonly string[]).includes(value);
}

/** The recent-comments window: 60 days. */
export const RECENT_COMMENTS_DAYS = 60;

/** The app checks (or refreshes) the session every 5 minutes. */
export const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * An unread answer shown in the sign-in modal counts as read once it has stayed on screen this long (or when the
 * user steps past it with 'next'); closing the modal sooner leaves it unread.
 */
export const ANSWER_READ_AFTER_MS = 3000;
