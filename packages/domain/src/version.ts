/** The client version sent on every call (§9). The server answers 418 when it is missing or too old. */
export const APP_VERSION = '2.3.5';
export const APP_VERSION_HEADER = 'X-App-Version';
