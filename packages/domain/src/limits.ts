import type { Schemas } from './contract';
/** The product's numeric limits (§9), one place each. */

/** An uploaded file (onboarding form) may weigh at most 15 MB. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** §5: the onboarding form takes images and PDFs, these types exactly (the server checks the content too). */
export const UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const satisfies readonly UploadContentType[];
type UploadContentType = Schemas['UploadedFile']['content_type'];
const everyUploadType: [UploadContentType] extends [(typeof UPLOAD_CONTENT_TYPES)[number]] ? true : never = true;
void everyUploadType;

/** The recent-comments window: 60 days. */
export const RECENT_COMMENTS_DAYS = 60;

/** The app checks (or refreshes) the session every 5 minutes. */
export const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
